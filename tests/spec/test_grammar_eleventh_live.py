"""The dev_eleventh wordings on one fleet-settings page: a Gherkin "Given I am on" and "When I follow", the
rows a table should show, a cell of a row named by a code, a claim without its "is" and one with "must", a
name unquoted before its role, a value pasted in, an expected result after an arrow and after a dash, a
switch flipped on and "switched on" after a dialog, a capitalised table's row count, an export's step with
an empty action, a dialog's text and a row "still in the table". The spec runs plain and passes, fails at
its own step on each broken build, and its exported test does the same. The parse-level cases are in
tests/spec/test_grammar_eleventh.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Fleet admin</title>
<main>
<h1>Vehicles</h1>
<p><a href="#settings">Update settings</a></p>
<p><label><input type="checkbox" role="switch" id="events"> Send test events</label></p>
<p><label for="endpoint">Endpoint URL</label> <input id="endpoint"></p>
<button id="save" type="button" disabled>Save changes</button>
<p role="status" id="toast"></p>
<table aria-label="Vehicles"><thead><tr><th>Plate</th><th>Driver</th><th>Status</th><th></th></tr></thead>
<tbody id="rows">
<tr><td>VAN-042</td><td>J. Alvarez</td><td>Active</td><td><button type="button">Delete</button></td></tr>
<tr><td>VAN-051</td><td>M. Okafor</td><td>Active</td><td><button type="button">Delete</button></td></tr>
<tr><td>CAR-113</td><td>R. Chen</td><td>Idle</td><td><button type="button">Delete</button></td></tr>
</tbody></table>
<table aria-label="Drivers"><tr><th>Name</th></tr><tbody id="drivers"><tr><td>J. Alvarez</td></tr>
<tr><td>M. Okafor</td></tr></tbody></table>
<div role="dialog" aria-labelledby="confirm-title" id="confirm" hidden>
<h2 id="confirm-title">Delete vehicle</h2><p>No undo.</p>
<button id="cancel" type="button">Cancel</button></div>
</main>
<script>
const endpoint = document.getElementById('endpoint'), save = document.getElementById('save');
const events = document.getElementById('events'), confirm = document.getElementById('confirm');
endpoint.oninput = () => { save.disabled = !endpoint.value; };
save.onclick = () => { document.getElementById('toast').textContent = 'Webhook saved'; };
events.onchange = () => {};
document.getElementById('rows').onclick = (event) => {
  if (event.target.localName !== 'button') return;
  confirm.hidden = false;
  confirm.dataset.row = event.target.closest('tr').rowIndex;
};
document.getElementById('cancel').onclick = () => { confirm.hidden = true; };
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') { confirm.hidden = true; }
});
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Given I am on "/{page}.html"
2. Then I should see 3 rows in the vehicles table
3. The Driver cell in the row for VAN-042 is "J. Alvarez"
4. Verify Save changes button is disabled
5. Paste https://hooks.example.dev/in into the Endpoint URL field
6. The button "Save changes" must be enabled
7. hit Save changes → toast says "Webhook saved"
8. Flip the "Send test events" switch on
9. Step 9 | Action: Click "Delete" in the row for CAR-113 | Expected: Dialog text "No undo." is visible
10. Press Escape — the dialog should close
11. Make sure "Send test events" is switched on
12. Action: None | Expected: Row "CAR-113" is still in the table
13. Verify heading "Vehicles" visible
14. The Drivers table shows 2 rows
15. When I follow "Update settings"
16. Verify the URL contains "#settings"
"""

BROKEN = {
    # the table lost a row
    "two_rows": ("<tr><td>CAR-113</td><td>R. Chen</td>", "<tr hidden><td>CAR-113</td><td>R. Chen</td>", 2),
    # another driver in VAN-042's row
    "other_driver": ("<td>VAN-042</td><td>J. Alvarez</td>", "<td>VAN-042</td><td>J. Alvares</td>", 3),
    # Save is enabled before anything was typed
    "save_enabled_early": ('type="button" disabled>Save changes', 'type="button">Save changes', 4),
    # the endpoint cannot be typed into
    "endpoint_readonly": ('<input id="endpoint">', '<input id="endpoint" readonly>', 5),
    # Save stays disabled with an endpoint typed
    "save_stays_disabled": ("save.disabled = !endpoint.value;", "save.disabled = true;", 6),
    # the toast says something else
    "other_toast": ("'Webhook saved'", "'Saved'", 7),
    # the switch cannot be turned on
    "switch_disabled": ('role="switch" id="events">', 'role="switch" id="events" disabled>', 8),
    # the switch turns itself off again
    "switch_bounces": (
        "events.onchange = () => {};",
        "events.onchange = () => { events.checked = false; };",
        8,  # the flip itself sees it
    ),
    # the dialog says something else
    "other_dialog_text": ("<p>No undo.</p>", "<p>Are you sure?</p>", 9),
    # Escape leaves the dialog open
    "escape_ignored": ("if (event.key === 'Escape') { confirm.hidden = true; }", "", 10),
    # closing the dialog turns the switch off again
    "escape_resets_switch": (
        "if (event.key === 'Escape') { confirm.hidden = true; }",
        "if (event.key === 'Escape') { confirm.hidden = true; events.checked = false; }",
        11,
    ),
    # Escape closes the dialog and deletes the row all the same
    "escape_deletes": (
        "if (event.key === 'Escape') { confirm.hidden = true; }",
        "if (event.key === 'Escape') { confirm.hidden = true; "
        "document.getElementById('rows').deleteRow(confirm.dataset.row - 1); }",
        12,
    ),
    # the title is no heading
    "no_heading": ("<h1>Vehicles</h1>", "<p>Vehicles</p>", 13),
    # the drivers table lists one driver twice
    "driver_twice": ("<tr><td>M. Okafor</td></tr>", "<tr><td>M. Okafor</td></tr>" * 2, 14),
    # the settings link is gone
    "no_settings_link": ('<a href="#settings">Update settings</a>', "<span>Update settings</span>", 15),
    # the link leads elsewhere
    "link_elsewhere": ('<a href="#settings">', '<a href="#setup">', 16),
}


@pytest.mark.timeout(480)
def test_a_fleet_settings_page_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="eleventh", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
