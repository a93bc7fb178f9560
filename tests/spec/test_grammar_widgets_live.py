"""A page of the classic widgets practice sites have — a flash message with a close button, the page's one
dropdown, a JavaScript confirm, a loading bar, a table sorted by clicking its header, cards with "Add to
cart", a pagination — tested in the words QA suites use for them ('Click "Click for JS Confirm" and accept
the confirm', 'Select "Option 2" from the dropdown', 'Add "Bike Light" to the cart', "Click page 2"). It runs
plain, passes on the working page and fails at its own step on each broken build; its exported test does
the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Widgets</title>
<header><a href="#cart" aria-label="Cart">Cart<span class="cart_badge" id="badge"></span></a></header>
<main><h1>Widgets</h1>
<div id="flash" class="flash success">You logged into a secure area! <a class="close" href="#">×</a></div>
<label>Choice <select id="dropdown"><option value="">Please select</option><option value="1">Option 1</option>
<option value="2">Option 2</option></select></label>
<button id="confirm">Click for JS Confirm</button><p id="result"></p>
<button id="start">Start</button><div id="loading" hidden>Loading...</div>
<div id="finish" hidden>Hello World!</div>
<table id="people"><thead><tr><th id="last">Last Name</th><th id="first">First Name</th></tr></thead>
<tbody><tr><td>Smith</td><td>Adam</td></tr><tr><td>Bach</td><td>Zed</td></tr>
<tr><td>Doe</td><td>Mia</td></tr>
</tbody></table>
<div class="inventory_list">
<div class="inventory_item"><div class="name">Backpack</div><button>Add to cart</button></div>
<div class="inventory_item"><div class="name">Bike Light</div><button>Add to cart</button></div></div>
<nav class="pagination"><a href="#page-1">1</a> <a href="#page-2">2</a></nav></main>
<script>
document.getElementById('confirm').onclick = () => {
  const ok = confirm('Sure?');
  document.getElementById('result').textContent = ok ? 'You clicked: Ok' : 'You clicked: Cancel';
};
document.getElementById('start').onclick = () => {
  document.getElementById('loading').hidden = false;
  setTimeout(() => {
    document.getElementById('loading').hidden = true;
    document.getElementById('finish').hidden = false;
  }, 1200);
};
const SORT_COLUMN = 0;
document.getElementById('last').onclick = () => {
  const body = document.querySelector('#people tbody');
  const key = (row) => row.cells[SORT_COLUMN].textContent;
  [...body.rows].sort((a, b) => key(a).localeCompare(key(b))).forEach((row) => body.appendChild(row));
};
const cart = new Set();
for (const card of document.querySelectorAll('.inventory_item')) {
  const button = card.querySelector('button');
  button.onclick = () => {
    const name = card.querySelector('.name').textContent;
    cart.has(name) ? cart.delete(name) : cart.add(name);
    button.textContent = cart.has(name) ? 'Remove' : 'Add to cart';
    document.getElementById('badge').textContent = cart.size ? String(cart.size) : '';
  };
}
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the flash message contains "You logged into a secure area!"
3. Select "Option 2" from the dropdown
4. Verify "Option 2" is selected in the dropdown
5. Click "Click for JS Confirm" and accept the confirm
6. Verify the result says "You clicked: Ok"
7. Click "Start"
8. Wait until the loading bar disappears
9. Verify "Hello World!" is displayed
10. Click the "Last Name" column header to sort
11. Verify the table is sorted by last name
12. Add "Bike Light" to the cart
13. Verify the cart badge shows "1"
14. Remove "Bike Light" from the cart
15. Verify the "Add to cart" button for "Bike Light" is visible
16. Click page 2
17. Verify the URL contains "#page-2"
"""

BROKEN = {
    # another message; its close button still reads "×"
    "flash": ("You logged into a secure area!", "Your username is invalid!", 2),
    # the words are in the heading, the flash message says another thing: the claim is about the message
    "flash_elsewhere": (
        '<h1>Widgets</h1>\n<div id="flash" class="flash success">You logged into a secure area!',
        '<h1>Widgets: You logged into a secure area!</h1>\n<div id="flash" class="flash error">Bad password!',
        2,
    ),
    # a second dropdown: which one the step means is not said
    "two_selects": ("</select></label>", "</select></label><select><option>Option 2</option></select>", 3),
    # the confirm's answer is read the wrong way round
    "confirm": (
        "ok ? 'You clicked: Ok' : 'You clicked: Cancel'",
        "ok ? 'You clicked: Cancel' : 'You clicked: Ok'",
        6,
    ),
    # the header sorts by first name
    "sort": ("const SORT_COLUMN = 0;", "const SORT_COLUMN = 1;", 11),
    # the badge does not count
    "badge": ("cart.size ? String(cart.size) : ''", "''", 13),
    # "Remove" does nothing
    "remove": ("cart.has(name) ? cart.delete(name) : cart.add(name);", "cart.add(name);", 15),
    # the pager's "2" goes to page 3
    "pager": ('<a href="#page-2">2</a>', '<a href="#page-3">2</a>', 17),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Click "Delete" and dismiss the alert',  # the answer is set up before the click opens the alert
            [("dialogs", {"action": "dismiss"}), ("click", {"target": "Delete"})],
        ),
        (
            'Select "Option 2" from the dropdown',
            [("select_option", {"target": "css=select", "option": "Option 2"})],
        ),
        (
            'Verify the dropdown shows "Option 2"',
            [("assert_value", {"target": "css=select", "expected": "Option 2"})],
        ),
        ('Add "Backpack" to the basket', [("click", {"target": 'Add to basket in "Backpack"'})]),
        ('Delete the comment "Nice post"', [("click", {"target": 'Delete in "Nice post"'})]),
        ("Click page 12", [("click", {"target": '12 in "pagination"'})]),
        ('Fill in First Name with "Ada"', [("fill", {"target": '"First Name" field', "value": "Ada"})]),
        (
            'Sort the products by "Price (low to high)"',
            [("select_option", {"target": '"Sort" dropdown', "option": "Price (low to high)"})],
        ),
        (
            'Verify the notice contains "Saved"',
            [("assert_text_present", {"text": "Saved", "in_message": True})],
        ),
        ('Verify the text contains "Saved"', [("assert_text_present", {"text": "Saved"})]),
    ],
)
def test_widget_wordings_read_plain(written: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == calls


@pytest.mark.timeout(480)
def test_a_widgets_page_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    # The export pins the dropdown the run used (#dropdown), as it pins every element: a second dropdown
    # beside it makes the step ambiguous for a run, not that element another one.
    check_run_and_export(
        tmp_path,
        site,
        name="widgets",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        pinned=("two_selects",),
    )
