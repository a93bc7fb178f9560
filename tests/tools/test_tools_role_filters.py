"""False greens from target resolution: non-rendered markup and dropped role words.

The fixture pages below are served on 127.0.0.1 (the ``site`` fixture) and driven through the real tools in
headless Chromium; plain steps go through the grammar first, exactly as a spec would.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.targets import parse_target, resolve_target

from .tools_helpers import IMPATIENT, Call, failed, ok

# jQuery TodoMVC keeps its Handlebars templates in <script type="text/x-handlebars-template"> elements: the
# markup of a "Clear completed" button is in the DOM long before (and whether or not) one is rendered.
TODOS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>jQuery • TodoMVC</title>
<script type="text/x-handlebars-template" id="head-template"><button>Sync now</button></script>
</head>
<body>
<section class="todoapp">
  <header class="header"><h1>todos</h1>
    <input class="new-todo" placeholder="What needs to be done?" autofocus></header>
  <section class="main">
    <input id="toggle-all" class="toggle-all" type="checkbox">
    <label for="toggle-all">Mark all as complete</label>
    <ul class="todo-list">
      <li><input class="toggle" type="checkbox"><label>feed the cat</label><button class="destroy"></button>
      </li>
      <li><div class="view"><input class="toggle" type="checkbox"><label>walk the dog</label>
        <button class="destroy"></button></div></li>
    </ul>
  </section>
  <footer class="footer"><span class="todo-count"><strong>2</strong> items left</span>
    <span class="plan">Plan: <script type="text/x-handlebars-template">Pro</script></span></footer>
</section>
<script type="text/x-handlebars-template" id="todo-template">
  {{#this}}<li data-id="{{id}}"><div class="view"><input class="toggle" type="checkbox">
  <label>{{title}}</label><button class="destroy"></button></div>
  <input class="edit" value="{{title}}"></li>{{/this}}
</script>
<script type="text/x-handlebars-template" id="footer-template">
  <span class="todo-count"><strong>{{activeTodoCount}}</strong> {{activeTodoWord}} left</span>
  {{#if completedTodos}}<button class="clear-completed">Clear completed</button>{{/if}}
</script>
<template><button>Archive all</button></template>
<noscript><p>Enable JavaScript to see your todos</p></noscript>
<title>Offline copy</title>
<style>/* Sync status */</style>
<script>
  const footer = document.querySelector('.footer');
  function render() {
    const done = document.querySelectorAll('.todo-list .toggle:checked').length;
    document.querySelector('.todo-count strong').textContent =
      document.querySelectorAll('.todo-list .toggle').length - done;
    const clear = footer.querySelector('.clear-completed');
    const button = '<button class="clear-completed">Clear completed</button>';
    if (done && !clear) footer.insertAdjacentHTML('beforeend', button);
    if (!done && clear) clear.remove();
  }
  document.querySelector('.todo-list').addEventListener('change', render);
  footer.addEventListener('click', (event) => {
    if (!event.target.matches('.clear-completed')) return;
    document.querySelectorAll('.todo-list .toggle:checked').forEach((box) => box.closest('li').remove());
    render();
  });
</script>
</body></html>
"""

GALLERY = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gallery</title></head>
<body>
<nav><a href="#top">Gallery</a> <a href="#earthrise">Earthrise</a></nav>
<main>
  <h1>Gallery</h1>
  <figure><figcaption>Pale Blue Dot</figcaption></figure>
  <form role="search" onsubmit="return false">
    <label>Search <input type="search" name="q"></label><button type="button">Search</button>
  </form>
  <label for="letters">Letters</label>
  <select id="letters"><option>A</option><option>B</option></select>
  <button type="button">Letters</button>
  <button type="button">Add option</button>
  <button type="button" id="add-link"
    onclick="document.querySelector('nav').insertAdjacentHTML('beforeend', '<a href=#pbd>Pale Blue Dot</a>')">
    Publish</button>
  <fieldset><legend>Size</legend>
    <input type="radio" name="size" id="s"><label for="s">Small</label>
    <input type="radio" name="size"><label>Large</label>
  </fieldset>
  <div contenteditable="true" aria-label="Notes"></div><button type="button">Notes</button>
