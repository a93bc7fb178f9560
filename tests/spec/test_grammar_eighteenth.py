"""Readings of this pass's wordings (dev_eighteenth: functional regression suites as QA teams write them):
a claim in any modal mood ("must finish with", "should stay disabled", "needs to be enabled"), with a bare
capitalised name as its subject; where focus is, written without quotes; "URL ends #/route"; "only N items";
and the wordings that must stay unread (a pick, a claim with no subject)."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import parse_plain_actions

EMAIL_FOCUSED = [("assert_focused", {"target": '"Email" field'})]


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ("Then the URL should end with /edit", [("assert_url", {"expected": "/edit$", "match": "regex"})]),
        (
            'The URL must finish with "/transfer/review"',
            [("assert_url", {"expected": "/transfer/review$", "match": "regex"})],
        ),
        ("URL ends #/active", [("assert_url", {"expected": "\\#/active$", "match": "regex"})]),
        ("The url ends in /edit", [("assert_url", {"expected": "/edit$", "match": "regex"})]),
        ("Then Luna should not be in the patients table", [("assert_text_absent", {"text": "Luna"})]),
        (
            "The Save button should stay disabled",
            [("assert_enabled", {"target": '"Save" button', "enabled": False})],
        ),
        (
            "The Save button must remain disabled",
            [("assert_enabled", {"target": '"Save" button', "enabled": False})],
        ),
        (
            "The Save button needs to be enabled",
            [("assert_enabled", {"target": '"Save" button', "enabled": True})],
        ),
        (
            "Weekly digest should be checked",
            [("assert_checked", {"target": "Weekly digest", "checked": True})],
        ),
        (
            'The search field should still contain "monitor"',
            [("assert_value", {"target": '"search" field', "expected": "monitor"})],
        ),
        # a modal word inside the subject's quoted name is the name's
        (
            'The "What needs to be done?" input should be focused',
            [("assert_focused", {"target": '"What needs to be done?" input'})],
        ),
        # focus is where focus is, never a note reading "Focus" under the field
        ("Focus should be on the Email field", EMAIL_FOCUSED),
        ("Verify Focus is on the Email field", EMAIL_FOCUSED),
        ('Keyboard focus should be on the "Email" field', EMAIL_FOCUSED),
        ("Focus should still be on the Email field", EMAIL_FOCUSED),
        ("Verify only 1 item is shown", [("assert_count", {"target": "items=", "count": 1})]),
        # a row named by its owner: "Aisha Bello's row", "Aisha Bello's status"
        ("Click Reject on Aisha Bello's row", [("click", {"target": 'Reject in "Aisha Bello"'})]),
        ("Click the Edit link in Mia Chen's row", [("click", {"target": '"Edit" link in "Mia Chen"'})]),
        (
            'Verify Aisha Bello\'s status is "Rejected"',
            [
                (
                    "assert_text_in",
                    {"target": 'the row in "Aisha Bello"', "text": "Rejected", "column": "status"},
                )
            ],
        ),
        (
            'Verify that the first request is from "Aisha Bello"',
            [("assert_text_in", {"target": "item=1:request", "text": "Aisha Bello"})],
        ),
        (
            "Type VPN in the search box next to the Search button",
            [("fill", {"target": '"search" field', "value": "VPN"})],
        ),
        (
            'The first ticket should now be "Email server down"',
            [("assert_text_in", {"target": "item=1:ticket", "text": "Email server down"})],
        ),
        # a relabelled control: "now say" names the new label, never the old one's text
        (
            'the Enrol button should now say "Enrolled"',
            [("assert_element_visible", {"target": '"Enrolled" button'})],
        ),
        (
            "Weekly digest is still checked",
            [("assert_checked", {"target": "Weekly digest", "checked": True})],
        ),
        (
            'Assignee combobox has aria-autocomplete="list"',
            [
                (
                    "assert_attribute",
                    {"target": '"Assignee" combobox', "attribute": "aria-autocomplete", "value": "list"},
                )
            ],
        ),
        ("Click All", [("click", {"target": "All"})]),  # TodoMVC's filter link, capitalised and alone
        ("Press Log in", [("click", {"target": '"Log in" button'})]),
        (
            'Then the bulk actions bar should say "3 selected"',
            [("assert_text_in", {"target": "region=bulk actions", "text": "3 selected"})],
        ),
        (
            'The thread panel shows "2 replies"',
            [("assert_text_in", {"target": "region=thread", "text": "2 replies"})],
        ),
        ("Click all", None),  # every one of something: a pick
        (
            'Verify the booking reference is containing "JN26-"',
            [("assert_text_in", {"target": "css=body", "text": "JN26-", "column": "booking reference"})],
        ),
        ('Verify the form contains "x"', None),
        ('Click on "Active" filter link.', [("click", {"target": '"Active" link'})]),
        (
            'Click "Share" and then "Copy link"',
            [("click", {"target": "Share"}), ("click", {"target": "Copy link"})],
        ),
        (
            'Click "My Account", then the "Holds" tab',
            [("click", {"target": "My Account"}), ("click", {"target": '"Holds" tab'})],
        ),
        ('Click the × button for "Buy milk"', [("click", {"target": '"×" button in "Buy milk"'})]),
        # a click, then what it shows: never a field "Save" set to "Saved" (as 'Category → "Hardware"' is)
        ('Click Save -> "Saved"', None),
        ('Category → "Hardware"', [("set_field", {"target": "Category", "value": "Hardware"})]),
        (
            "When I tick the checkboxes in the rows for Luna, Oscar and Pip",
            [
                ("set_checked", {"target": f'the checkbox in "{n}"', "checked": True})
                for n in ("Luna", "Oscar", "Pip")
            ],
        ),
        (
            'Select the rows for "Luna" and "Oscar"',
            [
                ("set_checked", {"target": f'the checkbox in "{n}"', "checked": True})
                for n in ("Luna", "Oscar")
            ],
        ),
        (
            'Then a confirmation dialog should appear with text "Delete patient Biscuit?"',
            [("assert_text_in", {"target": "region=dialog", "text": "Delete patient Biscuit?"})],
        ),
        # the note a field shows, never a field named "error for the Amount"
        (
            'The error under Amount is "Please enter an amount"',
            [
                (
                    "assert_text_in",
                    {"target": '"Amount" field', "text": "Please enter an amount", "note": True},
                )
            ],
        ),
        (
            'Verify the error for the Amount field is "Please enter an amount"',
            [
                (
                    "assert_text_in",
                    {"target": '"Amount" field', "text": "Please enter an amount", "note": True},
                )
            ],
        ),
        (
            'Tick the checkbox in the row for "Holiday opening hours"',
            [("set_checked", {"target": 'the checkbox in "Holiday opening hours"', "checked": True})],
        ),
        # a listed thing named by its text, the noun saying only what it is: as without the noun
        ('Complete the todo "Buy milk"', [("set_checked", {"target": "Buy milk", "checked": True})]),
        (
            'Verify the task "Pay rent" is not completed',
            [("assert_checked", {"target": "Pay rent", "checked": False})],
        ),
        (
            "Verify the Price (€) field is empty",
            [("assert_value", {"target": '"Price (€)" field', "expected": ""})],
        ),  # a form holds text; no value is labelled "form"
        # a checklist's claims without their verb
        ("new todo field focused on load", [("assert_focused", {"target": '"new todo" field'})]),
        (
            "Clear completed button not shown anymore",
            [("assert_element_hidden", {"target": '"Clear completed" button'})],
        ),
        ("3 items visible", [("assert_count", {"target": "items=", "count": 3})]),
        (
            "click All -> 4 items",
            [("click", {"target": "All"}), ("assert_count", {"target": "items=", "count": 4})],
        ),
        (
            'results heading -> "14 results"',
            [("assert_element_visible", {"target": '"14 results" heading'})],
        ),
        # not read: a pick ("any"), claims without a subject a tool can find
        (
            "Pick any high-priority ticket and check its details page shows the same data as the list row",
            None,
        ),
        ("It should be disabled", None),
        ("This should be disabled", None),
        ("Everything should be saved", None),
    ],
)
def test_eighteenth_pass_wordings(written: str, calls: list[tuple[str, dict[str, object]]] | None) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls
