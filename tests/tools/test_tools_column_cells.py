"""A value named by its row and column ("the due date for "Dune""): the check reads that cell of the row —
a table column by its header, or a card's labelled field — and fails when another cell of the row shows
the text, or when the row has no such column (naming the columns it has), never passing on the row's text."""

from __future__ import annotations

from playwright.async_api import Page

from autoqa.tools import ToolContext

from .tools_helpers import PATIENT, Call

TABLE = """<!doctype html><meta charset="utf-8"><table>
<thead><tr><th>Title</th><th>Due date</th><th>Created</th></tr></thead>
<tbody><tr><td>Dune</td><td>{due}</td><td>2026-12-24</td></tr>
<tr><td>Kindred</td><td>2026-12-24</td><td>2026-01-02</td></tr></tbody></table>"""

CARDS = """<!doctype html><meta charset="utf-8"><ul>
<li><h3>Dune</h3><dl><dt>Created</dt><dd>2026-12-24</dd><dt>Due date</dt><dd>{due}</dd></dl></li>
<li><h3>Kindred</h3><p><span>Created:</span> <span>2026-01-02</span></p><p>Due date: {due}</p>
<label>Status <input value="Open" readonly></label><span aria-label="Price">$12</span></li>
</ul>"""
ITEM = "list item"


async def _due(
    call: Call, row: str, text: str, column: str = "due date", *, noun: str = "row"
) -> tuple[bool, str]:
    result = await call("assert_text_in", target=f'the {noun} in "{row}"', text=text, column=column)
    return result.ok, result.error.message if result.error is not None else ""


async def test_a_table_cell_is_read_under_its_column_header(page: Page, call: Call) -> None:
    await page.set_content(TABLE.format(due="2026-12-24"))
    assert (await _due(call, "Dune", "2026-12-24"))[0]
    assert (await _due(call, "Dune", "2026-12-24", column="the Due Date"))[0]

    # The Created cell shows the date the step names; the due date differs: red, naming that cell.
    await page.set_content(TABLE.format(due="2027-01-15"))
    ok, message = await _due(call, "Dune", "2026-12-24")
    assert not ok
    assert "the 'due date' cell of the row of 'Dune'" in message and "2027-01-15" in message
    # Without a column the row form still reads the whole row (what "the "Dune" row shows" claims).
    assert (await call("assert_text_in", target='the row in "Dune"', text="2026-12-24")).ok


async def test_a_row_without_that_column_fails_naming_its_columns(page: Page, call: Call) -> None:
    await page.set_content(TABLE.format(due="2026-12-24"))
    ok, message = await _due(call, "Dune", "2026-12-24", column="return date")
    assert not ok
    assert message.startswith("no column or field named 'return date' in the row of 'Dune'; columns: Title, ")
    assert "Due date, Created" in message


async def test_a_card_field_is_read_by_its_label(page: Page, call: Call) -> None:
    await page.set_content(CARDS.format(due="2026-12-31"))
    assert (await _due(call, "Dune", "2026-12-31", noun=ITEM)) == (True, "")  # dt → dd
    assert (await _due(call, "Kindred", "2026-12-31", noun=ITEM))[0]  # "Due date: …" in one element
    # a label, then its value
    assert (await _due(call, "Kindred", "2026-01-02", column="created", noun=ITEM))[0]
    assert (await _due(call, "Kindred", "Open", column="status", noun=ITEM))[0]  # a <label>'s control
    assert (await _due(call, "Kindred", "$12", column="price", noun=ITEM))[0]  # an aria-label
    # The grammar names a card's row "the row": with a column, that is the card's list item.
    assert (await _due(call, "Dune", "2026-12-31")) == (True, "")

    # Dune's Created field shows the date asked for, its due date does not: red.
    ok, message = await _due(call, "Dune", "2026-12-24", noun=ITEM)
    assert not ok and "2026-12-31" in message
    ok, message = await _due(call, "Dune", "2026-12-24", column="author", noun=ITEM)
    assert (
        not ok
        and "no column or field named 'author' in the list item of 'Dune'; fields: Created, Due date"
        in message
    )


SPANNED = """<!doctype html><meta charset="utf-8"><table>
<thead><tr><th colspan="2">Title</th><th>Due date</th><th>Created</th></tr></thead>
<tbody><tr><th scope="row">Dune</th><td>paperback</td><td>{due}</td><td>2026-12-24</td></tr>
<tr><th scope="row">Kindred</th><td>hardcover</td><td>2026-12-24</td><td>2026-01-02</td></tr>
</tbody></table>"""


