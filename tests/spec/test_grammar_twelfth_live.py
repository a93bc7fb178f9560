"""The dev_twelfth wordings on one permit form: an export's table rows ("| 1 | Go to … | Page title is … |"),
the passive voice ("The "Continue" button is clicked", ""Visitor" is chosen from …", "… is entered in …"),
a QA team's shorthand ("Permit type dd = "Visitor"", "Tick "Remember me" chkbox", "Verify err msg: …"),
keyboard and focus ("Press Tab once", "Focus moves to the Postcode field", "Shift+Tab back to "Full name"",
"Tab to the Postcode field": the keyboard must reach it), a disclosure's state, a bug
report's "Expected result: toast …", the browser's Back, an expected result that names its element by its
kind only ("Field shows …") and "is present". The spec runs plain and passes, fails at its
own step on each broken build, and its exported test does the same. The parse-level cases are in
tests/spec/test_grammar_twelfth.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Permit application</title>
<main><h1>Apply for a permit</h1>
<div id="summary" role="alert" hidden><h2>There is a problem</h2>
<a href="#postcode" id="fix">Enter a postcode</a></div>
<p><label for="name">Full name</label> <input id="name"></p>
<p><label for="postcode">Postcode</label> <input id="postcode"></p>
<button type="button" id="help" aria-expanded="false" aria-controls="help-text">Help with postcodes</button>
<div id="help-text" hidden>Use the postcode on your council tax bill.</div>
<p><label for="type">Permit type</label>
<select id="type"><option>Resident</option><option>Visitor</option></select></p>
<p><label><input type="checkbox" id="remember"> Remember me</label></p>
<button type="button" id="continue">Continue</button>
<p role="status" id="toast"></p>
</main>
<script>
const $ = (id) => document.getElementById(id);
$('help').onclick = () => {
  const open = $('help').getAttribute('aria-expanded') === 'true';
  $('help').setAttribute('aria-expanded', String(!open));
  $('help-text').hidden = open;
};
$('fix').onclick = (event) => { event.preventDefault(); $('postcode').focus(); };
$('continue').onclick = () => {
  if (!$('postcode').value) { $('summary').hidden = false; return; }
  $('summary').hidden = true;
  $('toast').textContent = 'Application saved';
  history.pushState({}, '', '#done');
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. | 1 | Go to /{page}.html | Page title is "Permit application" |
2. The "Full name" field is filled with "Aisha Bello"
3. Press Tab once
4. Focus moves to the Postcode field
5. Shift+Tab back to "Full name"
6. Tab to the Postcode field
7. The "Help with postcodes" button is clicked
8. The Help with postcodes disclosure is expanded
9. "Visitor" is chosen from the Permit type dropdown
10. Permit type dd = "Visitor"
11. Tick "Remember me" chkbox
12. "Remember me" chkbox checked
13. The "Continue" button is clicked
14. Verify err msg: "Enter a postcode"
15. | 15 | Click the "Enter a postcode" link | Focus is on the "Postcode" field |
16. "SW1A 1AA" is entered in the Postcode field
17. The "Continue" button is clicked
18. Expected result: toast "Application saved"
19. The URL ends with "#done"
20. Click browser Back
21. The URL ends with "/{page}.html"
22. | 22 | Type "Aisha Bello-Smith" into "Full name" | Field shows "Aisha Bello-Smith" |
23. The "Continue" button is present
"""

BROKEN = {
    # the page has another title
    "other_title": ("<title>Permit application</title>", "<title>Permit form</title>", 1),
    # the name cannot be typed into
    "name_readonly": ('<input id="name">', '<input id="name" readonly>', 2),
    # Shift+Tab cannot get back to the name
    "name_skipped": ('<input id="name">', '<input id="name" tabindex="-1">', 5),
    # Tab skips the postcode
    "postcode_skipped": ('<input id="postcode">', '<input id="postcode" tabindex="-1">', 4),
    # the help opens without saying so
    "help_says_collapsed": ("$('help').setAttribute('aria-expanded', String(!open));", "", 8),
    # no visitor permits
    "no_visitor": ("<option>Visitor</option>", "", 9),
    # the permit type falls back to Resident a moment after it was chosen
    "type_resets": (
        "$('fix').onclick",
        "$('type').onchange = () => { setTimeout(() => { $('type').value = 'Resident'; }, 100); };\n"
        "$('fix').onclick",
        10,
    ),
    # "Remember me" cannot be ticked
    "remember_disabled": ('id="remember">', 'id="remember" disabled>', 11),
    # the error summary says something else
    "other_error": (">Enter a postcode</a>", ">Postcode is required</a>", 14),
    # the error's link does not take the keyboard to the field
    "link_does_not_focus": ("$('postcode').focus();", "", 15),
    # the confirmation says something else
    "other_toast": ("'Application saved'", "'Saved'", 18),
    # the URL never says the application is done
    "no_done_url": ("history.pushState({}, '', '#done');", "", 19),
    # Back leaves the page at the "done" address
    "replaced": ("history.pushState({}, '', '#done');", "history.replaceState({}, '', '#done');", 21),
    # the name field rewrites what was typed a moment later
    "name_rewritten": (
        "$('fix').onclick",
        "$('name').oninput = () => { setTimeout(() => { $('name').value = 'A. Bello'; }, 50); };\n"
        "$('fix').onclick",
        22,
    ),
    # Continue is gone once the application was saved and the page went back
    "continue_removed": (
        "history.pushState({}, '', '#done');",
        "history.pushState({}, '', '#done'); window.onpopstate = () => { $('continue').remove(); };",
        23,
    ),
}


@pytest.mark.timeout(480)
def test_a_permit_form_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="twelfth",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        # The exported test settles after each action as the run does (export/settle_check.py), so it too
        # sees a value change 50-100 ms after it was chosen or typed (type_resets, name_rewritten).
    )
