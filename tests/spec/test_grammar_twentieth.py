"""The twentieth pass's readings (dev corpora only): a key pressed in a field named by unquoted words and its
noun, an action "in the empty" field (the emptiness checked first, on the same field), a list said to hold
only some texts (each text in the main list, then its item count), a claim over every checkbox of a kind
("All todos are completed", "Both checkboxes are unchecked"), a text claimed of every row ("Every row's
Status column shows "In service""), a list counted with its texts, an emptied list, and a dialog that
"should say" a text. Also readings of the nineteenth pass that had no case of their own. The live checks
are in tests/spec/test_grammar_only_listed_live.py, test_grammar_each_checked_live.py and
test_grammar_each_text_live.py."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import parse_plain_actions

Calls = list[tuple[str, dict[str, object]]]


def _listed(*texts: str, noun: str = "") -> Calls:
    return [
        *(("assert_text_in", {"target": f"list={noun}", "text": t}) for t in texts),
        ("assert_count", {"target": f"items={noun}", "count": len(texts)}),
    ]


def _each(checked: bool = True, **more: object) -> tuple[str, dict[str, object]]:
    return ("assert_each_checked", {"checked": checked, **more})


def _empty(target: str) -> tuple[str, dict[str, object]]:
    return ("assert_value", {"target": target, "expected": ""})


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        # a key in a field named by its words and its noun
        (
            "Press Enter in the new todo input",
            [("press_key", {"key": "Enter", "target": '"new todo" input'})],
        ),
        (
            "Press the Escape key in the city search field",
            [("press_key", {"key": "Escape", "target": '"city search" field'})],
        ),
        # "empty": the field is checked empty first, then the action on that same field
        (
            "Press Enter in the empty new todo input",
            [_empty('"new todo" input'), ("press_key", {"key": "Enter", "target": '"new todo" input'})],
        ),
        (
            'Type "x" in the empty "Notes" field',
            [_empty('"Notes" field'), ("fill", {"target": '"Notes" field', "value": "x"})],
        ),
        (
            'Type "bring the card" in the empty notes field',
            [_empty('"notes" field'), ("fill", {"target": '"notes" field', "value": "bring the card"})],
        ),
        # only these texts in the main list: each one, and no other item
        ('Verify only "Book dentist" is listed.', _listed("Book dentist")),
        ('Verify only "a" and "b" are listed', _listed("a", "b")),
        ('Verify that only "a", "b" and "c" are shown in the list', _listed("a", "b", "c")),
        ('The list shows only "a" and "b"', _listed("a", "b")),
        ('Verify the todo list contains only "Book dentist"', _listed("Book dentist")),
        ('Verify the list shows "Book dentist" only', _listed("Book dentist")),
        ('Then "Book dentist" is the only item in the list', _listed("Book dentist")),
        # a list that names what it holds must be one the page names so
        ('Verify the recipes list shows only "Soup"', _listed("Soup", noun="recipes")),
        # within a longer step, each part read
        (
            'Toggle "Book dentist", click the Completed filter and verify only "Book dentist" is listed.',
            [
                ("click", {"target": "Book dentist"}),  # a toggle flips whatever state it is in
                ("click", {"target": "Completed"}),
                *_listed("Book dentist"),
            ],
        ),
        # a claim over every checkbox of a kind: each item's own box of the main list (a row: the main
        # table's), or every box the page shows ("checkboxes" alone); "both" says there are two
        ("Then every row checkbox should be checked", [_each(tables=True)]),
        ("Ensure every todo checkbox is checked", [_each()]),
        ("All todos are completed", [_each()]),
        ("Verify every todo is marked as completed", [_each()]),
        ("Verify that none of the items are completed", [_each(checked=False)]),
        ("Verify none of the todos is completed", [_each(checked=False)]),
        ("All checkboxes are checked", [_each(scope="page")]),
        ("verify both checkboxes are checked.", [_each(scope="page", count=2)]),
        ("Verify both checkboxes are unchecked", [_each(checked=False, scope="page", count=2)]),
        ("Then both items should be completed", [_each(count=2)]),
        (
            'Confirm all row checkboxes are checked and "3 of 3 selected" is shown',
            [_each(tables=True), ("assert_text_present", {"text": "3 of 3 selected"})],
        ),
        # a list counted with its texts: the count as "has N items" reads, each text where "shows" reads
        (
            'The cart should list 2 items: "Sauce Labs Backpack" and "Sauce Labs Bike Light"',
            [
                ("assert_count", {"target": "region-items=cart", "count": 2}),
                ("assert_text_in", {"target": "region=cart", "text": "Sauce Labs Backpack"}),
                ("assert_text_in", {"target": "region=cart", "text": "Sauce Labs Bike Light"}),
            ],
        ),
        (
            'Verify the list has 2 items: "a" and "b"',
            [
                ("assert_count", {"target": "items=", "count": 2}),
                ("assert_text_in", {"target": "list=", "text": "a"}),
                ("assert_text_in", {"target": "list=", "text": "b"}),
            ],
        ),
        # the main list emptied
        ("Verify the list is empty", [("assert_count", {"target": "items=", "count": 0})]),
        ("The todo list should now be empty", [("assert_count", {"target": "items=", "count": 0})]),
        (
            "The URL hash is #/completed and the list is empty",
            [
                ("assert_url", {"expected": "\\#/completed$", "match": "regex"}),
                ("assert_count", {"target": "items=", "count": 0}),
            ],
        ),
        # a text claimed of every item of the main list (a row: of the main table), in a column when named
        (
            'Every row\'s Status column shows "In service"',
            [("assert_each_text", {"text": "In service", "column": "Status", "tables": True})],
        ),
        (
            'Verify each row in the result contains "Tolkien" in the Author column.',
            [("assert_each_text", {"text": "Tolkien", "column": "Author", "tables": True})],
        ),
        (
            'Every row\'s Company cell contains "Acme"',
            [("assert_each_text", {"text": "Acme", "column": "Company", "tables": True})],
        ),
        (
            'All rows show "Active" in the Status column',
            [("assert_each_text", {"text": "Active", "column": "Status", "tables": True})],
        ),
        ('Verify each row contains "Okafor"', [("assert_each_text", {"text": "Okafor", "tables": True})]),
        ('Every result contains "Tolkien"', [("assert_each_text", {"text": "Tolkien"})]),
        (
            'Verify every item\'s price is "$5"',
            [("assert_each_text", {"text": "$5", "column": "price"})],
        ),
        # a dialog that "should say" a text: the same reading as "says" (the browser's own dialogs too)
        (
            'confirm dialog should say "Delete this?"',
            [("assert_appeared", {"text": "Delete this?", "kind": "dialog"})],
        ),
        (
            'The confirm dialog says "Delete this?"',
            [("assert_appeared", {"text": "Delete this?", "kind": "dialog"})],
        ),
        (
            'A confirmation dialog that says "x" appears',
            [("assert_appeared", {"text": "x", "kind": "dialog"})],
        ),
        # a dialog described by other words is that drawn dialog
        (
            'The delete dialog should say "Sure?"',
            [("assert_text_in", {"target": '"delete" dialog', "text": "Sure?"})],
        ),
        # the nineteenth pass's readings without a case of their own
        ("Verify row count is 9", [("assert_count", {"target": "items=", "count": 9})]),
        ("Click the Back to tickets link", [("click", {"target": '"Back to tickets" link'})]),
        (
            'Type "x" in the delivery address',
            [("fill", {"target": '"delivery address" field', "value": "x"})],
        ),
        ('Type "x" in the source text area', [("fill", {"target": '"source" text area', "value": "x"})]),
        ('Verify that is displayed message "Saved"', [("assert_text_present", {"text": "Saved"})]),
        (
            'The Send button is enabled if the "Terms" checkbox is checked',
            [
                ("assert_checked", {"target": '"Terms" checkbox', "checked": True}),
                ("assert_enabled", {"target": '"Send" button', "enabled": True}),
            ],
        ),
        (
            'The Send button is enabled as long as the "Terms" checkbox is checked',
            [
                ("assert_checked", {"target": '"Terms" checkbox', "checked": True}),
                ("assert_enabled", {"target": '"Send" button', "enabled": True}),
            ],
        ),
        (
            'Press Escape while the "Terms" checkbox is checked',
            [
                ("assert_checked", {"target": '"Terms" checkbox', "checked": True}),
                ("press_key", {"key": "Escape"}),
            ],
        ),
    ],
)
def test_reads(written: str, calls: Calls) -> None:
    read = parse_plain_actions(written)
    assert read is not None, written
    assert [(a.tool, a.args) for a in read] == calls


@pytest.mark.parametrize(
    "written",
    [
        # a word that picks a field is no name of one
        "Press Enter in the focused field",
        "Press Enter in the required field",
        # the emptiness check would name another field than the key press ('"search" field', 'the search box')
        "Press Enter in the empty search box",
        # the same text twice says nothing about how many items there are
        'Verify only "a" and "a" are listed',
        # "visible" alone names no list: which elements would be counted?
        'Verify only "a" is visible',
        # a row "selected" may be aria-selected, no box at all
        "Verify all rows are selected",
        # which boxes "remain" is not said; a double negation; "no todos" may say the list is empty
        "Verify the remaining checkboxes are checked",
        "Verify all remaining checkboxes are checked",
        "none of the checkboxes is unchecked",
        "no todos are completed",
        # as many texts as the count says, or the step contradicts itself
        'Verify the list has 3 items: "a" and "b"',
        # a list named by what it holds or by capitalised words may be another list than the main one
        "The recipes list is empty",
        "the Available tags list should become empty.",
        # a row's position, a control in each row, a claim denied: not a text of every row
        'Every row\'s first cell is "x"',
        'Each row has a "Delete" button',
        'Every row\'s status is not "Closed"',
        # a word about when is no kind of choice: 'Select "Blue" now' names no radio "Blue"
        'Select "Blue" from "Colour" now',
        'Select "Blue" now',
        # the browser's own controls and address bar are no element of the page
        "Click the Back button",
        'Type "x" in the address bar',
    ],
)
def test_refuses(written: str) -> None:
    assert parse_plain_actions(written) is None, written
