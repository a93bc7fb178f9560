"""Wordings from ``dev_twelfth.txt`` (written before these rules): a test-management export's table row
("| 3 | Click … | … appears |"), the passive voice of an outcome-first writer ("The "Save" button is
clicked", ""Indoor" is chosen from the Seating dropdown"), a QA team's shorthand ("Click "Pay" btn", "Err
msg = "…"", "Pg title = "…""), a bug report's "Expected result:" before a bare claim, "You should now see",
and keyboard steps ("Press Tab once", "Focus moves to …", "The Help disclosure is expanded"). Each is read
as the canonical sentence beside it, tried in wordings other than the corpus line; the near-misses stay
with the model."""

from __future__ import annotations

import pytest

from .grammar_calls import calls as _calls


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        # a table row of an export: the number cell goes, the action and the expected result stay
        (
            '| 4 | Click the "Checkout" link | The "Card number" field is visible |',
            'Click the "Checkout" link | The "Card number" field is visible',
        ),
        (
            '|12| Press the "Pay" button | Text "Paid" is shown |',
            'Click the "Pay" button | Verify "Paid" is shown',
        ),
        ('| Go to /cart | Page title is "Cart" |', 'Navigate to /cart | Verify the page title is "Cart"'),
        # the passive voice: the action the sentence says was done
        ('The "Send" button is clicked', 'Click the "Send" button'),
        ('The "Terms" link gets clicked', 'Click the "Terms" link'),
        ('The "Notes" field is filled with "Ring twice"', 'Fill the "Notes" field with "Ring twice"'),
        ('"Window" is chosen from the Seat dropdown', 'Select "Window" from the Seat dropdown'),
        (
            '"Express" is selected from the "Delivery" dropdown',
            'Select "Express" from the "Delivery" dropdown',
        ),
        ('"ada@example.com" is entered in the Email field', 'Type "ada@example.com" in the Email field'),
        ('The code 4417 is typed into "PIN"', 'Type "4417" in "PIN"'),
        ("The page https://shop.example.com/cart is opened", "Navigate to https://shop.example.com/cart"),
        ('The page "/cart" is opened', 'Navigate to "/cart"'),
        ('The cookie banner is dismissed by clicking "Reject all"', 'Click "Reject all"'),
        ("The page is navigated back", "Go back"),
        ("The page is reloaded", "Reload the page"),
        # a QA team's shorthand
        ('Click "Pay now" btn', 'Click the "Pay now" button'),
        ("Click the Pay now btn", 'Click the "Pay now" button'),
        ('Verify err msg: "Card declined"', 'Verify the error message "Card declined" is shown'),
        ('Err msg = "Card declined"', 'Verify the error message "Card declined" is shown'),
        ('Pg title = "Payments"', 'Verify the page title is "Payments"'),
        ('Amount fld = "12.50"', 'Verify the Amount field is "12.50"'),
        ('Frequency dd = "Weekly"', 'Verify the "Frequency" dropdown is "Weekly"'),
        ('Tick "Remember me" chkbox', 'Tick the "Remember me" checkbox'),
        ('"Remember me" chkbox checked', 'Verify the "Remember me" checkbox is checked'),
        ("Nav to https://bank.example.com/login", "Navigate to https://bank.example.com/login"),
        ('Verify msg: "Logged out"', 'Verify the message "Logged out" is shown'),
        # a bug report's expected result before a bare claim
        ('Expected result: toast "Limit reached"', 'Verify "Limit reached" is shown'),
        (
            "Expected result: URL is https://app.example.com/b/7",
            "Verify the URL is https://app.example.com/b/7",
        ),
        ('Expected: the URL ends with "/done"', 'Verify the URL ends with "/done"'),
        ('The URL ends with "/confirmation"', 'Verify the URL ends with "/confirmation"'),
        ('You should now see "Card archived"', 'Verify "Card archived" is shown'),
        # keyboard and focus
        ("Press Tab once", "Press Tab"),
        ("Press the Down arrow", "Press ArrowDown"),
        ("Press Down arrow again", "Press ArrowDown"),
        ("Focus moves to the Postcode field", "Verify the Postcode field is focused"),
        ('Focus is on the "Email" field', 'Verify the "Email" field is focused'),
        ('The "Help" disclosure is expanded', 'Verify the "Help" button is expanded'),
        ("The Help disclosure is collapsed", 'Verify the "Help" button is not expanded'),
        # history and a list's count (both were read as something else before)
        ("Click browser Back", "Go back"),
        ("Click the browser's Forward button", "Go forward"),
        ("Results list shows 8 items", 'Verify the "Results" list has 8 items'),
        ("Redirected to /login", 'Verify the URL contains "/login"'),
        ('"Delete card" dialog opens', 'Verify the "Delete card" dialog is visible'),
        ('Confirmation dialog appears with text "Hold placed"', 'Verify the dialog contains "Hold placed"'),
        ("Holds table has 3 rows", 'Verify the "Holds" table has 3 rows'),
    ],
)
def test_dev_twelfth_wordings(written: str, canonical: str) -> None:
    expected = _calls(canonical)
    assert expected is not None, canonical
    assert _calls(written) == expected


@pytest.mark.parametrize(
    "written",
    [
        # "is selected", "is checked", "is set to" and "is opened" of a widget state a claim as often as an
        # action: never read as one
        "13 December 2026 is selected in the date picker",
        "Party size is set to 4",
        "The date picker is opened",
        # judgement, whatever the framing
        "| 7 | Look at the results | The results look relevant |",
        "The right button is clicked",
        "Expected result: the board looks tidy",
        "You should now see the usual cards",
        "Err msg = something sensible",
        "Focus moves to the next sensible field",
        # a pipe inside quotes is no cell
        '| 3 | Type "a | b" in "Notes" | Notes looks fine |',
    ],
)
def test_dev_twelfth_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)


def _tab(target: str, key: str = "Tab") -> tuple[str, dict[str, object]]:
    return ("press_key", {"target": target, "key": key, "until_focused": True})


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        # the keyboard must reach the element: the key pressed until it has focus, never a direct focus
        ('Tab to the "Full name" field', [_tab('"Full name" field')]),
        ("Tab to the Postcode field", [_tab('"Postcode" field')]),
        ('Shift+Tab back to "Full name"', [_tab("Full name", "Shift+Tab")]),
        ('Press Tab until the "Email" field is focused', [_tab('"Email" field')]),
        ("Press Tab until the Postcode field has focus", [_tab('"Postcode" field')]),
        ('Tab to "Continue" and press Enter', [_tab("Continue"), ("press_key", {"key": "Enter"})]),
        (
            'Clear the Postcode field, tab to "Continue" and press Enter',
            [
                ("fill", {"target": '"Postcode" field', "value": ""}),
                _tab("Continue"),
                ("press_key", {"key": "Enter"}),
            ],
        ),
    ],
)
def test_tab_to_an_element(written: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written", ["Tab to the next field", "Tab to the focused field", "Tab to whatever is next"]
)
def test_tab_to_nothing_named_stays_with_the_model(written: str) -> None:
    assert _calls(written) is None, _calls(written)
