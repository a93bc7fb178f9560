"""Typing where the focus is, as QA suites say it when they name no field ('Type "buy milk" and press Enter'
on a todo list that focuses its input on load, 'Press Ctrl+K and type "buckets"', 'Click the search box and
type "Cosmos"', 'Double-click "buy milk" and type "buy oat milk"'): the text goes into the field that has
the keyboard focus, so a page that forgets to focus it fails at that step — never by typing into some other
field — in the run and in its exported test alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from broken_builds import BUILDS_OUTPUT, check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Todos</title>
<main><h1>Todos</h1>
<input id="new" placeholder="What needs to be done?" autofocus>
<ul id="list"></ul>
<label>Notes <input id="notes"></label>
<form role="search" id="search"><input type="search" aria-label="Search todos"></form>
<p id="found"></p>
<div id="palette" hidden><input id="command" aria-label="Command"></div>
<p id="ran"></p></main>
<script>
const list = document.getElementById('list');
document.getElementById('new').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' || !e.target.value.trim()) return;
  const li = document.createElement('li');
  li.innerHTML = '<label></label>';
  li.querySelector('label').textContent = e.target.value.trim();
  list.append(li);
  e.target.value = '';
});
// double-click a todo to edit it in place; Enter saves
const EDITS = true;
list.addEventListener('dblclick', (e) => {
  const li = e.target.closest('li');
  if (!li || !EDITS) return;
  const edit = document.createElement('input');
  edit.className = 'edit';
  edit.value = li.textContent;
  li.replaceChildren(edit);
  edit.focus();
  edit.addEventListener('keydown', (k) => {
    if (k.key === 'Enter') li.innerHTML = '<label>' + edit.value + '</label>';
  });
});
const palette = document.getElementById('palette');
const command = document.getElementById('command');
const FOCUS_COMMAND = () => command.focus();
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey && e.key.toLowerCase() === 'k') {
    e.preventDefault();
    palette.hidden = false;
    FOCUS_COMMAND();
  }
});
command.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') document.getElementById('ran').textContent = 'Ran: ' + command.value;
});
document.getElementById('search').onsubmit = (e) => {
  e.preventDefault();
  const q = e.target.querySelector('input').value;
  document.getElementById('found').textContent = 'Searched for ' + q;
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Type "buy milk" and press Enter
3. Verify "buy milk" is visible in the list
4. Double-click "buy milk" and type "buy oat milk"
5. Press Enter
6. Verify "buy oat milk" is visible in the list
7. Press Ctrl+K and type "archive done"
8. Press Enter
9. Verify "Ran: archive done" is visible
10. Click the search box and type "oat"
11. Press Enter
12. Verify "Searched for oat" is visible
13. Verify the "Notes" field is empty
"""

BROKEN = {
    # the new-todo field is not focused on load: nothing to type into
    "no-autofocus": ('placeholder="What needs to be done?" autofocus>', "placeholder=''>", 2),
    # a double-click does not open the editor: the focus stays off any field
    "no-edit": ("const EDITS = true;", "const EDITS = false;", 4),
    # the palette opens but its field never takes the focus
    "palette-unfocused": ("() => command.focus();", "() => {};", 7),
}


@pytest.mark.timeout(480)
def test_typing_goes_where_the_focus_is_and_fails_when_nothing_is_focused_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="todos", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    # a person reads where the focus was instead of a selector or a list of other fields to type into
    runs = sorted((tmp_path / "project" / BUILDS_OUTPUT).glob("*/run.json"))
    specs = {Path(s["path"]).stem: s for s in json.loads(runs[-1].read_text())["specs"]}
    for build in BROKEN:
        failed = [st["reason"] for st in specs[f"todos-{build}"]["steps"] if st["status"] == "failed"]
        assert failed == [
            "fill failed (ELEMENT_NOT_FOUND): no field has the keyboard focus to type into (nothing is "
            'focused); click the field first, or name it (Type "…" in the "Name" field)'
        ], (build, failed)
    # the exported test types into the focused field too, never into the field the run happened to find
    assert source.count("page.locator(FOCUSED_FIELD).fill(") == 4, source
    assert "from autoqa.landmarks import FOCUSED_FIELD" in source, source
