"""Wordings from test-case exports of a help desk, a CRM and a bank (``dev_tenth.txt``, written before these
rules): step numbers written into the step ("Step 4 - ", "6) "), an expected result after a bar or a full
stop ("… | Expected: …", "Action: … Expected: …"), all-caps names and values, a menu path ("Payments > Pay
someone new"), fields listed with "=", "tab out", a row named by a ticket number, a dropdown clicked then an
option picked, a field that displays an unquoted name. Each reads as the actions and claims it states."""

from __future__ import annotations

import pytest

from .grammar_calls import Call
from .grammar_calls import calls as _calls


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Step 4 - Select "High" from the Priority dropdown',
            [("select_option", {"target": '"Priority" dropdown', "option": "High"})],
        ),
        ("7) Click on CREATE TICKET button.", [("click", {"target": '"CREATE TICKET" button'})]),
        (
            'Step 9: Click on the Activity tab | Expected: "Ticket created by Maya Patel" is shown',
            [
                ("click", {"target": '"Activity" tab'}),
                ("assert_text_present", {"text": "Ticket created by Maya Patel"}),
            ],
        ),
        (
            'Action: Select the "Internal note" radio button. Expected: The "Internal note" option is '
            "checked.",
            [
                ("set_checked", {"target": '"Internal note" radio button', "checked": True}),
                ("assert_checked", {"target": '"Internal note" option', "checked": True}),
            ],
        ),
        (
            "Step 3 - Change the status to Pending",
            [("set_field", {"target": '"status" field', "value": "Pending"})],
        ),
        (
            "8) Type VPN into the search box and press Enter.",
            [("fill", {"target": '"search" field', "value": "VPN"}), ("press_key", {"key": "Enter"})],
        ),
        (
            'Step 4: Fill in First name = "Olivia", Last name = "Brennan".',
            [
                ("fill", {"target": '"First name" field', "value": "Olivia"}),
                ("fill", {"target": '"Last name" field', "value": "Brennan"}),
            ],
        ),
        (
            'Enter "olivia@" in the Email field and tab out.',
            [("fill", {"target": '"Email" field', "value": "olivia@"}), ("press_key", {"key": "Tab"})],
        ),
        (
            "Step 1: Click Payments > Pay someone new.",
            [("click", {"target": "Payments"}), ("click", {"target": "Pay someone new"})],
        ),
        (
            'Step 3 - Switch off the "Marketing emails" toggle.',
            [("set_checked", {"target": "Marketing emails", "checked": False})],
        ),
        ("Step 10 - Click on LOG OUT in the top-right corner.", [("click", {"target": "LOG OUT"})]),
        (
            "Step 10: Open the Attachments tab and verify error_photo.jpg is listed.",
            [
                ("click", {"target": "Attachments"}),
                ("assert_text_in", {"target": "list=", "text": "error_photo.jpg"}),
            ],
        ),
        (
            "Step 5 - Choose Hardware in the Category drop-down.",
            [("select_option", {"target": '"Category" dropdown', "option": "Hardware"})],
        ),
        (
            '6) Upload the file "error_photo.jpg" using the Attachments field',
            [("upload_file", {"target": "Attachments", "path": "error_photo.jpg"})],
        ),
        (
            '1) Click the Assignee dropdown and select "Daniel Okafor".',
            [("select_option", {"target": '"Assignee" dropdown', "option": "Daniel Okafor"})],
        ),
        (
            "2) Verify that the Assignee field displays Daniel Okafor",
            [("assert_value", {"target": '"Assignee" field', "expected": "Daniel Okafor"})],
        ),
        (
            "Verify the Status column of row #1042 shows Resolved.",
            [("assert_text_in", {"target": 'the row in "#1042"', "text": "Resolved", "column": "status"})],
        ),
        (
            "Step 4: Enter OTP '482913' in the One-time passcode field and click Verify.",
            [
                ("fill", {"target": '"One-time passcode" field', "value": "482913"}),
                ("click", {"target": "Verify"}),
            ],
        ),
        (
            'Verify that the Accounts overview page is displayed with heading "Your accounts".',
            [("assert_element_visible", {"target": '"Your accounts" heading'})],
        ),
        (
            'Expected: The status badge changes to "Pending".',
            [("assert_text_in", {"target": "badge=status", "text": "Pending", "exact": True})],
        ),
    ],
)
def test_dev_tenth_wordings(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written",
    [
        "Step 4 - Make sure it feels fast",
        'Click "Save" | Expected: everything looks right',
        "Click Payments > Pay someone new > and then whatever",
        "Choose something cheap in the Category drop-down.",
    ],
)
def test_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)
