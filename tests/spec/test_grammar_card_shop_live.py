"""A shop drawn the way single-page apps draw one — a grid of ``<div>`` cards, no list elements, a sort
dropdown that re-renders the grid, "Add to cart" buttons in each card and a cart badge in the header — with
its test written as a QA engineer writes one: the count, the first product, the sort order, the badge after
each add and gone once the cart is emptied. It runs plain, passes on the working shop and fails at its own
step on each broken build, and its exported test does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Swag</title>
<header><a href="#cart" class="shopping_cart_link" aria-label="Cart"><span id="badge"></span></a></header>
<main><h1>Products</h1>
<select data-test="sort" aria-label="Sort"><option value="az">Name (A to Z)</option>
<option value="hilo">Price (high to low)</option></select>
<div class="inventory_list"></div></main>
<script>
const PRODUCTS = [['Onesie', 7.99], ['Backpack', 29.99], ['Bike Light', 9.99], ['Bolt T-Shirt', 15.99]];
const cart = new Set();
const ORDER = {az: (a, b) => a[0].localeCompare(b[0]), hilo: (a, b) => b[1] - a[1]};
let order = 'az';
function render() {
  const grid = document.querySelector('.inventory_list');
  grid.innerHTML = '';
  for (const [name, price] of [...PRODUCTS].sort(ORDER[order])) {
    const card = document.createElement('div');
    card.className = 'inventory_item';
    card.innerHTML = `<div class="inventory_item_name">${name}</div>` +
      `<div class="inventory_item_price">$${price.toFixed(2)}</div><button>Add to cart</button>`;
    card.querySelector('button').textContent = cart.has(name) ? 'Remove' : 'Add to cart';
    card.querySelector('button').onclick = () => {
      cart.has(name) ? cart.delete(name) : cart.add(name);
      update();
    };
    grid.appendChild(card);
  }
}
function update() {
  const badge = document.getElementById('badge');
  badge.className = cart.size ? 'shopping_cart_badge' : '';
  badge.textContent = cart.size ? String(cart.size) : '';
  render();
}
document.querySelector('select').onchange = (event) => {
  order = event.target.value;
  setTimeout(render, 150);
};
update();
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify there are 4 products
3. Verify the first product is "Backpack"
4. Select "Price (high to low)" from the sort dropdown
5. Verify the products are sorted by price from high to low
6. Click "Add to cart" for "Bike Light"
7. Verify the cart badge shows "1"
8. Click "Add to cart" for "Backpack"
9. Verify the cart badge shows "2"
10. Remove "Backpack" from the cart
11. Remove "Bike Light" from the cart
12. Verify the cart badge is not visible
"""

BROKEN = {
    # one product missing from the grid
    "three": (", ['Bolt T-Shirt', 15.99]", "", 2),
    # the grid starts unsorted ("Onesie" first)
    "unsorted": ("let order = 'az';", "let order = 'none';\nORDER.none = () => 0;", 3),
    # "high to low" sorts low to high
    "sort": ("hilo: (a, b) => b[1] - a[1]", "hilo: (a, b) => a[1] - b[1]", 5),
    # the badge counts the first add only
    "badge": ("String(cart.size)", "'1'", 9),
    # an emptied cart still shows a badge, reading "0"
    "zero": (
        "badge.className = cart.size ? 'shopping_cart_badge' : '';\n  badge.textContent = cart.size ? ",
        "badge.className = 'shopping_cart_badge';\n  badge.textContent = true ? ",
        12,
    ),
}


@pytest.mark.timeout(480)
def test_a_card_grid_shop_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="cardshop", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
