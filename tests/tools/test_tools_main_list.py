"""The page's main list by position (``list=``, ``items=``, ``item=N``): the one visible list or table of
repeated items outside navigation, header, footer and menus. Counts are of visible items; positions are
of visible items in page order; a page with two such lists is ambiguous, not a guess."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

TODOS = """<!doctype html><meta charset="utf-8"><title>Todos</title>
<header><ul><li><a href="#">Home</a></li><li><a href="#">Help</a></li></ul></header>
<section class="main"><ul class="todo-list">
  <li class="completed"><input type="checkbox" checked><label>feed the cat</label><button>×</button></li>
  <li><input type="checkbox"><label>buy milk</label><ul><li>2 litres</li><li>oat</li></ul></li>
  <li hidden><label>secret chore</label></li>
  <li><input type="checkbox"><label>water plants</label></li>
</ul><ul hidden class="template"><li>new todo</li></ul><ol style="visibility:hidden"></ol></section>
<footer><ul class="filters"><li><a href="#/" class="selected">All</a></li>
<li><a href="#/active">Active</a></li></ul></footer>
"""

TABLE = """<!doctype html><meta charset="utf-8"><title>Books</title>
<nav><ol><li>Home</li><li>Books</li></ol></nav>
<table><thead><tr><th>Title</th><th>Author</th></tr></thead><tbody>
<tr><td>Kindred</td><td>Octavia Butler</td></tr><tr><td>SPQR</td><td>Mary Beard</td></tr>
<tr><td>Cosmos</td><td>Carl Sagan</td></tr></tbody></table>
"""

TWO_LISTS = """<!doctype html><meta charset="utf-8"><title>Two</title>
<h2>Fruit</h2><ul><li>apple</li><li>pear</li></ul>
<h2>Vegetables</h2><ul><li>leek</li></ul>
"""

# The list the step means is empty (its items filtered away); another list on the page holds the text.
EMPTIED = """<!doctype html><meta charset="utf-8"><title>Search</title>
<main><h2>Results</h2><ul class="results"><li hidden>Kindred</li></ul>
<h2>Recently viewed</h2><ul class="recent"><li>Kindred</li><li>SPQR</li></ul></main>
<div><h2>Elsewhere</h2><ol><li>Kindred</li></ol></div>
"""

# Only the emptied list is in <main>: it wins, so the other list cannot answer for it.
EMPTIED_IN_MAIN = """<!doctype html><meta charset="utf-8"><title>Search</title>
<main><h2>Results</h2><ul class="results"></ul></main>
<div><h2>Popular</h2><ol><li>Kindred</li><li>SPQR</li></ol></div>
"""

# TodoMVC with no todos: the list's section is hidden; its one list is still "the list", with 0 items shown.
HIDDEN_EMPTY = """<!doctype html><meta charset="utf-8"><title>Todos</title>
<header><input placeholder="What needs to be done?"></header>
<section class="main" hidden><ul class="todo-list"></ul></section>
<footer hidden><ul class="filters"><li><a href="#/">All</a></li></ul></footer>
"""

# Two lists, each named by what it holds (a heading; a class): a step that says which things it counts
# finds its list, where "the list" alone is ambiguous.
RECIPES = """<!doctype html><meta charset="utf-8"><title>Cook</title>
<main><h2>Recipes</h2><ul><li>Pancakes</li><li>Soup</li><li>Salad</li></ul>
<h2>Read more</h2><ul class="article-links"><li>a</li><li>b</li><li>c</li><li>d</li></ul></main>
"""

# The recipes are gone; the page's one list left holds four other things. "4 recipes are shown" must not
# count them (it did, before lists were checked for what they hold).
RECIPES_GONE = """<!doctype html><meta charset="utf-8"><title>Cook</title>
<main><h2>Recipes</h2><p>Could not load recipes.</p>
<h2>Read more</h2><ul class="article-links"><li>a</li><li>b</li><li>c</li><li>d</li></ul></main>
"""

# Other ways a page names what its one list holds.
NAMED_BY = {
    "by_label": '<ul aria-label="Saved recipes"><li>Pancakes</li><li>Soup</li></ul>',
    "by_item_class": '<ul><li class="recipeCard">Pancakes</li><li class="recipeCard">Soup</li></ul>',
    "by_ancestor_id": '<div id="my-recipes"><div><ul><li>Pancakes</li><li>Soup</li></ul></div></div>',
    "by_test_id": '<ol data-testid="recipe-grid"><li>Pancakes</li><li>Soup</li></ol>',
    "by_item_words": "<ul><li>Recipe: Pancakes</li><li>Recipe: Soup</li></ul>",
}
NAMED_BY_NOTHING = '<h2>Today</h2><ul class="cards"><li>Pancakes</li><li>Soup</li></ul>'

# Two tables under the page's one heading ("Vehicles"): the heading before both names neither as well as
# the table labelled so names itself; "3 rows in the vehicles table" is that table, not an ambiguity.
UNDER_ONE_HEADING = """<!doctype html><meta charset="utf-8"><title>Fleet</title>
<main><h1>Vehicles</h1>
<table aria-label="Vehicles"><tr><th>Plate</th></tr><tr><td>VAN-042</td></tr><tr><td>VAN-051</td></tr>
<tr><td>CAR-113</td></tr></table>
<table aria-label="Drivers"><tr><th>Name</th></tr><tr><td>J. Alvarez</td></tr><tr><td>M. Okafor</td></tr>
</table>
</main>
"""

# The list gets its name once the app has loaded it (0.4 s after the page).
NAMED_LATE = """<!doctype html><meta charset="utf-8"><title>Cook</title>
<main><ul id="list"><li>Pancakes</li><li>Soup</li></ul></main>
<script>setTimeout(() => { document.getElementById('list').className = 'recipes'; }, 400);</script>
"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    for name, html in (
        ("todos", TODOS),
        ("table", TABLE),
        ("two", TWO_LISTS),
        ("emptied", EMPTIED),
        ("emptied_main", EMPTIED_IN_MAIN),
        ("hidden_empty", HIDDEN_EMPTY),
        ("recipes", RECIPES),
        ("recipes_gone", RECIPES_GONE),
        ("named_late", NAMED_LATE),
        ("under_one_heading", UNDER_ONE_HEADING),
        ("named_by_nothing", f"<main>{NAMED_BY_NOTHING}</main>"),
        *((name, f"<main>{body}</main>") for name, body in NAMED_BY.items()),
    ):
        (folder / f"{name}.html").write_text(html, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def call(ctx: ToolContext, tool: str, **args: object) -> ToolResult:
    return await call_tool(ctx, tool, dict(args))


async def test_items_of_the_main_list(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/todos.html"))
    # the header and footer lists are not it; the nested list is part of its item; hidden items do not count
    ok(await call(tool_ctx, "assert_count", target="items=", count=3))
    failed(await call(tool_ctx, "assert_count", target="items=", count=4), "ASSERTION_FAILED")
    ok(await call(tool_ctx, "assert_text_in", target="item=1", text="feed the cat"))
    ok(await call(tool_ctx, "assert_text_in", target="item=3", text="water plants"))  # not the hidden one
    ok(await call(tool_ctx, "assert_text_in", target="item=-1", text="water plants"))
    failed(await call(tool_ctx, "assert_text_in", target="item=2", text="feed the cat"), "ASSERTION_FAILED")
    failed(await call(tool_ctx, "assert_text_in", target="item=4", text="water plants"), "ELEMENT_NOT_FOUND")
    ok(await call(tool_ctx, "assert_text_in", target="list=", text="buy milk"))
    failed(await call(tool_ctx, "assert_text_in", target="list=", text="Help"), "ASSERTION_FAILED")
    ok(await call(tool_ctx, "click", target="item=2"))


async def test_rows_of_the_main_table_without_its_header(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/table.html"))
    ok(await call(tool_ctx, "assert_count", target="items=", count=3))
    ok(await call(tool_ctx, "assert_text_in", target="item=2", text="Mary Beard"))
    failed(await call(tool_ctx, "assert_text_in", target="item=1", text="Title"), "ASSERTION_FAILED")


async def test_two_lists_are_ambiguous(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/two.html"))
    result = failed(await call(tool_ctx, "assert_count", target="items=", count=2), "AMBIGUOUS_TARGET")
    assert result.error is not None and "'Fruit' (2 items)" in result.error.message
    assert "'Vegetables' (1 items)" in result.error.message
    # how to name it, for a count and for a text, in words the grammar reads
    assert 'Verify the "Fruit" list has 3 items' in result.error.message, result.error.message
    assert 'Verify "…" is in the "Fruit" list' in result.error.message, result.error.message


async def test_an_emptied_list_is_not_passed_over_for_another_list(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/emptied.html"))
    for target in ("list=", "items=", "item=1"):
        result = failed(
            await call(tool_ctx, "assert_text_in", target=target, text="Kindred"), "AMBIGUOUS_TARGET"
        )
        assert result.error is not None and "'Results' (0 items)" in result.error.message
    ok(await call(tool_ctx, "navigate", url="/emptied_main.html"))
    failed(await call(tool_ctx, "assert_text_in", target="list=", text="Kindred"), "ASSERTION_FAILED")
    failed(await call(tool_ctx, "assert_text_in", target="item=1", text="Kindred"), "ELEMENT_NOT_FOUND")
    ok(await call(tool_ctx, "assert_count", target="items=", count=0))
    failed(await call(tool_ctx, "assert_count", target="items=", count=2), "ASSERTION_FAILED")


async def test_a_hidden_empty_list_is_the_list_with_no_items(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/hidden_empty.html"))
    result = ok(await call(tool_ctx, "assert_count", target="items=", count=0))
    assert result.data["collection"]["css"].endswith("> ul:nth-child(1)")  # replay and export find it again
    failed(await call(tool_ctx, "assert_count", target="items=", count=1), "ASSERTION_FAILED")
    # two lists and none rendered: no list to name
    await tool_ctx.page.evaluate(
        "document.querySelector('section').insertAdjacentHTML('beforeend', '<ol></ol>')"
    )
    assert "collection" not in ok(await call(tool_ctx, "assert_count", target="items=", count=0)).data


async def test_a_step_that_says_what_the_list_holds_finds_the_list_named_so(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/recipes.html"))
    failed(await call(tool_ctx, "assert_count", target="items=", count=3), "AMBIGUOUS_TARGET")
    ok(await call(tool_ctx, "assert_count", target="items=recipes", count=3))
    ok(await call(tool_ctx, "assert_count", target="items=articles", count=4))
    ok(await call(tool_ctx, "assert_text_in", target="item=1:recipe", text="Pancakes"))
    ok(await call(tool_ctx, "assert_text_in", target="list=recipes", text="Salad"))
    failed(await call(tool_ctx, "assert_text_in", target="item=-1:recipe", text="c"), "ASSERTION_FAILED")


async def test_a_count_of_named_things_never_counts_a_list_of_other_things(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/recipes_gone.html"))
    ok(await call(tool_ctx, "assert_count", target="items=", count=4))  # "the list" is the one list left
    result = failed(await call(tool_ctx, "assert_count", target="items=recipes", count=4), "ASSERTION_FAILED")
    assert result.error is not None
    assert "no list on the page is named as holding recipes" in result.error.message
    assert "'Read more' (4 items)" in result.error.message
    assert 'write "Verify the list has N items"' in result.error.message
    failed(await call(tool_ctx, "assert_text_in", target="item=1:recipe", text="a"), "ELEMENT_NOT_FOUND")
    # a page with no list at all shows no recipes
    await tool_ctx.page.evaluate("document.querySelector('ul').remove()")
    ok(await call(tool_ctx, "assert_count", target="items=recipes", count=0))


@pytest.mark.parametrize("named_by", sorted(NAMED_BY))
async def test_what_a_list_holds_is_read_from_its_label_class_ids_or_words(
    tool_ctx: ToolContext, named_by: str
) -> None:
    ok(await call(tool_ctx, "navigate", url=f"/{named_by}.html"))
    ok(await call(tool_ctx, "assert_count", target="items=recipes", count=2))
    failed(await call(tool_ctx, "assert_count", target="items=songs", count=2), "ASSERTION_FAILED")


async def test_a_table_named_by_its_own_label_is_preferred_to_one_under_the_same_heading(
    tool_ctx: ToolContext,
) -> None:
    ok(await call(tool_ctx, "navigate", url="/under_one_heading.html"))
    ok(await call(tool_ctx, "assert_count", target="rows=vehicles", count=3))
    failed(await call(tool_ctx, "assert_count", target="rows=vehicles", count=2), "ASSERTION_FAILED")
    ok(await call(tool_ctx, "assert_count", target="rows=drivers", count=2))
    # a noun nothing names but the heading over both tables: still ambiguous, never a guess
    rows = failed(await call(tool_ctx, "assert_count", target="rows=", count=3), "AMBIGUOUS_TARGET")
    assert "Drivers" in rows.error.message


async def test_a_list_named_by_other_words_is_not_counted(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/named_by_nothing.html"))
    ok(await call(tool_ctx, "assert_count", target="items=cards", count=2))
    failed(await call(tool_ctx, "assert_count", target="items=recipes", count=2), "ASSERTION_FAILED")


async def test_a_count_waits_for_the_list_to_be_named(tool_ctx: ToolContext) -> None:
    patient = ToolContext(
        context=tool_ctx.context,
        page=tool_ctx.page,
        base_url=tool_ctx.base_url,
        settings=dataclasses.replace(IMPATIENT, assertion_timeout_ms=5_000),
    )
    ok(await call(patient, "navigate", url="/named_late.html"))
    ok(await call(patient, "assert_count", target="items=recipes", count=2))


JOBS = """<main><h1>Jobs</h1><p id="shown">Nothing open</p><ul id="jobs">
<li class="job"><h3><a href="#/jobs/1">Backend engineer</a></h3><p>Berlin</p><button>Save</button></li>
<li class="job"><h3><a href="#/jobs/2">Designer</a></h3><p>Lisbon</p><button>Save</button></li></ul></main>
<script>addEventListener('hashchange', () => {
  document.querySelector('#shown').textContent = 'Viewing ' + location.hash.slice(2); });</script>"""


async def test_a_click_on_an_item_by_position_clicks_its_title_or_its_one_control(
    page: Page, call: Callable[..., Awaitable[ToolResult]]
) -> None:
    # "Click the first job": the job's title link, not the middle of the item (its city, no link at all).
    await page.set_content(JOBS)
    clicked = await call("click", target="item=1:job")
    assert clicked.ok and clicked.data["via_control"] == ":scope > h3:nth-child(1) > a:nth-child(1)"
    assert await page.locator("#shown").inner_text() == "Viewing jobs/1"
    # No title link: the one control left is what a person clicks.
    await page.set_content(JOBS.replace('<h3><a href="#/jobs/1">Backend engineer</a></h3>', "<h3>x</h3>"))
    one = await call("click", target="item=1:job")
    assert one.ok and one.data["via_control"] == ":scope > button:nth-child(3)"
    # Two controls, neither the title: which one is not said.
    await page.set_content(
        JOBS.replace(
            '<h3><a href="#/jobs/1">Backend engineer</a></h3>', '<h3>x</h3><a href="#/jobs/1">Details</a>'
        )
    )
    several = await call("click", target="item=1:job")
    assert several.error is not None and several.error.code == "AMBIGUOUS_TARGET"
    assert "'Details', 'Save'" in several.error.message
    assert await page.locator("#shown").inner_text() == "Nothing open"
