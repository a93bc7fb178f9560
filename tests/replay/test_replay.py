"""Replay from the step cache in a real browser: no model, stops with hand-over data, optional steps,
and healing a stale locator."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from playwright.async_api import Browser

from autoqa.demo_app.server import DemoServer
from autoqa.execute import healed_steps, replay_plan
from autoqa.execute.plain import plan_plain
from autoqa.record import Recorder
from autoqa.replay import StepCache
from autoqa.results import Outcome, StepStatus
from autoqa.spec.model import Spec
from autoqa.tools import ErrorCode
from record.helpers import (
    DEMO_SPECS,
    SUITE,
    PlainCaller,
    Recording,
    load_demo_spec,
    new_context,
    record_spec,
    recording_caller,
)

_HINT_PREFIXES = ("[", "#", "role=", "css=", "text=")


def _cache(suite: dict[str, Recording], directory: Path) -> StepCache:
    cache = StepCache(directory, root=DEMO_SPECS)
    for name in SUITE:
        run = suite[name]
        assert cache.update(run.spec, run.records, run.result) is not None
    return cache


async def test_the_whole_suite_replays_with_exact_locators_only(
    browser: Browser, demo_server: DemoServer, demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    cache = _cache(demo_suite, tmp_path)
    for name in SUITE:
        spec = demo_suite[name].spec
        state = demo_suite["01-login.md"].storage_state if spec.auth else None
        context, ctx = await new_context(browser, demo_server, state)
        try:
            caller = PlainCaller(ctx)
            replay = await replay_plan(spec, cache.lookup(spec), caller, ctx=ctx)
        finally:
            await context.close()
        assert replay.completed, f"{name}: {replay.spec_result.reason}"
        assert replay.spec_result.outcome is Outcome.PASSED and replay.spec_result.executor == "replay"
        targets = [call.args["target"] for call in caller.calls if "target" in call.args]
        # Every element was found by a recorded, validated locator; the optional step by its description.
        assert all(t.startswith(_HINT_PREFIXES) for t in targets if t != "Accept cookies"), targets


async def test_a_failing_step_stops_replay_with_what_the_agent_needs(
    browser: Browser, buggy_demo_server: DemoServer, demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    cache = _cache(demo_suite, tmp_path)
    login = await record_spec(browser, buggy_demo_server, "01-login.md")
    spec = load_demo_spec("03-checkout.md", buggy_demo_server)
    context, ctx = await new_context(browser, buggy_demo_server, login.storage_state)
    ctx.settings = dataclasses.replace(ctx.settings, assertion_timeout_ms=1_000)  # a wrong total stays wrong
    try:
        replay = await replay_plan(spec, cache.lookup(spec), PlainCaller(ctx), ctx=ctx)
    finally:
        await context.close()
    assert not replay.completed and replay.stop_reason == "failed"
    assert replay.hand_over_from == 5  # Verify "Total: $39.98" — the shop shows $40.98
    result = replay.spec_result
    assert result.outcome is Outcome.FAILED and result.failed_step == 5
    assert "Total: $40.98" in (result.reason or "")
    assert [s.status for s in result.steps[:5]] == [StepStatus.PASSED] * 4 + [StepStatus.FAILED]
    assert all(s.status is StepStatus.NOT_RUN for s in result.steps[5:])
    assert replay.failure is not None and replay.failure.error is not None
    assert replay.failure.error.code is ErrorCode.ASSERTION_FAILED
    assert replay.failure.screenshot is not None and replay.failure.screenshot.data
    assert replay.failed_call is not None and replay.failed_call.tool == "assert_text_present"


async def test_an_uncached_step_hands_over_there(
    browser: Browser, demo_server: DemoServer, demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    specs = tmp_path / "specs"
    specs.mkdir()
    source = (DEMO_SPECS / "05-long-list.md").read_text()
    (specs / "05-long-list.md").write_text(source)
    cache = StepCache(tmp_path / ".autoqa", root=specs)
    run = demo_suite["05-long-list.md"]
    cache.update(load_demo_spec("05-long-list.md", demo_server, specs), run.records, run.result)
    (specs / "05-long-list.md").write_text(
        source.replace('4. Verify "Back to top"', '4. Verify "Item 1" is visible\n5. Verify "Back to top"')
    )
    spec = load_demo_spec("05-long-list.md", demo_server, specs)
    context, ctx = await new_context(browser, demo_server)
    try:
        replay = await replay_plan(spec, cache.lookup(spec), PlainCaller(ctx), ctx=ctx)
    finally:
        await context.close()
    assert replay.stop_reason == "uncached" and replay.hand_over_from == 4
    assert replay.failure is None and replay.spec_result.outcome is Outcome.ERROR
    assert [s.status for s in replay.spec_result.steps] == [StepStatus.PASSED] * 3 + [StepStatus.NOT_RUN] * 2
    assert "not in the step cache" in (replay.spec_result.reason or "")


OPTIONAL_SPEC = """# Optional steps
## Preconditions
- The demo shop runs
## Steps
1. Navigate to {{PAGE}}
2. Optional: Click "Load data"
3. Verify the title contains "AutoQA Demo Shop"
"""


async def test_optional_steps_run_when_present_and_skip_fast_when_absent(
    browser: Browser, demo_server: DemoServer, tmp_path: Path
) -> None:
    from autoqa.spec.loader import load_spec

    path = tmp_path / "optional.md"
    path.write_text(OPTIONAL_SPEC)

    def spec_on(page: str) -> Spec:
        return load_spec(path, variables={"PAGE": page}, root=tmp_path)

    # Recorded where the button does not exist: the step is skipped, and the cache keeps the attempt.
    absent = spec_on("/list.html")
    context, ctx = await new_context(browser, demo_server)
    try:
        recorder = Recorder(ctx)
        from autoqa.execute.plain import run_plain

        result = await run_plain(absent, plan_plain(absent), recording_caller(recorder))
    finally:
        await context.close()
    assert result.outcome is Outcome.PASSED and result.steps[1].status is StepStatus.SKIPPED
    cache = StepCache(tmp_path / ".autoqa", root=tmp_path)
    cache.update(absent, recorder.records, result)
    cached = cache.lookup(absent).step(2)
    assert (
        cached is not None
        and cached.skipped_when_recorded
        and cached.calls[0].args == {"target": "Load data"}
    )

    for page, expected in (("/list.html", StepStatus.SKIPPED), ("/playground.html", StepStatus.PASSED)):
        context, ctx = await new_context(browser, demo_server)
        # A target wait far longer than the optional step's grace: a skip that waited for it cannot pass
        # the bound below, however busy the machine (a 0.3 s grace is never 15 s).
        # (The target wait, not only the action timeout: an element is waited for target_wait_ms.)
        ctx.settings = dataclasses.replace(ctx.settings, action_timeout_ms=30_000, target_wait_ms=30_000)
        try:
            caller = PlainCaller(ctx)
            started = time.monotonic()
            on_page = spec_on(page)
            replay = await replay_plan(on_page, cache.lookup(on_page), caller, ctx=ctx, optional_wait_ms=300)
            elapsed = time.monotonic() - started
        finally:
            await context.close()
        assert replay.completed and replay.spec_result.steps[1].status is expected, page
        assert [call.tool for call in caller.calls if call.ok] == (
            ["navigate", "assert_title"]
            if expected is StepStatus.SKIPPED
            else ["navigate", "click", "assert_title"]
        )
        assert elapsed < 15  # an absent optional element costs the short grace, not the 30 s target wait


async def test_healing_a_stale_locator_reports_it_and_rewrites_the_cache(
    browser: Browser, demo_server: DemoServer, demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    run = demo_suite["02-bad-password.md"]
    cache = StepCache(tmp_path, root=DEMO_SPECS)
    path = cache.update(run.spec, run.records, run.result)
    assert path is not None
    # As if recorded when the button had another test id.
    stale = path.read_text().replace('"login-button', '"login-btn')
    assert stale != path.read_text()
    path.write_text(stale)

    spec = run.spec
    plan = cache.lookup(spec)
    assert plan.complete
    context, ctx = await new_context(browser, demo_server)
    try:
        replay = await replay_plan(spec, plan, PlainCaller(ctx), ctx=ctx)
        assert replay.hand_over_from == 4 and replay.failure is not None
        assert replay.failure.error is not None and replay.failure.error.code is ErrorCode.ELEMENT_NOT_FOUND
        # The "agent" takes over from step 4 on the same page (here: the plain steps, recorded).
        recorder = Recorder(ctx, spec_path=spec.path)
        caller = recording_caller(recorder)
        for step, actions in zip(spec.steps, plan_plain(spec).actions, strict=True):
            if step.index >= 4:
                for action in actions:
                    assert (await caller(action.tool, action.args, step=step.index)).ok
    finally:
        await context.close()

    assert healed_steps(replay, recorder.records) == (
        {
            "step": 4,
            "old_locator": 'page.get_by_test_id("login-btn")',
            "new_locator": 'page.get_by_test_id("login-button")',
        },
    )
    steps = [*replay.spec_result.steps[:3]]
    healed_result = run.result  # the healed run passed: steps 1-3 replayed, 4-6 redone
    assert all(s.status is StepStatus.PASSED for s in steps)
    assert cache.update(spec, recorder.records, healed_result, previous=plan) == path
    fixed = json.loads(path.read_text())
    assert fixed["steps"][3]["calls"][0]["args"]["target"] == '[data-testid="login-button"]'
    assert fixed["steps"][1] == json.loads(stale)["steps"][1]  # replayed steps kept as they were
    assert cache.lookup(spec).complete
