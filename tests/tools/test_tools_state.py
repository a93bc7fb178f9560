"""``assert_state``: selected, expanded, pressed, current and invalid, read the way the page says them
(ARIA, the native element, the class apps give the chosen filter, the field's own validation) — through
plain-grammar steps, passing when the page is in that state and failing when not; an element that says
nothing cannot prove a claim."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>States</title>
<div role="tablist"><button role="tab" aria-selected="true">Products</button>
<button role="tab" aria-selected="false">Orders</button></div>
<button aria-expanded="false"
  onclick="this.setAttribute('aria-expanded', this.getAttribute('aria-expanded') !== 'true')">Menu</button>
<button aria-pressed="true">Bold</button>
<ul class="filters"><li><a href="#/" class="selected">All</a></li><li><a href="#/active">Active</a></li></ul>
<nav><a href="/a" aria-current="page">Home</a> <a href="/b">Help</a></nav>
<label><input type="radio" name="ship" checked> Express</label>
<label><input type="radio" name="ship"> Slow</label>
<button>Plain</button>
<div class="folders"><a href="#/inbox">Inbox</a> <a href="#/sent">Sent</a></div>
"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "states.html").write_text(PAGE, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, action.args)


async def test_states_hold_as_the_page_says_them(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /states.html"))
    for sentence in (
        'Verify the "Products" tab is selected',
        'Verify the "Orders" tab is not selected',
        'Verify the "Menu" button is collapsed',
        'Verify the "Bold" button is pressed',
        'Verify the "All" filter is selected',  # TodoMVC: class="selected"
        'Verify the "Active" filter is not selected',
        'Verify "Home" is the current page',
        'Verify the "Express" radio is selected',
    ):
        ok(await step(tool_ctx, sentence))
    ok(await step(tool_ctx, 'Click "Menu"'))
    ok(await step(tool_ctx, 'Verify the "Menu" button is expanded'))


async def test_a_state_the_page_does_not_show_fails(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /states.html"))
    failed(await step(tool_ctx, 'Verify the "Orders" tab is selected'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the "Menu" button is expanded'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the "Active" filter is selected'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify "Help" is the current page'), "ASSERTION_FAILED")
    # a button that says nothing about being expanded or pressed proves neither claim, either way
    # nor do links in a group that marks no chosen member at all (no class, no aria-current anywhere)
    for sentence in (
        'Verify the "Plain" button is expanded',
        'Verify the "Plain" button is not pressed',
        'Verify the "Sent" link is not selected',
        'Verify "Inbox" is not the current page',
    ):
        result = failed(await step(tool_ctx, sentence), "ASSERTION_FAILED")
        assert result.error is not None and "does not say whether" in result.error.message


INVALID_PAGE = """<!doctype html><meta charset="utf-8"><title>Form</title>
<form novalidate>
<label>Email <input id="email" type="email" required></label>
<label>First name <input id="first" aria-invalid="false"></label>
<label>Notes <input id="notes"></label>
<button type="button" onclick="document.getElementById('first').setAttribute('aria-invalid', 'true')">
Check</button>
</form><p>Plain text</p>"""


async def test_invalid_as_the_field_or_its_aria_invalid_says(
    tool_ctx: ToolContext, site: tuple[Path, str]
) -> None:
    """aria-invalid when the page sets it, else the browser's own validation of the field; an element that
    is no form field and has no aria-invalid says nothing."""
    folder, _ = site
    (folder / "invalid.html").write_text(INVALID_PAGE, encoding="utf-8")
    ok(await step(tool_ctx, "Open /invalid.html"))
    ok(await step(tool_ctx, 'Verify the "Email" field is invalid'))  # required and empty
    ok(await step(tool_ctx, 'Verify the "Notes" field is valid'))
    ok(await step(tool_ctx, 'Verify the "First name" field is valid'))  # aria-invalid="false"
    failed(await step(tool_ctx, 'Verify the "First name" field is invalid'), "ASSERTION_FAILED")
    ok(await step(tool_ctx, 'Type "not an address" into the "Email" field'))
    ok(await step(tool_ctx, 'Verify the "Email" field is invalid'))
    ok(await step(tool_ctx, 'Type "ana@example.com" into the "Email" field'))
    ok(await step(tool_ctx, 'Verify the "Email" field is valid'))
    failed(await step(tool_ctx, 'Verify the "Email" field is invalid'), "ASSERTION_FAILED")
    ok(await step(tool_ctx, 'Click "Check"'))
    ok(await step(tool_ctx, 'The "First name" input has aria-invalid="true"'))
    result = failed(await step(tool_ctx, 'Verify the "Check" button is invalid'), "ASSERTION_FAILED")
    assert result.error is not None and "does not say whether" in result.error.message
