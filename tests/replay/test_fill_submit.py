"""A recorded ``fill(submit=true)`` keeps its ``submit`` through the IR, the step cache, replay and export:
replayed, the search is sent again and its results are there for the next step's check."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.async_api import Browser

from autoqa.execute import replay_plan
from autoqa.export import export_spec
from autoqa.record import Recorder
from autoqa.replay import StepCache
from autoqa.results import ExecutorKind, Outcome, SpecResult, StepResult, StepStatus
from autoqa.spec.loader import load_spec
from autoqa.tools import ToolContext
from record.helpers import PlainCaller, recording_caller

PAGE = """<!doctype html><meta charset="utf-8"><title>Shop search</title>
<form action="/search.html" method="get">
  <label for="q">Search the shop</label> <input id="q" name="q" data-testid="search">
</form>
<ul id="results"></ul>
<script>
const q = new URLSearchParams(location.search).get('q');
if (q !== null) {
  document.body.insertAdjacentHTML('afterbegin', '<h2>Results for ' + q + '</h2>');
  for (const name of ['Red shoes', 'Green hat', 'Blue shoes'].filter((n) => n.includes(q))) {
    document.getElementById('results').insertAdjacentHTML('beforeend', '<li>' + name + '</li>');
  }
}
</script>"""

SPEC = """# Search the shop
## Preconditions
- none
## Steps
1. Navigate to /search.html
2. Search the shop for shoes the way a customer would
3. Verify "Results for shoes" is visible
"""

FILL = {"target": "Search the shop", "value": "shoes", "submit": True}


async def test_a_recorded_fill_with_submit_is_cached_replayed_and_exported(
    browser: Browser, site: tuple[Path, str], tmp_path: Path
) -> None:
    folder, url = site
    (folder / "search.html").write_text(PAGE, encoding="utf-8")
    spec_path = tmp_path / "search.md"
    spec_path.write_text(SPEC)
    spec = load_spec(spec_path, variables={"BASE_URL": url}, root=tmp_path)

    # Recorded as the agent would do step 2 (the plain grammar has no sentence for it).
    context = await browser.new_context(base_url=url)
    try:
        ctx = ToolContext(context=context, page=await context.new_page(), base_url=url)
        recorder = Recorder(ctx, spec_path=spec.path)
        caller = recording_caller(recorder)
        for step, tool, args in (
            (1, "navigate", {"url": "/search.html"}),
            (2, "fill", FILL),
            (3, "assert_text_present", {"text": "Results for shoes"}),
        ):
            result = await caller(tool, args, step=step)
            assert result.ok, result.error
    finally:
        await context.close()
    fill = recorder.records[1]
    assert fill.tool == "fill" and fill.args == FILL
    assert fill.data["url"].endswith("/search.html?q=shoes")

    passed = SpecResult(
        path=spec.path,
        title=spec.title,
        outcome=Outcome.PASSED,
        executor=ExecutorKind.AGENT,
        steps=tuple(StepResult(s.index, s.text, StepStatus.PASSED) for s in spec.steps),
    )
    cache = StepCache(tmp_path / ".autoqa", root=tmp_path)
    path = cache.update(spec, recorder.records, passed)
    assert path is not None
    cached = json.loads(path.read_text())["steps"][1]["calls"][0]
    assert cached["args"] == {"value": "shoes", "submit": True, "target": '[data-testid="search"]'}

    context = await browser.new_context(base_url=url)
    try:
        ctx = ToolContext(context=context, page=await context.new_page(), base_url=url)
        player = PlainCaller(ctx)
        replay = await replay_plan(spec, cache.lookup(spec), player, ctx=ctx)
        assert ctx.page.url.endswith("/search.html?q=shoes")
        assert await ctx.page.locator("#results li").all_inner_texts() == ["Red shoes", "Blue shoes"]
    finally:
        await context.close()
    assert replay.completed and replay.spec_result.outcome is Outcome.PASSED, replay.spec_result.reason
    assert replay.spec_result.executor == "replay"
    assert [c.args.get("submit") for c in player.calls if c.tool == "fill"] == [True]

    code = export_spec(spec, recorder.records, tmp_path / "exported", root=tmp_path, base_url=url).read_text()
    assert (
        "with settled(page):\n"
        '        page.get_by_test_id("search").fill("shoes")\n'
        '        page.get_by_test_id("search").press("Enter")' in code
    )
