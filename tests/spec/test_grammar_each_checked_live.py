"""Claims over every checkbox of a kind ("None of the todos is completed", "All todos are completed", "Every
todo checkbox is checked", "All checkboxes are checked", "Both checkboxes are unchecked"), read as
assert_each_checked, on one to-do page with a "Mark all as complete" box: the spec passes plain, fails at
its own step on each broken build (among them an empty list and an item without a box: a claim about every
one of none, or of an item that has no box, is no evidence), and its exported test does the same. The
readings are in tests/spec/test_grammar_twentieth.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Todos</title>
<main>
<h1>todos</h1>
<p><input type="checkbox" id="toggle-all"> <label for="toggle-all">Mark all as complete</label></p>
<ul id="list"></ul>
<button id="clear" type="button">Clear completed</button>
</main>
<script>
let items = [
  {title: 'Buy milk', done: false}, {title: 'Walk the dog', done: false}, {title: 'Pay rent', done: false},
];
const list = document.getElementById('list');
const toggleAll = document.getElementById('toggle-all');
function render() {
  list.innerHTML = '';
  for (const item of items) {
    const li = document.createElement('li');
    const box = document.createElement('input');
    box.type = 'checkbox'; box.checked = item.done; box.id = 'todo-' + items.indexOf(item);
    box.addEventListener('change', () => { item.done = box.checked; render(); });
    const label = document.createElement('label');
    label.htmlFor = box.id; label.textContent = item.title;
    li.append(box, label);
    list.append(li);
  }
  toggleAll.checked = items.length > 0 && items.every((i) => i.done);
}
toggleAll.addEventListener('change', () => {
  for (const item of items) item.done = toggleAll.checked;
  render();
});
document.getElementById('clear').addEventListener('click', () => {
  items = items.filter((i) => !i.done);
  render();
});
render();
</script>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify none of the todos is completed
3. Click the "Mark all as complete" checkbox
4. Verify all todos are completed
5. Ensure every todo checkbox is checked
6. All checkboxes are checked
7. Uncheck "Walk the dog"
8. Verify the "Mark all as complete" checkbox is not checked
9. Click "Clear completed"
10. Verify both checkboxes are unchecked
"""

BROKEN = {
    # the list is empty: "none of them is completed" is said of nothing
    "no_items": ("render();\n</script>", "items = [];\nrender();\n</script>", 2),
    # one item starts completed
    "one_done": ("{title: 'Pay rent', done: false}", "{title: 'Pay rent', done: true}", 2),
    # one item is drawn without its box
    "boxless_item": ("li.append(box, label);", "li.append(items.indexOf(item) === 1 ? '' : box, label);", 2),
    # "Mark all as complete" does nothing
    "toggle_all_dead": ("for (const item of items) item.done = toggleAll.checked;", "", 4),
    # "Mark all as complete" leaves the last item out
    "toggle_all_skips_last": (
        "for (const item of items) item.done = toggleAll.checked;",
        "for (const item of items.slice(0, -1)) item.done = toggleAll.checked;",
        4,
    ),
    # the items are done, but their boxes are drawn unticked
    "boxes_not_drawn": ("box.checked = item.done;", "box.checked = false;", 4),
    # the "Mark all as complete" box does not follow the items
    "toggle_all_stale": (
        "toggleAll.checked = items.length > 0 && items.every((i) => i.done);",
        "toggleAll.checked = false;",
        6,
    ),
    # "Clear completed" keeps the completed items
    "clear_keeps_done": ("items = items.filter((i) => !i.done);", "", 10),
    # "Clear completed" removes every item: one box is left, not two
    "clear_removes_all": ("items = items.filter((i) => !i.done);", "items = [];", 10),
}


@pytest.mark.timeout(480)
def test_claims_over_every_checkbox_pass_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="eachchecked", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
