"""Did-you-mean for steps the plain grammar does not read: the same values, the same polarity, a sentence
the grammar reads — or nothing, when no shape says what the step says."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import parse_plain_text
from autoqa.spec.suggest import nearest_plain


@pytest.mark.parametrize(
    ("written", "suggested"),
    [
        ('Verify "Tasks" is visble', 'Verify "Tasks" is visible'),
        ('Verify a toast now says "Saved"', 'Verify "Saved" is visible'),
        # ("has disappeared" is itself plain since dev_twelfth: tests/spec/test_grammar_twelfth.py)
        ('Verify "Backpack" is missing now', 'Verify "Backpack" is not visible'),
        ('Make sure the error "Required" does not show', 'Verify "Required" is not visible'),
        ('Update "Quantity" with "3"', 'Fill "Quantity" with "3"'),
        ('Verify the URL still has "/cart"', 'Verify the URL contains "/cart"'),
        ('Tick off "buy milk" as completed', 'Check "buy milk"'),
        ('Verify the "Save" button can be clicked', 'Verify "Save" is enabled'),
        ('Verify the "Name" field show "Ada"', 'Verify the "Name" field shows "Ada"'),
        # a value named by its row stays in that row
        (
            'Verify the due date for "Dune" is displayed to be "2026-12-24"',
            'Verify the "Dune" row shows "2026-12-24"',
        ),
        ('Verify title has "Shop"', 'Verify the title is "Shop"'),
    ],
)
def test_a_close_plain_form_is_offered(written: str, suggested: str) -> None:
    assert nearest_plain(written) == suggested
    assert parse_plain_text(suggested) is not None


@pytest.mark.parametrize(
    "written",
    [
        'Verify local storage "todos" contains "buy milk"',  # storage is not a field's value
        'Verify the issue title equals "Crash on save"',  # not the page's title, nor mere presence
        'Verify the Status field show "Open"',  # 'Verify "Open" is visible' would drop the field
        'Verify the Status field displays the text "Open"',
        'Verify the "Products" tab is selected',  # selected is not checked
        "Verify the products are sorted by price",
        'Search for "Cosmos"',
        "Verify the page looks good",
        'Verify "Tasks" is visible',  # already plain: nothing to suggest
        'Verify "Notes" is read-only',  # a state no shape checks; "is visible" would drop it
        'Verify "Name" is editable',
    ],
)
def test_no_suggestion_that_would_change_the_claim(written: str) -> None:
    assert nearest_plain(written) is None


_NEGATIVE_CLAIMS = (
    ("assert_text_absent", None),
    ("assert_element_hidden", None),
    ("assert_checked", False),
    ("assert_enabled", False),
)


def _is_negative(sentence: str) -> bool:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    for tool, flag in _NEGATIVE_CLAIMS:
        if action.tool == tool and (flag is None or False in action.args.values()):
            return True
    return False


@pytest.mark.parametrize(
    ("written", "negative"),
    [
        ('Verify "Backpack" never shows', True),
        ('Verify "Error" isn\'t displayed', True),
        ('Verify "Backpack" is missing from the page', True),
        ('Verify "Backpack" was removed', True),
        ('Verify "Backpack" no longer appears', True),
        ('Ensure "Spam" was deleted', True),
        ('Verify "Backpack" vanishes', True),
        ('Verify "Terms" is unchecked now', True),
        ('Verify there is no "Error" message', True),
        ('Verify "Save" is inactive', True),
        ('Verify "Backpack" has been taken away', True),
        ('Verify "Cookie banner" went away', True),
        ('Verify the "Promo" popup is dismissed', True),
        ('Verify "Saved" appears right away', False),
        ('Verify "Backpack" appears on screen', False),
        ('Verify "Terms" got ticked', False),
        ('Verify the "Save" button can be clicked', False),
        ('Verify "Notes" is read-only', False),  # nothing says it: no suggestion, never "is visible"
    ],
)
def test_a_suggestion_keeps_the_polarity(written: str, negative: bool) -> None:
    suggested = nearest_plain(written)
    assert suggested is None or _is_negative(suggested) == negative, suggested


def test_a_condition_is_never_dropped() -> None:
    assert nearest_plain('Click "Add" if the list is empty') is None


def test_a_value_named_by_its_row_is_never_suggested_as_the_rows_name_having_a_value() -> None:
    for written in (
        'Verify the due date for "Dune" show "2026-12-24"',
        'Verify the price of "Dune" reads as "9"',
    ):
        suggestion = nearest_plain(written)
        assert suggestion is None or "has value" not in suggestion, suggestion


# Found by the fresh held-out corpus (bench/grammar_corpus/heldout_fresh.txt): each changed the claim.
@pytest.mark.parametrize(
    "written",
    [
        # "Check" followed by a claim verifies; ticking a checkbox would be another claim
        'Check the channel header says "random"',
        'Check the ticket still shows priority "High"',
        # "contains" claims text; "Done" names a column, not a checked state
        'Verify that the Done column contains "Write release notes"',
        # several values named: a form keeping only one would silently drop the others
        'Check the boxes "Email" and "SMS"',
        'Click "Save" and "Close"',  # two clicks, not one in the row "Close"
        'Press "Save" then "Close"',
        # an ordinal picks one of several; quoting it would look for other text
        "Click on the first job in the list",
        "Click the second photo thumbnail",
        'Click the 2nd "Delete" button',
        'Verify the last "Delete" button is disabled',
        # a scope narrows where the step looks; no form keeps it
        'Click "Add card" in the In progress column',
        'Click the "#random" channel in the sidebar',
        'Verify "cv.pdf" is shown next to the upload field',
        # the value of a named thing, not the text anywhere on the page
        'Verify the price shown is "£425,000"',
    ],
)
def test_no_suggestion_that_changes_the_kind_values_or_scope(written: str) -> None:
    assert nearest_plain(written) is None


@pytest.mark.parametrize(
    ("written", "suggested"),
    [
        # the same rules leave the suggestions that keep the claim
        ('Check the "Free cancellation" filter now', 'Check "Free cancellation"'),
        ('Verify "Terms" has been ticked', 'Verify "Terms" is checked'),
        ('Ensure the text "375 g minced beef" appears somewhere', 'Verify "375 g minced beef" is visible'),
        ('Press "Delete" for "Dune"', 'Click "Delete" for "Dune"'),
    ],
)
def test_a_suggestion_that_keeps_the_claim_is_still_offered(written: str, suggested: str) -> None:
    assert nearest_plain(written) == suggested


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ('Confirm "Save" is greyed out', 'Verify "Save" is disabled'),
        ('Check that "Terms" is ticked', 'Verify "Terms" is checked'),
        ('Check the "Free cancellation" filter', 'Check "Free cancellation"'),
        ('Ensure the text "375 g minced beef" appears on the page', 'Verify "375 g minced beef" is visible'),
    ],
)
def test_wordings_once_only_suggested_are_now_read_as_their_suggestion(written: str, canonical: str) -> None:
    assert parse_plain_text(written) == parse_plain_text(canonical) is not None
