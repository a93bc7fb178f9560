"""The nineteenth pass's readings (dev corpora only): a table's columns named in one step, a control's state
under a condition the step says holds now (both checked, the condition first), a typing verb's place named
without a field noun, text in a region named by lower-case words, a dialog "with the text", an action
"while" a state holds (the state checked first). The live checks are in
tests/spec/test_grammar_columns_live.py."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import parse_plain_actions

Calls = list[tuple[str, dict[str, object]]]


def _header(name: str) -> tuple[str, dict[str, object]]:
    return ("assert_element_visible", {"target": f'"{name}" column header'})


def _headers(count: int) -> tuple[str, dict[str, object]]:
    return ("assert_count", {"target": "role=columnheader", "count": count})


def _disabled(name: str, enabled: bool = False) -> tuple[str, dict[str, object]]:
    return ("assert_enabled", {"target": f'"{name}" button', "enabled": enabled})


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            "Verify that the tickets table has the columns ID, Subject, Status and Updated.",
            [_header("ID"), _header("Subject"), _header("Status"), _header("Updated")],
        ),
        (
            "Verify that the transactions table has columns Date, Description, Amount, Status.",
            [_header("Date"), _header("Description"), _header("Amount"), _header("Status")],
        ),
        # "are": those columns and no others
        ('Verify the table columns are "ID", "Subject"', [_header("ID"), _header("Subject"), _headers(2)]),
        (
            'And the column headers are "Date", "Merchant", "Amount"',
            [_header("Date"), _header("Merchant"), _header("Amount"), _headers(3)],
        ),
        (
            "The table column headers are Name, Date of birth",
            [_header("Name"), _header("Date of birth"), _headers(2)],
        ),
        ('Verify the table has a "Subject" column', [_header("Subject")]),
        (
            "Verify the table has the columns ID, Subject and Status in that order",
            [
                _header("ID"),
                _header("Subject"),
                _header("Status"),
                ("assert_order", {"texts": ["ID", "Subject", "Status"], "target": "role=table"}),
            ],
        ),
        # a list that runs into another action is two parts, each read
        (
            "Verify the table has columns Date, then click Save",
            [_header("Date"), ("click", {"target": "Save"})],
        ),
        # a name is a header's few words, never a sentence
        ("Verify the table has the columns ID and the one that shows when the order was last updated", None),
        (
            'The Confirm transfer button is disabled when the checkbox "The details are correct" is '
            "not checked",
            [
                (
                    "assert_checked",
                    {"target": '"The details are correct" checkbox', "checked": False},
                ),
                _disabled("Confirm transfer"),
            ],
        ),
        (
            "The Send button is disabled when the message box is empty",
            [("assert_value", {"target": '"message" field', "expected": ""}), _disabled("Send")],
        ),
        (
            'The "Next" button stays disabled until "Date of birth" is filled in.',
            [("assert_value", {"target": '"Date of birth" field', "expected": ""}), _disabled("Next")],
        ),
        (
            "Then the Send button is disabled when the message box is empty",
            [("assert_value", {"target": '"message" field', "expected": ""}), _disabled("Send")],
        ),
        (
            'Verify the "Pay" button is enabled when the "Terms" checkbox is checked',
            [("assert_checked", {"target": '"Terms" checkbox', "checked": True}), _disabled("Pay", True)],
        ),
        (
            'The "Pay" button stays disabled until the "Terms" checkbox is ticked',
            [("assert_checked", {"target": '"Terms" checkbox', "checked": False}), _disabled("Pay")],
        ),
        # a typing verb's place is a field, named without a field noun
        (
            'Type "Ring the bell twice" in the rider notes',
            [("fill", {"target": '"rider notes" field', "value": "Ring the bell twice"})],
        ),
        (
            'Enter "Lisbon" into the city search',
            [("fill", {"target": '"city search" field', "value": "Lisbon"})],
        ),
        (
            'Type "1 High St" in the delivery address',
            [("fill", {"target": '"delivery address" field', "value": "1 High St"})],
        ),
        # … never a place that is no field, nor words that pick one
        ('Type "example.com" in the address bar', None),
        ('Type "hello" in the prompt', None),
        ('Type "x" in the search results', None),
        ('Type "x" in the table', None),
        ('Enter "x" in the same field', None),
        ('Type "x" in the second', None),
        # a description before a quoted name, its article dropped
        ('Verify success message "Saved" is displayed', [("assert_text_present", {"text": "Saved"})]),
        ('Verify button "Save" is disabled', [_disabled("Save")]),
        ('Verify page title is "Home"', [("assert_title", {"expected": "Home", "match": "equals"})]),
        # text in a region named by lower-case words after it; never a place word
        (
            'Verify "2 selected" is shown in the bulk actions bar',
            [("assert_text_in", {"target": "region=bulk actions", "text": "2 selected"})],
        ),
        ('Verify "x" is shown in the top bar', None),
        (
            'Expected Result: A dialog with the text "Resolve this ticket?" appears.',
            [("assert_appeared", {"text": "Resolve this ticket?", "kind": "dialog"})],
        ),
        ('focus is on the "Help" button again', [("assert_focused", {"target": '"Help" button'})]),
        # an action under a state: the state first, then the action
        (
            'Press Escape while the "Help" dialog is open',
            [("assert_element_visible", {"target": '"Help" dialog'}), ("press_key", {"key": "Escape"})],
        ),
        ('Click "Save" while the form is being saved', None),
        # a row at a position with a column's value; an order of values written unquoted
        (
            'Expected: The first row of the trips table has Driver "M. Okafor"',
            [("assert_text_in", {"target": "item=1", "text": "M. Okafor", "column": "driver"})],
        ),
        (
            "Expected: The rows are ordered TRK-007, VAN-042, CAR-113",
            [("assert_order", {"texts": ["TRK-007", "VAN-042", "CAR-113"]})],
        ),
        ("Verify the items are shown oldest, newer, newest", None),
        ("Verify row count is 9", [("assert_count", {"target": "items=", "count": 9})]),
        # a capitalised name of several words before its role word is the element's own, whatever words
        # inside it could pick one ("all", "Back" before more words); "the Back button" alone is the browser's
        ("Click the Back to tickets link", [("click", {"target": '"Back to tickets" link'})]),
        (
            "Click the Mark all as complete checkbox",
            [("click", {"target": '"Mark all as complete" checkbox'})],
        ),
        ("Click the Back button", None),
        ("Click the next button", None),
        # a condition no plain check reads is the agent's: checking the button alone would pass on less
        ('Ensure the "Delete" button is disabled when no tickets are selected.', None),
        ('ensure the "File now" button is disabled until the review is done', None),
        ("Ensure that the SAVE button is disabled while the form has errors.", None),
    ],
)
def test_nineteenth_pass_wordings(written: str, calls: Calls | None) -> None:
    read = parse_plain_actions(written)
    if calls is None:
        assert read is None, read
        return
    assert read is not None, written
    assert [(a.tool, a.args) for a in read] == calls
