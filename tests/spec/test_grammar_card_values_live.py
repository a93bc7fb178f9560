"""A value of one card on a grid drawn with <div>s — 'Verify the price of "Backpack" is "$29.99"' — is read
from that card (the one of the repeated cards holding "Backpack" as a whole text), under the field its class
names: not a list item or a table row, which such a grid has none of, and not another card's price. It runs
plain, passes on the working grid and fails at its own step on each broken build; its exported test finds
the card by the cards' selector and the text. A hidden card of the same name (last season's Backpack, filtered
out) is no card a person reads: the shown one is checked, in the run and in the exported test."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Swag</title>
<main><h1>Products</h1><div class="inventory_list">
<div class="inventory_item"><div class="inventory_item_name">Backpack</div>
<div class="inventory_item_price">$29.99</div><button>Add to cart</button></div>
<div class="inventory_item"><div class="inventory_item_name">Bike Light</div>
<div class="inventory_item_price">$9.99</div><button>Add to cart</button></div>
<div class="inventory_item"><div class="inventory_item_name">Backpack Deluxe</div>
<div class="inventory_item_price">$49.99</div><button>Add to cart</button></div>
<div class="inventory_item" hidden><div class="inventory_item_name">Backpack</div>
<div class="inventory_item_price">$19.99</div><button>Add to cart</button></div>
</div></main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the price of "Backpack" is "$29.99"
3. Verify the price of "Bike Light" is "$9.99"
"""

BROKEN = {
    # the Backpack shows the Deluxe's price (which is still on the page, in another card)
    "backpack": (
        '<div class="inventory_item_price">$29.99</div>',
        '<div class="inventory_item_price">$49.99</div>',
        2,
    ),
    # the light's price is gone from its card
    "light": ('<div class="inventory_item_price">$9.99</div>', "", 3),
}


@pytest.mark.timeout(480)
def test_a_card_value_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="cards", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    card = 'page.locator("div.inventory_item").filter(has=page.get_by_text("Backpack",exact=True))'
    assert card + ".filter(visible=True)" in "".join(source.split()), source  # the shown card, as the tool
