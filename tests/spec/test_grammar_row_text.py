"""A text claimed for a row, the row named after it: 'Verify "Overdue" is shown for "Dune"' is what Dune's row
shows (as 'Verify the row for "Dune" shows "Overdue"'), never the text anywhere on the page, where another
row's "Overdue" would pass it."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import parse_plain_actions

ROW = [("assert_text_in", {"target": 'the row in "Dune"', "text": "Overdue"})]
ITEM = [("assert_text_in", {"target": 'the list item in "Dune"', "text": "Overdue"})]


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ('Verify "Overdue" is shown for "Dune"', ROW),
        ('Verify "Overdue" is displayed next to "Dune"', ROW),
        ('Verify that "Overdue" appears in the "Dune" row', ROW),
        ('Verify "Overdue" is displayed on the "Dune" card', ITEM),
        ('Verify the row for "Dune" shows "Overdue"', ROW),  # the reading it is
        # not read: a denial, or a claim the row reading cannot hold
        ('Verify "Overdue" is not shown for "Dune"', None),
        ('Verify "Overdue" is shown only for "Dune"', None),
    ],
)
def test_a_text_claimed_for_a_row_is_that_rows(
    written: str, calls: list[tuple[str, dict[str, object]]] | None
) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls
