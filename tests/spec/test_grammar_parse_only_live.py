"""Natural wordings that were only ever parse-tested, run in a browser: a quoted element's text ('Verify the
"Comments" tab shows "312"', 'the button for "Dune" says "Renew"'), switches said as on or off, a slider's
value, "… should change to …", a value labelled with a participle ("the amount raised is …"), 'Text "x" is
visible', the next native dialog dismissed or accepted, a dialog that says something, and the URL checks
("Then I should be on "/home"", "redirected to the dashboard (URL contains …)", an unquoted URL and an
unquoted URL regex). Each runs plain, passes on a page that does what it says and fails, at its own step, on
a build that breaks it — most of them with the claimed text still elsewhere on the page, which is no
evidence for a claim about one place.

Found by these tests and fixed:

* "Then I should be on "/home.html"" passed on /login.html?next=/home.html: a URL that contains the path is
  not that page (the same for "The user is redirected to /x");
* 'A confirm dialog says "Archive 3 items?"' passed with no dialog open, the text shown in a paragraph;
* 'Status should change to "Shipped"' passed while the status still said "Processing": a "Shipped" filter
  button was on the page;
* 'Set the "Volume" slider to "70"' typed into a slider, which the fill tool refused: it could never pass
  (fill now sets a range slider, failing when it takes another value: tests/tools/test_tools_slider.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from autoqa.tools.assertions import _matcher
from broken_builds import check_broken_builds

VALUES_PAGE = """<!doctype html><meta charset="utf-8"><title>Campaign</title>
<main>
<h1>Campaign</h1>
<div role="tablist"><button role="tab" aria-selected="true">Comments <span>312</span></button>
<button role="tab" aria-selected="false">Updates <span>4</span></button></div>
<table><tr><th>Book</th><th>Due</th><th>Action</th></tr>
<tr><td>Dune</td><td>3 May</td><td><button>Renew</button></td></tr>
<tr><td>Emma</td><td>9 May</td><td><button>Return</button></td></tr></table>
<button role="switch" aria-checked="false" id="dark">Dark mode</button>
<label><input type="checkbox" role="switch" id="follow" checked> Follow system</label>
<label><input type="checkbox" role="switch" id="sounds" checked> Sounds</label>
<button role="switch" aria-checked="false" id="vibrate">Vibrate</button>
<label for="vol">Volume</label> <input type="range" id="vol" min="0" max="100" value="40">
<output id="volout">40</output> <button id="louder">Louder</button>
<dl><dt>Status</dt><dd id="status">Processing</dd><dt>Due date</dt><dd id="due">12 Dec 2026</dd></dl>
<p id="note"></p>
<nav><button>All</button> <button>Shipped</button> <button>Delivered</button></nav>
<button id="ship">Ship order</button> <button id="extend">Extend</button>
<dl><dt>Amount raised</dt><dd>£1,200</dd><dt>Goal</dt><dd>£5,000</dd></dl>
<p>Amount pledged: £300</p>
<label for="don">Amount donated</label> <output id="don">£50</output>
<p id="thanks">Thank you for backing this project</p>
</main>
<script>
const $ = (id) => document.getElementById(id);
$('dark').onclick = (e) => {
  e.target.setAttribute('aria-checked', e.target.getAttribute('aria-checked') === 'true' ? 'false' : 'true');
  $('follow').checked = false; };
