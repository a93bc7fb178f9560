"""Record → replay → heal through the runner: an agent spec's passing run becomes a step cache and a
pytest file; the next run replays it with no model; a stale locator is healed by the agent, which sees
the replay's failure screenshot, and the cache is rewritten only after the spec passes again."""

from __future__ import annotations

import base64
import json
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from autoqa.demo_app.server import DemoServer
from autoqa.results import Outcome, spec_notes
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use

from .conftest import demo_environ, run_cli

pytestmark = pytest.mark.agent

SPECS = ("specs/01-login.md", "specs/06-sorting-agent.md")
CACHE = Path("specs/.autoqa")


def _request(project: Path, environ: dict[str, str], **cli: object) -> RunRequest:
    return RunRequest(
        paths=SPECS, root=project, cli=cli, cli_vars={}, keyword=None, environ=environ, project_root=project
    )


def _sorting_script(first_step: int = 1) -> list[object]:
    script: list[object] = []
    if first_step <= 1:
        script.append(tool_use("navigate", {"url": "/products.html", "step": 1}))
    script += [
        tool_use("select_option", {"target": "Sort by", "option": "Price (low to high)", "step": 2}),
        tool_use("assert_text_present", {"text": "Onesie", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "sorted"}),
        text("done"),
    ]
    return script


async def test_record_replay_and_heal(demo_project: Path, demo_server: DemoServer, tmp_path: Path) -> None:
    # 1. The agent passes the spec: its cache and exported test are written.
    with FakeAnthropic() as fake:
        fake.script(*_sorting_script())
        environ = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "cfg1")))
        first = await execute_run(prepare_run(_request(demo_project, environ)))
    outcomes = [s.outcome for s in first.specs]
    assert outcomes == [Outcome.PASSED, Outcome.PASSED], [s.reason for s in first.specs]
    cache_file = demo_project / CACHE / "specs-06-sorting-agent.json"
    assert cache_file.is_file()
    exported = demo_project / "tests" / "autoqa" / "test_specs_06_sorting_agent.py"
    assert exported.is_file() and "select_option" in exported.read_text()
    assert demo_server.credentials.password not in cache_file.read_text() + exported.read_text()

    # 2. No credentials at all, --agent never: the cache replays the spec with no model.
    no_model = demo_environ(demo_server)
    replayed = await execute_run(prepare_run(_request(demo_project, no_model, agent="never")))
    sorting = replayed.specs[1]
    assert sorting.outcome is Outcome.PASSED and sorting.executor == "replay"

    # 3. A stale locator in the cache: replay fails at step 2 and the agent heals from there.
    data = json.loads(cache_file.read_text())
    call = data["steps"][1]["calls"][0]
    call["args"]["target"] = "role=combobox name=Sort order"
    call["locator"] = 'page.get_by_role("combobox", name="Sort order")'
    cache_file.write_text(json.dumps(data, indent=2))
    with FakeAnthropic() as fake:
        fake.script(*_sorting_script(first_step=2))
        environ = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "cfg2")))
        healed_run = await execute_run(prepare_run(_request(demo_project, environ, heal="apply")))
        first_request = fake.message_requests[0].body
    healed = healed_run.specs[1]
    assert healed.outcome is Outcome.PASSED, healed.reason
    assert healed.executor == "replay+agent"
    assert [h["step"] for h in healed.healed_steps] == [2]
    # Only the step that failed on replay is healed; step 3 was merely done by the agent afterwards.
    assert [step.index for step in healed.steps if step.healed] == [2]
    heal = healed.steps[1].heal
    assert heal is not None and heal.old_locator == 'page.get_by_role("combobox", name="Sort order")'
    assert heal.new_locator and "Sort order" not in heal.new_locator
    assert heal.explanation == "sorted"  # the model's finish summary, not only in transcript.jsonl
    # The model's first request carries the replay failure and its screenshot.
    first_user = json.dumps(first_request["messages"][0])
    assert "replaying step 2 failed" in first_user and '"type": "image"' in first_user
    # The cache is rewritten from the passing, healed run: the stale locator is gone.
    assert "Sort order" not in cache_file.read_text()


async def test_a_proposed_heal_leaves_the_committed_files_and_writes_a_patch_that_applies(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    with FakeAnthropic() as fake:
        fake.script(*_sorting_script())
        environ = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "cfg1")))
        first = await execute_run(prepare_run(_request(demo_project, environ)))
    assert [s.outcome for s in first.specs] == [Outcome.PASSED, Outcome.PASSED]

    cache_file = demo_project / CACHE / "specs-06-sorting-agent.json"
    exported = demo_project / "tests" / "autoqa" / "test_specs_06_sorting_agent.py"
    data = json.loads(cache_file.read_text())
    call = data["steps"][1]["calls"][0]
    call["args"]["target"] = "role=combobox name=Sort order"
    call["locator"] = 'page.get_by_role("combobox", name="Sort order")'
    cache_file.write_text(json.dumps(data, indent=2))
    stale_cache, stale_test = cache_file.read_text(), exported.read_text()

    with FakeAnthropic() as fake:
        fake.script(*_sorting_script(first_step=2))
        environ = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "cfg2")))
        run = await execute_run(prepare_run(_request(demo_project, environ, heal="propose")))
        shown = [base64.b64decode(i["source"]["data"]) for i in fake.message_requests[0].images()]
    healed = run.specs[1]
    assert healed.outcome is Outcome.PASSED and healed.executor == "replay+agent", healed.reason
    # The committed files are untouched; the heal waits for review.
    assert cache_file.read_text() == stale_cache and exported.read_text() == stale_test
    patch = Path(healed.artifacts["heal_patch"])
    summary = Path(healed.artifacts["heal_review"]).read_text()
    assert "## Step 2" in summary and "Sort order" in summary and "git apply" in summary
    assert any("passed (healed, needs review)" in note for note in spec_notes(healed))
    assert "specs/.autoqa/specs-06-sorting-agent.json" in patch.read_text()
    # The failed replay's screenshot stays for the reviewer (a passing spec keeps no artifacts by default),
    # linked under the healed step. It is the capture the model was shown: the one the failing call took
    # with secret fields masked, not a new unmasked one.
    shots = sorted(patch.parent.glob("step2-replay-failure.*"))
    assert [p.name for p in shots] in (["step2-replay-failure.jpg"], ["step2-replay-failure.png"]), shots
    with Image.open(shots[0]) as image:
        assert image.format in ("JPEG", "PNG") and image.width > 100
    assert f"]({shots[0].name})" in summary.split("## Step 2")[1]
    assert shown == [shots[0].read_bytes()]
    assert demo_server.credentials.password.encode() not in shots[0].read_bytes()
    # Accepting the proposal is one command from the project root, and gives what "apply" would have.
    applied = subprocess.run(["git", "apply", str(patch)], cwd=demo_project, capture_output=True, text=True)
    assert applied.returncode == 0, applied.stderr
    assert "Sort order" not in cache_file.read_text()
    assert json.loads(cache_file.read_text())["steps"][1]["calls"][0]["locator"] != call["locator"]


def test_export_command_writes_tests_from_the_latest_run(demo_project: Path, demo_server: DemoServer) -> None:
    env = demo_environ(demo_server)
    ran = run_cli(["run", "specs/01-login.md", "specs/05-long-list.md"], cwd=demo_project, env=env)
    assert ran.returncode == 0, ran.stderr
    out = run_cli(["export", "latest", "--to", "exported"], cwd=demo_project, env=env)
    assert out.returncode == 0, out.stderr
    written = sorted(p.name for p in (demo_project / "exported").glob("test_*.py"))
    assert written == ["test_specs_01_login.py", "test_specs_05_long_list.py"]
    missing = run_cli(["export", "no-such-run"], cwd=demo_project, env=env)
    assert missing.returncode == 2 and "no-such-run" in missing.stderr
