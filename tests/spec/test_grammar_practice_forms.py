"""How practice-app suites write three steps with names unquoted, and their near misses: 'Open the cart' (the
link of that name), 'Check the Sports hobby' (the box "Sports" in the group the page labels Hobbies) and
'Sort products by Price (low to high)' (that option of the sort dropdown). What is not certain stays the
model's: what an unnamed dialog's "accept" is, and what adding an item does in an app. The live page is
tests/spec/test_grammar_practice_forms_live.py."""

from __future__ import annotations

import pytest

from .grammar_calls import calls as _calls


@pytest.mark.parametrize(
    ("written", "target"),
    [
        ("Open the cart", '"cart" link'),
        ("Open the Cart", '"Cart" link'),
        ("Open the shopping cart", '"shopping cart" link'),
        ("Open your basket", '"basket" link'),
        ("Open my wishlist", '"wishlist" link'),
        ("Open the employee directory", '"employee directory" link'),
        ("Open the inbox.", '"inbox" link'),
        ("Then the user opens the cart", '"cart" link'),
    ],
)
def test_opening_a_named_place_clicks_the_link_of_that_name(written: str, target: str) -> None:
    assert _calls(written) == [("click", {"target": target})]


@pytest.mark.parametrize(
    "written",
    [
        "Open the latest email",  # picks one of several
        "Open the cheapest hotel",
        "Open the selected item",
        "Open the app",  # no link on the page opens these
        "Open the browser",
        "Open the file you downloaded",
        "Open a new tab",
        "Open the relevant ticket",
        "Open the dialog",
        "Open the menu",  # opened in place by a button, not a link's place
        "Open the user menu",
        "Open the filters",
        "Open the dropdown",  # a role
        "Open the start page",  # which page is the start is not said
        "Navigate to the cart",  # "navigate" without a URL stays the model's (as in test_spec_grammar)
    ],
)
def test_opening_what_is_no_named_place_is_not_plain(written: str) -> None:
    assert _calls(written) is None


def test_the_first_product_is_still_the_main_lists_item() -> None:
    assert _calls("Open the first product") == [("click", {"target": "item=1:product"})]


@pytest.mark.parametrize(
    ("written", "tool", "target", "checked"),
    [
        ("Check the Sports hobby", "set_checked", 'Sports in "hobbies"', True),
        ("Tick the Reading hobby", "set_checked", 'Reading in "hobbies"', True),
        ("Uncheck the Music hobby", "set_checked", 'Music in "hobbies"', False),
        ("Check the Sports category", "set_checked", 'Sports in "categories"', True),
        ("Check the Python skill", "set_checked", 'Python in "skill"', True),
        ("Untick the SMS channel", "set_checked", 'SMS in "channel"', False),
        ("Check the Admin role", "set_checked", 'Admin in "role"', True),
        ("Uncheck the Can delete permission", "set_checked", 'Can delete in "permission"', False),
        ("Verify the Sports hobby is checked", "assert_checked", 'Sports in "hobbies"', True),
        ("Verify the Editor role is not checked", "assert_checked", 'Editor in "role"', False),
        ("Verify the Dental benefit is unchecked", "assert_checked", 'Dental in "benefit"', False),
        # a kind word names no group: the box alone
        ("Check the Free cancellation filter", "set_checked", "Free cancellation", True),
        ("Check the Terms box", "set_checked", "Terms", True),
        ("Enable the Dark mode setting", "set_checked", "Dark mode", True),
        ("Turn off the Email alerts setting", "set_checked", "Email alerts", False),
        ("Disable the Beta feature", "set_checked", "Beta", False),
        # a role word after the name is that role, as before: no group
        ("Tick the Remember me checkbox", "set_checked", '"Remember me" checkbox', True),
        ("Check the Email updates switch", "set_checked", '"Email updates" switch', True),
    ],
)
def test_a_box_named_with_its_group_is_that_box_in_the_group(
    written: str, tool: str, target: str, checked: bool
) -> None:
    assert _calls(written) == [(tool, {"target": target, "checked": checked})]


@pytest.mark.parametrize(
    "written",
    [
        "Check the first hobby",  # a pick, not a name
        "Check the sports hobby",  # where a lower-case name ends is not certain
        "Check the hobby you like most",
        "Check the Order summary",  # things a person looks at: a claim to judge
        "Check the Billing address",
        "Check the Total price",
        "Check the Error message",
        "Check the Order Summary",
        "Check the Cart icon",
        "Check the Dashboard loaded",
        "Check the Sports hobby looks right",
        "Check the Total shows zero",
        "Check the Sports and Music hobby",
        "Check the Sports hobby in the form",
        "Disable the Admin account",  # no box: only a setting, option, toggle … is enabled so
        "Enable the Sports hobby",
        # a capital then a lower-case word is as often one box's own name: no group is certain
        "Check the Remember me",
        "Check the Marketing emails",
        "Tick the Newsletter subscription",
        "Check the Welcome banner",
    ],
)
def test_a_box_near_miss_is_not_plain(written: str) -> None:
    assert _calls(written) is None


@pytest.mark.parametrize(
    ("written", "option"),
    [
        ("Sort products by Price (low to high)", "Price (low to high)"),
        ("Sort by Name (Z to A)", "Name (Z to A)"),
        ("Sort the results by Newest", "Newest"),
        ("Sort hotels by Guest rating", "Guest rating"),
        ('Sort the list by "Date added"', "Date added"),
        ("Sort by Price (low to high).", "Price (low to high)"),
        ("Sort by Price: Low to High", "Price: Low to High"),  # never a value labelled "Sort by Price"
    ],
)
def test_sorting_by_an_option_chooses_it_in_the_sort_dropdown(written: str, option: str) -> None:
    assert _calls(written) == [("select_option", {"target": '"Sort" dropdown', "option": option})]


@pytest.mark.parametrize(
    "written",
    [
        "Sort products by price from lowest to highest",  # a description of an order, not an option
        "Sort by the cheapest first",
        "Sort by price",
        "Sort by Date in descending order",
        "Sort by Name then Price",
        "Sort the table so that the newest entries are on top",
        "Sort the employees however HR prefers",
    ],
)
def test_sorting_by_a_description_is_not_plain(written: str) -> None:
    assert _calls(written) is None


@pytest.mark.parametrize(
    "written",
    [
        # "the dialog" does not say whether it is the browser's own (answered the moment it opened, by the
        # policy: accepting it afterwards would pass whatever happened) or a page's modal and its button
        "Accept the dialog",
        "Dismiss the dialog",
        "Confirm the dialog",
        "Accept the popup",
        "Dismiss the modal",
        # what adding does is the app's: a comment box may be a text area where Enter adds a line, an employee
        # a form (a todo or a task is typed into the page's one text field: tests/spec/test_grammar_eighth.py)
        'Add a comment "Nice post"',
        'Add the employee "Ada Lovelace"',
    ],
)
def test_an_unnamed_dialog_answer_and_an_add_are_not_plain(written: str) -> None:
    assert _calls(written) is None
