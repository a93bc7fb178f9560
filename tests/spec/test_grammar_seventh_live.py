"""The dev_seventh wordings on one team-admin page: a breadcrumb's link, two fields filled in one step, a
button "now enabled", a semicolon between a key and its check, a message under a field, a message stated
without an article, a quoted switch turned on, a radio of a group, a role chosen, a field set unquoted, a
column sorted, a cell at a row's position, a cell of a row named by a code, a row named by an email
address, a count stated without "Verify", a dialog "no longer visible", time slots named by their time and
a counter that reads "exactly", and a class on a button. The spec runs plain and passes, fails at its own
step on each broken build, and its exported test does the same. The parse-level cases are in
tests/spec/test_grammar_seventh.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Team admin</title>
<nav aria-label="Breadcrumb" class="breadcrumbs"><a href="#home">Home</a> › <a href="#team">Team</a></nav>
<main>
<div id="banner"></div>
<form id="invite" novalidate>
<p><label for="first">First name</label> <input id="first"></p>
<p><label for="last">Last name</label> <input id="last"></p>
<p><label for="phone">Phone number</label> <input id="phone" aria-describedby="phone-note">
<span id="phone-note" class="note"></span></p>
<p><label for="tax">Tax ID</label> <input id="tax"></p>
<button id="submit" type="submit" disabled>Submit</button>
</form>
<p><label><input type="checkbox" role="switch" id="mentions"> Email me when someone mentions me</label></p>
<fieldset><legend>Employment type</legend>
<label><input type="radio" name="employment" value="ft"> Full-time</label>
<label><input type="radio" name="employment" value="pt"> Part-time</label></fieldset>
<p><label>Role <select id="role"><option>Viewer</option><option>Editor</option></select></label>
<label>Rows per page <select id="per-page"><option>10</option><option>25</option><option>50</option></select>
</label></p>
<table><thead><tr><th>Invoice</th><th>Customer</th><th>Status</th><th></th></tr></thead><tbody id="rows">
<tr><td>INV-0041</td><td>Jane Doe</td><td>Paid</td><td><button>Remove</button></td></tr>
<tr><td>INV-0042</td><td>old.contractor@acme.io</td><td>Paid</td><td><button>Remove</button></td></tr>
<tr><td>INV-0043</td><td>Tom Becker</td><td>Pending</td><td><button>Remove</button></td></tr>
</tbody></table>
<button id="open-details" type="button">Details</button>
<div role="dialog" aria-labelledby="details-title" id="details" hidden>
<h2 id="details-title">Details</h2><button id="close-details" type="button">Close</button></div>
<p><button type="button" class="slot" aria-pressed="false" disabled>9:00 AM</button>
<button type="button" class="slot" id="slot-1030" aria-pressed="false">10:30 AM</button></p>
<p role="status" id="booked">0 slots booked</p>
</main>
<script>
const first = document.getElementById('first'), last = document.getElementById('last');
const submit = document.getElementById('submit');
const names = () => { submit.disabled = !(first.value && last.value); };
first.oninput = names; last.oninput = names;
document.getElementById('invite').onsubmit = (event) => {
  event.preventDefault();
  if (!document.getElementById('phone').value) {
    document.getElementById('phone-note').textContent = 'Phone number is required';
    document.getElementById('banner').textContent = 'Please fix 1 error';
  }
};
document.getElementById('rows').onclick = (event) => {
  if (event.target.localName === 'button') event.target.closest('tr').remove();
};
const details = document.getElementById('details');
document.getElementById('open-details').onclick = () => { details.hidden = false; };
document.getElementById('close-details').onclick = () => { details.hidden = true; };
document.getElementById('slot-1030').onclick = (event) => {
  event.target.setAttribute('aria-pressed', 'true');
  event.target.classList.add('booked');
  document.getElementById('booked').textContent = '1 slot booked';
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the "Team" link in the breadcrumbs
3. Verify the URL contains "#team"
4. Fill in First name with "Jonas" and Last name with "Weber"
5. The Submit button is now enabled
6. Press Tab; the Phone number field should be focused
7. Click "Submit"
8. "Phone number is required" is shown below the Phone number field
9. Error message "Please fix 1 error" is shown
10. Turn on "Email me when someone mentions me"
11. Select the "Full-time" radio button for Employment type
12. Choose the "Editor" role
13. Change Rows per page to 50
14. The Invoice column is sorted ascending
15. The Status in row 3 is Pending
16. The Status of INV-0042 is Paid
17. Click "Remove" in the row for old.contractor@acme.io
18. 2 results are shown
19. Verify "old.contractor@acme.io" is not visible
20. Click "Details"
21. Click "Close"
22. The details dialog is no longer visible
23. The "9:00 AM" slot should be disabled
24. Click the "10:30 AM" time slot
25. The 10:30 AM slot is selected
26. Verify the counter reads exactly "1 slot booked"
27. Verify the "10:30 AM" button has the class "booked"
"""

