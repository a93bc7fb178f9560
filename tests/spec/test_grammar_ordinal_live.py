"""Controls picked by their place among alike ones — 'Click the second "Add to cart" button', "Check the
first checkbox", 'Click the last "Details" link' — as QA suites pick them on a grid of cards that repeat one
button, one box and one link each (``autoqa.target_ordinal``). It runs plain, passes on the working page
and fails at its own step on each broken build; its exported test counts the same way
(``get_by_role(…).filter(visible=True).nth(i)``), so it fails on every build too."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Grid</title>
<main><h1>Products</h1><div class="grid">
<div class="card"><h3>Backpack</h3><button>Add to cart</button>
<label><input type="checkbox"> Compare</label><a href="#backpack">Details</a></div>
<div class="card"><h3>Bike Light</h3><button>Add to cart</button>
<label><input type="checkbox"> Compare</label><a href="#bike-light">Details</a></div>
<div class="card"><h3>Onesie</h3><button>Add to cart</button>
<label><input type="checkbox"> Compare</label><a href="#onesie">Details</a></div>
</div></main>
<aside aria-label="Cart"><h2>Cart</h2><ul id="cart"></ul></aside>
<script>
const SHIFT = 0;
const cards = [...document.querySelectorAll('.card')];
cards.forEach((card, i) => {
  card.querySelector('button').onclick = () => {
    const li = document.createElement('li');
    li.textContent = cards[(i + SHIFT) % cards.length].querySelector('h3').textContent;
    document.getElementById('cart').appendChild(li);
  };
  const box = card.querySelector('input');
  box.onchange = () => { LINKED; };
});
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the second "Add to cart" button
3. Verify "Bike Light" is in the cart
4. Check the first checkbox
5. Verify the first checkbox is checked
6. Verify the second checkbox is not checked
7. Click the last "Details" link
8. Verify the URL contains "#onesie"
"""

WORKING = PAGE.replace("LINKED;", "")
BROKEN = {
    # each card's button adds the next card's product
    "shifted": ("const SHIFT = 0;", "const SHIFT = 1;", 3),
    # the first box will not stay checked: checking it fails (the action reads the box back)
    "stuck": (
        "box.onchange = () => { LINKED; };",
        "box.onchange = () => { if (i === 0) box.checked = false; };",
        4,
    ),
    # checking one box checks its neighbour too
    "linked": (
        "box.onchange = () => { LINKED; };",
        "box.onchange = () => { document.querySelectorAll('input')[i + 1].checked = box.checked; };",
        6,
    ),
    # the cards come in another order: the second button is now the Onesie's (an export that found the
    # button again by its card's name, not by its place, would still pass here)
    "reordered": (
        '<div class="card"><h3>Bike Light</h3><button>Add to cart</button>\n'
        '<label><input type="checkbox"> Compare</label><a href="#bike-light">Details</a></div>\n'
        '<div class="card"><h3>Onesie</h3><button>Add to cart</button>\n'
        '<label><input type="checkbox"> Compare</label><a href="#onesie">Details</a></div>',
        '<div class="card"><h3>Onesie</h3><button>Add to cart</button>\n'
        '<label><input type="checkbox"> Compare</label><a href="#onesie">Details</a></div>\n'
        '<div class="card"><h3>Bike Light</h3><button>Add to cart</button>\n'
        '<label><input type="checkbox"> Compare</label><a href="#bike-light">Details</a></div>',
        3,
    ),
    # the last card's link goes to the first card
    "details": ('<a href="#onesie">', '<a href="#backpack">', 8),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ('Click the second "Add to cart" button', [("click", {"target": 'second "Add to cart" button'})]),
        ('Click the 3rd "Remove" button', [("click", {"target": 'third "Remove" button'})]),
        ("Check the first checkbox", [("set_checked", {"target": "first checkbox", "checked": True})]),
        (
            "Verify the second checkbox is not checked",
            [("assert_checked", {"target": "second checkbox", "checked": False})],
        ),
        ('Click the last "Details" link', [("click", {"target": 'last "Details" link'})]),
        (
            'Fill the second "Quantity" field with "3"',
            [("fill", {"target": 'second "Quantity" field', "value": "3"})],
        ),
        (
            'Click the first "Remove" button in the "Cart" section',
            [("click", {"target": 'first "Remove" button in "Cart"'})],
        ),
        # a role alone by its place in reading order (these were refused as picks before positions existed)
        (
            "Verify the first button is disabled",
            [("assert_enabled", {"target": "first button", "enabled": False})],
        ),
        (
            'Verify the second heading reads "Reviews"',
            [("assert_text_in", {"target": "second heading", "text": "Reviews"})],
        ),
        # a role word and a number: the position among those ("checkbox 2" of a checkboxes page)
        (
            "Verify checkbox 2 is checked",
            [("assert_checked", {"target": "second checkbox", "checked": True})],
        ),
        ("Click button 3", [("click", {"target": "third button"})]),
        ('Click "Button 2"', [("click", {"target": "Button 2"})]),  # quoted: a name
        ("Click the first product", [("click", {"target": "item=1:product"})]),  # the main list's, as before
        ("Click Last page", [("click", {"target": "Last page"})]),  # a name, not a position
    ],
)
def test_positions_read_plain(written: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == calls


@pytest.mark.parametrize(
    "written",
    [
        'Verify the first "Price" is "$5"',  # no control of that name is the claim's target
        "Open the first link",  # the call keeps no role word: it would be the first anything
        "Verify checkbox 0 is checked",
        'Click the second "Add to cart" button and the third "Remove" button',
    ],
)
def test_a_position_the_call_would_drop_is_not_plain(written: str) -> None:
    assert parse_plain_actions(written) is None


@pytest.mark.timeout(480)
def test_a_grid_picked_by_position_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="grid",
        page=WORKING,
        builds={k: (good.replace("LINKED;", ""), bad, step) for k, (good, bad, step) in BROKEN.items()},
        spec=lambda n: SPEC.replace("{page}", n),
    )
    assert '.get_by_role("button", name="Add to cart", exact=True).filter(visible=True).nth(1)' in source
    assert '.get_by_role("checkbox").filter(visible=True).nth(0)' in source
    assert '.get_by_role("link", name="Details", exact=True).filter(visible=True).nth(-1)' in source
