"""A quoted control in the row of an unquoted name ('Click "Remove" next to Blue Mug', 'Tap "Add" beside
Fiddle Leaf Fig', 'Click "Details" for INV-2291'; corpus ``dev_sixteenth.txt``): the control in the row
that name is in, as if the name were quoted — only a name (capitalised words, a code, an address), never a
pick ("next to the cheapest item"). And "Click on" is the verb: 'Click on "Save" twice' clicks "Save"
twice (it read as a click on "twice" inside "Save"). The run and its exported test pass on the page and
fail at their own step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

from .grammar_calls import calls as _calls

PAGE = """<!doctype html><meta charset="utf-8"><title>Basket</title><main><h1>Basket</h1>
<ul id="items"><li><span>Blue Mug</span> <button>Remove</button></li>
<li><span>Oat Milk</span> <button>Remove</button></li>
<li><span>Fiddle Leaf Fig</span> <button>Remove</button></li></ul>
<p>Count: <output id="count">0</output></p><button id="add">Add</button></main>
<script>
document.getElementById('items').addEventListener('click', (e) => {
  if (e.target.localName !== 'button') return;
  e.target.closest('li').remove();
});
let count = 0;
document.getElementById('add').addEventListener('click', () => {
  count += 1; document.getElementById('count').textContent = String(count); });
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Remove" next to Blue Mug
3. Verify "Blue Mug" is not visible
4. Verify "Oat Milk" is visible
5. Click on "Add" twice
6. Verify the text "Count: 2" is visible
"""

BROKEN = {
    # Remove takes the last row away, whichever was clicked: Blue Mug stays.
    "removes_last": (
        "e.target.closest('li').remove();",
        "document.querySelector('#items li:last-child').remove();",
        3,
    ),
    # Remove clears the whole list.
    "removes_all": (
        "e.target.closest('li').remove();",
        "document.getElementById('items').replaceChildren();",
        4,
    ),
    # Add counts once, however often it is clicked.
    "adds_once": ("count += 1;", "count = 1;", 6),
}


@pytest.mark.parametrize(
    ("written", "target"),
    [
        ('Click "Remove" next to Blue Mug', 'Remove in "Blue Mug"'),
        ('Tap "Add" beside Fiddle Leaf Fig', 'Add in "Fiddle Leaf Fig"'),
        ('Click the "Archive" button next to TCK-4410', '"Archive" button in "TCK-4410"'),
        ('Click on "Reorder" next to Oat Milk.', 'Reorder in "Oat Milk"'),
        ('Click on "Details" for INV-2291', 'Details in "INV-2291"'),
    ],
)
def test_an_unquoted_name_after_next_to_beside_or_for_is_the_row(written: str, target: str) -> None:
    assert _calls(written) == [("click", {"target": target})]


def test_click_on_is_the_verb_not_a_place() -> None:
    assert _calls('Click on "Save" twice') == [("click", {"target": "Save"})] * 2
    assert _calls('Click on the "Save" button twice') == [("click", {"target": '"Save" button'})] * 2
    # Still a place after a target: the control in that row.
    assert _calls('Click "Remove" on "Backpack"') == [("click", {"target": 'Remove in "Backpack"'})]


@pytest.mark.parametrize(
    "written",
    ['Click "Remove" next to the cheapest item', 'Press "Renew" for whichever book is due first'],
)
def test_a_pick_is_no_row_name(written: str) -> None:
    assert _calls(written) is None


@pytest.mark.timeout(300)
def test_unquoted_rows_run_export_and_fail_on_broken_builds(tmp_path: Path, site: tuple[Path, str]) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="basket",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
