"""Controls inside a row the step picks by its place — 'Click the "Delete" link in the first row', "Check
the checkbox in the second row", 'Click the "Edit" link in row 2' — on a results table whose rows repeat
one box and the same two links (the admin change list QA suites click through). The target carries the
item (``"Delete" link in item=1``; ``autoqa.target_scope``), the tools look in that item of the page's main
list or table, and the exported test finds the same position of the same table, so a build that shows the
rows in another order fails both. It runs plain, passes on the working page and fails at its own step on
each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Books</title>
<main><h1>Select book to change</h1>
<table id="result_list"><thead><tr><th>Pick</th><th>Title</th><th>Actions</th></tr></thead>
<tbody></tbody></table>
</main>
<script>
let books = ['Kindred', 'SPQR', 'A Wizard of Earthsea'];
const slug = (t) => t.toLowerCase().split(' ').pop();
const LINK = 0;
const LINKED_BOXES = false;
const DELETE = (i) => i;
function draw() {
  const body = document.querySelector('tbody');
  body.innerHTML = '';
  books.forEach((title, i) => {
    const row = document.createElement('tr');
    const edit = `#edit-${slug(books[(i + LINK) % books.length])}`;
    row.innerHTML = `<td><input type="checkbox"></td><td>${title}</td>` +
      `<td><a href="${edit}">Edit</a> <a href="#" class="del">Delete</a></td>`;
    row.querySelector('.del').onclick = (e) => { e.preventDefault(); books.splice(DELETE(i), 1); draw(); };
    row.querySelector('input').onchange = () => {
      const boxes = document.querySelectorAll('tbody input');
      if (LINKED_BOXES && i > 0) boxes[i - 1].checked = true;
    };
    body.appendChild(row);
  });
}
draw();
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Check the checkbox in the second row
3. Verify the checkbox in the second row is checked
4. Verify the checkbox in the first row is not checked
5. Click the "Delete" link in the first row
6. Verify "Kindred" is not visible
7. Click the "Edit" link in row 2
8. Verify the URL contains "#edit-earthsea"
"""

BROKEN = {
    # checking a row's box checks the row above it too
    "boxes": ("const LINKED_BOXES = false;", "const LINKED_BOXES = true;", 4),
    # "Delete" removes the last row, not its own
    "delete": ("const DELETE = (i) => i;", "const DELETE = (i) => books.length - 1;", 6),
    # each "Edit" link opens the next row's book
    "edit": ("const LINK = 0;", "const LINK = 1;", 8),
    # the rows come in another order: the first row's "Delete" removes another book (an export that found
    # the link again by its row's text, not by its place, would still pass here)
    "order": (
        "let books = ['Kindred', 'SPQR', 'A Wizard of Earthsea'];",
        "let books = ['SPQR', 'Kindred', 'A Wizard of Earthsea'];",
        6,
    ),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ('Click the "Delete" link in the first row', [("click", {"target": '"Delete" link in item=1'})]),
        ('Click the "Edit" link in row 2', [("click", {"target": '"Edit" link in item=2'})]),
        (
            "Check the checkbox in the second row",
            [("set_checked", {"target": "checkbox in item=2", "checked": True})],
        ),
        (
            "Verify the checkbox in the last row is not checked",
            [("assert_checked", {"target": "checkbox in item=-1", "checked": False})],
        ),
        (
            "Click the favorite button on the first article",
            [("click", {"target": '"favorite" button in item=1:article'})],
        ),
        (
            'Click "Add to cart" for the second product',
            [("click", {"target": "Add to cart in item=2:product"})],
        ),
        # no control: the claim is the row's text, as 'the 2nd row shows "Active"' reads
        (
            'Verify "Active" is visible in the second row',
            [("assert_text_in", {"target": "item=2", "text": "Active"})],
        ),
    ],
)
def test_row_positions_read_plain(written: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == calls


@pytest.mark.parametrize(
    "written",
    [
        'Click "Next" on the first page',  # a page is no item of a list
        'Click the "Remove" button for "Backpack" in the first row',  # one scope a target
    ],
)
def test_what_names_no_item_is_not_read_as_one(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is None or all("item=" not in str(a.args.get("target", "")) for a in actions)


@pytest.mark.timeout(480)
def test_a_change_list_picked_by_row_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="books",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
    assert '.filter(visible=True).nth(0).get_by_role("link", name="Delete", exact=True)' in source
    assert '.filter(visible=True).nth(1).get_by_role("checkbox")' in source
