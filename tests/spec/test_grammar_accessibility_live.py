"""A page an accessibility tester walks with the keyboard and checks by its markup: keys named in words
("Press Right Arrow"), ARIA attributes spelled as testers spell them ('has aria-sort="descending"', 'no longer
has aria-sort', 'aria-checked becomes "true"'), the accessible name the browser computes ('the "Change" link
has the accessible name "Change street address"', hidden text included), alt text and roles, and "it" for
the element the step's action just used. It runs plain, passes on the working page and fails at its own
step on each broken build; its exported test does the same."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from autoqa.role_words import ARIA_ROLES
from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Settings</title>
<style>.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style>
<main><h1>Settings</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Cover of Kindred" width="40" height="60">
<p>Street: 1 Main St <a href="#street">Change<span class="sr-only"> street address</span></a></p>
<div role="tablist" aria-label="Settings sections">
<button role="tab" id="t1" aria-selected="true" tabindex="0">Account</button>
<button role="tab" id="t2" aria-selected="false" tabindex="-1">Playback</button></div>
<button id="filters" aria-expanded="false" aria-controls="filter-panel">Filters</button>
<div id="filter-panel" hidden>Only open</div>
<span id="switch-label">Private session</span>
<div role="switch" id="switch" tabindex="0" aria-checked="false" aria-labelledby="switch-label"></div>
<table><thead><tr><th id="date" aria-sort="descending">Date</th><th id="amount">Amount</th></tr></thead>
<tbody><tr><td>2026-11-02</td><td>4.20</td></tr></tbody></table>
<button id="open-help">Open help</button>
<div role="dialog" id="help" aria-modal="true" aria-labelledby="help-title" hidden>
<h2 id="help-title">Help</h2><button aria-label="Close help" id="close-help">×</button></div>
<h2 id="privacy">Privacy</h2></main>
<script>
const tabs = [...document.querySelectorAll('[role=tab]')];
tabs.forEach((tab, i) => tab.addEventListener('keydown', (e) => {
  if (e.key !== 'ArrowRight') return;
  const next = tabs[(i + 1) % tabs.length];
  tabs.forEach((t) => {
    t.setAttribute('aria-selected', String(t === next));
    t.tabIndex = t === next ? 0 : -1;
  });
  next.focus();
}));
const filters = document.getElementById('filters');
filters.onclick = () => {
  const open = filters.getAttribute('aria-expanded') !== 'true';
  filters.setAttribute('aria-expanded', String(open));
  document.getElementById('filter-panel').hidden = !open;
};
const sw = document.getElementById('switch');
sw.addEventListener('keydown', (e) => {
  if (e.key !== ' ') return;
  e.preventDefault();
  sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true'));
});
document.getElementById('amount').onclick = () => {
  document.getElementById('date').removeAttribute('aria-sort');
  document.getElementById('amount').setAttribute('aria-sort', 'ascending');
};
const help = document.getElementById('help');
document.getElementById('open-help').onclick = () => { help.hidden = false; };
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. The book cover image has alt text "Cover of Kindred"
3. The "Change" link has the accessible name "Change street address"
4. Press Right Arrow on the "Account" tab; focus moves to the "Playback" tab
5. The "Playback" tab has aria-selected="true" and the "Account" tab has tabindex "-1"
6. Tab to the "Filters" button and press Enter; it has aria-expanded="true"
7. The "Filters" button has aria-controls="filter-panel"
8. Press Space on the "Private session" switch; aria-checked becomes "true"
9. Verify the "Date" column header has aria-sort="descending"
10. Click the "Amount" column header, then aria-sort is "ascending"
11. Then the "Date" column header no longer has aria-sort
12. Click "Open help"
13. The "Help" dialog has role="dialog" and aria-modal="true"
14. Close button aria-label = "Close help"
15. The heading "Settings" is an h1
16. Verify the h2 reads "Privacy"
"""

