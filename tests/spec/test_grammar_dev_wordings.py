"""Wording families read from the development corpus (bench/grammar_corpus/dev_natural.txt), tested with
variants written here: each reads as the tool calls of a canonical sentence that already has its meaning,
and near misses (a word that picks one, a description instead of a value, a place that is not a row) stay
agent steps."""

from __future__ import annotations

from typing import Any

import pytest

from .grammar_calls import calls as _calls


def _cell(row: str, column: str, text: str) -> list[tuple[str, dict[str, Any]]]:
    return [("assert_text_in", {"target": f'the row in "{row}"', "text": text, "column": column})]


# A row's value with the row as a place: the same cell as "the <column> for "<row>"".
@pytest.mark.parametrize(
    ("text", "row", "column", "value"),
    [
        ('Verify the status in the "INV-2041" row is "Paid"', "INV-2041", "status", "Paid"),
        ('The due date in the "Dune" row should be 24 Dec 2026', "Dune", "due date", "24 Dec 2026"),
        ('In the "Dune" row, the due date is 2026-12-24', "Dune", "due date", "2026-12-24"),
        ("In the row for 'Team sync', the Monday hours should be 2.5", "Team sync", "monday hours", "2.5"),
        ("Status in the api-eu-7 row still says Stopped", "api-eu-7", "status", "Stopped"),
        ("Then the owner in the INV-7 row shows Ada Lovelace", "INV-7", "owner", "Ada Lovelace"),
        ('In the "Globex" row, the amount reads "$1,200"', "Globex", "amount", "$1,200"),
        # the column named first, the row after it
        ('Verify the column "Author" shows "Mary Beard" in the row "SPQR"', "SPQR", "author", "Mary Beard"),
        ('Verify column "Due date" is "2026-12-24" for row "Dune"', "Dune", "due date", "2026-12-24"),
    ],
)
def test_row_value_with_the_row_as_a_place(text: str, row: str, column: str, value: str) -> None:
    assert _calls(text) == _cell(row, column, value)


@pytest.mark.parametrize(
    "text",
    [
        'In the "Dune" row, the status is active',  # a lowercase word: a description, not a value
        'In the "Dune" row, the status shows an overdue warning',
        'In the "Dune" row, the first date is 2026-12-24',  # picks one of several
        'In the "Dune" row, the latest date is 2026-12-24',
        'Status in the "Dune" card says Running',  # a card is no row with columns
        'Verify the status in the "Dune" panel is "Running"',
        "The status in the Dune row is Paid",  # an unquoted name without a digit: not certainly a name
    ],
)
def test_row_value_near_misses_stay_agent_steps(text: str) -> None:
    assert _calls(text) is None


def test_a_code_names_a_row_as_if_quoted() -> None:
    assert _calls("Click Edit in the web-prod-03 row") == [("click", {"target": 'Edit in "web-prod-03"'})]
    assert _calls('Click "Edit" in the web-prod-03 row') == [("click", {"target": 'Edit in "web-prod-03"'})]
    # a position is no code: the third row of the main list, not a row reading "3rd"
    assert _calls('Click "Edit" in the 3rd row') == [("click", {"target": "Edit in item=3"})]


# A value named for a period: "the weekly total" names it as "the total" does.
@pytest.mark.parametrize(
    ("text", "label", "value"),
    [
        ("Verify the weekly total reads 32h 30m", "weekly total", "32h 30m"),
        ("The monthly estimate reads $97.09", "monthly estimate", "$97.09"),
        ('Verify the daily limit is "£500"', "daily limit", "£500"),
        ("The yearly price should be €120", "yearly price", "€120"),
    ],
)
def test_a_period_word_names_a_labelled_value(text: str, label: str, value: str) -> None:
    assert _calls(text) == [("assert_text_in", {"target": "css=body", "text": value, "column": label})]


@pytest.mark.parametrize(
    "text",
    [
        'Verify the latest total is "£500"',  # picks one
        'Verify the only total is "£500"',
        "Verify 4 weekly items are shown",  # counting is not this family
        'Verify the weekly items read "£500"',
    ],
)
def test_period_word_near_misses(text: str) -> None:
    assert _calls(text) is None


