"""More natural wordings, as a development corpus showed them: Gherkin steps ("Given I am on …", "When the
user clicks …", "Then I should see …"), a control's name in brackets, a dropdown named after "as", a field
given as "Last name: Shah", an unquoted e-mail address into a capitalised field, a button that "changes to" a
new name, a toast that "says" something, storage as a statement, counts and order said another way, a row's
status ("Verify "Invoice 7" has status "Paid"") and "Expect the subtotal to be …". Each runs plain, passes
on a page that does what it says and fails, at its own step, on a build that breaks it — where the claimed
text is still elsewhere on the page, that is no evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Prefs</title>
<main>
<button id="settings">Settings</button>
<section id="panel" hidden><h2>Preferences</h2></section>
<label>Source language <select id="src"><option>French</option><option>English</option></select></label>
<p id="from">From French</p>
<label>Last name <input id="last"></label>
<label>Email <input id="email"></label>
<button id="sub">Subscribe</button>
<div id="toast" role="status"></div>
<table><tr><th>Invoice</th><th>Status</th></tr>
<tr><td>Invoice 7</td><td>Paid</td></tr><tr><td>Invoice 8</td><td>Due</td></tr></table>
<dl><dt>Subtotal</dt><dd>€17.40</dd></dl>
</main>
<script>
document.getElementById('settings').onclick = () => { document.getElementById('panel').hidden = false; };
document.getElementById('src').onchange = (e) => {
  document.getElementById('from').textContent = 'From ' + e.target.value; };
document.getElementById('sub').onclick = (e) => {
  e.target.textContent = 'Subscribed';
  document.getElementById('toast').textContent = 'Saved to your list';
  localStorage.setItem('plan', 'pro'); };
</script>
"""

SPEC = """# Prefs
## Preconditions
- none
## Steps
1. Given I am on "/{page}.html"
2. When the user clicks [Settings]
3. Then I should see "Preferences"
4. Select English as source language
5. The user sees "From English"
6. Fill Last name: Shah
7. Verify the "Last name" field contains "Shah"
8. Enter priya.shah@example.org into Email
9. Verify the Email field contains "priya.shah@example.org"
10. Click the "Subscribe" button
11. The Subscribe button changes to "Subscribed"
12. A toast says "Saved to your list"
13. localStorage key "plan" should equal "pro"
14. There should be 2 invoices
15. Verify the invoices are in the order "Invoice 7", "Invoice 8"
16. Verify "Invoice 7" has status "Paid"
17. Expect the subtotal to be €17.40
"""

# (the change, the step that must fail)
BROKEN = {
    "settings": (
        "document.getElementById('panel').hidden = false;",
        "document.getElementById('panel').hidden = true;",
        3,
    ),
    "source": ("'From ' + e.target.value", "'From French'", 5),
    "last": ('<input id="last">', '<input id="last" maxlength="2">', 7),
    "email": ('<input id="email">', '<input id="email" maxlength="5">', 9),
    "renamed": ("e.target.textContent = 'Subscribed';", "", 11),
    "toast": ("textContent = 'Saved to your list'", "textContent = 'Saved'", 12),
    "storage": ("setItem('plan', 'pro')", "setItem('plan', 'basic')", 13),
    "count": ("<tr><td>Invoice 8</td>", "<tr><td>Invoice 9</td><td>Due</td></tr><tr><td>Invoice 8</td>", 14),
    "order": (
        "<tr><td>Invoice 7</td><td>Paid</td></tr><tr><td>Invoice 8</td><td>Due</td></tr>",
        "<tr><td>Invoice 8</td><td>Due</td></tr><tr><td>Invoice 7</td><td>Paid</td></tr>",
        15,
    ),
    # "Paid" is still in the table, in another invoice's row.
    "status": (
        "<td>Invoice 7</td><td>Paid</td></tr><tr><td>Invoice 8</td><td>Due</td>",
        "<td>Invoice 7</td><td>Due</td></tr><tr><td>Invoice 8</td><td>Paid</td>",
        16,
    ),
    # "Paid" is still in Invoice 7's row, in a cell that is not its status.
    "status-note": (
        "<tr><td>Invoice 7</td><td>Paid</td></tr>",
        "<tr><td>Invoice 7</td><td>Due</td><td>Paid in part</td></tr>",
        16,
    ),
    # "€17.40" is still on the page, not as the subtotal.
    "subtotal": ("<dd>€17.40</dd>", "<dd>€17.50</dd><dd>was €17.40</dd>", 17),
}


@pytest.mark.timeout(300)
def test_each_wording_passes_on_a_working_page_and_fails_on_its_broken_build(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_broken_builds(
        tmp_path / "project",
        site,
        name="prefs",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
