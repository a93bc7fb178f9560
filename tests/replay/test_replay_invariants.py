"""A cached step that breaks an invariant on replay fails there: the agent is not asked to heal it, since no
other way through the page can undo what the app did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.async_api import Browser

from autoqa.events import NullSink
from autoqa.execute import replay_then_heal
from autoqa.execute.plain import plan_plain, run_plain
from autoqa.record import Recorder
from autoqa.replay import StepCache
from autoqa.results import Outcome, SpecResult
from autoqa.spec.loader import load_spec
from autoqa.tools import ToolContext
from autoqa.tools.invariants import InvariantPolicy
from record.helpers import PlainCaller, recording_caller

SPEC = """# Save
## Preconditions
- The page is served
## Steps
1. Navigate to /save.html
2. Click "Save"
3. Verify the toast "Saved" appeared
"""
PAGE = """<!doctype html><title>Save</title><div id="t" role="status"></div>
<button onclick="{extra} t.textContent = 'Saved'">Save</button>"""


async def _context(browser: Browser, url: str) -> ToolContext:
    context = await browser.new_context(base_url=url)
    policy = InvariantPolicy.build(configured=["no-console-errors"])
    return ToolContext(context=context, page=await context.new_page(), base_url=url, invariants=policy)


async def test_a_violation_on_replay_fails_without_a_heal(
    browser: Browser, site: tuple[Path, str], tmp_path: Path
) -> None:
    folder, url = site
    (folder / "save.html").write_text(PAGE.format(extra=""), encoding="utf-8")
    (tmp_path / "save.md").write_text(SPEC, encoding="utf-8")
    spec = load_spec(tmp_path / "save.md", variables={}, root=tmp_path)
    ctx = await _context(browser, url)
    try:
        recorder = Recorder(ctx)
        recorded = await run_plain(spec, plan_plain(spec), recording_caller(recorder))
    finally:
        await ctx.context.close()
    assert recorded.outcome is Outcome.PASSED, recorded.reason
    cache = StepCache(tmp_path / ".autoqa", root=tmp_path)
    assert cache.update(spec, recorder.records, recorded) is not None

    # The next build logs an error on Save.
    (folder / "save.html").write_text(PAGE.format(extra="console.error('save failed');"), encoding="utf-8")
    asked: list[int] = []

    async def heal(start: int, reason: str, screenshot: Any) -> SpecResult:
        asked.append(start)
        raise AssertionError("an invariant violation must not be handed to the agent")

    ctx = await _context(browser, url)
    try:
        result, replay = await replay_then_heal(
            spec, cache.lookup(spec), PlainCaller(ctx), ctx=ctx, events=NullSink(), slug="save",
            redact=str, heal=heal,
        )  # fmt: skip
    finally:
        await ctx.context.close()
    assert asked == [] and replay.stopped_at == 2
    assert result.outcome is Outcome.FAILED and result.failed_step == 2
    assert "INVARIANT_VIOLATED" in (result.reason or "") and 'console error "save failed"' in (
        result.reason or ""
    )