# A picking word written with a capital inside a sentence is the element's name.
@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("Verify the Next button is focused", ("assert_focused", {"target": '"Next" button'})),
        ("Click the Next button", ("click", {"target": '"Next" button'})),
        (
            "Verify the Previous link is disabled",
            ("assert_enabled", {"target": '"Previous" link', "enabled": False}),
        ),
        ("Click the Active link", ("click", {"target": '"Active" link'})),
        ("Click the Next page button", ("click", {"target": '"Next page" button'})),
    ],
)
def test_a_capitalised_picking_word_is_a_name(text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert _calls(text) == [call]


@pytest.mark.parametrize(
    "text",
    [
        "Click the next button",  # lowercase: which one is judgement
        "Click The Next Button",  # Title Case: the capital says nothing
        "Click the Back button",  # may be the browser's
        "Click the Forward button",
    ],
)
def test_capitalised_picking_word_near_misses(text: str) -> None:
    assert _calls(text) is None


# A file name is a literal target; expanding or collapsing it is a click.
@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("Right click budget-2026.xlsx", ("click", {"target": "budget-2026.xlsx", "button": "right"})),
        ("Expand src/cache/evict.py", ("click", {"target": "src/cache/evict.py"})),
        ("Collapse docs/index.md", ("click", {"target": "docs/index.md"})),
        ("Double-click the file notes.txt", ("click", {"target": "notes.txt", "double": True})),
        ("Hover over photo.jpg", ("hover", {"target": "photo.jpg"})),
        ("Click on README.md", ("click", {"target": "README.md"})),
    ],
)
def test_a_file_name_is_a_literal_target(text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert _calls(text) == [call]


@pytest.mark.parametrize("text", ["Click 12.50", "Expand v1.2", "Expand the folder", "Open budget.xlsx"])
def test_file_name_near_misses(text: str) -> None:
    assert _calls(text) is None


# A link is opened by clicking it, wherever it is said to be.
@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Open the Receipts link in the footer", '"Receipts" link'),
        ("Follow the Privacy policy link", '"Privacy policy" link'),
        ('Open the "Terms" link', "Terms"),
        ('Open the Receipts link in the "Help" menu', 'Receipts in "Help"'),
    ],
)
def test_opening_a_link_is_a_click(text: str, target: str) -> None:
    assert _calls(text) == [("click", {"target": target})]


@pytest.mark.parametrize(
    "text",
    [
        "Open the first link",
        "Open the link",
        "Open the Receipts link in a new tab",
        "Follow the link in the email",
    ],
)
def test_open_link_near_misses(text: str) -> None:
    assert _calls(text) is None


def test_a_named_link_keeps_its_name_inside_a_scope() -> None:
    """'Open the Receipts link in the "Help" menu' clicked any link in the menu before (the name dropped)."""
    assert _calls('Open the Receipts link in the "Help" menu') != [
        ("click", {"target": 'the link in "Help"'})
    ]
    assert _calls('Click the button in the "Dune" row') == [("click", {"target": 'the button in "Dune"'})]


# An unquoted value may hold an apostrophe inside a word.
@pytest.mark.parametrize(
    ("text", "calls"),
    [
        (
            "type Hey, how's your week going? into the message box and press enter",
            [
                ("fill", {"target": '"message" field', "value": "Hey, how's your week going?"}),
                ("press_key", {"key": "Enter"}),
            ],
        ),
        (
            "Enter O'Brien in the Last name field",
            [("fill", {"target": '"Last name" field', "value": "O'Brien"})],
        ),
        (
            "Type Don’t forget the milk into the note field",
            [("fill", {"target": '"note" field', "value": "Don’t forget the milk"})],
        ),
    ],
)
def test_an_apostrophe_inside_a_word_is_part_of_the_value(text: str, calls: list[Any]) -> None:
    assert _calls(text) == calls


@pytest.mark.parametrize(
    "text",
    [
        "Type it's late into the note field",  # lowercase: may describe what to type
        "Type Bob's 'best' into the note field",  # a quote mark that is no apostrophe: ends uncertain
        "Type Hey' into the note field",
    ],
)
def test_apostrophe_near_misses(text: str) -> None:
    assert _calls(text) is None