$('sounds').onchange = (e) => { $('vibrate').setAttribute('aria-checked', String(!e.target.checked)); };
$('louder').onclick = () => { $('vol').value = 70; $('volout').textContent = '70'; };
$('ship').onclick = () => { $('status').textContent = 'Shipped'; };
$('extend').onclick = () => { $('due').textContent = '19 Dec 2026'; };
</script>
"""

VALUES_STEPS = """Verify the "Comments" tab shows "312"
Verify the button for "Dune" says "Renew"
Turn "Dark mode" on
The "Follow system" toggle is off
Switch Sounds off
Vibrate should be on
Click "Louder"
The volume slider value is 70
Click "Extend"
Due date should change to 19 Dec 2026
Click "Ship order"
Status should change to "Shipped"
Verify the amount raised is "£1,200"
Verify the amount pledged is "£300"
Verify the amount donated is "£50"
Text "Thank you for backing" is visible"""

# Each build breaks what one step does or claims: (the change, the step that must fail; step 1 is the Open).
VALUES_BROKEN = {
    # "312" is still shown, in the other tab.
    "tab": (
        ('<span>312</span></button>\n<button role="tab" aria-selected="false">Updates <span>4</span>',
         '<span>311</span></button>\n<button role="tab" aria-selected="false">Updates <span>312</span>'),
        2,
    ),
    # "Renew" is still shown, on Emma's button.
    "renew": (
        ("<td>Dune</td><td>3 May</td><td><button>Renew</button></td></tr>\n"
         "<tr><td>Emma</td><td>9 May</td><td><button>Return</button>",
         "<td>Dune</td><td>3 May</td><td><button>Return</button></td></tr>\n"
         "<tr><td>Emma</td><td>9 May</td><td><button>Renew</button>"),
        3,
    ),
    "dark": (
        ("e.target.setAttribute('aria-checked', e.target.getAttribute('aria-checked') === 'true' ? 'false' : "
         "'true');", ""),
        4,
    ),
    "follow": (("$('follow').checked = false;", ""), 5),
    "sounds": (('id="sounds" checked>', 'id="sounds" checked onclick="return false">'), 6),
    "vibrate": (("String(!e.target.checked)", "String(e.target.checked)"), 7),
    # The slider stops at 60 while its read-out says 70.
    "slider": (("$('vol').value = 70;", "$('vol').value = 60;"), 9),
    # "19 Dec 2026" is on the page, not as the due date.
    "due": (("$('due').textContent = '19 Dec 2026';", "$('note').textContent = 'Asked: 19 Dec 2026';"), 11),
    # The status stays "Processing"; "Shipped" is still on the page, as a filter button.
    "status": (("$('status').textContent = 'Shipped';", "$('status').textContent = 'Processing';"), 13),
    "raised": (
        ("<dd>£1,200</dd><dt>Goal</dt><dd>£5,000</dd>",
         "<dd>£1,100</dd><dt>Goal</dt><dd>£5,000</dd><dt>Last year</dt><dd>£1,200</dd>"),
        14,
    ),
    # A number is matched whole: £1,200,000 is not £1,200, nor 3120 comments 312.
    "raised_more": (("<dd>£1,200</dd><dt>Goal</dt>", "<dd>£1,200,000</dd><dt>Goal</dt>"), 14),
    "tab_more": (("Comments <span>312</span>", "Comments <span>3120</span>"), 2),
    "pledged": (("<p>Amount pledged: £300</p>", "<p>Amount pledged: £250</p><p>Pledge limit: £300</p>"), 15),
    "donated": (('<output id="don">£50</output>', '<output id="don">£5</output> <span>(or £50)</span>'), 16),
    # In the page, not shown.
    "thanks": (('<p id="thanks">', '<p id="thanks" hidden>'), 17),
}  # fmt: skip

NAVIGATION_PAGE = """<!doctype html><meta charset="utf-8"><title>Drafts</title>
<main>
<h1>Drafts</h1>
<ul><li id="draft">My draft</li></ul>
<button id="del">Delete draft</button>
<button id="archive">Archive</button> <p id="hint"></p>
<dialog id="dlg"><p>Archive 3 items?</p><button id="ok">OK</button></dialog>
<nav><a href="/home.html">Home</a> <a href="/dashboard.html">Dashboard</a> <a href="/login.html">Sign out</a>
<a href="/tickets/42.html">Ticket 42</a> <a href="/list.html?owner=me">My issues</a></nav>
</main>
<script>
const $ = (id) => document.getElementById(id);
$('del').onclick = () => { if (confirm('Delete this draft?')) $('draft').remove(); };
$('archive').onclick = () => { $('dlg').showModal(); };
$('ok').onclick = () => { $('dlg').close(); };
</script>
"""

NAVIGATION_STEPS = """Dismiss the next dialog
Click "Delete draft"
A confirm dialog says "Delete this draft?"
Verify "My draft" is visible
Accept the next dialog
Click "Delete draft"
Verify "My draft" is not visible
Click "Archive"
A confirm dialog says "Archive 3 items?"
Click "OK"
Click "Home"
Then I should be on "/home.html"
Go back
Click "Dashboard"
The user is redirected to the dashboard (URL contains "/dashboard")
Go back
Click "Sign out"
The user should be on the login page (URL contains "/login")
Go back
Click "Ticket 42"
Verify the URL matches /tickets/\\d+
Go back
Click "My issues"
url contains owner=me
I am on /list.html"""

NAVIGATION_BROKEN = {
    # The draft goes without asking: there is no dialog to dismiss.
    "no-confirm": (("if (confirm('Delete this draft?')) $('draft').remove();", "$('draft').remove();"), 4),
    # A native confirm that asks something else; the question the step claims is on the page, not asked.
    "confirm-text": (
        (
            "if (confirm('Delete this draft?'))",
            "$('hint').textContent = 'Delete this draft?'; if (confirm('Sure?'))",
        ),
        4,
    ),
    "kept": (("$('draft').remove(); };", "$('draft').textContent = 'My draft (deleting)'; };"), 8),
    # No dialog opens; its question is still on the page, in a paragraph.
    "dialog": (("$('dlg').showModal();", "$('hint').textContent = 'Archive 3 items?';"), 10),
    # Sent to sign in instead, with the page asked for in the URL.
    "home": (('href="/home.html"', 'href="/login.html?next=/home.html"'), 13),
    "dashboard": (('href="/dashboard.html"', 'href="/home.html"'), 16),
    "login": (('href="/login.html"', 'href="/goodbye.html"'), 19),
    "ticket": (('href="/tickets/42.html"', 'href="/tickets/new.html"'), 22),
    "owner": (('href="/list.html?owner=me"', 'href="/list.html?owner=all"'), 25),
    # The URL still contains "owner=me" (step 25 passes), on the sign-in page.
    "list": (('href="/list.html?owner=me"', 'href="/login.html?next=/list.html&owner=me"'), 26),
}

DESTINATIONS = (
    "home.html", "dashboard.html", "login.html", "goodbye.html", "tickets/42.html", "tickets/new.html",
    "list.html",
)  # fmt: skip


def _spec(steps: str) -> Callable[[str], str]:
    def spec(page: str) -> str:
        numbered = "".join(f"{n}. {s}\n" for n, s in enumerate(steps.splitlines(), start=2))
        return f"# {page}\n## Preconditions\n- none\n## Steps\n1. Open /{page}.html\n{numbered}"

    return spec


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Verify the "Comments" tab shows "312"',
            [("assert_text_in", {"target": '"Comments" tab', "text": "312"})],
        ),
        (
            'Verify the button for "Dune" says "Renew"',
            [("assert_text_in", {"target": 'the button in "Dune"', "text": "Renew"})],
        ),
        ('Turn "Dark mode" on', [("set_checked", {"target": "Dark mode", "checked": True})]),
        ('Toggle "Dark mode" off', [("set_checked", {"target": "Dark mode", "checked": False})]),
        ("Switch Sounds off", [("set_checked", {"target": "Sounds", "checked": False})]),
        (
            'The "Follow system" toggle is off',
            [("assert_checked", {"target": "Follow system", "checked": False})],
        ),
        ("Vibrate should be on", [("assert_checked", {"target": "Vibrate", "checked": True})]),
        (
            "The volume slider value is 70",
            [("assert_value", {"target": '"volume" slider', "expected": "70"})],
        ),
        (
            "Due date should change to 19 Dec 2026",
            [("assert_text_in", {"target": "css=body", "text": "19 Dec 2026", "column": "Due date"})],
        ),
        (
            'Status should change to "Shipped"',
            [("assert_text_in", {"target": "css=body", "text": "Shipped", "column": "Status"})],
        ),
        (
            'The status should change to "Shipped"',
            [("assert_text_in", {"target": "css=body", "text": "Shipped", "column": "status"})],
        ),
        (
            'Status should be displayed as "Shipped"',
            [("assert_text_in", {"target": "css=body", "text": "Shipped", "column": "Status"})],
        ),
        (
            'Verify the amount raised is "£1,200"',
            [("assert_text_in", {"target": "css=body", "text": "£1,200", "column": "amount raised"})],
        ),
        (
            'Text "Thank you for backing" is visible',
            [("assert_text_present", {"text": "Thank you for backing"})],
        ),
        ("Dismiss the next dialog", [("dialogs", {"action": "dismiss"})]),
        (
            'A confirm dialog says "Archive 3 items?"',
            [("assert_appeared", {"text": "Archive 3 items?", "kind": "dialog"})],
        ),
        (
            'A confirmation dialog that says "Delete this item?" appears',
            [("assert_appeared", {"text": "Delete this item?", "kind": "dialog"})],
        ),
        (
            'A modal asks "Leave the page?"',
            [("assert_appeared", {"text": "Leave the page?", "kind": "dialog"})],
        ),
        ('A toast says "Copied"', [("assert_text_present", {"text": "Copied"})]),
        (
            'The user is redirected to the dashboard (URL contains "/dashboard")',
            [("assert_url", {"expected": "/dashboard", "match": "contains"})],
        ),
        (
            'The user should be on the login page (URL contains "/login")',
            [("assert_url", {"expected": "/login", "match": "contains"})],
        ),
        (
            "Verify the URL matches /tickets/\\d+",
            [("assert_url", {"expected": "/tickets/\\d+", "match": "regex"})],
        ),
        ("url contains owner=me", [("assert_url", {"expected": "owner=me", "match": "contains"})]),
    ],
)
def test_each_wording_is_read_as_the_tool_calls_it_means(
    written: str, calls: list[tuple[str, dict[str, object]]]
) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == calls


ORIGIN = "http://127.0.0.1:8000"


@pytest.mark.parametrize(
    "written",
    [
        'Then I should be on "/home"',
        "Then I should be on /home",
        'I am now on the page "/home/"',
        'The user is redirected to "/home"',
        "The user is redirected to /home",
    ],
)
def test_being_on_a_path_is_being_on_that_page_not_on_a_url_that_mentions_it(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [a.tool for a in actions] == ["assert_url"]
    matches = _matcher(str(actions[0].args["expected"]), actions[0].args["match"])
    for url in ("/home", "/home/", "/home?tab=2", "/home#top"):
        assert matches(ORIGIN + url), url
    for url in ("/login?next=/home", "/homepage", "/home/settings", "/x/home", "/", "/login#/home"):
        assert not matches(ORIGIN + url), url


def test_a_path_with_a_query_is_that_query_too() -> None:
    actions = parse_plain_actions("The user is redirected to /search?q=tea")
    assert actions is not None
    matches = _matcher(str(actions[0].args["expected"]), actions[0].args["match"])
    assert matches(ORIGIN + "/search?q=tea") and matches(ORIGIN + "/search?q=tea&page=2")
    assert not matches(ORIGIN + "/search?q=team") and not matches(ORIGIN + "/login?next=/search?q=tea")


@pytest.mark.parametrize(
    "written",
    [
        'Title should change to "Draft 2"',  # no labelled value (read as a readout, it was text anywhere)
        "Then I should be on /orders/{{ORDER_ID}}",  # a placeholder cannot be part of a pattern
    ],
)
def test_a_wording_no_tool_call_can_honestly_check_stays_with_the_agent(written: str) -> None:
    assert parse_plain_actions(written) is None


@pytest.mark.timeout(300)
def test_each_wording_passes_on_a_working_page_and_fails_on_its_broken_build(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, _ = site
    for name in DESTINATIONS:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(f"<!doctype html><title>{name}</title><h1>{name}</h1>", encoding="utf-8")
    for name, page, steps, broken in (
        ("values", VALUES_PAGE, VALUES_STEPS, VALUES_BROKEN),
        ("drafts", NAVIGATION_PAGE, NAVIGATION_STEPS, NAVIGATION_BROKEN),
    ):
        builds = {build: (good, bad, step) for build, ((good, bad), step) in broken.items()}
        check_broken_builds(tmp_path / name, site, name=name, page=page, builds=builds, spec=_spec(steps))
