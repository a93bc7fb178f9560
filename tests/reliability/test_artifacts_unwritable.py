"""The artifacts folder becomes unwritable mid-run.

As root ``chmod`` does not stop writes, so "unwritable" is done the way it happens in real life: the run
folder (or one spec's staging folder) is moved away and a regular file takes its place — a cleanup job, a
full volume remounted, a colleague's ``rm -rf`` and ``touch``. What must hold:

* the run goes on: every spec runs and keeps its own verdict (a lost screenshot does not turn a failure
  into an error);
* each kind of loss (a spec's files, run.json, the reports) is said once on stderr, as
  ``could not write artifacts to <path>: Not a directory``; no traceback; no process left behind;
* exit code: the verdicts' one when only a spec's files are lost (run.json and junit.xml still say
  everything); **3** when run.json or junit.xml could not be written, because CI would otherwise read a
  stale or missing report as the truth;
* an output folder that is a file from the start is a usage error (exit 2) before any browser starts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from autoqa.browser import resolve_browser
from autoqa.demo_app.server import DemoServer

from .harness import Trigger, assert_aftermath, campaign_environ, on_step, run_autoqa, write_project

PRECONDITIONS = "## Preconditions\n- The demo shop is up\n\n"
SPECS = {
    "a-settings.md": "# Settings open\n\n" + PRECONDITIONS + "## Steps\n"
    '1. Navigate to /playground.html\n2. Click "Settings"\n3. Verify "Settings opened" is visible\n',
    # The app says "Settings opened": this spec fails at step 3, and its failure screenshot needs a folder.
    "b-broken.md": "# Settings close\n\n" + PRECONDITIONS + "## Steps\n"
    '1. Navigate to /playground.html\n2. Click "Settings"\n3. Verify "Settings closed" is visible\n',
    "c-toast.md": "# Toast\n\n" + PRECONDITIONS + "## Steps\n"
    '1. Navigate to /playground.html\n2. Click "Show toast"\n3. Verify "Saved!" is visible\n',
}
VERDICTS = {"a-settings.md": "passed", "b-broken.md": "failed", "c-toast.md": "passed"}
CONFIG = 'artifacts = "fail"\nassertion_timeout_ms = 1000\n'
IN_THE_WAY = "a file where a folder was\n"
WARNING = "autoqa: warning: could not write artifacts to "


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "project", SPECS, config=CONFIG)


@pytest.fixture
def browser_probe(tmp_path: Path) -> tuple[Path, Path]:
    """(executable, marker): a browser wrapper that leaves ``marker`` when a run launches it."""
    real = resolve_browser().path
    assert real is not None
    marker = tmp_path / "browser-launched"
    wrapper = tmp_path / "chromium-wrapper"
    wrapper.write_text(f'#!/bin/sh\ntouch "{marker}"\nexec "{real}" "$@"\n')
    wrapper.chmod(0o755)
    return wrapper, marker


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(WARNING)]


def _kinds(warnings: list[str]) -> list[str]:
    return [line.rsplit("(", 1)[1].rstrip(")") for line in warnings]


def _replace_with_file(folder: Callable[[], Path]) -> Callable[[], None]:
    """A trigger action: move the folder aside (``<name>.moved``) and put a regular file in its place."""

    def action() -> None:
        path = folder()
        path.rename(path.with_name(path.name + ".moved"))
        path.write_text(IN_THE_WAY)

    return action


def _run_folder(project: Path) -> Path:
    return next(p for p in (project / "artifacts").iterdir() if p.is_dir() and not p.is_symlink())


def test_run_folder_replaced_by_a_file_mid_spec_runs_on_and_exits_3(
    project: Path, campaign_server: DemoServer, browser_probe: tuple[Path, Path]
) -> None:
    # At the first step of the first spec: before ir.jsonl exists and before any spec folder or report.
    wrapper, marker = browser_probe
    env = campaign_environ(campaign_server.url, AUTOQA_BROWSER_PATH=str(wrapper))
    swap = Trigger(on_step("a-settings", 1), _replace_with_file(lambda: _run_folder(project)))
    run = run_autoqa(["run", "specs", "--json"], project=project, env=env, triggers=[swap])

    assert swap.fired_at is not None, run.stderr
    assert marker.exists(), "the wrapper browser was not launched: the probe proves nothing"
    assert_aftermath(run, exit_code=3, reports=False)
    document = json.loads(run.stdout)  # --json still tells every verdict
    assert {Path(s["path"]).name: s["outcome"] for s in document["specs"]} == VERDICTS, run.stderr
    broken = next(s for s in document["specs"] if s["path"].endswith("b-broken.md"))
    assert broken["failed_step"] == 3 and "Settings closed" in broken["reason"]

    in_the_way = project / "artifacts" / document["run_id"]
    assert in_the_way.read_text() == IN_THE_WAY, "the file in the run folder's place was overwritten"
    warnings = _warnings(run.stderr)
    kinds = _kinds(warnings)
    assert len(kinds) == len(set(kinds)), f"a kind of loss was reported twice:\n{run.stderr}"
    assert {"run.json", "reports"} <= set(kinds) <= {"spec files", "run.json", "reports"}, run.stderr
    assert all(f"{in_the_way}" in line and ": Not a directory (" in line for line in warnings), run.stderr
    assert "autoqa: error: run.json and junit.xml could not be written" in run.stderr


def test_staging_folder_replaced_by_a_file_loses_only_that_specs_files(
    project: Path, campaign_server: DemoServer
) -> None:
    def staging() -> Path:
        return next((_run_folder(project) / ".staging").glob("*b-broken*"))

    swap = Trigger(on_step("b-broken", 2), _replace_with_file(staging))
    run = run_autoqa(
        ["run", "specs"], project=project, env=campaign_environ(campaign_server.url), triggers=[swap]
    )

    assert swap.fired_at is not None, run.stderr
    # run.json and junit.xml are intact, so the exit code is the verdicts': b failed, nothing errored.
    assert_aftermath(run, expected=VERDICTS, exit_code=1)
    broken = run.spec("b-broken.md")
    assert broken["failed_step"] == 3, broken["reason"]
    error = broken["artifacts"]["error"]
    assert error.startswith("could not write artifacts to ") and "/.staging/" in error, error
    assert error.endswith(": Not a directory"), error
    assert "screenshot" not in broken["artifacts"]
    assert all("error" not in run.spec(name)["artifacts"] for name in ("a-settings.md", "c-toast.md"))
    assert _kinds(_warnings(run.stderr)) == ["spec files"], run.stderr
    assert run.run_dir is not None and not (run.run_dir / ".staging").exists()


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("--output", "is a file"),
        ("autoqa.toml", "is a file, not a folder"),
        ("AUTOQA_OUTPUT_DIR below it", "Not a directory"),
    ],
)
def test_an_output_folder_that_is_a_file_is_exit_2_before_any_browser_starts(
    project: Path, campaign_server: DemoServer, browser_probe: tuple[Path, Path], how: str, expected: str
) -> None:
    wrapper, marker = browser_probe
    occupied = project / "occupied"
    occupied.write_text(IN_THE_WAY)
    env = campaign_environ(campaign_server.url, AUTOQA_BROWSER_PATH=str(wrapper))
    args = ["run", "specs"]
    if how == "--output":
        args += ["--output", "occupied"]
    elif how == "autoqa.toml":
        (project / "autoqa.toml").write_text(CONFIG + 'output_dir = "occupied"\n')
    else:
        env["AUTOQA_OUTPUT_DIR"] = "occupied/artifacts"

    run = run_autoqa(args, project=project, env=env, timeout=60)

    assert_aftermath(run, exit_code=2, reports=False)
    assert "occupied" in run.stderr and expected in run.stderr, run.stderr
    assert not marker.exists(), "a browser was launched before the output folder was checked"
    assert occupied.read_text() == IN_THE_WAY
    assert not (project / "artifacts").exists()
