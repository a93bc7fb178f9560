"""What the user sees includes open shadow roots: text, names, states and focus inside web components.

Text presence used to read ``body.innerText``, which stops at shadow boundaries, while element search
already walked shadow roots: a heading inside a component was "not on the page", and a negative check on
it passed — a false green. The fixture page below is built from custom elements with open shadow roots
(nested components, slots, rows that are components, ``delegatesFocus``) plus one closed root, and is
driven through plain-grammar sentences exactly as a spec would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.text_search import closest_lines, find_text
from shadow_pages import COMPONENTS

from .tools_helpers import IMPATIENT, failed, ok


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "components.html").write_text(COMPONENTS, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, action.args)


async def test_text_inside_shadow_roots_is_on_the_page(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /components.html"))
    ok(await step(tool_ctx, 'Verify "todos" is visible'))  # a heading inside a component
    ok(await step(tool_ctx, 'Verify "deeply nested text" is visible'))  # a component inside a component
    ok(await step(tool_ctx, 'Verify "2 items left" is visible'))  # slotted text in rendered order
    ok(await step(tool_ctx, 'Verify "Card title" is visible'))  # a named slot
    # The negative checks that passed on a page whose text hid behind shadow boundaries now fail.
    failed(await step(tool_ctx, 'Verify "todos" is not visible'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify "deeply nested text" is not visible'), "ASSERTION_FAILED")


async def test_hidden_text_inside_a_shadow_root_is_present_but_not_shown(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /components.html"))
    presence = await find_text(tool_ctx.page, "archived note", exact=False, timeout_ms=5_000)
    assert (presence.visible, presence.hidden) == (0, 1)
    ok(await step(tool_ctx, 'Verify "archived note" is not visible'))
    shown = await find_text(tool_ctx.page, "visible note", exact=True, timeout_ms=5_000)
    assert (shown.visible, shown.hidden) == (1, 0)  # the <p> only, not its host as well


async def test_closest_text_suggestions_come_from_inside_components(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /components.html"))
    assert (await closest_lines(tool_ctx.page, "todo", 5_000))[0] == "todos"
    result = await step(tool_ctx, 'Verify "3 items left" is visible')
    failed(result, "ASSERTION_FAILED")
    assert result.error is not None and "2 items left" in result.error.message


async def test_rows_that_are_components_name_their_checkboxes(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /components.html"))
    ok(await step(tool_ctx, 'Check "feed the cat"'))
    ok(await step(tool_ctx, 'Verify "feed the cat" is checked'))
    failed(await step(tool_ctx, 'Verify "buy milk" is checked'), "ASSERTION_FAILED")
    checked = await tool_ctx.page.evaluate(
        "[...document.querySelectorAll('todo-item')].map((i) => i.shadowRoot.querySelector('input').checked)"
    )
    assert checked == [True, False]


async def test_fields_and_focus_through_shadow_roots(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /components.html"))
    ok(await step(tool_ctx, 'Type "water the plants" into "New todo"'))
    ok(await step(tool_ctx, 'Verify "New todo" has value "water the plants"'))
    ok(await call_tool(tool_ctx, "assert_focused", {"target": "New todo"}))  # two shadow roots deep
    ok(await step(tool_ctx, 'Check "feed the cat"'))
    failed(await call_tool(tool_ctx, "assert_focused", {"target": "New todo"}), "ASSERTION_FAILED")


async def test_a_target_inside_a_closed_shadow_root_says_why_it_cannot_be_found(
    tool_ctx: ToolContext,
) -> None:
    ok(await step(tool_ctx, "Open /components.html"))
    result = await step(tool_ctx, 'Click "Sealed"')
    failed(result, "ELEMENT_NOT_FOUND")
    assert result.error is not None and "closed shadow root" in result.error.message
