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


async def test_a_whole_area_is_counted_and_one_key_is_removed_alone(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /stored.html"))
    ok(await step(tool_ctx, "Local storage is empty"))
    ok(await step(tool_ctx, "Verify there are no cookies"))
    result = failed(await step(tool_ctx, "Session storage has 1 item"), "ASSERTION_FAILED")
    assert result.error is not None and "expected session storage to hold 1, but it is empty" in (
        result.error.message
    )
    ok(await step(tool_ctx, 'Fill "New todo" with "buy milk"'))
    ok(await step(tool_ctx, 'Click "Add"'))
    ok(await step(tool_ctx, "Session storage has 1 item"))
    ok(await step(tool_ctx, "Local storage has 1 item"))  # polled: the list is saved a moment later
    ok(await call_tool(tool_ctx, "assert_storage", {"area": "cookie", "count": 1}))
    result = failed(await step(tool_ctx, "Local storage is empty"), "ASSERTION_FAILED")
    assert result.error is not None and "it holds 1: todos" in result.error.message
    await tool_ctx.page.evaluate("localStorage.setItem('theme', 'dark')")
    removed = ok(await step(tool_ctx, 'Remove "todos" from local storage'))
    assert removed.data["was_set"] is True
    ok(await step(tool_ctx, 'Verify local storage "todos" is not set'))
    ok(await step(tool_ctx, 'Verify local storage "theme" is "dark"'))  # the rest kept
    ok(await step(tool_ctx, 'Delete the cookie "seen"'))
    ok(await step(tool_ctx, "Verify there are no cookies"))
    again = ok(await step(tool_ctx, 'Delete the cookie "seen"'))
    assert again.data["was_set"] is False  # nothing to remove: the state holds, and the result says so


async def test_an_area_claim_takes_no_value_and_a_removal_names_one_area(tool_ctx: ToolContext) -> None:
    failed(await call_tool(tool_ctx, "assert_storage", {"area": "local", "equals": "x"}), "INVALID_INPUT")
    failed(await call_tool(tool_ctx, "assert_storage", {"area": "local", "state": "unset"}), "INVALID_INPUT")
    failed(await call_tool(tool_ctx, "clear_storage", {"area": "all", "key": "x"}), "INVALID_INPUT")
