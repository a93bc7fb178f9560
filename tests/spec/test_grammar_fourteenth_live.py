"""The dev_fourteenth wordings on one loan-desk page: rows pasted from a test-management export, with a data
cell ("Enter credentials and click Sign in || Username: mkowal / Password: … || Header shows "…"", "Type in
Search field and press Enter || Dune || Results list contains "Dune" and "Dune Messiah"", cells split by
" -- ", tabs and single pipes), a tester's ticked shorthand ('Welcome msg "Hi Marta" ✓', "Filters btn ->
click"), ARIA states as attributes ('The "Filters" button has aria-expanded="false"'), where focus goes,
and developers' "should" prose ("url should include …", "cookie '…' should have value '…'"). The spec runs
plain and passes, fails at its own step on each broken build, and its exported test does the same. The
parse-level cases are in tests/spec/test_grammar_fourteenth.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Loan desk</title>
<a href="#loans" id="skip">Skip to main content</a>
<header id="who"></header>
<section id="signin"><h1>Sign in</h1>
<form id="login"><p><label for="user">Username</label> <input id="user"></p>
<p><label for="pw">Password</label> <input id="pw" type="password"></p>
<button id="go">Sign in</button></form></section>
<main id="desk" hidden>
<p id="welcome"></p>
<button type="button" id="filters" aria-expanded="false" aria-controls="panel">Filters</button>
<div id="panel" hidden>
<p><label for="status">Status</label>
<select id="status"><option>All</option><option>Overdue</option></select></p>
<table><thead><tr><th>Title</th><th>Status</th></tr></thead><tbody id="rows"></tbody></table></div>
<h2 id="loans" tabindex="-1">Loans</h2>
<p><label for="search">Search</label> <input id="search"></p>
<ul id="results"></ul>
<p><label for="promo">Promo code</label> <input id="promo"> <span role="alert" id="promo-msg"></span></p>
<p><label for="remind">Reminder email</label> <input id="remind" type="email"></p>
<button type="button" id="signout">Sign out</button>
<p id="bye"></p>
</main>
<script>
const $ = (id) => document.getElementById(id);
const books = ['Dune', 'Dune Messiah', 'Emma', 'Dubliners'];
const loans = [['Dune', 'Overdue'], ['Emma', 'On loan'], ['Ulysses', 'Overdue']];
$('login').onsubmit = (event) => {
  event.preventDefault();
  if ($('user').value !== 'mkowal' || $('pw').value !== 'Shelf#2026') return;
  $('signin').hidden = true;
  $('desk').hidden = false;
  $('who').textContent = 'Marta Kowal';
  $('welcome').textContent = 'Hi Marta';
  document.cookie = 'desk_session=open; path=/';
  showRows('All');
};
$('search').onkeydown = (event) => {
  if (event.key !== 'Enter') return;
  const q = $('search').value.toLowerCase();
  const found = books.filter((b) => b.toLowerCase().includes(q));
  $('results').innerHTML = found.map((b) => '<li>' + b + '</li>').join('');
};
const showRows = (status) => {
  $('rows').innerHTML = loans
    .filter(([, s]) => status === 'All' || s === status)
    .map(([t, s]) => '<tr><td>' + t + '</td><td>' + s + '</td></tr>').join('');
};
$('status').onchange = () => showRows($('status').value);
$('filters').onclick = () => {
  const open = $('filters').getAttribute('aria-expanded') === 'true';
  $('filters').setAttribute('aria-expanded', String(!open));
  $('panel').hidden = open;
};
$('promo').oninput = () => {
  const ok = $('promo').value === 'WINTER10';
  $('promo-msg').textContent = ok ? 'Discount applied' : 'This code is not valid';
  $('promo').setAttribute('aria-invalid', String(!ok));
};
$('signout').onclick = () => { $('bye').textContent = 'Signed out'; };
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Navigate to the loan desk || /{page}.html || Heading "Sign in" is visible
2. Enter credentials and click Sign in || Username: mkowal / Password: Shelf#2026 || Header shows "{name}"
3. Welcome msg "Hi Marta" ✓
4. The "Filters" button has aria-expanded="false"
5. Filters btn -> click
6. The "Filters" button has aria-expanded="true"
7. Select "Overdue" in Status filter -- -- Table shows 2 rows
8. Filters btn -> click
9. Type in Search field and press Enter || Dune || Results list contains "Dune" and "Dune Messiah"
10. Enter invalid promo code | XMAS99 | Message "This code is not valid" is displayed
11. The "Promo code" field has aria-invalid="true"
12. Type "marta@" into the "Reminder email" field
13. Verify the "Reminder email" field is invalid
14. Press Enter on "Skip to main content" and focus moves to the heading "Loans"
15. url should include '#loans'
16. cookie 'desk_session' should have value 'open'
17. Click "Sign out"\t\t"Signed out" is displayed
"""

BROKEN = {
    # the sign-in page has no heading
    "no_heading": ("<h1>Sign in</h1>", "<p>Sign in</p>", 1),
    # the password field has another label: the data cell's "Password" fills nothing
    "password_renamed": ('<label for="pw">Password</label>', '<label for="pw">PIN</label>', 2),
    # signing in shows someone else's name
    "wrong_user": ("$('who').textContent = 'Marta Kowal';", "$('who').textContent = 'Guest';", 2),
    # no welcome
    "no_welcome": ("$('welcome').textContent = 'Hi Marta';", "", 3),
    # the disclosure claims to be open before it is
    "starts_expanded": ('aria-expanded="false" aria-controls', 'aria-expanded="true" aria-controls', 4),
    # the disclosure opens the panel but never says so
    "aria_stuck": ("$('filters').setAttribute('aria-expanded', String(!open));", "", 6),
    # the status filter filters nothing
    "filter_ignored": ("$('status').onchange = () => showRows($('status').value);", "", 7),
    # the search matches whole titles only
    "search_exact": ("b.toLowerCase().includes(q)", "b.toLowerCase() === q", 9),
    # every promo code is accepted
    "promo_lenient": ("$('promo').value === 'WINTER10';", "$('promo').value !== '';", 10),
    # the skip link's target cannot take focus
    # the promo field is never marked invalid for assistive tech
    "promo_not_marked": ("$('promo').setAttribute('aria-invalid', String(!ok));", "", 11),
    # the reminder field takes any text: the browser does not check it is an email
    "remind_any_text": ('<input id="remind" type="email">', '<input id="remind" type="text">', 13),
    "skip_unfocusable": ('<h2 id="loans" tabindex="-1">', '<h2 id="loans">', 14),
    # the session cookie says something else
    "cookie_closed": (
        "document.cookie = 'desk_session=open; path=/';",
        "document.cookie = 'desk_session=closed; path=/';",
        16,
    ),
    # signing out says nothing
    "no_bye": ("$('bye').textContent = 'Signed out';", "", 17),
}


@pytest.mark.timeout(480)
def test_a_loan_desk_page_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="fourteenth",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n).replace("{name}", "Marta Kowal"),
    )
