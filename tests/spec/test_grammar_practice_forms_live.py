"""Steps practice-app suites write with names unquoted: 'Open the cart' (the link of that name, never an
"Add to cart" button), 'Check the Sports hobby' (the box "Sports" in the group the page labels Hobbies,
never the "Sports" box of another group) and 'Sort products by Price (low to high)' (that option of the
page's sort dropdown). One shop page holds all three; the spec runs plain, passes, and fails at its own step
on each broken build; its exported test does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Practice shop</title>
<header><a href="#cart" id="cart-link">Cart</a> <a href="#help">Help</a></header>
<main>
<label>Sort by <select id="sort">
<option value="az">Name (A to Z)</option><option value="lohi">Price (low to high)</option>
<option value="hilo">Price (high to low)</option></select></label>
<ul id="products">
<li class="product"><h3>Backpack</h3><span class="price">29.99</span><button>Add to cart</button></li>
<li class="product"><h3>Fleece Jacket</h3><span class="price">49.99</span><button>Add to cart</button></li>
<li class="product"><h3>Onesie</h3><span class="price">7.99</span><button>Add to cart</button></li>
</ul>
<form id="profile">
<div class="row"><div class="col-md-3"><label id="hobbies-label">Hobbies</label></div><div class="col-md-9">
<input type="checkbox" id="hobby-1"><label for="hobby-1">Sports</label>
<input type="checkbox" id="hobby-2"><label for="hobby-2">Reading</label>
<input type="checkbox" id="hobby-3"><label for="hobby-3">Music</label></div></div></form>
<form id="newsletter"><fieldset><legend>Newsletter topics</legend>
<input type="checkbox" id="topic-1"><label for="topic-1">Sports</label>
<input type="checkbox" id="topic-2"><label for="topic-2">Travel</label></fieldset>
</form></main>
<script>
const list = document.getElementById('products');
const price = (li) => Number(li.querySelector('.price').textContent);
const name = (li) => li.querySelector('h3').textContent;
document.getElementById('sort').onchange = (event) => {
  const items = [...list.children];
  const how = event.target.value;
  items.sort((a, b) => how === 'az' ? name(a).localeCompare(name(b))
    : how === 'lohi' ? price(a) - price(b) : price(b) - price(a));
  items.forEach((li) => list.appendChild(li));
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Open the cart
3. Verify the URL contains "#cart"
4. Check the Sports hobby
5. Verify the Sports hobby is checked
6. Verify the "Sports" checkbox in the "Newsletter topics" group is not checked
7. Sort products by Price (low to high)
8. Verify the first product is "Onesie"
"""

BROKEN = {
    # the cart is no link any more (the "Add to cart" buttons stay): nothing to open
    "no_cart_link": ('<a href="#cart" id="cart-link">Cart</a>', '<span id="cart-link">Cart</span>', 2),
    # the hobbies offer no "Sports" (only the newsletter does): the box is not another group's
    "no_sports_hobby": (
        '<input type="checkbox" id="hobby-1"><label for="hobby-1">Sports</label>',
        '<input type="checkbox" id="hobby-9"><label for="hobby-9">Swimming</label>',
        4,
    ),
    # checking the hobby ticks the newsletter's "Sports" too
    "ticks_both": (
        "const list = document.getElementById('products');",
        "const list = document.getElementById('products');\n"
        "document.getElementById('hobby-1').onchange = () => {\n"
        "  document.getElementById('topic-1').checked = true;\n};",
        6,
    ),
    # the option was renamed: the step names no option of the dropdown
    "option_renamed": (
        '<option value="lohi">Price (low to high)</option>',
        '<option value="lohi">Price ascending</option>',
        7,
    ),
    # the sort orders the wrong way
    "sort_reversed": (
        "price(a) - price(b) : price(b) - price(a)",
        "price(b) - price(a) : price(a) - price(b)",
        8,
    ),
}


@pytest.mark.timeout(480)
def test_a_practice_shop_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="practice", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
