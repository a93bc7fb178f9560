"""Wordings from ``dev_eleventh.txt`` (written before these rules): Gherkin clauses ("Given I am on …",
"When I follow …", "Then I should see N rows in the … table"), an expected result after an arrow or a dash
("Click Save -> …", "hit Save → toast says …", "Press Escape — the modal should close"), an export's empty
action ("Action: None | Expected: …"), English as a second language ("should to be visible", "is
appearing", "Please click on button …", "Select in dropdown "Country" the option …"), casual verbs ("Head
over to …", "Paste … into …", "Flip … on"), and a claim written without its "is". Each reads as the actions
and claims it states; each form is tried in wordings other than the corpus line."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import ANY_DIALOG

from .grammar_calls import Call
from .grammar_calls import calls as _calls

SAVED = ("assert_text_present", {"text": "Saved"})
DIALOG_HIDDEN = ("assert_element_hidden", {"target": ANY_DIALOG})


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        # an expected result after an arrow or a dash
        ('Click "Save" -> "Saved" is shown', [("click", {"target": "Save"}), SAVED]),
        ('Click "Save" → the toast says "Saved"', [("click", {"target": "Save"}), SAVED]),
        ('click Save => "Saved" appears', [("click", {"target": "Save"}), SAVED]),
        ("Press Escape — the modal should close", [("press_key", {"key": "Escape"}), DIALOG_HIDDEN]),
        ("Press Escape - the dialog should close", [("press_key", {"key": "Escape"}), DIALOG_HIDDEN]),
        (
            'Click Logout; verify "Signed out" text shown',
            [("click", {"target": "Logout"}), ("assert_text_present", {"text": "Signed out"})],
        ),
        # an export's empty action
        ('Step 2 | Action: None | Expected: "Saved" is shown', [SAVED]),
        ('Action: - | Expected: "Saved" is shown', [SAVED]),
        (
            'Step 13 | Action: n/a | Expected: The "Next" button is disabled',
            [("assert_enabled", {"target": '"Next" button', "enabled": False})],
        ),
        ('Action: N/A. Expected: "Saved" is shown', [SAVED]),
        # Gherkin clauses
        (
            'Given I am on "http://localhost:5000/refills"',
            [("navigate", {"url": "http://localhost:5000/refills"})],
        ),
        ("Given I am on /refills", [("navigate", {"url": "/refills"})]),
        ('When I follow "Update insurance"', [("click", {"target": '"Update insurance" link'})]),
        (
            "Then I should see 4 rows in the medications table",
            [("assert_count", {"target": "rows=medications", "count": 4})],
        ),
        (
            "And I should see 2 rows in the Orders table",
            [("assert_count", {"target": "region-items=Orders", "count": 2})],
        ),
        (
            'And the row "Lisinopril 10 mg" should contain "Auto-refill: On"',
            [("assert_text_in", {"target": 'the row in "Lisinopril 10 mg"', "text": "Auto-refill: On"})],
        ),
        (
            'Then the "Plan type" dropdown should have "PPO" selected',
            [("assert_value", {"target": '"Plan type" dropdown', "expected": "PPO"})],
        ),
        # a table that shows a number of rows is counted, not searched for the words "25 rows"
        (
            "The Vehicles table shows 25 rows",
            [("assert_count", {"target": "region-items=Vehicles", "count": 25})],
        ),
        (
            "Verify the orders table contains 3 rows",
            [("assert_count", {"target": "rows=orders", "count": 3})],
        ),
        # English as a second language
        (
            'Then the message "Invalid promo code" should to be visible',
            [("assert_text_present", {"text": "Invalid promo code"})],
        ),
        (
            'verify that "2 seats selected" is appearing',
            [("assert_text_present", {"text": "2 seats selected"})],
        ),
        ('Verify "Welcome back" is showing', [("assert_text_present", {"text": "Welcome back"})]),
        ('Verify the page is containing "JN26-"', [("assert_text_present", {"text": "JN26-"})]),
        ('Please click on button "Select seats"', [("click", {"target": '"Select seats" button'})]),
        ('Please click the "Next" link', [("click", {"target": '"Next" link'})]),
        (
            'Choose radio "E-ticket" for delivery method',
            [("set_checked", {"target": '"E-ticket" radio', "checked": True})],
        ),
        (
            'Select in dropdown "Country" the option "Germany"',
            [("select_option", {"target": '"Country" dropdown', "option": "Germany"})],
        ),
        (
            "The button 'Download tickets' must be enabled",
            [("assert_enabled", {"target": '"Download tickets" button', "enabled": True})],
        ),
        ('The link "Help" must be visible', [("assert_element_visible", {"target": '"Help" link'})]),
        (
            'Verify the title of page is "Jazz Night"',
            [("assert_title", {"expected": "Jazz Night", "match": "equals"})],
        ),
        (
            'Verify the title of the page is "Jazz Night"',
            [("assert_title", {"expected": "Jazz Night", "match": "equals"})],
        ),
        # casual verbs
        (
            "Head over to http://localhost:7000/settings",
            [("navigate", {"url": "http://localhost:7000/settings"})],
        ),
        (
            "Paste https://hooks.example.dev/in into the Endpoint URL field",
            [("fill", {"target": '"Endpoint URL" field', "value": "https://hooks.example.dev/in"})],
        ),
        (
            'Paste "abc-123" into the "Token" field',
            [("fill", {"target": '"Token" field', "value": "abc-123"})],
        ),
        (
            'Flip the "Send test events" toggle on',
            [("set_checked", {"target": "Send test events", "checked": True})],
        ),
        (
            'Flip the "Dark mode" switch off',
            [("set_checked", {"target": "Dark mode", "checked": False})],
        ),
        (
            'Make sure "Send test events" is switched on',
            [("assert_checked", {"target": "Send test events", "checked": True})],
        ),
        (
            'Verify "Dark mode" is switched off',
            [("assert_checked", {"target": "Dark mode", "checked": False})],
        ),
        (
            "URL should be http://localhost:9000/podcasts",
            [("assert_url", {"expected": "http://localhost:9000/podcasts", "match": "equals"})],
        ),
        ('The URL should be "/podcasts"', [("assert_url", {"expected": "/podcasts", "match": "equals"})]),
        (
            'A cookie named "dl_session" should exist',
            [("assert_storage", {"area": "cookie", "key": "dl_session", "state": "set"})],
        ),
        (
            "There should be exactly 10 results on the page",
            [("assert_count", {"target": "items=", "count": 10})],
        ),
        (
            'You should now see "ci-deploy" in the API keys table',
            [("assert_text_in", {"target": "region=API keys", "text": "ci-deploy"})],
        ),
        ("Hit Cancel; the dialog should go away", [("click", {"target": "Cancel"}), DIALOG_HIDDEN]),
        # a claim written without its "is"
        (
            'Verify heading "Senior Engineer" visible',
            [("assert_element_visible", {"target": '"Senior Engineer" heading'})],
        ),
        ('Verify "Order placed" visible', [("assert_text_present", {"text": "Order placed"})]),
        ("Verify Remote only is checked", [("assert_checked", {"target": "Remote only", "checked": True})]),
        (
            "Verify Submit application button is disabled",
            [("assert_enabled", {"target": '"Submit application" button', "enabled": False})],
        ),
        # a step number before forms read in canonical wording
        (
            "7. Verify Remote only is checked",
            [("assert_checked", {"target": "Remote only", "checked": True})],
        ),
        # rows and cells
        (
            'Verify Status for Dana Whitfield is "Shortlisted"',
            [
                (
                    "assert_text_in",
                    {"target": 'the row in "Dana Whitfield"', "text": "Shortlisted", "column": "status"},
                )
            ],
        ),
        (
            'The Driver cell in the row for VAN-042 is "J. Alvarez"',
            [
                (
                    "assert_text_in",
                    {"target": 'the row in "VAN-042"', "text": "J. Alvarez", "column": "driver"},
                )
            ],
        ),
        (
            'Row "CAR-113" is still in the table',
            [("assert_element_visible", {"target": 'the row in "CAR-113"'})],
        ),
        (
            'Verify first row in the orders table is "A-1"',
            [("assert_text_in", {"target": "row=1", "text": "A-1"})],
        ),
        # a cookie banner names no one element: the button still needs to be the page's one by that name
        ('Click "Accept all" on the cookie banner', [("click", {"target": "Accept all"})]),
        ('Click "Reject all" in the consent banner', [("click", {"target": "Reject all"})]),
        # dialogs: the dialog's text is read in the dialog, never anywhere on the page
        (
            'Verify the dialog message "Saved" is shown',
            [("assert_text_in", {"target": "region=dialog", "text": "Saved"})],
        ),
        (
            'Dialog text "This cannot be undone." is visible',
            [("assert_text_in", {"target": "region=dialog", "text": "This cannot be undone."})],
        ),
        (
            'A confirm dialog says "Delete 2 items?"',
            [("assert_appeared", {"text": "Delete 2 items?", "kind": "dialog"})],
        ),
        (
            'Click "Delete" -> "Item deleted" message appears',
            [("click", {"target": "Delete"}), ("assert_text_present", {"text": "Item deleted"})],
        ),
        (
            'Switch to the new tab and check its title is "Markets"',
            [
                ("tabs", {"action": "switch", "index": -1}),
                ("assert_title", {"expected": "Markets", "match": "equals"}),
            ],
        ),
        (
            'Press Tab from the search box; the "Subscribe" button should be focused',
            [
                ("press_key", {"key": "Tab", "target": "the search box"}),
                ("assert_focused", {"target": '"Subscribe" button'}),
            ],
        ),
    ],
)
def test_dev_eleventh_wordings(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written",
    [
        # judgement stays with the model, whatever the arrow or the dash says
        "Click Save -> everything looks right",
        "Press Escape — the page should behave sensibly",
        "Action: None | Expected: The layout is correct",
        "Given I am on a page with some products",
        "When I follow the usual checkout steps",
        "Then I should see the right number of rows in the table",
        "Paste something valid into the Endpoint URL field",
        "Flip whichever toggle is needed on",
        "Verify everything is checked",
        # a capitalised word that points is no control's name, with or without a word after it
        "Verify Everything else is checked",
        "Verify This one is selected",
        "Verify Each option is enabled",
        "Verify That box is checked",
        "Verify Nothing else is selected",
        "Verify It is focused",
        # a dash inside a quoted name is no separator
        'Verify the title is "Jazz Night 2026 — Tickets" - the page should behave sensibly',
    ],
)
def test_dev_eleventh_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)


def test_a_dash_inside_quotes_does_not_split_a_step() -> None:
    assert _calls('Verify the title is "Jazz Night 2026 — Tickets"') == [
        ("assert_title", {"expected": "Jazz Night 2026 — Tickets", "match": "equals"})
    ]
    assert _calls('Verify "A -> B" is shown') == [("assert_text_present", {"text": "A -> B"})]


@pytest.mark.parametrize(
    ("written", "value", "second"),
    [
        ('Type "a -> b" in the Notes field and press Enter', "a -> b", ("press_key", {"key": "Enter"})),
        ('Type "x - the y" in the Notes field, then click Save', "x - the y", ("click", {"target": "Save"})),
        ('Type "A → B" in the Notes field and click Save', "A → B", ("click", {"target": "Save"})),
        ('Type "a; b" in the Notes field and press Enter', "a; b", ("press_key", {"key": "Enter"})),
    ],
)
def test_a_chained_step_splits_outside_its_quoted_value_only(written: str, value: str, second: Call) -> None:
    # The whole sentence is not one step, so it is split; a separator inside the quoted value is text.
    assert _calls(written) == [("fill", {"target": '"Notes" field', "value": value}), second]
