"""Assertions that can state the claim: order, text inside one element, focus — each passes on a page
that shows the claim and fails, naming what it saw, on one that does not."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

LIST = """<!doctype html><meta charset="utf-8"><h1>Products</h1>
<ul id="products">{items}</ul>
<section id="cart" aria-label="Cart"><p>Total: <b>$40.98</b></p></section>
<section id="wishlist" aria-label="Wishlist"><p>Total: $7.99</p></section>
<label>Search <input id="q"></label><button onclick="document.querySelector('#q').focus()">Find</button>
"""


def _page(names: list[str]) -> str:
    return LIST.format(items="".join(f"<li><h3>{n}</h3></li>" for n in names))


async def test_order_passes_on_a_sorted_list_and_fails_on_an_unsorted_one(page: Page, call: Call) -> None:
    await page.set_content(_page(["Onesie", "Bike Light", "Fleece Jacket"]))
    assert (await call("assert_order", texts=["Onesie", "Fleece Jacket"], target="#products")).ok
    assert (await call("assert_order", texts=["Onesie", "Bike Light", "Fleece Jacket"])).ok

    await page.set_content(_page(["Fleece Jacket", "Onesie", "Bike Light"]))
    result = await call("assert_order", texts=["Onesie", "Fleece Jacket"], target="#products")
    assert not result.ok and result.error is not None and result.error.code == "ASSERTION_FAILED"
    assert "in the order 'Fleece Jacket' < 'Onesie'" in result.error.message


async def test_order_names_a_text_that_is_not_shown(page: Page, call: Call) -> None:
    await page.set_content(_page(["Onesie"]))
    result = await call("assert_order", texts=["Onesie", "Backpack"])
    assert result.error is not None and "not shown: 'Backpack'" in result.error.message


async def test_text_in_an_element_is_scoped_to_that_element(page: Page, call: Call) -> None:
    await page.set_content(_page(["Onesie"]))
    assert (await call("assert_text_in", target="#cart", text="$40.98")).ok
    assert (await call("assert_text_in", target="#cart", text="Total: $40.98", exact=True)).ok
    wrong = await call("assert_text_in", target="#wishlist", text="$40.98")
    assert wrong.error is not None and "its text is 'total: $7.99'" in wrong.error.message.lower()
    partial = await call("assert_text_in", target="#cart", text="$40.98", exact=True)
    assert not partial.ok


async def test_a_number_in_the_text_is_matched_whole(page: Page, call: Call) -> None:
    await page.set_content(
        '<p id="raised">Raised £1,200,000 of £5,000,000</p><p id="tab">Comments 3120</p>'
        '<p id="ok">Raised: £1,200 (so far)</p><p id="v">Version 21.5</p>'
    )
    for target, text in (("#raised", "£1,200"), ("#tab", "312"), ("#v", "1.5"), ("#tab", "120")):
        result = await call("assert_text_in", target=target, text=text)
        assert not result.ok and result.error is not None, (target, text)
        assert result.error.code == "ASSERTION_FAILED"
    for target, text in (("#ok", "£1,200"), ("#tab", "Comments 3120"), ("#v", "21.5"), ("#ok", "raised:")):
        assert (await call("assert_text_in", target=target, text=text)).ok, (target, text)
    # on the page too ("Verify "312" is shown"), and its absence
    assert not (await call("assert_text_present", text="312")).ok
    assert (await call("assert_text_present", text="3120")).ok
    assert (await call("assert_text_absent", text="312")).ok
    # a labelled value too ("the amount raised is £1,200")
    await page.set_content("<dl><dt>Amount raised</dt><dd>£1,200,000</dd></dl>")
    assert not (await call("assert_text_in", target="css=body", column="amount raised", text="£1,200")).ok
    assert (await call("assert_text_in", target="css=body", column="amount raised", text="£1,200,000")).ok


async def test_a_labelled_value_is_matched_as_whole_words(page: Page, call: Call) -> None:
    # "Verify the assignee is "Ada"" must not pass on "Adam", nor "Shipped" on "Unshipped"; text claimed
    # anywhere else is contained as written ("Ada" is in "Adam's notes").
    await page.set_content(
        "<dl><dt>Assignee</dt><dd>Adam Smith</dd><dt>Status</dt><dd>Unshipped</dd>"
        "<dt>Reviewer</dt><dd>Ada Lovelace</dd></dl><p id='notes'>Adam's notes</p>"
    )
    for column, text in (("assignee", "Ada"), ("status", "Shipped"), ("assignee", "dam")):
        result = await call("assert_text_in", target="css=body", column=column, text=text)
        assert not result.ok and result.error is not None, (column, text)
        assert result.error.code == "ASSERTION_FAILED"
    for column, text in (("assignee", "Adam"), ("reviewer", "Ada"), ("assignee", "Adam Smith")):
        assert (await call("assert_text_in", target="css=body", column=column, text=text)).ok, (column, text)
    assert (await call("assert_text_in", target="#notes", text="Ada")).ok


async def test_focus_is_checked_on_the_element(page: Page, call: Call) -> None:
    await page.set_content(_page(["Onesie"]))
    assert not (await call("assert_focused", target="Search")).ok
    assert (await call("click", target="Find")).ok
    assert (await call("assert_focused", target="Search")).ok
