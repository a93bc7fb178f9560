"""The demo's tasks page is built only from web components (open shadow roots, nested components, slots,
rows that are components, a checkbox and fields inside components, a filter bar, a heading inside a
component). Its plain-grammar specs (07, 08) cover add, focus, order, count, check, filter, edit and
negative checks; they pass live, through replay and as exported pytest-playwright tests, and each known
``tasks-*`` bug makes them fail at the step that checks the broken behaviour."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser

from autoqa.demo_app import KNOWN_BUGS, SPECS_DIR
from autoqa.demo_app.server import DemoServer
from autoqa.execute import replay_plan
from autoqa.replay import StepCache
from autoqa.results import Outcome
from cli_runs import run_project
from export.test_exported_run import _pytest
from record.helpers import PlainCaller, new_context, record_spec

SPECS = ("07-tasks.md", "08-tasks-filter-edit.md")

# Which step of which spec sees each bug first (08's steps 1-7 are its `include: three-tasks`).
FIRST_FAILURE = {
    "tasks-focus": ("07-tasks.md", 7),  # Verify the "New task" field is focused (after Enter)
    "tasks-order": ("07-tasks.md", 12),  # Verify "buy milk", "feed the cat" and "walk the dog" … order
    "tasks-check": ("07-tasks.md", 16),  # Check the "feed the cat" checkbox (the first task is ticked)
    "tasks-count": ("07-tasks.md", 19),  # Verify "2 items left" is visible
    "tasks-filter": ("08-tasks-filter-edit.md", 10),  # Verify "feed the cat" is not visible (Active)
    "tasks-edit": ("08-tasks-filter-edit.md", 20),  # Verify "buy oat milk" is visible
}


def test_every_tasks_bug_is_covered_by_a_step() -> None:
    assert set(FIRST_FAILURE) == {name for name in KNOWN_BUGS if name.startswith("tasks-")}


@pytest.fixture(scope="module")
def tasks_server() -> Iterator[DemoServer]:
    with DemoServer(bugs=()) as server:
        yield server


async def test_the_specs_pass_and_replay_from_their_cache(
    browser: Browser, tasks_server: DemoServer, tmp_path: Path
) -> None:
    cache = StepCache(tmp_path, root=SPECS_DIR)
    for name in SPECS:
        recorded = await record_spec(browser, tasks_server, name)
        result = recorded.result
        assert result.outcome == "passed", f"{name} step {result.failed_step}: {result.reason}"
        assert cache.update(recorded.spec, recorded.records, result) is not None

        context, ctx = await new_context(browser, tasks_server)
        try:
            caller = PlainCaller(ctx)
            replay = await replay_plan(recorded.spec, cache.lookup(recorded.spec), caller, ctx=ctx)
        finally:
            await context.close()
        assert replay.completed, f"{name}: {replay.spec_result.reason}"
        assert replay.spec_result.outcome is Outcome.PASSED and replay.spec_result.executor == "replay"
        targets = [call.args["target"] for call in caller.calls if "target" in call.args]
        # Rows drawn by components replay by their recorded component locator, not by the description.
        assert any(t.startswith("css=task-item:has-text(") for t in targets), targets


@pytest.mark.parametrize("bug", sorted(FIRST_FAILURE))
async def test_each_bug_fails_the_step_that_checks_it(browser: Browser, bug: str) -> None:
    spec_name, step = FIRST_FAILURE[bug]
    with DemoServer(bugs=(bug,)) as server:
        for name in SPECS[: SPECS.index(spec_name) + 1]:
            result = (await record_spec(browser, server, name)).result
            if name != spec_name:
                assert result.outcome == "passed", f"{bug} broke {name} step {result.failed_step}"
                continue
            assert result.outcome == "failed", f"{bug}: {name} {result.outcome}"
            assert result.failed_step == step, f"{bug}: step {result.failed_step}: {result.reason}"


@pytest.mark.timeout(200)
def test_live_run_then_exported_tests_pass_and_catch_a_hidden_negative(
    tmp_path: Path, tasks_server: DemoServer
) -> None:
    project = tmp_path / "project"
    (project / "specs" / "steps").mkdir(parents=True)
    for name in SPECS:
        shutil.copy(SPECS_DIR / name, project / "specs" / name)
    shutil.copy(SPECS_DIR / "steps" / "three-tasks.md", project / "specs" / "steps")

    code, run, output = run_project(project, tasks_server.url)
    assert code == 0 and [s["outcome"] for s in run["specs"]] == ["passed", "passed"], output
    exported = project / "tests" / "autoqa"
    code_08 = (exported / "test_specs_08_tasks_filter_edit.py").read_text()
    assert (
        'page.locator("task-item").filter(has_text="buy milk").locator("label").dblclick(delay=30)' in code_08
    )

    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    process = _pytest(exported, "--base-url", tasks_server.url, env=env)
    out, _ = process.communicate(timeout=90)
    assert process.returncode == 0 and "2 passed" in out, out

    # The Active filter that still shows a completed task: the exported negative check must see it.
    with DemoServer(bugs=("tasks-filter",)) as broken:
        process = _pytest(exported, "--base-url", broken.url, env=env)
        out, _ = process.communicate(timeout=90)
    assert process.returncode == 1 and "1 failed, 1 passed" in out, out
    assert "test_specs_08_tasks_filter_edit" in out
