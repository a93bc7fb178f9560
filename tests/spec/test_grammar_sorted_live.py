"""Sort order ("Verify the rows are sorted by title", "Verify the products are sorted by price from high to
low", "Files should be sorted alphabetically"): the page's main list or table, read item by item under the
column or field the step names and compared as numbers, dates or text (autoqa.sort_order). Each runs plain,
passes on the working page — after a sort control re-orders the list — and fails at its own step on each
broken build; its exported test does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Shop</title>
<main><h1>Shop</h1>
<label>Sort <select id="sort"><option value="name">Name (A to Z)</option>
<option value="price-desc">Price (high to low)</option><option value="name-desc">Name (Z to A)</option>
</select></label>
<ul class="products">
<li><h3>Backpack</h3><p>Price: €29.99</p></li>
<li><h3>Bike Light</h3><p>Price: €9.99</p></li>
<li><h3>Onesie</h3><p>Price: €7.99</p></li>
<li><h3>Tent</h3><p>Price: €129.00</p></li>
</ul>
<table aria-label="Books"><thead><tr><th>Title</th><th>Publication date</th></tr></thead><tbody>
<tr><td>Dune</td><td>1 Aug 1965</td></tr><tr><td>Kindred</td><td>15 Jun 1979</td></tr>
<tr><td>SPQR</td><td>20 Oct 2015</td></tr></tbody></table>
</main>
<script>
const price = (li) => Number(li.querySelector('p').textContent.replace(/[^0-9.]/g, ''));
const name = (li) => li.querySelector('h3').textContent;
const ORDERS = {
  'name': (a, b) => name(a).localeCompare(name(b)),
  'price-desc': (a, b) => price(b) - price(a),
  'name-desc': (a, b) => name(b).localeCompare(name(a)),
};
document.getElementById('sort').addEventListener('change', (event) => {
  const list = document.querySelector('.products');
  setTimeout(() => {
    [...list.children].sort(ORDERS[event.target.value]).forEach((li) => list.appendChild(li));
  }, 200);
});
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the products are sorted by name
3. Verify the rows are sorted by publication date
4. Select "Price (high to low)" from the "Sort" dropdown
5. Verify the products are sorted by price from high to low
6. Select "Name (Z to A)" from the "Sort" dropdown
7. Verify the products are listed in reverse alphabetical order
"""

BROKEN = {
    # "Zip bag" listed first: out of order by name from the start
    "start": ("<h3>Backpack</h3>", "<h3>Zip bag</h3>", 2),
    # in order as text ("1 Aug", "15 Jun", "20 Oct"), not as dates (1965, 1979, 1970)
    "dates": ("<td>20 Oct 2015</td>", "<td>20 Oct 1970</td>", 3),
    # "high to low" sorts the items by their text, not their price
    "price_as_text": (
        "'price-desc': (a, b) => price(b) - price(a),",
        "'price-desc': (a, b) => b.textContent.localeCompare(a.textContent),",
        5,
    ),
    # "Z to A" does nothing
    "reverse_noop": ("'name-desc': (a, b) => name(b).localeCompare(name(a)),", "'name-desc': () => 0,", 7),
}


@pytest.mark.parametrize(
    ("written", "args"),
    [
        ("Verify the rows are sorted by title", {"column": "title", "descending": False, "tables": True}),
        ("Files should be sorted alphabetically", {"descending": False, "noun": "files"}),
        (
            "Verify the products are sorted by price (high to low)",
            {"column": "price", "descending": True, "noun": "products"},
        ),
        (
            'Verify the table is sorted by "Published" descending',
            {"column": "Published", "descending": True, "tables": True},
        ),
        (
            "Verify that the books are sorted alphabetically by title",
            {"column": "title", "descending": False, "noun": "books"},
        ),
        ("Verify the items are sorted in descending order", {"descending": True}),
        ("Verify the list is sorted by ascending price", {"column": "price", "descending": False}),
        ("Verify the list is sorted by highest rating", {"column": "rating", "descending": True}),
        ("Verify the results are sorted by date, newest first", {"column": "date", "descending": True}),
    ],
)
def test_sort_order_steps_read_plain(written: str, args: dict[str, object]) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1, written
    assert (actions[0].tool, actions[0].args) == ("assert_sorted", args)


@pytest.mark.parametrize(
    "written",
    [
        "Verify the list is sorted",  # by what, which way: not said
        "Verify the results are sorted newest first",  # newest by which date: not said
        "Verify the first five rows are sorted by title",  # a part of the list
        "Verify the selected items are sorted by name",
    ],
)
def test_sort_steps_that_do_not_say_what_stay_with_the_agent(written: str) -> None:
    assert parse_plain_actions(written) is None


@pytest.mark.timeout(480)
def test_each_sort_check_passes_on_the_page_and_fails_on_its_broken_build_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, out = check_run_and_export(
        tmp_path, site, name="sorting", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert source.count("expect_sorted(page") == 4, source
    assert "(compared as dates)" in out, out
