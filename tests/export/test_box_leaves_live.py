"""A to-do list drawn again from its data on every change, with a "Completed" view: unticking an item there
takes its row off the page, and the next completed item takes its place. The spec unticks one item in that
view and ticks another in the full list (its box is drawn anew); it runs plain and passes — the other
completed item untouched — fails at its own step on each broken build, and its exported test does the same.
The tool-level cases are in tests/tools/test_tools_box_leaves.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export
from filtered_todos import TODOS

PAGE = TODOS

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Completed"
3. Uncheck "Call mom"
4. Verify "Call mom" is not visible
5. Click "All"
6. Verify the checkbox in the "Call mom" item is not checked
7. Verify the checkbox in the "Pay rent" item is checked
8. Check "Walk dog"
9. Verify "1 item left" is visible
"""

BROKEN = {
    # the page puts the box back as it was
    "untick_reverted": (
        "box.onchange = () => {",
        "box.onchange = () => { box.checked = !box.checked; return;",
        3,
    ),
    # the list is drawn again, the change forgotten: the box comes back still ticked
    "drawn_back": ("todos[i].done = box.checked; draw();", "draw();", 3),
    # the click changes the next item instead
    "next_item": ("todos[i].done = box.checked;", "todos[(i + 1) % todos.length].done = box.checked;", 3),
    # the Completed view shows every item: the unticked one stays in sight
    "no_filter": (
        "const completedOnly = location.hash === '#/completed';",
        "const completedOnly = false;",
        4,
    ),
    # the counter counts the completed items
    "counts_done": ("todos.filter((t) => !t.done)", "todos.filter((t) => t.done)", 9),
}


@pytest.mark.timeout(300)
def test_a_box_that_leaves_the_view_on_its_click_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="boxleaves", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    # the box that left is clicked, between its state before and no box of it left in that state
    assert ".to_be_checked(checked=True)" in source and ".to_have_count(0)" in source, source
    assert ".set_checked(False)" not in source, source