BROKEN = {
    # the breadcrumb trail lost its "Team" link
    "no_team_crumb": ('<a href="#team">Team</a></nav>', "<span>Team</span></nav>", 2),
    # the button stays disabled with both names filled
    "submit_stays_disabled": (
        "submit.disabled = !(first.value && last.value);",
        "submit.disabled = true;",
        5,
    ),
    # Tab from Last name skips the phone field
    "tab_skips_phone": (
        '<input id="phone" aria-describedby',
        '<input id="phone" tabindex="-1" aria-describedby',
        6,
    ),
    # the field's message is never shown
    "no_phone_note": ("textContent = 'Phone number is required';", "textContent = '';", 8),
    # the banner says something else
    "other_banner": ("'Please fix 1 error'", "'Something went wrong'", 9),
    # the switch cannot be turned on
    "switch_disabled": ('role="switch" id="mentions">', 'role="switch" id="mentions" disabled>', 10),
    # the radio is labelled otherwise
    "no_full_time": ("> Full-time</label>", "> Contract</label>", 11),
    # no Editor role to choose
    "no_editor": ("<option>Editor</option>", "<option>Admin</option>", 12),
    # no 50 rows per page
    "no_fifty": ("<option>50</option>", "<option>100</option>", 13),
    # the rows come in another order
    "unsorted": ("<td>INV-0041</td>", "<td>INV-0044</td>", 14),
    # the third row is paid
    "third_paid": ("<td>Tom Becker</td><td>Pending</td>", "<td>Tom Becker</td><td>Paid</td>", 15),
    # the invoice is still pending
    "status_pending": (
        "<td>old.contractor@acme.io</td><td>Paid</td>",
        "<td>old.contractor@acme.io</td><td>Pending</td>",
        16,
    ),
    # Remove removes the first row, not the one clicked
    "removes_first_row": (
        "event.target.closest('tr').remove();",
        "document.getElementById('rows').firstElementChild.remove();",
        19,
    ),
    # Remove removes nothing
    "removes_nothing": ("event.target.closest('tr').remove();", "event.target.closest('tr');", 18),
    # Close leaves the dialog open
    "dialog_stays": ("details.hidden = true;", "details.hidden = false;", 22),
    # 9:00 can be booked
    "nine_bookable": ('aria-pressed="false" disabled>9:00 AM', 'aria-pressed="false">9:00 AM', 23),
    # the click does not mark the slot chosen
    "slot_not_marked": ("event.target.setAttribute('aria-pressed', 'true');", "event.target.blur();", 25),
    # the booked slot is not marked so
    "no_booked_class": ("event.target.classList.add('booked');", "event.target.classList.add('bookd');", 27),
    # the counter says more than the step
    "counter_more": ("'1 slot booked';", "'1 slot booked (pending)';", 26),
}


@pytest.mark.timeout(480)
def test_a_team_admin_page_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="seventh", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
