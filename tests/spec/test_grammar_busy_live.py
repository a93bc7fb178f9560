"""Waiting for the page to stop being busy ("Wait until the spinner disappears", "Wait for loading to
finish"): the step waits until no busy indicator shows (autoqa.busy: an indeterminate progress bar,
aria-busy, a spinner's or loader's class), ignores a progress bar that shows a value, and fails when a
spinner never goes; the exported test waits the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.busy import BUSY
from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_broken_builds
from cli_runs import run_project
from export import exported_suites

# The report arrives after 4 s: longer than the check after the wait would wait on its own (2.5 s).
PAGE = """<!doctype html><meta charset="utf-8"><title>Report</title><main><h1>Report</h1>
<div role="progressbar" aria-valuenow="60" aria-valuemin="0" aria-valuemax="100">Profile 60% complete</div>
<div class="spinner" id="sp">Loading…</div><p id="out"></p></main>
<script>setTimeout(() => { document.querySelector('#sp').remove();
  document.querySelector('#out').textContent = 'Report ready'; }, 4000);</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Wait until the spinner disappears
3. Verify "Report ready" is visible
"""

BROKEN = {"stuck": ("document.querySelector('#sp').remove();", "", 2)}


@pytest.mark.parametrize(
    "written",
    [
        "Wait until the spinner disappears",
        "Wait for the loading indicator to go away",
        "Wait for loading to finish",
        "Wait until the loader is gone",
    ],
)
def test_a_wait_for_the_page_to_stop_being_busy(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and actions[0].args == {"target": BUSY, "state": "hidden"}


def test_a_named_page_loading_is_not_this_wait() -> None:
    assert parse_plain_actions("Wait for the checkout page to load") is None


@pytest.mark.timeout(300)
def test_the_wait_passes_once_the_spinner_goes_and_fails_when_it_stays(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_broken_builds(
        tmp_path / "project",
        site,
        name="report",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )


@pytest.mark.timeout(480)
def test_the_exported_wait_waits_the_same_way(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "busy.html").write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "busy.md").write_text(SPEC.replace("{page}", "busy"))
    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_busy.py"
    source = exported.read_text()
    assert ".filter(visible=True)).to_have_count(0, timeout=10000)" in "".join(source.split()).replace(
        ",timeout", ", timeout"
    ), source
    # With its checks given 1 s (fast), the exported test still passes on a copy of the working page only
    # if its wait held it until the spinner went (the report shows after 4 s), and on the stuck build it is
    # the wait, not the check after it, that fails.
    builds = {name: (good, bad) for name, (good, bad, _) in BROKEN.items()}
    builds["unbroken"] = ("</main>", "</main>")
    out = exported_suites.on_broken_builds(
        exported, tmp_path, site, page=PAGE, page_name="busy", builds=builds, fast=True, passing=("unbroken",)
    )
    assert "1 failed, 2 passed" in out, out + source
    failed = [line for line in out.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and "test_broken_stuck.py" in failed[0], out
    assert "Locator expected to have count '0'" in out and "expected to be visible" not in out, out
