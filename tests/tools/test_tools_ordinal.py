"""A control by its place among alike ones (``second "Add to cart" button``, ``first checkbox``;
``autoqa.target_ordinal``): that one of the equally good visible matches, in reading order; fewer matches
than the position is not found (never another element); a name that only starts with "Last" is still a
name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from .tools_helpers import Call

PAGE = """<main>
<div class="card"><h3>Backpack</h3><button>Add to cart</button><input type=checkbox aria-label=Compare></div>
<div class="card" hidden><h3>Sold out</h3><button>Add to cart</button></div>
<div class=card><h3>Bike Light</h3><button>Add to cart</button><input type=checkbox aria-label=Compare></div>
<div class="card"><h3>Onesie</h3><button>Add to cart</button></div>
<a href="#p9">Last page</a></main><p id="out"></p>
<script>
document.querySelectorAll('.card').forEach((card) => {
  card.querySelector('button').onclick = () => { out.textContent = card.querySelector('h3').textContent; };
});
</script>"""


@pytest.mark.parametrize(
    ("target", "clicked"),
    [
        ('first "Add to cart" button', "Backpack"),
        ('second "Add to cart" button', "Bike Light"),  # the hidden card's button is not counted
        ('3rd "Add to cart" button', "Onesie"),
        ('last "Add to cart" button', "Onesie"),
        ('the second "Add to cart"', "Bike Light"),
        ('first "Add to cart" button in "Onesie"', "Onesie"),
    ],
)
async def test_the_position_picks_one_of_the_alike_matches(
    page: Page, call: Call, target: str, clicked: str
) -> None:
    await page.set_content(PAGE)
    result = await call("click", target=target)
    assert result.ok, result.error
    assert await page.text_content("#out") == clicked


async def test_a_role_alone_by_its_place(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    assert (await call("set_checked", target="second checkbox", checked=True)).ok
    boxes = page.get_by_role("checkbox")
    assert [await boxes.nth(i).is_checked() for i in range(2)] == [False, True]
    checked = await call("assert_checked", target="first checkbox", checked=False)
    assert checked.ok, checked.error


async def test_past_the_last_match_is_not_found(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    result = await call("click", target='fourth "Add to cart" button')
    assert result.error is not None and result.error.code == "ELEMENT_NOT_FOUND"
    assert "the page shows 3 such elements, not a fourth" in result.error.message
    third = await call("set_checked", target="third checkbox", checked=True)
    assert third.error is not None and "shows 2 such elements, not a third" in third.error.message


async def test_without_a_position_alike_matches_stay_ambiguous(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    result = await call("click", target='"Add to cart" button')
    assert result.error is not None and result.error.code == "AMBIGUOUS_TARGET"


async def test_a_name_beginning_with_a_position_word_is_a_name(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    result = await call("click", target="Last page")
    assert result.ok, result.error
    assert page.url.endswith("#p9")


TABLE = """<main><h1>Books</h1><table><thead><tr><th></th><th>Title</th><th></th></tr></thead><tbody>
<tr><td><input type=checkbox></td><td>Kindred</td><td><a href="#e1">Edit</a></td></tr>
<tr hidden><td><input type=checkbox></td><td>Draft</td><td><a href="#e0">Edit</a></td></tr>
<tr><td><input type=checkbox></td><td>SPQR</td><td><a href="#e2">Edit</a></td></tr></tbody></table></main>"""


@pytest.mark.parametrize(
    ("target", "url"),
    [('"Edit" link in item=1', "#e1"), ('"Edit" link in item=2', "#e2"), ("link in item=-1", "#e2")],
)
async def test_a_control_in_an_item_of_the_main_list_by_its_place(
    page: Page, call: Call, target: str, url: str
) -> None:
    # the hidden row is no row a person counts
    await page.set_content(TABLE)
    result = await call("click", target=target)
    assert result.ok, result.error
    assert page.url.endswith(url)
    assert result.data["collection"]["position"] in (1, 2, -1)  # kept for export: the same position


async def test_a_role_alone_in_an_item(page: Page, call: Call) -> None:
    await page.set_content(TABLE)
    assert (await call("set_checked", target="checkbox in item=2", checked=True)).ok
    assert [await b.is_checked() for b in await page.locator("tr:not([hidden]) input").all()] == [False, True]


async def test_an_item_the_list_does_not_have_is_not_found_and_says_why(page: Page, call: Call) -> None:
    await page.set_content(TABLE)
    short = await call("click", target='"Edit" link in item=3')
    assert short.error is not None and short.error.code == "ELEMENT_NOT_FOUND"
    assert "the page's main list shows 2 items, not a third" in short.error.message
    unnamed = await call("click", target='"Edit" link in item=1:recipe')
    assert (
        unnamed.error is not None
        and "no list on the page is named as holding recipe" in unnamed.error.message
    )


# "Invoice" names a row of the list (its text) and, further down, a section (its heading): both "Archive"
# buttons are in it, and the page finds the section's first. "The first" is still the first on the page.
SCOPED = """<main><ul class="mail">
<li><span>Invoice</span> <button onclick="out.textContent = 'row'">Archive</button></li>
<li><span>Receipt</span> <button onclick="out.textContent = 'receipt'">Archive</button></li></ul>
<section><h2>Invoice</h2><p>Due in 30 days.</p>
<button onclick="out.textContent = 'section'">Archive</button></section></main><p id="out"></p>"""


@pytest.mark.parametrize(
    ("target", "clicked"),
    [
        ('first "Archive" button in "Invoice"', "row"),
        ('second "Archive" button in "Invoice"', "section"),
        ('last "Archive" button in "Invoice"', "section"),
    ],
)
async def test_a_position_in_a_scope_counts_in_reading_order(
    page: Page, call: Call, target: str, clicked: str
) -> None:
    await page.set_content(SCOPED)
    result = await call("click", target=target)
    assert result.ok, result.error
    assert await page.text_content("#out") == clicked
