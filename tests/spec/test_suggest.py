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
        ("Click Log in", 'Click "Log in"'),
        ("Click on Login button", 'Click "Login"'),
        ('Verify the counter reads "1 item left"', 'Verify "1 item left" is visible'),
        ('Verify "Backpack" has disappeared', 'Verify "Backpack" is not visible'),
        ('Make sure the error "Required" does not show', 'Verify "Required" is not visible'),
        ('Update "Quantity" with "3"', 'Fill "Quantity" with "3"'),
        ('Verify the URL still has "/cart"', 'Verify the URL contains "/cart"'),
        ('Mark "buy milk" as completed', 'Check "buy milk"'),
    ],
)
def test_a_close_plain_form_is_offered(written: str, suggested: str) -> None:
    assert nearest_plain(written) == suggested
    assert parse_plain_text(suggested) is not None


@pytest.mark.parametrize(
    "written",
    [
        'Verify local storage "todos" contains "buy milk"',  # storage is not a field's value
        'Verify the "Products" tab is selected',  # selected is not checked
        "Verify the products are sorted by price",
        'Search for "Cosmos"',
        "Verify the page looks good",
        'Verify "Tasks" is visible',  # already plain: nothing to suggest
    ],
)
def test_no_suggestion_that_would_change_the_claim(written: str) -> None:
    assert nearest_plain(written) is None


def test_a_condition_is_never_dropped() -> None:
    assert nearest_plain('Click "Add" if the list is empty') is None
