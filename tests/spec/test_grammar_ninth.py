"""Wordings from a corpus written as test-management exports flatten steps (``dev_ninth.txt``, written before
these rules): a page named before a colon, a step and its "Expected:" in two sentences, an action and its
check in one sentence with lists inside, "is showing" / "is displaying", "verify the message "x"", "Click on
Save button", "starts with" for a title, "Given I open … at <url>", several todos added at once, the
checkboxes of several rows, a purpose after a double-click, the browser's Back button. Each reads as the
actions and claims it states; near misses stay the model's."""

from __future__ import annotations

import pytest

from autoqa.spec.grammar import ONE_TEXT_FIELD

from .grammar_calls import Call
from .grammar_calls import calls as _calls


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Dynamic Controls: click "Remove" and wait for "It\'s gone!" to appear',
            [("click", {"target": "Remove"}), ("wait_for", {"text": "It's gone!"})],
        ),
        ('Key Presses page: press Tab in "Target"', [("press_key", {"key": "Tab", "target": "Target"})]),
        ('Step: Uncheck "Pay rent".', [("set_checked", {"target": "Pay rent", "checked": False})]),
        (
            'Uncheck "Pay rent". Expected: the counter shows "5 items left".',
            [
                ("set_checked", {"target": "Pay rent", "checked": False}),
                ("assert_text_present", {"text": "5 items left", "exact": True}),
            ],
        ),
        (
            'Check the error message "This field is required." is displaying under the Username field.',
            [
                (
                    "assert_text_in",
                    {"target": '"Username" field', "text": "This field is required.", "note": True},
                )
            ],
        ),
        (
            'Check the counter is showing "1 item left".',
            [("assert_text_present", {"text": "1 item left", "exact": True})],
        ),
        (
            'Right click on the "Right Click Me" button and verify the message "You have done a right '
            'click".',
            [
                ("click", {"target": '"Right Click Me" button', "button": "right"}),
                ("assert_text_present", {"text": "You have done a right click"}),
            ],
        ),
        ("Click on Save button without filling any field.", [("click", {"target": '"Save" button'})]),
        ("Click on Save button.", [("click", {"target": '"Save" button'})]),
        (
            'Verify the browser tab title starts with "Select book to change".',
            [("assert_title", {"expected": "^Select\\ book\\ to\\ change", "match": "regex"})],
        ),
        (
            'Verify the confirmation page heading is "Are you sure?".',
            [("assert_element_visible", {"target": '"Are you sure?" heading'})],
        ),
        (
            "Given I open the TodoMVC app at http://localhost:8080/#/",
            [("navigate", {"url": "http://localhost:8080/#/"})],
        ),
        (
            "Open http://127.0.0.1:8000/admin/ in the browser.",
            [("navigate", {"url": "http://127.0.0.1:8000/admin/"})],
        ),
        (
            'Add todos "Pay rent", "Call mom" and "Book dentist" one by one.',
            [
                ("fill", {"target": ONE_TEXT_FIELD, "value": "Pay rent", "submit": True}),
                ("fill", {"target": ONE_TEXT_FIELD, "value": "Call mom", "submit": True}),
                ("fill", {"target": ONE_TEXT_FIELD, "value": "Book dentist", "submit": True}),
            ],
        ),
        (
            'Select the checkboxes for "Dune" and "Emma".',
            [
                ("set_checked", {"target": 'the checkbox in "Dune"', "checked": True}),
                ("set_checked", {"target": 'the checkbox in "Emma"', "checked": True}),
            ],
        ),
        (
            'Click on the toggle checkbox of "Pay rent".',
            [("click", {"target": 'the checkbox in "Pay rent"'})],
        ),
        (
            'Double click on the "Call mom" label to edit it.',
            [("click", {"target": "Call mom", "double": True})],
        ),
        ("Navigate back using the browser Back button", [("history", {"action": "back"})]),
        (
            'Fill Title as "Silmarillion", Author "J. R. R. Tolkien" and press "Save and continue editing".',
            [
                ("fill", {"target": '"Title" field', "value": "Silmarillion"}),
                ("fill", {"target": '"Author" field', "value": "J. R. R. Tolkien"}),
                ("click", {"target": "Save and continue editing"}),
            ],
        ),
        (
            'Click "Add" and verify "It\'s back!" is displayed and "Remove" is visible again.',
            [
                ("click", {"target": "Add"}),
                ("assert_text_present", {"text": "It's back!"}),
                ("assert_text_present", {"text": "Remove"}),
            ],
        ),
    ],
)
def test_dev_ninth_wordings(written: str, calls: list[Call] | None) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written",
    [
        "Dashboard: make sure everything looks right",
        'Uncheck "Pay rent". Expected: the counter looks right.',
        "Verify the message is helpful",
        'Add todos "Pay rent" and some others',
        'Double click on the "Call mom" label to see what happens',
        "Given I open the app",
    ],
)
def test_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)