</main>
<p>Body text<script type="text/x-template">Body text only in a template</script></p>
</body></html>
"""

PAGES = {"todos.html": TODOS, "gallery.html": GALLERY}


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    """The tools on the fixture pages above (``site`` serves a folder on 127.0.0.1)."""
    folder, url = site
    for name, html in PAGES.items():
        (folder / name).write_text(html, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    """Run one plain-grammar sentence the way the deterministic executor does: parse, then call the tool."""
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, action.args)


# --- 1. non-rendered markup is never text, never a target ---------------------------------------------


async def test_a_button_only_in_a_template_is_not_visible_and_cannot_be_clicked(
    call: Call, tool_ctx: ToolContext
) -> None:
    ok(await call("navigate", url="/todos.html"))
    failed(await step(tool_ctx, 'Verify the "Clear completed" button is visible'), "ASSERTION_FAILED")
    ok(await step(tool_ctx, 'Verify the "Clear completed" button is hidden'))
    failed(await call("assert_element_visible", target="Clear completed"), "ASSERTION_FAILED")
    ok(await call("assert_element_hidden", target="Clear completed"))
    result = failed(await step(tool_ctx, 'Click the "Clear completed" button'), "ELEMENT_NOT_FOUND")
    assert all(c["role"] not in ("body", "html") for c in result.error.details["candidates"])
    failed(await call("click", target="Clear completed"), "ELEMENT_NOT_FOUND")
    ok(await call("assert_count", target="Clear completed", count=0))
    # Once a todo is done the app renders the real button: now it is there, and clicking it works.
    ok(await step(tool_ctx, 'Check the "feed the cat" checkbox'))
    ok(await step(tool_ctx, 'Verify the "Clear completed" button is visible'))
    ok(await step(tool_ctx, 'Click the "Clear completed" button'))
    ok(await call("assert_text_absent", text="feed the cat"))
    ok(await step(tool_ctx, 'Verify the "Clear completed" button is not visible'))


async def test_template_script_style_noscript_and_title_text_is_not_on_the_page(
    call: Call, tool_ctx: ToolContext
) -> None:
    tool_ctx.settings = dataclasses.replace(IMPATIENT, failure_screenshots=False, assertion_timeout_ms=100)
    ok(await call("navigate", url="/todos.html"))
    for text in (
        "Clear completed",  # <script type="text/x-handlebars-template"> in body
        "Sync now",  # the same in <head>
        "Archive all",  # <template>
        "Enable JavaScript",  # <noscript>
        "Offline copy",  # <title> inside body
        "Sync status",  # <style>
        "activeTodoWord",
    ):
        result = failed(await call("assert_text_present", text=text), "ASSERTION_FAILED")
        assert "not on the page" in result.error.message, (text, result.error.message)
        assert "not visible" not in result.error.message, text
        ok(await call("assert_text_absent", text=text))
        failed(await call("assert_element_visible", target=text), "ASSERTION_FAILED")
    # An exact search sees the rendered text of an element only: "Plan: " is shown, "Pro" is a template.
    failed(await call("assert_text_present", text="Plan: Pro", exact=True), "ASSERTION_FAILED")
    ok(await call("assert_text_present", text="Plan:", exact=True))


async def test_suggestions_and_candidates_never_come_from_templates(
    call: Call, tool_ctx: ToolContext
) -> None:
    ok(await call("navigate", url="/todos.html"))
    result = failed(await call("assert_text_present", text="Clear complete"), "ASSERTION_FAILED")
    assert "Clear completed" not in result.error.message
    result = failed(await call("click", target="Clear completd"), "ELEMENT_NOT_FOUND")
    names = [c["name"] for c in result.error.details["candidates"]]
    assert "Clear completed" not in names
    assert all(c["role"] not in ("body", "html") for c in result.error.details["candidates"])


async def test_body_and_html_are_never_matches(call: Call, page: Page) -> None:
    ok(await call("navigate", url="/gallery.html"))
    await page.evaluate("document.body.insertAdjacentText('afterbegin', 'Loose words in body')")
    ok(await call("assert_text_present", text="Loose words in body"))  # text search sees it …
    failed(await call("click", target="Loose words in body"), "ELEMENT_NOT_FOUND")  # … but it is no element
    lookup = await resolve_target(page, "only in a template", test_id_attribute="tid", timeout_ms=2_000)
    assert lookup.status == "none"
    lookup = await resolve_target(page, "Body text", test_id_attribute="tid", timeout_ms=2_000)
    assert lookup.matches[0].tag == "p"


# --- 2. a role word is a filter; an action only considers what it can act on --------------------------


async def test_a_link_assertion_checks_links_not_text(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/gallery.html"))
    ok(await call("assert_text_present", text="Pale Blue Dot"))  # a caption, not a link
    failed(await step(tool_ctx, 'Verify the "Pale Blue Dot" link is visible'), "ASSERTION_FAILED")
    result = ok(await step(tool_ctx, 'Verify the "Pale Blue Dot" link is not visible'))
    assert result.data.get("absent") is True
    ok(await call("click", target="Publish"))
    result = ok(await step(tool_ctx, 'Verify the "Pale Blue Dot" link is visible'))
    assert result.data["element"] == 'link "Pale Blue Dot"'
    failed(await step(tool_ctx, 'Verify the "Pale Blue Dot" link is hidden'), "ASSERTION_FAILED")


async def test_heading_and_link_words_pick_the_element_of_that_role(
    call: Call, tool_ctx: ToolContext
) -> None:
    ok(await call("navigate", url="/gallery.html"))
    assert ok(await step(tool_ctx, 'Verify the "Gallery" heading is visible')).data["element"] == (
        'heading "Gallery"'
    )
    result = ok(await step(tool_ctx, 'Verify the "Gallery" link is visible'))
    assert result.data["element"] == 'link "Gallery"'
    assert ok(await step(tool_ctx, 'Click the "Search" button')).data["element"] == 'button "Search"'


async def test_an_unlabeled_todo_checkbox_is_named_by_its_row(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/todos.html"))
    result = ok(await step(tool_ctx, 'Check the "feed the cat" checkbox'))
    assert result.data["element"] == 'checkbox "feed the cat"'
    ok(await step(tool_ctx, 'Verify the "feed the cat" checkbox is checked'))
    ok(await step(tool_ctx, 'Verify the "walk the dog" checkbox is not checked'))
    # No role word: set_checked only considers checkable elements, never the <label> beside the box.
    result = ok(await step(tool_ctx, 'Check "walk the dog"'))
    assert result.data["element"] == 'checkbox "walk the dog"'
    checked = await tool_ctx.page.eval_on_selector_all(".todo-list .toggle", "els => els.map(e => e.checked)")
    assert checked == [True, True]
    ok(await step(tool_ctx, 'Uncheck the "Mark all as complete" checkbox'))  # its own label still names it
    # A click without a role word still lands on the label (TodoMVC edits a todo on a label double-click).
    assert ok(await call("click", target="walk the dog")).data["element"].startswith("label")


async def test_fill_and_select_only_consider_fields(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/gallery.html"))
    result = ok(await step(tool_ctx, 'Enter "Cosmos" in the "Search" field'))
    assert result.data["element"] == 'searchbox "Search"'
    ok(await step(tool_ctx, 'Clear "Search"'))
    result = ok(await step(tool_ctx, 'Type "Voyager" into "Search"'))  # no role word: fill needs a field
    assert result.data["element"] == 'searchbox "Search"'
    assert await tool_ctx.page.input_value("input[name=q]") == "Voyager"
    result = ok(await step(tool_ctx, 'Select "B" from "Letters"'))
    assert result.data["element"] == 'combobox "Letters"'
    ok(await step(tool_ctx, 'Select "A" from the "Letters" dropdown'))
    # A contenteditable element is a field; the button of the same name is not.
    result = ok(await call("fill", target="Notes", value="remember the milk"))
    assert result.data["element"] == 'textbox "Notes"'
    result = failed(await call("fill", target="Publish", value="x"), "ELEMENT_NOT_INTERACTABLE")
    assert 'is button "Publish", not an editable field' in result.error.message  # what it is, what it wanted
    failed(await call("fill", target="Nothing like it", value="x"), "ELEMENT_NOT_FOUND")
    result = ok(await step(tool_ctx, 'Check the "Large" radio'))  # named by its row's text
    assert result.data["element"] == 'radio "Large"'
    ok(await step(tool_ctx, 'Check the "Small" radio button'))


async def test_free_text_role_words_do_not_hide_names_that_contain_them(call: Call) -> None:
    ok(await call("navigate", url="/gallery.html"))
    assert ok(await call("click", target="Add option")).data["element"] == 'button "Add option"'
    assert ok(await call("click", target="the Add option button")).data["element"] == 'button "Add option"'
    # Quoted name and role word: strict, no option element is named "Add".
    failed(await call("click", target='"Add" option'), "ELEMENT_NOT_FOUND")


def test_parse_target_reads_a_quoted_name_and_its_role_word() -> None:
    query = parse_target('"Pale Blue Dot" link')
    assert (query.name, query.roles, query.quoted) == ("Pale Blue Dot", ("link",), True)
    query = parse_target('the “Say "hi"” button')
    assert (query.name, query.roles) == ('Say "hi"', ("button",))
    query = parse_target('"Save" menu item')
    assert query.name == "Save" and "menuitem" in query.roles
    assert parse_target('"登录" 按钮').roles == ("button",)
    assert parse_target('"Cart" icon').roles == ()  # filler, not a role
    free = parse_target("Search field")
    assert free.name == "Search" and "textbox" in free.roles and not free.quoted
    assert parse_target("submit-button").roles == ()  # one word: a test id, not a role


# A search box labelled "Search" beside a "Search" button (the admin sites' and shops' search bar).
SEARCH_BAR = """<!doctype html><meta charset="utf-8"><title>Search</title>
<label>Search <input type="search" id="q"></label> <button id="go">Search</button>
<p id="out"></p>
<script>
document.getElementById('q').onclick = () => { document.getElementById('out').textContent = 'box clicked'; };
document.getElementById('go').onclick = () => {
  document.getElementById('out').textContent = 'Searched for ' + document.getElementById('q').value;
};
</script>"""


async def test_a_click_on_a_name_a_search_box_shares_with_its_button_is_the_buttons(
    tool_ctx: ToolContext, site: tuple[Path, str]
) -> None:
    folder, _ = site
    (folder / "search-bar.html").write_text(SEARCH_BAR, encoding="utf-8")
    ok(await step(tool_ctx, "Open /search-bar.html"))
    ok(await step(tool_ctx, 'Type "Cosmos" in "Search"'))  # typing: the box (the button takes no text)
    clicked = ok(await step(tool_ctx, 'Click "Search"'))
    assert clicked.data["element"] == 'button "Search"', clicked.data
    ok(await step(tool_ctx, 'Verify "Searched for Cosmos" is shown'))
    ok(await step(tool_ctx, 'Click the "Search" field'))  # named by its kind: the box
    ok(await step(tool_ctx, 'Verify "box clicked" is shown'))


async def test_a_click_on_a_name_only_a_box_has_still_clicks_the_box(
    tool_ctx: ToolContext, site: tuple[Path, str]
) -> None:
    folder, _ = site
    (folder / "box-only.html").write_text(
        SEARCH_BAR.replace('<button id="go">Search</button>', ""), encoding="utf-8"
    )
    ok(await step(tool_ctx, "Open /box-only.html"))
    clicked = ok(await step(tool_ctx, 'Click "Search"'))
    assert clicked.data["element"] == 'searchbox "Search"', clicked.data
    ok(await step(tool_ctx, 'Verify "box clicked" is shown'))
