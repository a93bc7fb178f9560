"""Wordings from a fresh corpus of TodoMVC, Django admin and practice-site test cases
(``bench/grammar_corpus/dev_eighth.txt``, written before these rules): a class on an item, "again", two
states of one element, an item "removed from the list", 'Complete "x"', a describing word before a role
word, "highlighted as selected", fields named unquoted, three fills in one step, places written before or
after an action, 'Expect the message "x"', values that are certainly values, 'Press Continue', "should
become visible", a row's cell by position, adding a todo and editing one in a single step. Each reads as the
claim or action it states; near misses stay the model's. Live: tests/todomvc (07-wordings.md)."""

from __future__ import annotations

import pytest

from autoqa.landmarks import FOCUSED_FIELD
from autoqa.spec.grammar import ONE_TEXT_FIELD

from .grammar_calls import Call
from .grammar_calls import calls as _calls

ITEM = 'the list item in "Buy milk"'


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Assert that the "Buy milk" item has the class "completed"',
            [("assert_class", {"target": ITEM, "class_name": "completed", "present": True})],
        ),
        (
            'Verify the "Buy milk" item does not have the class completed',
            [("assert_class", {"target": ITEM, "class_name": "completed", "present": False})],
        ),
        (
            'Check that the All link has the class "selected"',
            [("assert_class", {"target": '"All" link', "class_name": "selected", "present": True})],
        ),
        ('Click "Toggle all" again', [("click", {"target": "Toggle all"})]),
        (
            "The Active filter should be selected again",
            [("assert_checked", {"target": "Active", "checked": True})],
        ),
        (
            'The edit field for "Walk the dog" should be visible and focused',
            [
                ("assert_element_visible", {"target": '"edit" field in "Walk the dog"'}),
                ("assert_focused", {"target": '"edit" field in "Walk the dog"'}),
            ],
        ),
        (
            'Then "Walk the dog twice" is removed from the list',
            [("assert_text_absent", {"text": "Walk the dog twice"})],
        ),
        (
            'Complete "Pay electricity bill"',
            [("set_checked", {"target": "Pay electricity bill", "checked": True})],
        ),
        ('Click the "Active" filter link', [("click", {"target": '"Active" link'})]),
        (
            'The "Active" link should be highlighted as selected',
            [("assert_state", {"target": '"Active" link', "state": "selected", "value": True})],
        ),
        (
            'Leave the Title empty and click "Save"',
            [("fill", {"target": "Title", "value": ""}), ("click", {"target": "Save"})],
        ),
        (
            'Fill Title with "Hyperion", pick "Dan Simmons" as Author and click "Save and add another"',
            [
                ("fill", {"target": '"Title" field', "value": "Hyperion"}),
                ("select_option", {"target": '"Author" dropdown', "option": "Dan Simmons"}),
                ("click", {"target": "Save and add another"}),
            ],
        ),
        (
            'Enter "Foundation" as the title, set Author to "Isaac Asimov", and press "Save and continue '
            'editing"',
            [
                ("fill", {"target": '"title" field', "value": "Foundation"}),
                ("set_field", {"target": '"Author" field', "value": "Isaac Asimov"}),
                ("click", {"target": "Save and continue editing"}),
            ],
        ),
        (
            'In the right sidebar, under "By status", click "Published"',
            [("click", {"target": 'Published in "By status"'})],
        ),
        ('The page should say "Are you sure?"', [("assert_text_present", {"text": "Are you sure?"})]),
        ('Click the "Delete" link at the bottom of the form', [("click", {"target": '"Delete" link'})]),
        ('Click "Log out" in the top right', [("click", {"target": "Log out"})]),
        ('Click the breadcrumb "Library"', [("click", {"target": '"Library" link'})]),
        (
            "Expect the message “The book Foundation was deleted successfully.”",
            [("assert_text_present", {"text": "The book Foundation was deleted successfully."})],
        ),
        (
            "Enter standard_user in the Username field and secret_sauce in the Password field",
            [
                ("fill", {"target": '"Username" field', "value": "standard_user"}),
                ("fill", {"target": '"Password" field', "value": "secret_sauce"}),
            ],
        ),
        ("Press Continue", [("click", {"target": '"Continue" button'})]),
        ('Click "Click here" on the Notification Messages page', [("click", {"target": "Click here"})]),
        ("Click Start on the Dynamic Loading page", [("click", {"target": "Start"})]),
        (
            'On the JavaScript Alerts page, click "Click for JS Alert" and accept the alert',
            [("dialogs", {"action": "accept"}), ("click", {"target": "Click for JS Alert"})],
        ),
        ('"name: user1" should become visible', [("assert_text_present", {"text": "name: user1"})]),
        (
            'The first row\'s Last Name should be "Bach"',
            [("assert_text_in", {"target": "item=1", "text": "Bach", "column": "last name"})],
        ),
        (
            'Add a todo "Walk the dog"',
            [("fill", {"target": ONE_TEXT_FIELD, "value": "Walk the dog", "submit": True})],
        ),
        (
            "Double-click on “Call the plumber”, change the text to “Call the electrician” and click outside "
            "the item",
            [
                ("click", {"target": "Call the plumber", "double": True}),
                ("fill", {"target": FOCUSED_FIELD, "value": "Call the electrician"}),
                ("blur", {"click_outside": True}),
            ],
        ),
        (
            'When I double-click "Walk the dog twice", clear the text and press Enter',
            [
                ("click", {"target": "Walk the dog twice", "double": True}),
                ("fill", {"target": FOCUSED_FIELD, "value": ""}),
                ("press_key", {"key": "Enter"}),
            ],
        ),
        ("The URL hash is #/completed", [("assert_url", {"expected": "\\#/completed$", "match": "regex"})]),
    ],
)
def test_dev_eighth_wordings(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


def test_three_fields_filled_in_one_step() -> None:
    calls = _calls('Fill First Name with "Ada", Last Name with "Lovelace" and Zip/Postal Code with "10115"')
    assert calls is not None and [c[0] for c in calls] == ["fill", "fill", "fill"], calls
    assert [c[1]["value"] for c in calls] == ["Ada", "Lovelace", "10115"]


@pytest.mark.parametrize(
    "written",
    [
        'Verify the "Buy milk" item has the class "very completed"',  # two class names
        'The edit field for "Walk the dog" should be visible and pretty',
        '"Walk the dog" is removed from the list eventually',
        'Complete the "Checkout" form',
        'The "Active" link should be highlighted in red',
        "Leave the title as it is",
        "Press Escape",  # a key: never a button click (asserted below)
        "Press Continue to proceed when ready",
        "Expect the message to be friendly",
        "Enter your details in the Username field",  # a description, not a value
        '"name: user1" should become friendlier',
        "The first row's Last Name should be plausible",
        'Add a comment "Nice post"',  # a comment box may be a text area where Enter adds a line
        'Add "Backpack" to the wishlist later',
        "Double-click the item and change the text to something shorter",
    ],
)
def test_near_misses_stay_the_models(written: str) -> None:
    calls = _calls(written)
    if written == "Press Escape":
        assert calls == [("press_key", {"key": "Escape"})]
    else:
        assert calls is None, calls


@pytest.mark.parametrize(
    ("written", "name"), [("Click Send again", "Send again"), ("Click Try again", "Try again")]
)
def test_again_after_an_unquoted_name_stays_in_the_name(written: str, name: str) -> None:
    assert _calls(written) == [("click", {"target": name})]


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            "Enter 'Pay electricity bill' in the What needs to be done? box and hit Enter.",
            [
                ("fill", {"target": '"What needs to be done?" field', "value": "Pay electricity bill"}),
                ("press_key", {"key": "Enter"}),
            ],
        ),
        ('Enter "x" in the "Email" box', [("fill", {"target": "Email", "value": "x"})]),
        ("Go to page 2 of the change list", [("click", {"target": '2 in "pagination"'})]),
        (
            'The button on the Sauce Labs Backpack card changes to "Remove"',
            [("assert_element_visible", {"target": '"Remove" button in "Sauce Labs Backpack"'})],
        ),
        (
            'Tick "Vegetarian" under Diet in the filter panel',
            [("set_checked", {"target": 'Vegetarian in "Diet"', "checked": True})],
        ),
        (
            'In the sidebar filter, click "Published" under "By status"',
            [("click", {"target": 'Published in "By status"'})],
        ),
        (
            "On page 1 the Previous button is disabled",
            [("assert_enabled", {"target": '"Previous" button', "enabled": False})],
        ),
        (
            'In Example 1, click the "Last Name" column header',
            [("click", {"target": '"Last Name" column header in "Example 1"'})],
        ),
        (
            "The Author column of the first row reads m.okafor",
            [("assert_text_in", {"target": "item=1", "text": "m.okafor", "column": "author"})],
        ),
        (
            'First name still contains "Jonas"',
            [("assert_value", {"target": '"First name" field', "expected": "Jonas"})],
        ),
        (
            'Verify the list shows "Walk the dog twice" and no longer shows "Walk the dog"',
            [
                ("assert_text_in", {"target": "list=", "text": "Walk the dog twice"}),
                ("assert_text_absent", {"text": "Walk the dog"}),
            ],
        ),
        (
            'The URL hash is #/completed and "Buy milk" is not visible',
            [
                ("assert_url", {"expected": "\\#/completed$", "match": "regex"}),
                ("assert_text_absent", {"text": "Buy milk"}),
            ],
        ),
    ],
)
def test_more_dev_eighth_and_seventh_wordings(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written",
    [
        "On page 1 the layout looks right",
        'In Example 1, click the "Last Name" column header and admire it',
        'Verify the list shows "A" and looks tidy',
        '"A" is shown and the page feels fast',
    ],
)
def test_more_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)


def test_a_place_that_contains_a_text_is_no_field() -> None:
    assert _calls('The Cart contains "Backpack"') == [
        ("assert_text_in", {"target": "region=Cart", "text": "Backpack"})
    ]
