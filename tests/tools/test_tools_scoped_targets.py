"""Targets scoped to a row or region: '"Remove" button for "Backpack"', 'the checkbox in the "feed the cat"
row', '"Science" in the "By genre" filter'. The element must be in that row or region; one that is only
elsewhere on the page is not found (acting on the wrong row would be a false pass)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>Rows</title>
<script>function did(what) { document.getElementById('log').textContent = what; }</script>
<p id="log">nothing yet</p>
<ul class="products">
  <li><h3>Backpack</h3><p>$29.99</p><button onclick="did('added Backpack')">Add to cart</button></li>
  <li><h3>Bike Light</h3><p>$9.99</p><button onclick="did('added Bike Light')">Add to cart</button></li>
  <li><h3>Backpack Deluxe</h3><p>$59.99</p><button onclick="did('added Backpack Deluxe')">Add to cart</button>
  </li>
  <li><h3>Gift card</h3><p>sold out</p></li>
</ul>
<table><thead><tr><th>Title</th><th>Author</th><th></th></tr></thead><tbody>
  <tr><td>Kindred</td><td>Octavia Butler</td>
    <td><a href="#" onclick="did('delete Kindred')">Delete</a></td></tr>
  <tr><td>SPQR</td><td>Mary Beard</td><td><a href="#" onclick="did('delete SPQR')">Delete</a></td></tr>
</tbody></table>
<div id="filters">
  <h3>By genre</h3>
  <ul><li><a href="#" onclick="did('genre science')">Science</a></li><li><a href="#">Fiction</a></li></ul>
  <h3>By shelf</h3>
  <ul><li><a href="#" onclick="did('shelf science')">Science</a></li><li><a href="#">Poetry</a></li></ul>
</div>
<ul class="todos">
  <li><input type="checkbox"><label>feed the cat</label></li>
  <li><input type="checkbox"><label>buy milk</label></li>
</ul>
<ul class="chores">
  <li class="done"><input type="checkbox" checked><label>walk the dog</label></li>
  <li><label>water the plants</label></li>
</ul>
<div class="layout">
  <aside><p>Recently viewed: Desk lamp</p></aside>
  <section><p>Your cart is empty</p><button onclick="did('emptied')">Empty cart</button></section>
</div>
<nav aria-label="Account"><a href="#" onclick="did('account settings')">Settings</a></nav>
<footer><a href="#" onclick="did('site settings')">Settings</a></footer>
"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "rows.html").write_text(PAGE, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def click(ctx: ToolContext, target: str) -> ToolResult:
    return await call_tool(ctx, "click", {"target": target})


async def did(ctx: ToolContext) -> str | None:
    return await ctx.page.text_content("#log")


@pytest.mark.parametrize(
    ("target", "effect"),
    [
        ('"Add to cart" button for "Bike Light"', "added Bike Light"),
        ('"Add to cart" in the "Backpack" row', "added Backpack"),  # not "Backpack Deluxe": exact first
        ('"Add to cart" for "Backpack Deluxe"', "added Backpack Deluxe"),
        ('"Delete" link in the row "SPQR"', "delete SPQR"),  # table cells share the row
        ('the "Delete" link next to "Mary Beard"', "delete SPQR"),
        ('"Science" in the "By shelf" filter', "shelf science"),  # the nearest heading before it
        ('"Science" in the "By genre" list', "genre science"),
        ('"Settings" in the "Account" menu', "account settings"),  # aria-label of a region
    ],
)
async def test_a_scoped_target_acts_in_that_row_or_region(
    tool_ctx: ToolContext, target: str, effect: str
) -> None:
    ok(await call_tool(tool_ctx, "navigate", {"url": "/rows.html"}))
    ok(await click(tool_ctx, target))
    assert await did(tool_ctx) == effect


async def test_a_role_alone_is_named_by_its_row(tool_ctx: ToolContext) -> None:
    ok(await call_tool(tool_ctx, "navigate", {"url": "/rows.html"}))
    ok(
        await call_tool(
            tool_ctx, "set_checked", {"target": 'the checkbox in the "buy milk" row', "checked": True}
        )
    )
    ok(
        await call_tool(
            tool_ctx, "assert_checked", {"target": 'checkbox next to "buy milk"', "checked": True}
        )
    )
    ok(
        await call_tool(
            tool_ctx, "assert_checked", {"target": 'checkbox for "feed the cat"', "checked": False}
        )
    )
    checked = await tool_ctx.page.eval_on_selector_all(".todos input", "els => els.map((e) => e.checked)")
    assert checked == [False, True]


async def test_text_inside_the_row_named_by_another_text(tool_ctx: ToolContext) -> None:
    from autoqa.spec.grammar import parse_plain_text

    ok(await call_tool(tool_ctx, "navigate", {"url": "/rows.html"}))
    for sentence, passes in (
        ('Verify the "SPQR" row shows "Mary Beard"', True),
        ('Verify "Octavia Butler" is shown in the row "Kindred"', True),
        ('Verify the "SPQR" row shows "Octavia Butler"', False),  # on the page, but in another row
        ('Verify "$9.99" is shown in the "Bike Light" item', True),
        ('Verify "$9.99" is shown in the "Backpack" item', False),
    ):
        action = parse_plain_text(sentence)
        assert action is not None, sentence
        result = await call_tool(tool_ctx, action.tool, action.args)
        if passes:
            ok(result)
        else:
            failed(result, "ASSERTION_FAILED")


async def test_an_element_only_in_another_row_is_not_found(tool_ctx: ToolContext) -> None:
    ok(await call_tool(tool_ctx, "navigate", {"url": "/rows.html"}))
    result = failed(await click(tool_ctx, '"Add to cart" button for "Gift card"'), "ELEMENT_NOT_FOUND")
    assert result.error is not None and "in a row or region with 'Gift card'" in result.error.message
    # list items are rows whatever their classes: a finished item's checkbox is not the next item's
    failed(await click(tool_ctx, 'the checkbox for "water the plants"'), "ELEMENT_NOT_FOUND")
    # landmarks and sections side by side are separate regions, not one row
    failed(await click(tool_ctx, '"Empty cart" button for "Desk lamp"'), "ELEMENT_NOT_FOUND")
    result = failed(await click(tool_ctx, '"Add to cart" for "Skateboard"'), "ELEMENT_NOT_FOUND")
    assert result.error is not None and "that text is not on the page" in result.error.message
    # unscoped, the same words are ambiguous: the scope is what makes them one element
    failed(await click(tool_ctx, '"Add to cart" button'), "AMBIGUOUS_TARGET")
    assert await did(tool_ctx) == "nothing yet"
