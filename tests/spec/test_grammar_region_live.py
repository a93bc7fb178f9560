"""Text inside a region the page names ("Verify "Bike Light" is in the cart", "Verify "Initech" is shown in
the Negotiation column", "Verify "Lisbon" is listed under Saved locations", "the "Filters" panel shows …"):
the check reads that region, found by its heading, label, id, class or test id, so the same text elsewhere
on the page is no evidence. Each runs plain, passes on the working page and fails at its own step on each
broken build, and its exported test does the same. A cart's item count counts the cart's list, never the
page's product list."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Shop</title>
<header><a href="#cart" class="cart">Cart (1)</a></header>
<main><h1>Shop</h1>
<section aria-label="Filters"><label><input type="checkbox" checked> In stock</label></section>
<ul class="products"><li>Backpack</li><li>Bike Light</li></ul>
<div class="board"><div class="col"><header><h3>Lead</h3><span>2</span></header><ul><li>Acme</li>
<li>Globex</li></ul></div><div class="col"><header><h3>Negotiation</h3><span>1</span></header>
<ul><li>Initech</li></ul></div></div>
<h2>Saved locations</h2><ul><li>Lisbon</li></ul><h2>Recent</h2><ul><li>Porto</li></ul>
</main>
<aside id="basket"><h2>Your cart (1)</h2><ul><li>Bike Light</li></ul><p>Total $9.99</p></aside>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify "Bike Light" is in the cart
3. The cart has 1 item
4. Verify "Initech" is shown in the Negotiation column
5. Verify "Lisbon" is listed under Saved locations
6. Verify the "Filters" panel shows "In stock"
"""

BROKEN = {
    # The cart is empty; "Bike Light" is still in the product list.
    "cart_empty": (
        "<h2>Your cart (1)</h2><ul><li>Bike Light</li></ul>",
        "<h2>Your cart (0)</h2><ul></ul>",
        2,
    ),
    # Two items in the cart; the product list still has two, the main list is not the cart.
    "cart_two": (
        "<ul><li>Bike Light</li></ul><p>",
        "<ul><li>Bike Light</li><li>Backpack</li></ul><p>",
        3,
    ),
    # The deal moved to another column; "Initech" is still on the board.
    "column": (
        '<li>Globex</li></ul></div><div class="col"><header><h3>Negotiation</h3><span>1</span></header>\n'
        "<ul><li>Initech</li></ul>",
        '<li>Globex</li><li>Initech</li></ul></div><div class="col"><header><h3>Negotiation</h3>'
        "<span>0</span></header>\n<ul></ul>",
        4,
    ),
    # Lisbon is a recent search, not a saved location.
    "saved": (
        "<ul><li>Lisbon</li></ul><h2>Recent</h2><ul><li>Porto</li>",
        "<ul><li>Porto</li></ul><h2>Recent</h2><ul><li>Lisbon</li>",
        5,
    ),
    # The filter panel lost its name: nothing is named "Filters".
    "filters": ('aria-label="Filters"', 'aria-label="Sort"', 6),
}

EXPORT_BROKEN = {name: (good, bad) for name, (good, bad, _) in BROKEN.items()}


@pytest.mark.parametrize(
    ("written", "region"),
    [
        ('Verify "Backpack" is in the cart', "cart"),
        ('Verify the basket contains "Backpack"', "basket"),
        ('Verify "Initech" is shown in the "Negotiation" column', "Negotiation"),
        ('"Initech" should be in the Negotiation column', "Negotiation"),
        ('Verify "CS201" appears in the My Courses sidebar', "My Courses"),
        ('Verify "Lisbon" appears under "Saved locations"', "Saved locations"),
        ('Verify "Lisbon" is listed under Saved locations', "Saved locations"),
        ('Verify the "Filters" panel shows "In stock"', "Filters"),
        ('Verify the Done column contains "Ship it"', "Done"),
    ],
)
def test_text_in_a_named_region_reads_that_region(written: str, region: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1, written
    assert (actions[0].tool, actions[0].args["target"]) == ("assert_text_in", f"region={region}")


@pytest.mark.parametrize(
    ("written", "target"),
    [
        # rows and cards are a row's scope; a named dialog is that element
        ('Verify "Delete" is visible in the "Backpack" row', 'the row in "Backpack"'),
        ('Verify the "Settings" dialog contains "Saved"', '"Settings" dialog'),
        # a count in a region is its list's items; the page's main list is not the cart
        ("Verify the cart has 2 items", "region-items=cart"),
        ('The "Negotiation" column has 6 deals', "region-items=Negotiation"),
        ("There are 3 courses in the Enrolled section", "region-items=Enrolled"),
        ("The list has 3 items", "items="),
    ],
)
def test_rows_dialogs_and_counts_keep_their_readings(written: str, target: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and actions[0].args["target"] == target, actions


# One `autoqa run` of the page and its builds checks the run, and wrote the exported test checked after it.
@pytest.mark.timeout(480)
def test_each_region_check_passes_on_the_page_and_fails_on_its_broken_build_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, out = check_run_and_export(
        tmp_path,
        site,
        name="shop",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        export_builds=EXPORT_BROKEN,
    )
    assert source.count("named_region(page,") == 5, source
    assert "no region named 'Filters' on the page" in out, out
