"""The twenty-first pass: an order inside the main list ('"Dune" appears before "Dune Messiah" in the
results list'), and a text NOT in one named region of the page ('"Spin 45" is no longer listed under
"Upcoming"', 'The "Backlog" column does not contain "x"'), read as that region's text without it — never
the whole page's, where the same text may rightly show in another section. The live pages are
tests/spec/test_grammar_not_in_region_live.py and test_grammar_order_in_list_live.py."""

from __future__ import annotations

from typing import Any

import pytest

from autoqa.spec.grammar import parse_plain_actions


def _not_in(region: str, text: str) -> list[tuple[str, dict[str, Any]]]:
    return [("assert_text_in", {"target": f"region={region}", "text": text, "absent": True})]


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ('Verify "Spin 45" is no longer listed under "Upcoming"', _not_in("Upcoming", "Spin 45")),
        ('Then "Spin 45" is no longer listed under "Upcoming"', _not_in("Upcoming", "Spin 45")),
        ('Verify "Spin 45" is not listed under the "Upcoming" heading', _not_in("Upcoming", "Spin 45")),
        ('Verify "Spin 45" does not appear under "Upcoming"', _not_in("Upcoming", "Spin 45")),
        ('Verify "Spin 45" is not shown in the "Upcoming" section', _not_in("Upcoming", "Spin 45")),
        ('Verify "Spin 45" is no longer in the "Upcoming" list', _not_in("Upcoming", "Spin 45")),
        (
            'And the card "Migrate billing" is no longer in the "Backlog" column',
            _not_in("Backlog", "Migrate billing"),
        ),
        ('"Fix login" should not be in the "Done" column', _not_in("Done", "Fix login")),
        ('The "Upcoming" section does not contain "Spin 45"', _not_in("Upcoming", "Spin 45")),
        ('Verify the "Filters" panel doesn\'t show "In stock"', _not_in("Filters", "In stock")),
        ('The "Backlog" column no longer contains "Migrate billing"', _not_in("Backlog", "Migrate billing")),
        # a name written with capitals, and a place the page names with a capital or in quotes
        ("Verify that Tom Keller is no longer listed under Pending", _not_in("Pending", "Tom Keller")),
        (
            "Verify Olivia Brennan is listed under Contacts",
            [("assert_text_in", {"target": "region=Contacts", "text": "Olivia Brennan"})],
        ),
        (
            'Verify Olivia Brennan is shown in the "Contacts" section',
            [("assert_text_in", {"target": "region=Contacts", "text": "Olivia Brennan"})],
        ),
        # an order inside the main list or table, not the page's (a sidebar may list the same the other way)
        (
            'Verify "Dune" appears before "Dune Messiah" in the results list',
            [("assert_order", {"texts": ["Dune", "Dune Messiah"], "target": "list="})],
        ),
        (
            'Expected: "Dune Messiah" comes before "Children of Dune" in the list',
            [("assert_order", {"texts": ["Dune Messiah", "Children of Dune"], "target": "list="})],
        ),
        (
            'Then "a" is listed above "b" in the table',
            [("assert_order", {"texts": ["a", "b"], "target": "table="})],
        ),
        ('Verify "a" appears before "b"', [("assert_order", {"texts": ["a", "b"]})]),
        # "shown as" a text is that text; a field "cleared" is empty
        (
            'The first reservation is shown as "Sat 13 Dec, 18:30"',
            [("assert_text_in", {"target": "item=1:reservation", "text": "Sat 13 Dec, 18:30"})],
        ),
        (
            'Verify the status is displayed as "Paid"',
            [("assert_text_in", {"target": "css=body", "text": "Paid", "column": "status"})],
        ),
        (
            'Verify the "Search" field is cleared',
            [("assert_value", {"target": '"Search" field', "expected": ""})],
        ),
        (
            'The "Notes" box should be cleared',
            [("assert_value", {"target": '"Notes" field', "expected": ""})],
        ),
        # what is shown there keeps its own reading
        (
            'Verify "Spin 45" is listed under "Upcoming"',
            [("assert_text_in", {"target": "region=Upcoming", "text": "Spin 45"})],
        ),
        # a region named with a capital and its kind, unquoted, is read in it too
        ('Verify "Dune" is not listed in the Active loans section', _not_in("Active loans", "Dune")),
        ('Verify "Dune" is no longer in the Done column', _not_in("Done", "Dune")),
        # a page, or a list named in lower case, keeps the page-wide reading (stricter, never weaker)
        ('Verify "Dune" is not shown on the Home page', [("assert_text_absent", {"text": "Dune"})]),
        ('Verify "Kindred" is no longer in the list', [("assert_text_absent", {"text": "Kindred"})]),
        # a cart keeps its page-wide reading: a text absent from the page, which holds without a cart too
        ('Verify "Backpack" is not in the cart', [("assert_text_absent", {"text": "Backpack"})]),
    ],
)
def test_reads(written: str, calls: list[tuple[str, dict[str, Any]]]) -> None:
    read = parse_plain_actions(written)
    assert read is not None, written
    assert [(a.tool, a.args) for a in read] == calls


@pytest.mark.parametrize(
    "written",
    [
        # an empty name or text says nothing
        'Verify "Spin 45" is not listed under ""',
        'Verify "" is not in the "Done" column',
        # a place in lower case is no name the page shows; a role word is no name of a text
        "Verify Olivia Brennan is listed under contacts",
        "Verify Login Button is listed under Contacts",
        # a list named by what it holds may be another list than the main one
        'Verify "a" appears before "b" in the recipes list',
        # "cleared" of no field: filters, a cart, a session may be cleared too
        'Verify "Filters" is cleared',
        # "shown as" a state is no text
        'The "Save" button is shown as disabled',
        # a condition on the claim ("until", "unless") is no plain claim
        'Verify "Spin 45" is not listed under "Upcoming" until the page reloads',
    ],
)
def test_refuses(written: str) -> None:
    assert parse_plain_actions(written) is None, written
