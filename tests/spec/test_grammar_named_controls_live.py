"""Controls named as practice apps draw them: a dropdown whose options read "Option 1", "Option 2" ('Select
Option 2 from the dropdown', 'Verify Option 2 is selected' — the option that says so, never the second in the
list, which there is "Option 1"), and a change list whose row checkboxes have no name ('Select the checkbox
for Kindred': the box in that row, not a dropdown named "the checkbox for"). A page that selects another
option, or deletes another row, fails at the step that checks it — in the run and its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

DROPDOWN = """<!doctype html><meta charset="utf-8"><title>Dropdown List</title>
<main><h3>Dropdown List</h3>
<select id="dropdown"><option value="" disabled selected>Please select an option</option>
<option value="1">Option 1</option><option value="2">Option 2</option></select></main>
<script>
const KEEP = (s) => {};
document.getElementById('dropdown').addEventListener('change', (e) => KEEP(e.target));
</script>"""

DROPDOWN_SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Select Option 2 from the dropdown
3. Verify Option 2 is selected
"""

DROPDOWN_BROKEN = {
    # whatever is chosen, the page puts "Option 1" back — the second option in the list
    "resets": ("const KEEP = (s) => {};", "const KEEP = (s) => { s.value = '1'; };", 3),
    # the list lacks the option
    "no-option-2": ('<option value="2">Option 2</option>', "", 2),
}

CHANGE_LIST = """<!doctype html><meta charset="utf-8"><title>Select book to change</title>
<main><h1>Select book to change</h1>
<label>Action: <select id="action"><option value="">---------</option>
<option value="delete">Delete selected books</option></select></label> <button id="go">Go</button>
<table id="result_list"><thead><tr><th></th><th>Title</th></tr></thead><tbody>
<tr><td><input type="checkbox" class="action-select"></td><th><a href="#1">Dune</a></th></tr>
<tr><td><input type="checkbox" class="action-select"></td><th><a href="#2">Kindred</a></th></tr>
<tr><td><input type="checkbox" class="action-select"></td><th><a href="#3">SPQR</a></th></tr>
</tbody></table><p id="msg"></p></main>
<script>
document.getElementById('go').onclick = () => {
  if (document.getElementById('action').value !== 'delete') return;
  const rows = [...document.querySelectorAll('#result_list tbody tr')];
  const DOOMED = rows.filter((r) => r.querySelector('input').checked);
  DOOMED.forEach((r) => r.remove());
  document.getElementById('msg').textContent = 'Successfully deleted ' + DOOMED.length + ' book.';
};
</script>"""

CHANGE_LIST_SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Select the checkbox for Kindred
3. Choose Delete selected books from the Action dropdown
4. Click Go
5. Verify "Successfully deleted 1 book." is shown
6. Verify "Kindred" is not visible
7. Verify "Dune" is visible
"""

CHANGE_LIST_BROKEN = {
    # the action deletes the first row, whichever is checked
    "first-row": (
        "const DOOMED = rows.filter((r) => r.querySelector('input').checked);",
        "const DOOMED = [rows[0]];",
        6,
    ),
}


@pytest.mark.timeout(480)
def test_an_option_named_option_2_is_that_option_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="dropdown",
        page=DROPDOWN,
        builds=DROPDOWN_BROKEN,
        spec=lambda n: DROPDOWN_SPEC.replace("{page}", n),
    )
    assert 'select_option(label="Option 2")' in source, source


@pytest.mark.timeout(480)
def test_the_checkbox_for_a_row_named_unquoted_is_that_rows_box_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="books",
        page=CHANGE_LIST,
        builds=CHANGE_LIST_BROKEN,
        spec=lambda n: CHANGE_LIST_SPEC.replace("{page}", n),
    )
    assert ".check()" in source or ".set_checked(True)" in source, source
