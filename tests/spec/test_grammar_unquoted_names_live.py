"""Names written with capitals and no quotes, as practice-app suites write them: 'Click the Add/Remove
Elements link' (a name with a slash), 'Verify a Delete button is displayed' (a control of that role and name;
read as "the": a second one would fail the step as ambiguous), 'Verify Kindred is no longer in the list' and
'Verify Hotel Avenida is listed' (a name as the text it is), '"Hotel Avenida" should appear in the book
list' (the list the page names as holding it), 'Click the "Remove" button next to Kindred' (a row named as
it reads), 'Biscuit should still be in favourites' (a statement of a name in a place) and 'Verify "buy milk"
is marked as completed' (the to-do's box, as "Mark … as completed" sets it). A page that adds no button,
keeps the item, has a label that is not the box's or a name outside the favourites fails at the step that
checks it — in the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Elements</title>
<main><h1>Elements</h1>
<nav><a href="#add-remove" id="nav">Add/Remove Elements</a></nav>
<section id="tools" hidden><button id="add">Add Element</button><div id="added"></div></section>
<h2>Books to read</h2>
<ul id="books"><li>Kindred <button class="remove">Remove</button></li><li>Hotel Avenida</li></ul>
<h2>To do</h2>
<p><input type="checkbox" id="milk"> <label for="milk">buy milk</label></p>
<p><label>Username <input id="user" maxlength="40"></label></p>
<article><h3>Backpack Deluxe</h3><button id="buy">Add to cart</button></article>
<section aria-labelledby="fav"><h2 id="fav">Favourites</h2><p>Biscuit</p></section><p>Pretzel</p>
</main>
<script>
document.getElementById('nav').onclick = () => { document.getElementById('tools').hidden = false; };
const ADDS = true;
document.getElementById('add').onclick = () => {
  if (ADDS) document.getElementById('added').innerHTML = '<button>Delete</button>';
};
const BUYS = true;
document.getElementById('buy').onclick = (e) => { if (BUYS) e.target.textContent = 'Remove'; };
const REMOVES = true;
document.querySelector('.remove').onclick = (e) => { if (REMOVES) e.target.closest('li').remove(); };
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the Add/Remove Elements link
3. Click Add Element
4. Verify a Delete button is displayed
5. Verify Hotel Avenida is listed
6. "Hotel Avenida" should appear in the book list
7. Click the "Remove" button next to Kindred
8. Verify Kindred is no longer in the list
9. Click "buy milk"
10. Verify "buy milk" is marked as completed
11. Biscuit should still be in favourites
12. Add the Backpack Deluxe to the cart
13. Verify the "Remove" button for Backpack Deluxe is visible
14. Enter standard_user in the Username field
15. Verify the Username field shows standard_user
"""

BROKEN = {
    "adds-nothing": ("const ADDS = true;", "const ADDS = false;", 4),
    "keeps-the-item": ("const REMOVES = true;", "const REMOVES = false;", 8),
    # the label is not the box's: a click on it ticks nothing
    "label-apart": ('<label for="milk">', '<label for="nothing">', 10),
    # the "Add to cart" button does nothing
    "buys-nothing": ("const BUYS = true;", "const BUYS = false;", 13),
    # the field keeps 8 characters: "standard"
    "short-field": ('maxlength="40"', 'maxlength="8"', 15),
    # Biscuit is on the page, but not among the favourites
    "not-a-favourite": (
        "<p>Biscuit</p></section><p>Pretzel</p>",
        "<p>Pretzel</p></section><p>Biscuit</p>",
        11,
    ),
}


@pytest.mark.timeout(480)
def test_unquoted_names_pass_on_the_page_and_each_broken_build_fails_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="elements",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        # the run clicks the text "buy milk" (a label that ticks nothing) and fails at the check after it; the
        # exported test clicks the checkbox named "buy milk", which that build no longer names
        export_steps={"label-apart": 9},
    )
    assert 'name="Add/Remove Elements"' in source and 'name="Delete"' in source, source