@pytest.mark.parametrize("written", ['Verify the window title is "Shop"', 'Verify the tab title is "Shop"'])
def test_the_window_or_tab_title_is_the_page_title(written: str) -> None:
    """As the README says: the page's, window's or tab's title is assert_title (never a readout's)."""
    assert _calls(written) == [("assert_title", {"expected": "Shop", "match": "equals"})]


def test_a_class_stated_without_verify() -> None:
    assert _calls('The "Buy milk" item has the class "completed"') == [
        (
            "assert_class",
            {"target": 'the list item in "Buy milk"', "class_name": "completed", "present": True},
        )
    ]


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Verify "Thank you for your order!" header is displayed.',
            [("assert_element_visible", {"target": '"Thank you for your order!" heading'})],
        ),
        (
            'verify "You have done a double click" message',
            [("assert_text_present", {"text": "You have done a double click"})],
        ),
        (
            'On Dropdown page select "Option 2" from the dropdown',
            [("select_option", {"target": "css=select", "option": "Option 2"})],
        ),
        ("On the change form click the Delete link at the bottom.", [("click", {"target": '"Delete" link'})]),
        (
            'Enter username "admin" and password "wrongpass" and click Log in.',
            [
                ("fill", {"target": '"Username" field', "value": "admin"}),
                ("fill", {"target": '"Password" field', "value": "wrongpass"}),
                ("click", {"target": "Log in"}),
            ],
        ),
        (
            "Click on Log in button without filling username and password.",
            [("click", {"target": '"Log in" button'})],
        ),
        (
            'Expected result: "Buy milk" is displayed as the first item in the list.',
            [("assert_text_in", {"target": "item=1", "text": "Buy milk"})],
        ),
        (
            'Verify that the "What needs to be done?" input is focused on page load.',
            [("assert_focused", {"target": '"What needs to be done?" input'})],
        ),
        (
            "Navigate back using the browser Back button, URL should be #/active again.",
            [("history", {"action": "back"}), ("assert_url", {"expected": "\\#/active$", "match": "regex"})],
        ),
        (
            'Go to http://localhost:8080/#/completed directly and verify the "Completed" link has class '
            '"selected".',
            [
                ("navigate", {"url": "http://localhost:8080/#/completed"}),
                ("assert_class", {"target": '"Completed" link', "class_name": "selected", "present": True}),
            ],
        ),
        (
            'Verify "Item total: $39.98" on the Checkout: Overview page.',
            [("assert_text_present", {"text": "Item total: $39.98"})],
        ),
        (
            'Type "Cierra" in the search box and verify only one row is shown.',
            [
                ("fill", {"target": '"search" field', "value": "Cierra"}),
                ("assert_count", {"target": "items=", "count": 1}),
            ],
        ),
        (
            'In the Filter sidebar, under "By genre", click on "Fantasy".',
            [("click", {"target": 'Fantasy in "By genre"'})],
        ),
        (
            'Verify that user is able to see the "Site administration" page.',
            [("assert_text_present", {"text": "Site administration"})],
        ),
        (
            'Verify the user is redirected to /inventory.html and the header shows "Products".',
            [
                (
                    "assert_url",
                    {"expected": "^[a-z]+://[^/]+/inventory\\.html/?(?:[?#]|$)", "match": "regex"},
                ),
                (
                    "assert_text_in",
                    {
                        "target": "css=header:not(article header):not(aside header):not(main header)"
                        ":not(nav header):not(section header), [role=banner]",
                        "text": "Products",
                    },
                ),
            ],
        ),
        (
            'verify 3 "Delete" buttons are displayed',
            [("assert_count", {"target": '"Delete" button', "count": 3})],
        ),
    ],
)
def test_more_dev_ninth_wordings(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written",
    [
        "Click Save without filling the form and see what happens",
        'Verify "Buy milk" is displayed as the best item',
        "Verify that user is able to see everything",
        "Verify the user is redirected somewhere sensible",
        # no link opens an app or a site: where it is, is the spec's URL (or the agent's to find)
        "Given I open the TodoMVC app somewhere",
        "Open the TodoMVC app",
        "Open the Shop website",
        "Go to the Admin site",
    ],
)
def test_more_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Dynamic Loading Example 2: click Start and wait for "Hello World!" to be displayed.',
            [("click", {"target": "Start"}), ("wait_for", {"text": "Hello World!"})],
        ),
        (
            'Key Presses page: press the TAB key in the input and verify "You entered: TAB".',
            [
                ("press_key", {"key": "Tab", "target": ONE_TEXT_FIELD}),
                ("assert_text_present", {"text": "You entered: TAB"}),
            ],
        ),
        (
            'Sortable Data Tables Example 1: click on "Last Name" header and verify the first row Last Name '
            'is "Bach".',
            [
                ("click", {"target": "Last Name"}),  # as 'click on "Last Name" header' reads on its own
                ("assert_text_in", {"target": "item=1", "text": "Bach", "column": "last name"}),
            ],
        ),
        (
            'On Dropdown page select "Option 2" from the dropdown and verify it is selected.',
            [
                ("select_option", {"target": "css=select", "option": "Option 2"}),
                ("assert_value", {"target": "css=select", "expected": "Option 2"}),
            ],
        ),
        (
            'Verify the "The book “Silmarillion” was changed successfully." message is shown on the change '
            "list.",
            [("assert_text_present", {"text": "The book “Silmarillion” was changed successfully."})],
        ),
        (
            'Open "Silmarillion" and click on the History link.',
            [("click", {"target": "Silmarillion"}), ("click", {"target": '"History" link'})],
        ),
        (
            'Click on "Today" link next to Published date.',
            [("click", {"target": '"Today" link in "Published date"'})],
        ),
        (
            'Verify result shows "You have selected"',
            [("assert_text_present", {"text": "You have selected", "exact": True})],
        ),
        (
            'Verify that the first product is "Sauce Labs Onesie" with price "$7.99".',
            [
                ("assert_text_in", {"target": "item=1:product", "text": "Sauce Labs Onesie"}),
                ("assert_text_in", {"target": "item=1:product", "text": "$7.99"}),
            ],
        ),
    ],
)
def test_third_dev_ninth_wordings(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize(
    "written",
    [
        'Select "Option 2" and verify it looks selected',
        'Open "https://example.com/x" in a new window somehow',
        'Verify that the first product is "Sauce Labs Onesie" with a nice price',
    ],
)
def test_third_near_misses(written: str) -> None:
    assert _calls(written) is None, _calls(written)


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        # once not plain: a quoted name opened is the element so named; a quoted text verified is shown
        ('Open "Settings"', [("click", {"target": "Settings"})]),
        ('Verify "Products"', [("assert_text_present", {"text": "Products"})]),
    ],
)
def test_a_quoted_name_opened_or_verified(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls
