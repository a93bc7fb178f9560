"""A count of the items in a cart is the cart's: 'Verify 2 items are in the cart' was read as the page's
main list (the products) having 2 items, so a shop selling 2 products passed it with 1 item in the cart —
a false green. It is now the items of the one list in the region named "cart", as 'Verify the cart has 2
items' and 'there are 2 items in the cart' already read. Run and export pass on the page and fail on the
broken builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Shop</title>
<main><h1>Products</h1>
<ul id="products">
<li><span>Backpack</span> <button data-name="Backpack">Add to cart</button></li>
<li><span>Onesie</span> <button data-name="Onesie">Add to cart</button></li></ul>
<aside aria-label="Cart"><h2>Cart</h2><ul id="cart"></ul></aside></main>
<script>
for (const button of document.querySelectorAll('#products button')) {
  button.onclick = () => {
    const li = document.createElement('li');
    li.textContent = button.dataset.name;
    document.getElementById('cart').append(li);
  };
}
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Add "Backpack" to the cart
3. Add "Onesie" to the cart
4. Verify 2 items are in the cart
"""

BROKEN = {
    # the second add does nothing: the cart holds 1 item while the shop still lists 2 products
    "adds_one": (
        "    document.getElementById('cart').append(li);",
        "    const cart = document.getElementById('cart'); if (!cart.children.length) cart.append(li);",
        4,
    ),
    # every add puts the item in twice
    "adds_twice": (
        "    document.getElementById('cart').append(li);",
        "    document.getElementById('cart').append(li, li.cloneNode(true));",
        4,
    ),
}


@pytest.mark.parametrize(
    "written",
    [
        "Verify 2 items are in the cart",
        "Verify 2 products are shown in the cart",
        "Verify the cart has 2 items",
    ],
)
def test_a_count_in_the_cart_is_the_carts(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [
        ("assert_count", {"target": "region-items=cart", "count": 2})
    ]


@pytest.mark.timeout(300)
def test_the_cart_count_passes_and_fails_when_the_cart_is_wrong_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="cartcount", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )


@pytest.mark.parametrize(
    "written",
    [
        'Verify the first item in the cart is "Backpack"',
        'Verify the last item in the basket is "Onesie"',
        'Verify the first result in the sidebar is "Dune"',
    ],
)
def test_an_item_by_its_position_in_a_cart_is_not_the_main_lists(written: str) -> None:
    # It was read as the main list's item (the shop's first product): with "Onesie" first in the cart and
    # "Backpack" the first product, the claim passed. The tools have no item of a region by position.
    assert parse_plain_actions(written) is None
