"""``region=NAME``: text claimed in a region the page names ("Verify "Backpack" is in the cart") is read in
that region only — found by its label, its heading or its id, class or test id — and fails, saying what the
page names instead, when no region or two regions are named so."""

from __future__ import annotations

import dataclasses

from playwright.async_api import Page

from autoqa.tools import ToolContext

from .tools_helpers import Call

SHOP = """<!doctype html><meta charset="utf-8"><header><a href="#cart" class="cart">Cart (1)</a>
<svg aria-label="cart" width="10" height="10"></svg></header>
<main><h1>Shop</h1><ul><li>Backpack</li><li>Bike Light</li></ul></main>
<aside id="basket"><h2>Your cart (1)</h2><ul><li>Bike Light</li></ul><p>Total $9.99</p></aside>"""

BOARD = """<!doctype html><meta charset="utf-8"><main><h1>Deals</h1><div class="board">
<div class="col"><header><h3>Lead</h3><span>2</span></header><ul><li>Acme</li><li>Globex</li></ul></div>
<div class="col"><header><h3>Negotiation</h3><span>1</span></header><ul><li>Initech</li></ul></div>
</div></main>"""

FLAT = """<!doctype html><meta charset="utf-8"><main><h2>Saved locations</h2><ul><li>Lisbon</li></ul>
<h2>Recent</h2><ul><li>Porto</li></ul></main><aside><div data-testid="saved-trips"><p>Kyoto</p></div>
<p>Lisbon weather</p></aside>"""


async def test_text_in_a_region_named_by_its_heading_is_read_there_only(page: Page, call: Call) -> None:
    await page.set_content(SHOP)
    # "Your cart (1)" names the aside (the possessive and the count are not part of the name); a link and
    # an icon called "cart" are no regions.
    assert (await call("assert_text_in", target="region=cart", text="Bike Light")).ok
    assert (await call("assert_text_in", target="region=cart", text="Total $9.99")).ok
    wrong = await call("assert_text_in", target="region=cart", text="Backpack")
    assert not wrong.ok and wrong.error is not None and wrong.error.code == "ASSERTION_FAILED"
    assert "bike light" in wrong.error.message.lower()

    await page.set_content(BOARD)
    assert (await call("assert_text_in", target="region=Negotiation", text="Initech")).ok
    other_column = await call("assert_text_in", target="region=Negotiation", text="Globex")
    assert not other_column.ok and other_column.error is not None
    assert other_column.error.code == "ASSERTION_FAILED"
    assert (await call("assert_text_in", target="region=Lead", text="Globex")).ok


async def test_a_heading_of_a_flat_page_names_the_one_element_after_it(page: Page, call: Call) -> None:
    await page.set_content(FLAT)
    assert (await call("assert_text_in", target="region=Saved locations", text="Lisbon")).ok
    assert not (await call("assert_text_in", target="region=Saved locations", text="Porto")).ok
    assert (await call("assert_text_in", target="region=Recent", text="Porto")).ok
    # Two elements after the last heading: it heads no one region (the claim is not checked in either).
    await page.set_content(FLAT.replace("</ul></main>", "</ul><p>Braga</p></main>"))
    two_after = await call("assert_text_in", target="region=Recent", text="Porto")
    assert two_after.error is not None and two_after.error.code == "ELEMENT_NOT_FOUND"
    await page.set_content(FLAT)
    # a test id as words ("saved-trips" is "Saved trips")
    assert (await call("assert_text_in", target="region=Saved trips", text="Kyoto")).ok
    assert not (await call("assert_text_in", target="region=Saved trips", text="Lisbon")).ok


async def test_no_region_or_two_regions_of_that_name_fail_and_say_so(page: Page, call: Call) -> None:
    await page.set_content(BOARD)
    missing = await call("assert_text_in", target="region=Closed won", text="Initech")
    assert missing.error is not None and missing.error.code == "ELEMENT_NOT_FOUND"
    assert "'Lead'" in missing.error.message and "'Negotiation'" in missing.error.message

    await page.set_content(
        '<section aria-label="Cart"><p>Backpack</p></section><div class="cart"><p>Backpack</p></div>'
    )
    two = await call("assert_text_in", target="region=cart", text="Backpack")
    assert two.error is not None and two.error.code == "AMBIGUOUS_TARGET"
    assert 'labelled "Cart"' in two.error.message

    # Nested regions of one name are one region: the outer holds it all.
    await page.set_content(
        '<div class="cart-panel"><section aria-label="Cart"><h2>Cart</h2><p>Backpack</p></section>'
        "<p>Total $40</p></div>"
    )
    assert (await call("assert_text_in", target="region=cart", text="Total $40")).ok


async def test_a_region_that_renders_late_is_waited_for(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    tool_ctx.settings = dataclasses.replace(tool_ctx.settings, target_wait_ms=3_000)
    await page.set_content(
        "<main><h1>Shop</h1><ul><li>Backpack</li></ul></main><script>setTimeout(() => {"
        " document.body.insertAdjacentHTML('beforeend', '<aside><h2>Cart</h2><p>Backpack</p></aside>');"
        " }, 600)</script>"
    )
    assert (await call("assert_text_in", target="region=cart", text="Backpack")).ok


async def test_a_count_in_a_region_counts_the_items_of_its_one_list(page: Page, call: Call) -> None:
    await page.set_content(SHOP)
    assert (await call("assert_count", target="region-items=cart", count=1)).ok
    assert not (await call("assert_count", target="region-items=cart", count=2)).ok
    await page.set_content(BOARD)
    assert (await call("assert_count", target="region-items=Lead", count=2)).ok
    assert (await call("assert_count", target="region-items=Negotiation", count=1)).ok
    # An emptied region lists nothing: no items. Two lists in it: which one is not said.
    await page.set_content("<aside><h2>Cart</h2><p>Your cart is empty</p></aside><ul><li>Backpack</li></ul>")
    assert (await call("assert_count", target="region-items=cart", count=0)).ok
    assert not (await call("assert_count", target="region-items=cart", count=1)).ok
    await page.set_content("<aside><h2>Cart</h2><ul><li>A</li></ul><ul><li>B</li></ul></aside>")
    two = await call("assert_count", target="region-items=cart", count=1)
    assert two.error is not None and two.error.code == "AMBIGUOUS_TARGET" and "2 lists" in two.error.message


async def test_a_scope_is_also_a_region_the_page_names_by_class(page: Page, call: Call) -> None:
    # "Click "2" in the pagination": the pager's "2", not the quantity stepper's; Django's "paginator" and a
    # "pager" are a pagination too.
    for pager in ('<nav class="pager">', '<p class="paginator">', '<ul class="pagination">'):
        closing = "</" + pager[1:].split()[0] + ">"
        await page.set_content(
            f"<main><button onclick=\"location.hash='qty'\">2</button>{pager}"
            f'<a href="#p1">1</a> <a href="#p2">2</a> <a href="#next">Next</a>{closing}</main>'
        )
        assert (await call("click", target='2 in "pagination"')).ok, pager
        assert page.url.endswith("#p2"), (pager, page.url)
        assert (await call("click", target='Next in "pagination"')).ok
        assert page.url.endswith("#next")
    await page.set_content('<main><button>2</button><ul class="steps"><li>1</li><li>2</li></ul></main>')
    missing = await call("click", target='2 in "pagination"')
    assert not missing.ok  # no pagination on the page: not the stepper's "2"
