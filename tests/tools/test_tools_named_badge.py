"""``badge=NAME``: a short readout the step names ("the cart badge shows "2"", "the status pill reads
"Open"") is read from the one badge the page names so — by its class, id or test id, the link or button it
sits in, or the label it sits under — never from the same text elsewhere; no badge or two of that name
fail and say what the page shows."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from .tools_helpers import Call

PAGE = """<!doctype html><meta charset="utf-8">
<header><a href="/cart" aria-label="Shopping cart">🛒<span class="shopping_cart_badge">2</span></a>
<a href="/inbox">Messages</a><span class="count">12</span>
<button class="notifications">Alerts <span class="bubble">5</span></button>
<a href="/orders?state=pending">Pending orders</a><span class="count">3</span>
<a href="/reviews/pending">Pending reviews</a><span class="count">1</span></header>
<main><h1>Backpack</h1><p>2 reviews · 5 stars · 12 photos</p>
<p>Status: <span class="pill">Open</span></p>
<nav><button>Open</button><button>Closed</button></nav>
<dl><dt>Availability</dt><dd><span class="tag">In stock</span></dd></dl>
<table><tr><th>Order</th><th>Payment</th></tr>
<tr><td>#1</td><td><span class="badge">Paid</span></td></tr></table>
<span class="priority">High</span>
<span class="badge" hidden>Sale</span>
</main>"""


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("cart", "2"),  # its own class words ("shopping_cart_badge")
        ("shopping cart", "2"),  # the link it sits in
        ("message", "12"),  # the link just before it, singular ("Messages")
        ("pending review", "1"),  # every word names it: "Pending orders" is another count
        ("pending order", "3"),
        ("notification", "5"),  # the button it sits in, by its class
        ("alert", "5"),  # … and by the button's own words
        ("status", "Open"),  # "Status: <pill>"
        ("availability", "In stock"),  # <dt> before its <dd>
        ("payment", "Paid"),  # its table column
        ("priority", "High"),  # no badge class, but the leaf carries the name itself
    ],
)
async def test_a_badge_is_found_by_the_name_the_page_gives_it(
    page: Page, call: Call, name: str, text: str
) -> None:
    await page.set_content(PAGE)
    result = await call("assert_text_in", target=f"badge={name}", text=text, exact=True)
    assert result.ok, result.error


async def test_the_same_text_elsewhere_is_no_evidence(page: Page, call: Call) -> None:
    # "2 reviews", a "Closed" filter button, "12 photos": the badge's own whole text is what counts.
    await page.set_content(PAGE.replace(">2</span></a>", ">3</span></a>"))
    wrong = await call("assert_text_in", target="badge=cart", text="2", exact=True)
    assert wrong.error is not None and wrong.error.code == "ASSERTION_FAILED", wrong.error
    assert "'3'" in wrong.error.message
    await page.set_content(PAGE.replace('class="pill">Open', 'class="pill">Closed'))
    assert not (await call("assert_text_in", target="badge=status", text="Open", exact=True)).ok
    await page.set_content(PAGE.replace('class="tag">In stock', 'class="tag">Not in stock'))
    assert not (await call("assert_text_in", target="badge=availability", text="In stock", exact=True)).ok


async def test_no_badge_or_two_of_that_name_fail_and_say_so(page: Page, call: Call) -> None:
    # the cart emptied and its badge removed: nothing reads "2", whatever else on the page does
    await page.set_content(PAGE.replace('<span class="shopping_cart_badge">2</span>', ""))
    gone = await call("assert_text_in", target="badge=cart", text="2", exact=True)
    assert gone.error is not None and gone.error.code == "ELEMENT_NOT_FOUND", gone.error
    assert "reading" in gone.error.message  # the badges it does show
    # a hidden badge is none
    hidden = await call("assert_text_in", target="badge=sale", text="Sale", exact=True)
    assert hidden.error is not None and hidden.error.code == "ELEMENT_NOT_FOUND"
    # two rows, two status pills: which one is not said
    await page.set_content(
        '<ul><li>A <span class="status-pill">Open</span></li>'
        '<li>B <span class="status-pill">Closed</span></li></ul>'
    )
    two = await call("assert_text_in", target="badge=status", text="Open", exact=True)
    assert two.error is not None and two.error.code == "AMBIGUOUS_TARGET", two.error
    assert "Closed" in two.error.message
    # nested badge elements are one badge
    await page.set_content(
        '<a href="/cart"><span class="badge"><span class="badge-count">4</span></span></a>'
    )
    assert (await call("assert_text_in", target="badge=cart", text="4", exact=True)).ok


async def test_a_named_badge_shown_or_gone(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    assert (await call("assert_element_visible", target="badge=cart")).ok
    assert not (await call("assert_element_hidden", target="badge=cart")).ok
    # the cart emptied: its badge gone (whatever "2" the page still shows)
    await page.set_content(PAGE.replace('<span class="shopping_cart_badge">2</span>', ""))
    assert (await call("assert_element_hidden", target="badge=cart")).ok
    assert not (await call("assert_element_visible", target="badge=cart")).ok
