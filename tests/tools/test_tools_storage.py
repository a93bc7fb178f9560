"""``assert_storage`` / ``clear_storage`` driven by plain-grammar steps on a page that keeps its list in
local storage and a cookie: each claim passes when the app stored what it says and fails when not."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>Stored</title>
<input aria-label="New todo"><button onclick="add()">Add</button>
<script>
function add() {
  const todos = JSON.parse(localStorage.getItem('todos') || '[]');
  todos.push(document.querySelector('input').value);
  setTimeout(() => localStorage.setItem('todos', JSON.stringify(todos)), 150);  // saved a moment later
  document.cookie = 'seen=yes; path=/';
  sessionStorage.setItem('draft', '');
}
</script>"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "stored.html").write_text(PAGE, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, action.args)


async def test_storage_claims_pass_on_what_the_app_stored(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /stored.html"))
    ok(await step(tool_ctx, 'Verify local storage "todos" is not set'))
    ok(await step(tool_ctx, 'Verify a cookie "seen" is not set'))
    for todo in ("buy milk", "feed the cat"):
        ok(await step(tool_ctx, f'Fill "New todo" with "{todo}"'))
        ok(await step(tool_ctx, 'Click "Add"'))
    ok(await step(tool_ctx, 'Verify local storage "todos" contains "feed the cat"'))  # polled: saved late
    ok(await step(tool_ctx, 'Verify local storage "todos" has 2 items'))
    ok(await step(tool_ctx, 'Verify local storage "todos" is \'["buy milk","feed the cat"]\''))
    ok(await step(tool_ctx, 'Verify a cookie "seen" is set'))
    ok(await step(tool_ctx, 'Verify the cookie "seen" is "yes"'))
    ok(await step(tool_ctx, 'Verify session storage "draft" is empty'))
    ok(await step(tool_ctx, "Clear local storage"))
    ok(await step(tool_ctx, 'Verify local storage "todos" is empty'))
    ok(await step(tool_ctx, "Clear cookies"))
    ok(await step(tool_ctx, 'Verify the cookie "seen" does not exist'))


async def test_storage_claims_fail_when_the_app_did_not_store_it(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /stored.html"))
    result = failed(
        await step(tool_ctx, 'Verify local storage "todos" contains "buy milk"'), "ASSERTION_FAILED"
    )
    assert result.error is not None and "local storage 'todos'" in result.error.message
    assert "it is not set" in result.error.message
    ok(await step(tool_ctx, 'Fill "New todo" with "buy milk"'))
    ok(await step(tool_ctx, 'Click "Add"'))
    failed(await step(tool_ctx, 'Verify local storage "todos" has 2 items'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify local storage "todos" is empty'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the cookie "seen" is "no"'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify local storage "todos" does not exist'), "ASSERTION_FAILED")


async def test_web_storage_needs_a_page_of_the_app(tool_ctx: ToolContext) -> None:
    failed(await step(tool_ctx, 'Verify local storage "todos" is set'), "INVALID_INPUT")
