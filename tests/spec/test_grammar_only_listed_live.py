"""A key pressed in a field named by unquoted words and its noun ("Press Enter in the new todo input"), an
action "in the empty" field (the emptiness checked first: a field still holding text fails the step), and a
list said to hold only some texts ("Verify only "Book dentist" is listed": each text in the list and its item
count), on one to-do page with hash-routed filters: the spec passes plain, fails at its own step on each
broken build, and its exported test does the same. The readings are in tests/spec/test_grammar_twentieth.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Todos</title>
<main>
<h1>todos</h1>
<input id="new" aria-label="New todo" placeholder="What needs to be done?">
<input id="search" aria-label="Search todos" placeholder="Search">
<ul id="list"></ul>
<nav aria-label="Filters"><a href="#/">All</a> <a href="#/active">Active</a>
<a href="#/completed">Completed</a></nav>
<p><label for="notes">Notes</label> <textarea id="notes"></textarea></p>
</main>
<script>
const items = [];
const list = document.getElementById('list');
const input = document.getElementById('new');
function render() {
  const route = location.hash.replace('#/', '');
  list.innerHTML = '';
  for (const item of items) {
    if (route === 'active' && item.done) continue;
    if (route === 'completed' && !item.done) continue;
    const li = document.createElement('li');
    const box = document.createElement('input');
    box.type = 'checkbox'; box.checked = item.done;
    box.addEventListener('change', () => { item.done = box.checked; render(); });
    const label = document.createElement('label');
    label.textContent = item.title;
    li.append(box, label);
    list.append(li);
  }
}
function add(title) {
  items.push({title, done: false});
}
input.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const title = input.value.trim();
  if (title) { add(title); }
  input.value = '';
  render();
});
window.addEventListener('hashchange', render);
render();
</script>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Type "Book dentist" in the new todo input
3. Press Enter in the new todo input
4. Verify the list has 1 item
5. Press Enter in the empty new todo input
6. Verify the list has 1 item
7. Type "Call mom" in the new todo input
8. Press Enter in the new todo input
9. Verify only "Book dentist" and "Call mom" are listed
10. Verify the list has 2 items: "Book dentist" and "Call mom"
11. Check "Call mom"
12. Click the "Active" link
13. Verify only "Book dentist" is listed
14. Click the "Completed" link
15. Verify the list shows only "Call mom"
16. Click the "All" link
17. Type "bring the card" in the empty notes field
18. Verify the notes field has the value "bring the card"
19. Uncheck "Call mom"
20. Click the "Completed" link
21. Verify the list is empty
"""

BROKEN = {
    # Enter does nothing in the new todo input
    "enter_ignored": ("if (e.key !== 'Enter') return;", "if (e.key !== 'Enter' || true) return;", 4),
    # each Enter adds the item twice
    "added_twice": ("if (title) { add(title); }", "if (title) { add(title); add(title); }", 4),
    # the item is added, but the input keeps its text: the next Enter is pressed in a field that is not empty
    "input_kept": ("  input.value = '';\n", "", 5),
    # an empty input adds an empty item
    "empty_added": ("if (title) { add(title); }", "add(title);", 6),
    # the second item brings a third along: more than the two the step lists
    "echo_item": (
        "items.push({title, done: false});",
        "items.push({title, done: false});"
        " if (items.length === 2) items.push({title: 'Walk dog', done: false});",
        9,
    ),
    # ticking one item ticks the other: the box ticked is drawn unticked again
    "wrong_item_ticked": (
        "box.addEventListener('change', () => { item.done = box.checked; render(); });",
        "box.addEventListener('change', () => { items[0].done = box.checked; render(); });",
        11,
    ),
    # the active filter lists the completed item too
    "active_shows_all": ("if (route === 'active' && item.done) continue;", "", 13),
    # the completed filter lists the active item too
    "completed_shows_all": ("if (route === 'completed' && !item.done) continue;", "", 15),
    # the notes field holds a draft already
    "notes_drafted": ('<textarea id="notes"></textarea>', '<textarea id="notes">draft</textarea>', 17),
    # the completed view lists what was ever completed: the item unticked stays there
    "completed_remembers": (
        "if (route === 'completed' && !item.done) continue;",
        "if (route === 'completed' && !item.ever) continue; item.ever = item.ever || item.done;",
        21,
    ),
}


@pytest.mark.timeout(480)
def test_keys_in_described_fields_and_only_listed_items_pass_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="onlylisted", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