BROKEN = {
    # the cover's alt text is the file name
    "alt": ('alt="Cover of Kindred"', 'alt="kindred.jpg"', 2),
    # the link's hidden text is gone: a screen reader hears "Change", change what?
    "hidden_text": ('<span class="sr-only"> street address</span>', "", 3),
    # the arrow key moves nothing
    "arrow": ("if (e.key !== 'ArrowRight') return;", "return;", 4),
    # the roving tabindex is not kept: both tabs stay in the tab order
    "tabindex": ("t.tabIndex = t === next ? 0 : -1;", "t.tabIndex = 0;", 5),
    # the disclosure opens its panel but never says so
    "expanded": ("filters.setAttribute('aria-expanded', String(open));", "", 6),
    # the button points at a panel that is not there
    "controls": ('aria-controls="filter-panel"', 'aria-controls="filters-panel"', 7),
    # Space on the switch does nothing
    "switch": ("if (e.key !== ' ') return;", "return;", 8),
    # the table says nothing of its order
    "sort": ('<th id="date" aria-sort="descending">', '<th id="date">', 9),
    # the new order is never announced
    "resort": ("document.getElementById('amount').setAttribute('aria-sort', 'ascending');", "", 10),
    # the old column keeps claiming the order
    "stale_sort": ("document.getElementById('date').removeAttribute('aria-sort');", "", 11),
    # the dialog is an alert dialog
    "role": ('<div role="dialog" id="help"', '<div role="alertdialog" id="help"', 13),
    # the close button says only "×"
    "label": ('aria-label="Close help" id="close-help"', 'id="close-help"', 14),
    # the page's title is drawn as a second-level heading
    "outline": ("<h1>Settings</h1>", "<h2>Settings</h2>", 15),
    # a section heading one level too deep
    "deep": ('<h2 id="privacy">Privacy</h2>', '<h3 id="privacy">Privacy</h3>', 16),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ("Press Down Arrow", [("press_key", {"key": "ArrowDown"})]),
        ("Press Page Down", [("press_key", {"key": "PageDown"})]),
        ("Press the space bar", [("press_key", {"key": "Space"})]),
        (
            'Press Tab until focus reaches the "Filters" button',
            [("press_key", {"target": '"Filters" button', "key": "Tab", "until_focused": True})],
        ),
        (
            'The "Date" column header has aria-sort "descending"',
            [
                (
                    "assert_attribute",
                    {"target": '"Date" column header', "attribute": "aria-sort", "value": "descending"},
                )
            ],
        ),
        ('Decorative pill icon next to each result has alt=""', None),  # every result's: not one element
        (
            'The "Logo" image has alt=""',
            [("assert_attribute", {"target": '"Logo" image', "attribute": "alt", "value": ""})],
        ),
        (
            'Search field has the accessible name "Search by ZIP code"',
            [
                (
                    "assert_accessible",
                    {"target": '"Search by ZIP code" field', "accessible_name": "Search by ZIP code"},
                )
            ],
        ),
        (
            '"Private session" switch is role=switch',
            [("assert_accessible", {"target": '"Private session" switch', "role": "switch"})],
        ),
        # a user's role in the app is no ARIA role
        (
            'Verify "Jane" has role "Admin"',
            [("assert_text_in", {"target": 'the row in "Jane"', "text": "Admin", "column": "role"})],
        ),
        # English words are markup only when written as markup
        ('Verify the "Starter" plan has type "Monthly"', None),
        (
            'Verify the "Save" button type="submit"',
            [("assert_attribute", {"target": '"Save" button', "attribute": "type", "value": "submit"})],
        ),
        # the states a tester spells as attributes stay states (a native checkbox has no aria-checked)
        (
            'The "Yoga" checkbox has aria-checked="true"',
            [("assert_checked", {"target": '"Yoga" checkbox', "checked": True})],
        ),
        # a value that is neither true nor false is the attribute as written (a native checkbox's
        # indeterminate state has no such attribute: the check fails there, it does not guess)
        (
            'The "Select all" checkbox has aria-checked="mixed"',
            [
                (
                    "assert_attribute",
                    {"target": '"Select all" checkbox', "attribute": "aria-checked", "value": "mixed"},
                )
            ],
        ),
        # "it" is the element the step's action used; there is none before the first action
        ("Press Space; it is checked", None),
        (
            'Click "Filters" and verify it is expanded',
            [
                ("click", {"target": "Filters"}),
                ("assert_state", {"target": "Filters", "state": "expanded", "value": True}),
            ],
        ),
        ("Verify the map image has alt text Map", None),  # a name is quoted: where would it end?
        # after an action, "the title is …" is the page's title; "its title" is the element's attribute
        (
            'Click "Save"; the title is "Home"',
            [("click", {"target": "Save"}), ("assert_title", {"expected": "Home", "match": "equals"})],
        ),
        (
            'Click "Save"; its title is "Home"',
            [
                ("click", {"target": "Save"}),
                ("assert_attribute", {"target": "Save", "attribute": "title", "value": "Home"}),
            ],
        ),
        (
            'Drawer heading is h2 "Migrate"',
            [("assert_accessible", {"target": '"Migrate" heading', "level": 2})],
        ),
        # a level is in the accessibility tree; "is shown" claims it is visible too: not this check
        ('Verify heading level 2 "Filters" is shown', None),
        # an action, a colon, then what it did
        (
            'Press End: the "Privacy" tab gets aria-selected="true"',
            [
                ("press_key", {"key": "End"}),
                ("assert_state", {"target": '"Privacy" tab', "state": "selected", "value": True}),
            ],
        ),
        (
            'Press Tab again, focus should be on the "View details" link',
            [("press_key", {"key": "Tab"}), ("assert_focused", {"target": '"View details" link'})],
        ),
        (
            'Check that the page title changes to "Refill requested"',
            [("assert_title", {"expected": "Refill requested", "match": "equals"})],
        ),
        (
            'The document title starts with "Step 2"',
            [("assert_title", {"expected": "^Step\\ 2", "match": "regex"})],
        ),
        # a label's colon is no such split
        (
            "Action: Click the Details tab. Expected: The Details tab is selected.",
            [
                ("click", {"target": '"Details" tab'}),
                ("assert_state", {"target": '"Details" tab', "state": "selected", "value": True}),
            ],
        ),
    ],
)
def test_accessibility_wordings_read_plain(
    written: str, calls: list[tuple[str, dict[str, object]]] | None
) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls


@pytest.mark.timeout(480)
def test_an_accessibility_walk_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="a11y", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )


def test_the_roles_a_step_may_claim_are_playwrights() -> None:
    from playwright.async_api import Page

    playwright_roles = set(typing.get_args(typing.get_type_hints(Page.get_by_role)["role"]))
    assert playwright_roles == ARIA_ROLES
