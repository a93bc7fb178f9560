"""Steps written the way QA engineers write them — who acts ("Then the user enters …"), unquoted literal
values, two actions in one step, "Make sure … appears on the page", a value the page labels ("the price
shown is …"), things counted by what they are ("3 jobs are shown"), a
described element ("the radio button labelled …"), a statement of state and "the user sees" — run plain,
pass on a page that does what they say and fail, each at its own step, on a build that breaks it. Several
broken builds show the same text elsewhere on the page: the claim is about one place, and text elsewhere
is no evidence for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Listing</title>
<main>
<h1>Listing</h1>
<dl><dt>Price</dt><dd>£425,000</dd><dt>Bedrooms</dt><dd>3</dd><dt>Total price</dt><dd>£431,000</dd></dl>
<p>Assignee: Ada Lovelace</p>
<p>Due date: 19 Dec 2026</p>
<div role="tablist"><button role="tab">Comments <span>312</span></button>
<button role="tab">Files</button></div>
<label>Email <input id="email"></label>
<label>Message <input id="msg"></label>
<p id="sent">nothing sent</p>
<ul><li><a href="#job1">Job one</a></li><li><a href="#job2">Job two</a></li><li>Job three</li></ul>
<section><h2>Done</h2><p>Write notes</p></section>
<section><h2>To do</h2><p>Plan sprint</p></section>
<label><input type="radio" name="f"> Weekly</label> <label><input type="radio" name="f"> Daily</label>
<button disabled>Save</button>
</main>
<script>
document.getElementById('msg').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') document.getElementById('sent').textContent = 'sent ' + e.target.value; });
</script>
"""

STEPS = """1. Then the user enters ada@example.com in the Email field
2. Verify the Email field contains "ada@example.com"
3. Type "Hello" in the Message box and press Enter
4. Make sure the text "sent Hello" appears on the page
5. Verify the price shown is "£425,000"
6. The "Bedrooms" value should be 3
7. Assignee should be displayed as "Ada Lovelace"
8. Verify that 3 jobs are shown
9. Select the radio button labelled "Weekly"
10. Verify "Weekly" is checked
11. The Save button is disabled
12. The user sees "Listing"
13. Verify the total price is "£431,000"
14. Due date should change to 19 Dec 2026
15. Verify the "Comments" tab shows "312"
"""

# Each broken build breaks what one sentence does or claims: (the change, the step that must fail; the step
# numbers count the Open step as 1).
BROKEN = {
    "literal": (('<input id="email">', '<input id="email" maxlength="3">'), 3),
    "compound": (("if (e.key === 'Enter')", "if (e.key === 'Tab')"), 5),
    # The price the step claims is elsewhere on the page, not the labelled one.
    "price": (("<dd>£425,000</dd>", "<dd>£399,000</dd><dd>was £425,000</dd>"), 6),
    "bedrooms": (("<dt>Bedrooms</dt><dd>3</dd>", "<dt>Bedrooms</dt><dd>4</dd><dt>Baths</dt><dd>3</dd>"), 7),
    "assignee": (("<p>Assignee: Ada Lovelace</p>", "<p>Assignee: Grace Hopper</p><p>Ada Lovelace</p>"), 8),
    "count": (("<li>Job three</li>", "<li>Job three</li><li>Job four</li>"), 9),
    # The jobs are gone; three other things are listed: "3 jobs" must not count them.
    "count_other": (
        (
            '<ul><li><a href="#job1">Job one</a></li><li><a href="#job2">Job two</a></li>'
            "<li>Job three</li></ul>",
            "<ul><li>Tip one</li><li>Tip two</li><li>Tip three</li></ul>",
        ),
        9,
    ),
    "radio": (('<input type="radio" name="f"> Weekly', '<input type="radio" name="f" disabled> Weekly'), 10),
    "state": (("<button disabled>Save</button>", "<button>Save</button>"), 12),
    "sees": (("<h1>Listing</h1>", "<h1>Offer</h1>"), 13),
    # Only the plain price is £425,000; the total is another label's value.
    "total": (("<dd>£431,000</dd>", "<dd>£425,000</dd>"), 14),
    # The due date claimed is the whole date, not the day it starts with.
    "due": (("Due date: 19 Dec 2026", "Due date: 19 Jan 2027"), 15),
    # The tab's own count, not the same number elsewhere on the page.
    "tab": (("Comments <span>312</span></button>", "Comments <span>311</span></button><p>312 views</p>"), 16),
}


def _spec(page: str) -> str:
    return f"# {page}\n## Preconditions\n- none\n## Steps\n1. Open /{page}.html\n" + "".join(
        f"{int(number) + 1}.{rest}\n"
        for number, _, rest in (line.partition(".") for line in STEPS.splitlines())
    )


@pytest.mark.parametrize(
    ("written", "tools"),
    [
        ("Then the user enters ada@example.com in the Email field", ["fill"]),
        ('Type "Hello" in the Message box and press Enter', ["fill", "press_key"]),
        ('Verify the price shown is "£425,000"', ["assert_text_in"]),
        ("Verify that 3 jobs are shown", ["assert_count"]),
        ('Select the radio button labelled "Weekly"', ["set_checked"]),
        ('Click the sort dropdown and select "Price (low to high)"', ["select_option"]),
        # the text of the button in Dune's row (never a column named "button")
        ('Verify the button for "Dune" says "Renew"', ["assert_text_in"]),
        ("Given I'm on /discover", ["navigate"]),
        ("Select medium from the Size dropdown", ["select_option"]),  # an option is a closed set
        ("Search the catalogue for isbn 9780441013593", ["fill"]),
        ("Enter the promo code FRIENDS10 and click Apply", ["fill", "click"]),
        ('Text "Your £25 becomes £31.25" is visible', ["assert_text_present"]),
        ("Click the 'Drop' link in the row for MATH110", ["click"]),
    ],
)
def test_each_natural_wording_is_read_as_the_tool_calls_it_means(written: str, tools: list[str]) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [a.tool for a in actions] == tools


ROW = 'the row in "MATH110"'
# What each wording claims or does, argument by argument: a rewrite that turned "not" into a positive, dropped
# a row, a key or a second press, or read another element would still name the same tools.
EXACT: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('I should not see "Error"', [("assert_text_absent", {"text": "Error"})]),
    ('You should not see the "Delete" button', [("assert_element_hidden", {"target": '"Delete" button'})]),
    (
        'The "Marketing emails" checkbox is unticked',
        [("assert_checked", {"target": '"Marketing emails" checkbox', "checked": False})],
    ),
    (
        'The "Dark mode" switch is off',
        [("assert_checked", {"target": '"Dark mode" switch', "checked": False})],
    ),
    ("Shuffle should be off", [("assert_checked", {"target": "Shuffle", "checked": False})]),
    ('Toggle "Auto-download" off', [("set_checked", {"target": "Auto-download", "checked": False})]),
    ("Turn Shuffle on", [("set_checked", {"target": "Shuffle", "checked": True})]),
    ('The "Share" dialog should close', [("assert_element_hidden", {"target": '"Share" dialog'})]),
    ("The Save button is not greyed out", [("assert_enabled", {"target": '"Save" button', "enabled": True})]),
    ("The Save button is greyed out", [("assert_enabled", {"target": '"Save" button', "enabled": False})]),
    ("Click the 'Drop' link in the row for MATH110", [("click", {"target": '"Drop" link in "MATH110"'})]),
    (
        'Verify "Enrolled" is shown in the row for MATH110',
        [("assert_text_in", {"target": ROW, "text": "Enrolled"})],
    ),
    ("Press ctrl + a", [("press_key", {"key": "Control+a"})]),
    ("Press Ctrl + Shift + K", [("press_key", {"key": "Control+Shift+K"})]),
    ("Press Tab twice", [("press_key", {"key": "Tab"})] * 2),
    (
        # a comma inside the value splits nothing
        'Type "Tom, click here" in the Notes box and press Enter',
        [("fill", {"target": '"Notes" field', "value": "Tom, click here"}), ("press_key", {"key": "Enter"})],
    ),
    (
        'Verify the "Comments" tab shows "312"',
        [("assert_text_in", {"target": '"Comments" tab', "text": "312"})],
    ),
    (
        'Verify the total price is "£5"',
        [("assert_text_in", {"target": "css=body", "text": "£5", "column": "total price"})],
    ),
    (
        'Verify "Invoice 7" has status "Paid"',  # that row's Status cell, not the row's text
        [("assert_text_in", {"target": 'the row in "Invoice 7"', "text": "Paid", "column": "status"})],
    ),
    (
        'Verify "Invoice 7" has the status of "Paid"',
        [("assert_text_in", {"target": 'the row in "Invoice 7"', "text": "Paid", "column": "status"})],
    ),
    ("The Save button is not disabled", [("assert_enabled", {"target": '"Save" button', "enabled": True})]),
    ('"Welcome" is not displayed', [("assert_text_absent", {"text": "Welcome"})]),
    (
        'Check "Remember me" is checked',  # a claim after "Check", never a tick
        [("assert_checked", {"target": "Remember me", "checked": True})],
    ),
    ("Go to Settings > Downloads", [("click", {"target": "Settings"}), ("click", {"target": "Downloads"})]),
    (
        'Check the boxes "Email" and "SMS"',
        [("set_checked", {"target": t, "checked": True}) for t in ("Email", "SMS")],
    ),
    (
        'Select the radio button labelled "Weekly"',
        [("set_checked", {"target": '"Weekly" radio button', "checked": True})],
    ),
    ('Choose the "Very satisfied" option', [("click", {"target": "Very satisfied"})]),
    (
        'Assignee should be displayed as "Ada Lovelace"',
        [("assert_text_in", {"target": "css=body", "text": "Ada Lovelace", "column": "Assignee"})],
    ),
    # a message on the page now (not one that appeared some time earlier); the URL the user was sent to; the
    # element the words name, not its text anywhere
    ('A toast says "Saved to your list"', [("assert_text_present", {"text": "Saved to your list"})]),
    (
        'The user is redirected to "/dashboard"',
        # that page (any query or fragment), not a URL that mentions it (/login?next=/dashboard)
        [("assert_url", {"expected": "^[a-z]+://[^/]+/dashboard/?(?:[?#]|$)", "match": "regex"})],
    ),
    (
        'The Subscribe button changes to "Subscribed"',
        [("assert_element_visible", {"target": '"Subscribed" button'})],
    ),
    ('Verify the page contains a link "Privacy"', [("assert_element_visible", {"target": '"Privacy" link'})]),
    (
        "Due date should change to 19 Dec 2026",
        [("assert_text_in", {"target": "css=body", "text": "19 Dec 2026", "column": "Due date"})],
    ),
]


@pytest.mark.parametrize(("written", "calls"), EXACT, ids=[e[0] for e in EXACT])
def test_each_natural_wording_reads_as_these_exact_calls(
    written: str, calls: list[tuple[str, dict[str, object]]]
) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == calls


@pytest.mark.parametrize(
    "written",
    [
        "Enter your name in the Name field",  # says what kind of value, not which
        "Enter admin in the Username field",  # one lowercase word may be a description too
        # a capital does not make a description a value
        "Enter Your name in the Name field",
        "Fill First name: Your first name",
        "Fill the Name field with Any valid name",
        "Type Random text in the Notes box",
        "Fill Password: Eight characters with at least one digit",  # a sentence describes, a value names
        "Select your country from the Country dropdown",  # an option described, not named
        "Choose any size from the Size dropdown",
        'Verify a toast now says "Saved"',  # no label names the value
        "Verify 4 unread emails are shown",  # a subset of the list
        "Verify 3 stars are shown",  # nothing a list holds
        "Press Tab to submit the form",  # Tab does not submit: the purpose claims more
        'Type "x" in the message box and then do something sensible',
    ],
)
def test_a_wording_that_would_claim_more_or_less_stays_with_the_agent(written: str) -> None:
    assert parse_plain_actions(written) is None


@pytest.mark.timeout(300)
def test_each_natural_wording_passes_on_a_working_page_and_fails_on_its_broken_build(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    builds = {build: (good, bad, step) for build, ((good, bad), step) in BROKEN.items()}
    check_broken_builds(tmp_path / "project", site, name="listing", page=PAGE, builds=builds, spec=_spec)