def _reading(text: str) -> list[tuple[str, dict[str, object]]] | None:
    actions = parse_plain_actions(text)
    return None if actions is None else [(a.tool, dict(a.args)) for a in actions]


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("Verify a Delete button is displayed", [("assert_element_visible", {"target": '"Delete" button'})]),
        ('Verify there is a "Save" link', [("assert_element_visible", {"target": '"Save" link'})]),
        ("Check that an Export tab appears", [("assert_element_visible", {"target": '"Export" tab'})]),
        ("Click the Add/Remove Elements link", [("click", {"target": '"Add/Remove Elements" link'})]),
        ("Verify Kindred is visible", [("assert_text_present", {"text": "Kindred"})]),
        ("Verify Dr. Silva is listed", [("assert_text_in", {"target": "list=", "text": "Dr. Silva"})]),
        ('Verify "Kindred" is no longer listed', [("assert_text_absent", {"text": "Kindred"})]),
        ("Verify Kindred is no longer in the list", [("assert_text_absent", {"text": "Kindred"})]),
        (  # a row named bare after "for" / "next to": that row's control or value, the role word kept
            'Verify the "Book" button for Saturday Yoga is disabled',
            [("assert_enabled", {"target": '"Book" button in "Saturday Yoga"', "enabled": False})],
        ),
        (
            'Click the "Remove" button next to Sauce Labs Backpack',
            [("click", {"target": '"Remove" button in "Sauce Labs Backpack"'})],
        ),
        (
            'Verify the status for Dr. Silva is "Cancelled"',
            [
                (
                    "assert_text_in",
                    {"target": 'the row in "Dr. Silva"', "text": "Cancelled", "column": "status"},
                )
            ],
        ),
        ("Hover over the info icon next to Overtime", [("hover", {"target": 'info in "Overtime"'})]),
        (  # a product named as it reads
            "Remove the Sauce Labs Backpack from the cart",
            [("click", {"target": 'Remove in "Sauce Labs Backpack"'})],
        ),
        (
            "Add Sauce Labs Backpack to the cart",
            [("click", {"target": 'Add to cart in "Sauce Labs Backpack"'})],
        ),
        (  # a value no description is: a word joined by "_" or "."
            "Enter standard_user in the Username field",
            [("fill", {"target": '"Username" field', "value": "standard_user"})],
        ),
        ("Fill in Username with john.doe", [("fill", {"target": '"Username" field', "value": "john.doe"})]),
        (  # a statement that a name shows in a place
            "Biscuit should still be in favourites",
            [("assert_text_in", {"target": "region=favourites", "text": "Biscuit"})],
        ),
        (
            "Lisbon appears under Saved locations",
            [("assert_text_in", {"target": "region=Saved locations", "text": "Lisbon"})],
        ),
        (
            '"Q4 Reports" should appear in the file list',
            [("assert_text_in", {"target": "list=file", "text": "Q4 Reports"})],
        ),
        (  # a name with a capital: the region named so, as before
            'Verify "Q4 Reports" is in the Files list',
            [("assert_text_in", {"target": "region=Files", "text": "Q4 Reports"})],
        ),
        (
            'Verify "buy milk" is marked as completed',
            [("assert_checked", {"target": "buy milk", "checked": True})],
        ),
        (
            'Verify the "Pay rent" task is not done',
            [("assert_checked", {"target": "Pay rent", "checked": False})],
        ),
    ],
)
def test_names_written_with_capitals_read_as_written(
    text: str, reading: list[tuple[str, dict[str, object]]]
) -> None:
    assert _reading(text) == reading


@pytest.mark.parametrize(
    "text",
    [
        "Verify a button is displayed",  # no name
        "Verify a new button is displayed",  # a description, not a name
        "Verify there is a Delete button is displayed",  # two claims run together
        "Verify Login Button is visible",  # an element, not a text
        "Verify Dashboard Page is shown",  # a page, not a text
        "Verify This is visible",
        "Verify Everything is shown",
        "Verify Save is disabled",  # a state of an element: no text claim
        'Verify "Settings" is done loading',  # not a to-do's state
        'Verify "x" is in the completed list',  # a subset of the list: which one needs judgement
        'Verify the status for the first order is "Paid"',  # a position, not a row's name
        "Click the link for more details",  # words, not a name
        "Click the Edit button for it",  # a row named in lower case is no name
        "It should appear in the list",  # a word that points
        "They should be in the cart",
        "The Dashboard should appear in the favourites",  # "The": a title or an article, not said
        "Verify The Dashboard appears in the favourites",  # a claim's verb is no name
        "Login Button should be in the cart",  # a control, not a text
        "Checkout is shown",  # no place: a page, perhaps
        "Remove the first item from the cart",  # a position: not a name
        "Add the cheapest item to the cart",
        "Remove Kindred",  # from where: not said
        "Verify the Save button for Later is shown",
    ],
)
def test_what_names_nothing_is_not_read_as_a_name(text: str) -> None:
    assert _reading(text) is None
