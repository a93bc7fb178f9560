"""Statements as functional suites write them, run on a page and on its broken builds: a bare capitalised name
as a claim's subject ('The Dark radio is selected and Light is not selected'), a claim with a timing word
that changes nothing ('… is selected by default'), "Check the first ticket is …", an unquoted option in a
filter ('Select Closed in the Status filter'), 'only 1 item', a cleared field then a bare typed value, a
field left empty, and 'User stays on /path'. Passes on the page and fails at its own step on each build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Tickets</title>
<main>
<fieldset><legend>Theme</legend>
<label><input type="radio" name="theme" value="light"> Light</label>
<label><input type="radio" name="theme" value="dark" id="dark"> Dark</label>
</fieldset>
<div role="tablist">
<button role="tab" aria-selected="true">Pending</button>
<button role="tab" aria-selected="false">Approved</button>
</div>
<label>Status <select id="status"><option>Open</option><option>Closed</option></select></label>
<ul id="tickets">
<li data-status="Open">Printer on 3rd floor jammed</li>
<li data-status="Closed">Email server down</li>
</ul>
<label>Weight (kg) <input id="weight" value="30"></label>
<label>Postcode <input id="postcode" value="E1 6AN"></label>
<button id="continue">Continue</button>
</main>
<script>
document.getElementById('dark').checked = !document.querySelector('[value=light]').checked;
document.getElementById('status').onchange = (e) => {
  for (const li of document.querySelectorAll('#tickets li')) {
    li.hidden = li.dataset.status !== e.target.value;
  }
};
document.getElementById('continue').onclick = () => {
  if (document.getElementById('postcode').value.trim()) location.href = '/elsewhere.html';
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. The Dark radio is selected and Light is not selected
3. Verify that the "Pending" tab is selected by default
4. Check the first ticket is "Printer on 3rd floor jammed"
5. Select Closed in the Status filter
6. Verify only 1 item is shown
7. Clear the "Weight (kg)" field and type 31.5
8. Verify the "Weight (kg)" field has the value "31.5"
9. Leave Postcode empty and click Continue
10. User stays on /{page}.html
"""

_FIRST = '<li data-status="Open">Printer on 3rd floor jammed</li>'
_SECOND = '<li data-status="Closed">Email server down</li>'
BROKEN = {
    # the saved theme is not the one shown as chosen
    "theme": ('value="light"> Light', 'value="light" checked> Light', 2),
    "tab": ('aria-selected="true">Pending', 'aria-selected="false">Pending', 3),
    "order": (_FIRST + "\n" + _SECOND, _SECOND + "\n" + _FIRST, 4),
    "filter": ("li.hidden = li.dataset.status !== e.target.value;", "", 6),
    "weight": ('<input id="weight" value="30">', '<input id="weight" value="30" maxlength="2">', 8),
    "leave": (
        "if (document.getElementById('postcode').value.trim()) location.href",
        "location.href",
        10,
    ),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            "The Dark radio is selected and Light is not selected",
            [
                ("assert_state", {"target": '"Dark" radio', "state": "selected", "value": True}),
                ("assert_state", {"target": "Light", "state": "selected", "value": False}),
            ],
        ),
        ("The Cancel button has focus", [("assert_focused", {"target": '"Cancel" button'})]),
        (
            'Row 2 is "Cannot open shared drive"',
            [("assert_text_in", {"target": "item=2", "text": "Cannot open shared drive"})],
        ),
        (
            'Verify that the "Pending" tab is selected by default',
            [("assert_state", {"target": '"Pending" tab', "state": "selected", "value": True})],
        ),
        (
            'Check the first ticket is "Printer on 3rd floor jammed"',
            [("assert_text_in", {"target": "item=1:ticket", "text": "Printer on 3rd floor jammed"})],
        ),
        (
            "Select Closed in the Status filter",
            [("select_option", {"target": '"Status" dropdown', "option": "Closed"})],
        ),
        ("Leave Postcode empty", [("fill", {"target": "Postcode", "value": ""})]),
        (
            "User stays on /settings/appearance",
            [
                (
                    "assert_url",
                    {"expected": "^[a-z]+://[^/]+/settings/appearance/?(?:[?#]|$)", "match": "regex"},
                )
            ],
        ),
        (
            "Go back in the browser, then go forward",
            [("history", {"action": "back"}), ("history", {"action": "forward"})],
        ),
        # not read: being shown, a count, a quantifier (words on the page are not the thing they name)
        ("Video player is visible", None),
        ("Error banner is not shown", None),
        ("Only 1 ticket is shown", None),
        ("Expected: row count is 9", None),
        # a field's name before its value is not a value to type
        ("Enter OTP 000000", None),
    ],
)
def test_statement_wordings_read_plain(
    written: str, calls: list[tuple[str, dict[str, object]]] | None
) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls


def test_a_bare_typed_value_goes_to_the_focused_field_after_the_field_is_cleared() -> None:
    actions = parse_plain_actions('Clear the "Weight (kg)" field and type 31.5')
    assert actions is not None and [a.tool for a in actions] == ["fill", "fill"]
    assert actions[0].args == {"target": '"Weight (kg)" field', "value": ""}
    assert actions[1].args["value"] == "31.5" and ":focus" in str(actions[1].args["target"])


@pytest.mark.timeout(300)
def test_statements_pass_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, _ = site
    (folder / "elsewhere.html").write_text(
        "<!doctype html><title>Elsewhere</title><p>Review</p>", encoding="utf-8"
    )
    check_run_and_export(
        tmp_path, site, name="stated", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )


TABLE = """<!doctype html><meta charset="utf-8"><title>Requests</title>
<main>
<label>Search <input type="search" id="q"></label> <button id="go">Search</button>
<table><caption>Leave requests</caption>
<thead><tr><th>Name</th><th>Status</th><th>Action</th></tr></thead><tbody>
<tr><td>Aisha Bello</td><td>Pending</td><td><button>Reject</button></td></tr>
<tr><td>Tom Keller</td><td>Pending</td><td><button>Reject</button></td></tr>
</tbody></table>
</main>
<script>
for (const button of document.querySelectorAll('tbody button')) {
  button.onclick = () => { button.closest('tr').children[1].textContent = 'Rejected'; };
}
document.getElementById('go').onclick = () => {
  const q = document.getElementById('q').value.toLowerCase();
  for (const tr of document.querySelectorAll('tbody tr')) {
    tr.hidden = !tr.children[0].textContent.toLowerCase().includes(q);
  }
};
</script>"""

TABLE_SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify that the first request is from "Aisha Bello"
3. Click Reject on Tom Keller's row
4. Verify Tom Keller's status is "Rejected"
5. Verify Aisha Bello's status is "Pending"
6. Type Tom in the search box next to the Search button and click Search
7. Verify only 1 row is shown
"""

_AISHA = "<tr><td>Aisha Bello</td><td>Pending</td><td><button>Reject</button></td></tr>"
_TOM = "<tr><td>Tom Keller</td><td>Pending</td><td><button>Reject</button></td></tr>"
TABLE_BROKEN = {
    "order": (_AISHA + "\n" + _TOM, _TOM + "\n" + _AISHA, 2),
    # every Reject button rejects the first request
    "wrong_row": ("button.closest('tr')", "document.querySelector('tbody tr')", 4),
    # the search box is not what the Search button reads
    "search": ("document.getElementById('q').value", "''", 7),
}


@pytest.mark.timeout(300)
def test_rows_named_by_their_owner_and_a_search_box_beside_its_button_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="owned",
        page=TABLE,
        builds=TABLE_BROKEN,
        spec=lambda n: TABLE_SPEC.replace("{page}", n),
    )


PANELS = """<!doctype html><meta charset="utf-8"><title>Inbox</title>
<main>
<div class="bulk-actions" role="toolbar"><span id="selected">3 selected</span> <button>Archive</button></div>
<aside aria-label="Thread"><h2>Thread</h2><p id="replies">2 replies</p></aside>
<p>Older: 5 replies, 4 selected</p>
</main>"""

PANELS_SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Then the bulk actions bar should say "3 selected"
3. Verify the thread panel shows "2 replies"
"""

PANELS_BROKEN = {
    # "3 selected" shown, but outside the bar (which says nothing is selected)
    "bar": (
        "3 selected</span> <button>Archive</button></div>",
        "0 selected</span> <button>Archive</button></div><p>3 selected</p>",
        2,
    ),
    # the replies are counted outside the thread panel
    "thread": ('<p id="replies">2 replies</p></aside>', "</aside><p>2 replies</p>", 3),
}


@pytest.mark.timeout(300)
def test_a_region_named_by_lower_case_words_holds_the_text_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="panels",
        page=PANELS,
        builds=PANELS_BROKEN,
        spec=lambda n: PANELS_SPEC.replace("{page}", n),
    )
