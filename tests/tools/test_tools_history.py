"""``history``: the browser's Back, Forward and Reload, driven by plain-grammar steps. Back with nowhere to
go fails (a spec expecting to return must not pass by staying put); hash-routed apps go back too."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

ROUTED = """<!doctype html><meta charset="utf-8"><title>Routed</title>
<nav><a href="#/">All</a> <a href="#/active">Active</a></nav><p id="view"></p>
<p id="visits"></p>
<script>
const show = () => { view.textContent = 'Showing ' + (location.hash.slice(2) || 'all'); };
addEventListener('hashchange', show); show();
sessionStorage.visits = String(Number(sessionStorage.visits || 0) + 1);
visits.textContent = 'Loaded ' + sessionStorage.visits + ' times';
</script>"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "routed.html").write_text(ROUTED, encoding="utf-8")
    (folder / "other.html").write_text("<!doctype html><title>Other</title><h1>Other page</h1>")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, action.args)


async def test_back_forward_and_reload_across_pages_and_hash_routes(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /routed.html"))
    ok(await step(tool_ctx, 'Click "Active"'))
    ok(await step(tool_ctx, 'Verify "Showing active" is visible'))
    ok(await step(tool_ctx, "Open /other.html"))
    ok(await step(tool_ctx, "Go back"))
    ok(await step(tool_ctx, 'Verify the URL ends with "/routed.html#/active"'))
    ok(await step(tool_ctx, "Go back to the previous page"))  # a hash route: same document
    ok(await step(tool_ctx, 'Verify "Showing all" is visible'))
    ok(await step(tool_ctx, "Go forward"))
    ok(await step(tool_ctx, 'Verify "Showing active" is visible'))
    before = await tool_ctx.page.text_content("#visits")
    ok(await step(tool_ctx, "Reload the page"))
    ok(await step(tool_ctx, 'Verify "Showing active" is visible'))  # the route survives a reload
    assert before != await tool_ctx.page.text_content("#visits")  # the document really loaded again


async def test_back_or_forward_with_nowhere_to_go_fails(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /other.html"))
    result = failed(await step(tool_ctx, "Go forward"), "ASSERTION_FAILED")
    assert result.error is not None and "no page to go forward" in result.error.message
    ok(await step(tool_ctx, "Go back"))  # to the tab's blank start page
    failed(await step(tool_ctx, "Go back"), "ASSERTION_FAILED")
