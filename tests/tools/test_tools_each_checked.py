"""``assert_each_checked``: each item's own checkbox of the main table or list, or every checkbox the page
shows, in one state — and a claim about none, an item without a box, a half-checked box or another count
fails and names what broke it."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

TABLE = """<!doctype html><meta charset="utf-8"><main><h1>Orders</h1><table>
<thead><tr><th><input type="checkbox" aria-label="Select all"></th><th>Order</th></tr></thead><tbody>
<tr><td><input type="checkbox" aria-label="Select row" checked></td><td>A-100</td></tr>
<tr><td><input type="checkbox" aria-label="Select row" checked></td><td>A-101</td></tr>
<tr><td><input type="checkbox" aria-label="Select row" checked></td><td>A-102</td></tr>
</tbody></table></main>"""

ARIA = """<!doctype html><meta charset="utf-8"><main>
<div role="checkbox" aria-checked="true" tabindex="0">Email me</div>
<div role="checkbox" aria-checked="true" tabindex="0">Text me</div></main>"""


async def _fails(call: Call, **args: object) -> str:
    result = await call("assert_each_checked", **args)
    assert result.error is not None and result.error.code == "ASSERTION_FAILED", args
    return result.error.message


async def test_each_row_of_the_main_table_has_its_own_box_read(page: Page, call: Call) -> None:
    await page.set_content(TABLE)
    # the header's "Select all" box is no row: it is unchecked, and the rows' claim still holds
    assert (await call("assert_each_checked", tables=True)).data["count"] == 3
    assert "3 of 3 not unchecked: 'A-100', 'A-101', 'A-102'" in await _fails(call, tables=True, checked=False)
    await page.set_content(TABLE.replace("checked></td><td>A-101", "></td><td>A-101"))
    assert "1 of 3 not checked: 'A-101'" in await _fails(call, tables=True)
    # every box the page shows: the header's too
    assert "not checked: 'Select all'" in await _fails(call, scope="page")


async def test_a_claim_about_none_or_a_boxless_item_fails(page: Page, call: Call) -> None:
    await page.set_content(TABLE.split("<tbody>")[0] + "<tbody></tbody></table></main>")
    assert "proves nothing" in await _fails(call, tables=True, checked=False)
    await page.set_content("<main><ul><li>Buy milk</li><li><input type=checkbox> Pay rent</li></ul></main>")
    assert "the item 'Buy milk' has no checkbox" in await _fails(call, checked=False)
    await page.set_content("<main><p>No boxes here</p></main>")
    assert "proves nothing" in await _fails(call, scope="page", checked=False)


async def test_drawn_boxes_half_checked_boxes_and_a_count(page: Page, call: Call) -> None:
    await page.set_content(ARIA)
    assert (await call("assert_each_checked", scope="page", count=2)).ok
    assert "2 checkbox(es), not 3" in await _fails(call, scope="page", count=3)
    await page.set_content(
        ARIA.replace('aria-checked="true" tabindex="0">Text', 'aria-checked="mixed" tabindex="0">Text')
    )
    # "mixed" is neither checked nor unchecked
    assert "1 of 2 not checked: 'Text me' (half-checked)" in await _fails(call, scope="page")
    assert "2 of 2 not unchecked: 'Email me', 'Text me' (half-checked)" in await _fails(
        call, scope="page", checked=False
    )
    # a box hidden by its page (display: none) is none the page shows; one drawn by its label is
    await page.set_content(
        '<main><input type=checkbox id=a style="display:none"><label for=a>Drawn</label>'
        '<input type=checkbox checked style="display:none"></main>'
    )
    assert "1 of 1 not checked: 'Drawn'" in await _fails(call, scope="page")
