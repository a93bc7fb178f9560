"""``assert_sorted``: the main list's or table's items are in order — by their text or by a column or
labelled field, numbers as numbers — and a list out of order, too short to show an order, or missing the
column fails and says which values broke it."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from autoqa.sort_order import out_of_order

from .tools_helpers import Call

TABLE = """<!doctype html><meta charset="utf-8"><main><h1>Books</h1><table>
<thead><tr><th>Title</th><th>Price</th><th>Published</th></tr></thead><tbody>
<tr><td>Dune</td><td>$9.99</td><td>1965-08-01</td></tr>
<tr><td>Kindred</td><td>$29.99</td><td>1979-06-01</td></tr>
<tr><td>SPQR</td><td>$100.00</td><td>2015-10-20</td></tr>
</tbody></table></main>"""

CARDS = """<!doctype html><meta charset="utf-8"><main><ul class="products">
<li><h3>Backpack</h3><p>Price: €29.99</p></li>
<li><h3>Bike Light</h3><p>Price: €9.99</p></li>
<li><h3>Onesie</h3><p>Price: €7.99</p></li>
</ul></main>"""


async def test_a_table_sorted_by_a_column(page: Page, call: Call) -> None:
    await page.set_content(TABLE)
    for column in ("Title", "Price", "Published"):
        result = await call("assert_sorted", column=column, tables=True)
        assert result.ok, (column, result.error)
    # "$100.00" after "$9.99": numbers compare as numbers, never as text
    assert (await call("assert_sorted", column="Price", tables=True)).data["compared"] == "numbers"
    down = await call("assert_sorted", column="Price", tables=True, descending=True)
    assert down.error is not None and down.error.code == "ASSERTION_FAILED"
    assert "'$9.99' comes before '$29.99'" in down.error.message


async def test_items_sorted_by_a_labelled_field_and_by_their_text(page: Page, call: Call) -> None:
    await page.set_content(CARDS)
    assert (await call("assert_sorted")).ok  # by name, as the items read
    assert (await call("assert_sorted", column="name")).ok  # a card's name is its first line
    await page.set_content(CARDS.replace("<h3>Backpack</h3>", "<h3>Tent</h3>"))
    by_name = await call("assert_sorted", column="name")
    assert by_name.error is not None and "'Tent' comes before 'Bike Light'" in by_name.error.message
    await page.set_content(CARDS)
    assert (await call("assert_sorted", column="price", descending=True)).ok
    up = await call("assert_sorted", column="price")
    assert up.error is not None and "'€29.99' comes before '€9.99'" in up.error.message


async def test_out_of_order_short_or_columnless_lists_fail(page: Page, call: Call) -> None:
    await page.set_content(TABLE.replace("<td>Kindred</td>", "<td>Anathem</td>"))
    wrong = await call("assert_sorted", column="Title", tables=True)
    assert wrong.error is not None and "'Dune' comes before 'Anathem'" in wrong.error.message
    await page.set_content("<main><ul><li>Only one</li></ul></main>")
    one = await call("assert_sorted")
    assert one.error is not None and "fewer than two" in one.error.message
    await page.set_content(TABLE)
    missing = await call("assert_sorted", column="Author", tables=True)
    assert missing.error is not None and "no column or field 'Author'" in missing.error.message
    assert "'Title'" in missing.error.message  # the names it has


DIV_CARDS = """<!doctype html><meta charset="utf-8"><main><h1>Products</h1><div class="inventory_list">
<div class="inventory_item"><div class="inventory_item_name">Onesie</div>
<s class="inventory_item_price-old">$49.99</s><div class="inventory_item_price">$7.99</div></div>
<div class="inventory_item"><div class="inventory_item_name">Bike Light</div>
<s class="inventory_item_price-old">$12.99</s><div class="inventory_item_price">$9.99</div></div>
<div class="inventory_item"><div class="inventory_item_name">Backpack</div>
<s class="inventory_item_price-old">$39.99</s><div class="inventory_item_price">$29.99</div></div>
</div></main>"""


async def test_div_cards_sorted_by_the_price_their_class_names_not_the_struck_old_one(
    page: Page, call: Call
) -> None:
    """A div card's price is the one element whose class ends with "price" ("inventory_item_price"), not
    the struck-through "inventory_item_price-old" (which only holds the word): the real prices are in
    ascending order, the old ones are not."""
    await page.set_content(DIV_CARDS)
    up = await call("assert_sorted", column="price")
    assert up.ok, up.error
    down = await call("assert_sorted", column="price", descending=True)
    assert down.error is not None and "'$7.99' comes before '$9.99'" in down.error.message


@pytest.mark.parametrize(
    ("values", "descending", "broken_at"),
    [
        (["$9.99", "$29.99", "$100"], False, None),
        (["$100", "$9.99"], False, 1),
        (["apple", "Banana", "cherry"], False, None),  # case folded
        (["Bay 9 East", "Bay 10 West"], False, None),  # numbers in text as numbers
        (["Bay 10 West", "Bay 9 East"], False, None),  # … or letter by letter
        (["b", "a", "c"], False, 1),
        (["Zed", "Yak", "Ant"], True, None),
        (["Ant", "Yak"], True, 1),
        (["84 KB", "120 KB"], False, None),
        (["2", "2", "1"], True, None),  # equal neighbours are in order
        (["15 Nov 2026", "01 Dec 2026"], False, None),  # dates as dates ("01 Dec" < "15 Nov" as text)
        (["15 Nov 2026", "01 Dec 2026"], True, 1),
        (["Dec 1, 2026", "Nov 15, 2026"], True, None),
        (["01/02/2026", "03/02/2026"], False, None),  # sorted day or month first
        (["02/01/2026", "01/03/2026"], False, 1),  # sorted day first only: which is not said
    ],
)
def test_the_order_rule(values: list[str], descending: bool, broken_at: int | None) -> None:
    assert out_of_order(values, descending=descending) == broken_at


def test_dates_in_a_format_it_does_not_read_are_not_compared_as_text() -> None:
    with pytest.raises(ValueError, match="look like dates"):
        out_of_order(["Nov 2026, week 3", "Dec 2026, week 1"])