async def test_a_header_spanning_two_columns_shifts_the_cells_under_the_next(page: Page, call: Call) -> None:
    """ "Title" spans the row header and a format cell: "Due date" is the row's third cell, not its second."""
    await page.set_content(SPANNED.format(due="2027-01-15"))
    assert (await _due(call, "Dune", "2027-01-15"))[0]
    ok, message = await _due(call, "Dune", "2026-12-24")  # only Created shows it
    assert not ok and "2027-01-15" in message, message


async def test_a_column_that_renders_late_is_waited_for(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    """The table first renders without its 'Due date' column (still loading): the check waits for it."""
    tool_ctx.settings = PATIENT  # 0.6 s of a 1 s limit is too close on a busy machine
    await page.set_content(
        TABLE.format(due="2027-01-15").replace("<th>Due date</th>", "<th>Loading…</th>")
        + "<script>setTimeout(() => { document.querySelector('th:nth-child(2)').textContent = 'Due date'; }"
        + ", 600)</script>"
    )
    assert await _due(call, "Dune", "2027-01-15") == (True, "")


LABELLED = """<!doctype html><meta charset="utf-8"><main>{before}
<dl><dt>Original price</dt><dd>£425,000</dd><dt>Price</dt><dd>{price}</dd></dl></main>"""


async def _price(call: Call, text: str) -> tuple[bool, str]:
    """The grammar's 'Verify the price is "…"': the value the page labels Price, the page as the row."""
    result = await call("assert_text_in", target="css=body", text=text, column="price")
    return result.ok, result.error.message if result.error is not None else ""


async def test_a_hidden_copy_of_a_label_or_value_is_not_the_labelled_value(page: Page, call: Call) -> None:
    """A hidden edit form still holding the old price, or a hidden old value right after the label, is not
    what the page shows as the price."""
    hidden_form = '<form hidden><p>Price: £425,000</p><label>Price <input value="£425,000"></label></form>'
    await page.set_content(LABELLED.format(before=hidden_form, price="£399,000"))
    assert (await _price(call, "£399,000"))[0]
    ok, message = await _price(call, "£425,000")
    assert not ok and "£399,000" in message, message

    await page.set_content(
        LABELLED.format(before="", price="£399,000").replace("<dd>£399", "<dd hidden>£425,000</dd><dd>£399")
    )
    assert (await _price(call, "£399,000"))[0]
    assert not (await _price(call, "£425,000"))[0]


async def test_a_labelled_value_is_the_one_under_that_very_label(page: Page, call: Call) -> None:
    """Only the value labelled Price counts: not one labelled 'Original price' (as a <dt>, or as 'Original
    price: …'), not text hidden inside the value, not the text around an aria-labelled value."""
    await page.set_content(LABELLED.format(before="", price="£399,000"))
    assert await _price(call, "£399,000") == (True, "")
    ok, message = await _price(call, "£425,000")
    assert not ok and "the value labelled 'price' on the page" in message and "£399,000" in message, message

    await page.set_content(LABELLED.format(before="", price="£399,000<span hidden> £425,000</span>"))
    assert not (await _price(call, "£425,000"))[0]

    await page.set_content("<main><p>Original price: £425,000</p><p>Price: £399,000</p></main>")
    assert (await _price(call, "£399,000"))[0]
    assert not (await _price(call, "£425,000"))[0]

    await page.set_content('<main><p>was £425,000, now <span aria-label="Price">£399,000</span></p></main>')
    assert (await _price(call, "£399,000"))[0]
    assert not (await _price(call, "£425,000"))[0]


PRICED_CARDS = """<!doctype html><meta charset="utf-8"><main><ul class="products">
<li class="product"><h3 class="product-name">Backpack</h3>{backpack}<button>Add</button></li>
<li class="product"><h3 class="product-name">Bike Light</h3><span class="product-price">$9.99</span>
<button>Add</button></li></ul></main>"""


async def test_a_card_field_named_by_a_class_is_the_one_its_class_names_or_ends_with(
    page: Page, call: Call
) -> None:
    """A card's price is the element whose class is "price" or ends with it ("product-price"), never a
    struck-through "price-old" (its class only begins with "price"): 'Verify the price of "Backpack" is
    "$29.99"' reads $29.99, and the old $49.99 is no evidence."""
    old = '<s class="price-old">$49.99</s>'
    for price in ('<span class="product-price">$29.99</span>', '<span class="price">$29.99</span>'):
        await page.set_content(PRICED_CARDS.format(backpack=old + price))
        assert await _due(call, "Backpack", "$29.99", column="price") == (True, ""), price
        ok, message = await _due(call, "Backpack", "$49.99", column="price")
        assert not ok and "$29.99" in message, (price, message)
    # Only the old price shown: the card has no price to read, so no claim about it passes.
    await page.set_content(PRICED_CARDS.format(backpack=old))
    ok, message = await _due(call, "Backpack", "$49.99", column="price")
    assert not ok and "no column or field named 'price'" in message, message
