"""What a screen reader hears: 'The live region announces "Sorted by Amount, descending"', '"2 results" is
announced'. Any live region counts, the 1-pixel screen-reader-only kind too, within the window a toast has;
text outside a live region, or in a hidden one, is never heard. And the converse: a toast claim ("the toast
"x" appeared") is what a person saw, so a screen-reader-only region never proves it. The run and its exported
test pass on the page and fail at their own step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Expenses</title>
<style>.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.toast{position:fixed;top:8px;right:8px;padding:8px;background:#222;color:#fff}</style>
<main><h1>Expenses</h1>
<button id="sort">Sort by amount</button>
<div id="said" class="sr-only" aria-live="polite"></div>
<label>Search <input id="q"></label> <button id="go">Search</button>
<p role="status" id="count"></p>
<button id="save">Save</button><div id="toast" class="toast" role="status" hidden></div></main>
<script>
document.getElementById('sort').onclick = () => {
  setTimeout(() => { document.getElementById('said').textContent = 'Sorted by Amount, descending'; }, 50);
};
document.getElementById('go').onclick = () => {
  document.getElementById('count').textContent = '2 results';
};
document.getElementById('save').onclick = () => {
  const toast = document.getElementById('toast');
  toast.textContent = 'Saved';
  toast.hidden = false;
  setTimeout(() => { toast.hidden = true; }, 400);
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Sort by amount"; the live region announces "Sorted by Amount, descending"
3. Type "taxi" in the Search field
4. Click the "Search" button
5. "2 results" is announced
6. Click "Save"
7. Verify the toast "Saved" appeared
"""

BROKEN = {
    # the sort says nothing
    "silent": ("document.getElementById('said').textContent = 'Sorted by Amount, descending';", "", 2),
    # the words are put in an element no screen reader watches
    "not_live": ('<div id="said" class="sr-only" aria-live="polite">', '<div id="said" class="sr-only">', 2),
    # the region is hidden from everyone: nothing is heard
    "hidden_region": (
        '<div id="said" class="sr-only" aria-live="polite">',
        '<div id="said" class="sr-only" aria-live="polite" style="display:none">',
        2,
    ),
    # the count is drawn, but outside the status region
    "count_not_live": ('<p role="status" id="count">', '<p id="count">', 5),
    # "Saved" is only announced: no one sees a toast
    "toast_unseen": (
        '<div id="toast" class="toast" role="status" hidden>',
        '<div id="toast" class="sr-only" role="status" hidden>',
        7,
    ),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Then the live region should announce "Picked up"',
            [("assert_appeared", {"text": "Picked up", "kind": "announced"})],
        ),
        (
            'The screen reader announces "Menu expanded"',
            [("assert_appeared", {"text": "Menu expanded", "kind": "announced"})],
        ),
        (
            '"3 results" is announced by the screen reader',
            [("assert_appeared", {"text": "3 results", "kind": "announced"})],
        ),
        # a region named by its role: which region heard it is not recorded, so the claim would be wider
        ('"3 results" is announced via the role="status" region', None),
    ],
)
def test_announcement_wordings_read_plain(
    written: str, calls: list[tuple[str, dict[str, object]]] | None
) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls


@pytest.mark.timeout(480)
def test_announcements_pass_when_heard_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="heard", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
