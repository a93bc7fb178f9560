"""Controls as public builds draw them, acted on as a person would (found on five TodoMVC builds nobody
here wrote): a checkbox covered by its own label or shrunk to 1 px is clicked through the label; a
double-click leaves a gap between its clicks; a counter that reads "3 items left!" reads "3 items left"; a
row's box named only by a hidden "Toggle" label is found by its row's text; rows drawn as web components
are the list's items and hold their own boxes, not the "toggle all" box beside them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>Drawn controls</title>
<style>
  .over { position: relative; height: 34px; }
  .over input { position: absolute; opacity: 0; left: 0; top: 0; width: 40px; height: 34px; margin: 0; }
  .over label { position: absolute; left: 0; top: 0; width: 40px; height: 34px; font-size: 0; }
  .over label::before { content: '\\276F'; font-size: 22px; }
  .tiny input { width: 1px; height: 1px; opacity: 0; position: absolute; border: 0; }
</style>
<p id="log">nothing yet</p>
<div class="over"><input id="all" type="checkbox"><label for="all">Mark all as complete</label></div>
<div class="tiny"><input type="checkbox" id="ship"><label id="ship-label" for="shipping">Ship it</label></div>
<div class="tiny"><input type="checkbox" id="deaf"><label for="nowhere">Deaf box</label></div>
<p><span class="todo-count"><strong>3</strong> items left!</span> <span>13 items left</span></p>
<p><span id="edit-me">edit me</span></p>
<script>
  const log = (text) => { document.getElementById('log').textContent = text; };
  // only the label listens, as in the vanilla ES6 TodoMVC build: the 1 px box itself does nothing
  document.getElementById('ship-label').addEventListener('click', () => {
    const box = document.getElementById('ship');
    box.click();
    log('ship ' + box.checked);
  });
  let last = 0;  // a double-click timed by hand: a person's clicks are ~100 ms apart, a script's ~0
  document.getElementById('edit-me').addEventListener('click', () => {
    const gap = Date.now() - last;
    last = Date.now();
    if (gap >= 20 && gap < 500) log('editing');
  });
</script>
<todo-list></todo-list>
<script>
  // A list component (as Lit draws TodoMVC): the toggle-all box and the list share its shadow root; each
  // row is a component whose box is named by the same hidden "Toggle Todo" label.
  const list = document.querySelector('todo-list').attachShadow({mode: 'open'});
  list.innerHTML = '<input type="checkbox" id="toggle-all"><label for="toggle-all">Mark all</label><ul></ul>';
  for (const title of ['buy milk', 'feed the cat']) {
    const row = document.createElement('todo-item');
    row.attachShadow({mode: 'open'}).innerHTML = '<li><label for="t" style="position:absolute;' +
      'width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Toggle Todo</label>' +
      `<input id="t" type="checkbox"><span>${title}</span></li>`;
    list.querySelector('ul').append(row);
  }
</script>
"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "drawn.html").write_text(PAGE, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    """Run one plain-grammar sentence, as a plain spec step would."""
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, dict(action.args))


async def log(ctx: ToolContext) -> str | None:
    return await ctx.page.text_content("#log")


async def test_a_checkbox_under_its_own_label_is_checked_through_the_label(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /drawn.html"))
    # Playwright's own check() times out here: "<label for=all> intercepts pointer events"
    result = ok(await step(tool_ctx, 'Check "Mark all as complete"'))
    assert result.data["via_label"] == "following-sibling::*[1][self::label]"
    assert await tool_ctx.page.is_checked("#all")
    ok(await step(tool_ctx, 'Click "Mark all as complete"'))
    assert not await tool_ctx.page.is_checked("#all")
    assert "via_label" not in ok(await step(tool_ctx, 'Uncheck "Mark all as complete"')).data  # no click


async def test_a_one_pixel_box_is_driven_by_the_label_a_person_clicks(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /drawn.html"))
    ok(await step(tool_ctx, 'Check "Ship it"'))
    assert await log(tool_ctx) == "ship true"  # the app saw it: checking the box alone would not tell it
    ok(await step(tool_ctx, 'Verify "Ship it" is checked'))
    # a label the page ignores changes nothing: the step fails instead of passing on an unchanged box
    result = failed(await step(tool_ctx, 'Check "Deaf box"'), "ELEMENT_NOT_INTERACTABLE")
    assert "did not check it" in result.error.message if result.error else False


async def test_a_double_click_leaves_a_gap_between_its_clicks(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /drawn.html"))
    ok(await step(tool_ctx, 'Double-click "edit me"'))
    assert await log(tool_ctx) == "editing"


async def test_a_readout_ignores_a_closing_mark_but_not_another_number(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /drawn.html"))
    ok(await step(tool_ctx, 'Verify the counter reads "3 items left"'))
    ok(await step(tool_ctx, 'Verify the counter reads "3 items left!"'))
    failed(await step(tool_ctx, 'Verify the counter reads "1 items left"'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the counter reads "3 items"'), "ASSERTION_FAILED")  # whole text
    failed(await step(tool_ctx, 'Verify the counter reads "13 items"'), "ASSERTION_FAILED")


async def test_component_rows_are_the_list_and_hold_their_own_boxes(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /drawn.html"))
    ok(await step(tool_ctx, "Verify the list has 2 items"))
    ok(await step(tool_ctx, 'Verify item 2 is "feed the cat"'))
    failed(await step(tool_ctx, "Verify the list has 3 items"), "ASSERTION_FAILED")
    # the row's own box, not the toggle-all box that shares the list component with the row's text
    ok(await step(tool_ctx, 'Check the checkbox in the "feed the cat" row'))
    ok(await step(tool_ctx, 'Verify the checkbox in the "feed the cat" row is checked'))
    ok(await step(tool_ctx, 'Verify the checkbox in the "buy milk" row is not checked'))
    assert not await tool_ctx.page.locator("todo-list").evaluate("l => l.shadowRoot.firstChild.checked")
    # every box is named "Toggle Todo": the row's text names it, for acting and for checking
    ok(await step(tool_ctx, 'Mark "buy milk" as completed'))
    ok(await step(tool_ctx, 'Verify "buy milk" is checked'))
    failed(await step(tool_ctx, 'Verify "buy milk" is not checked'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Check "walk the dog"'), "ELEMENT_NOT_FOUND")  # no such row


async def test_mark_all_items_ticks_the_box_named_for_all(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /drawn.html"))
    await tool_ctx.page.evaluate("document.querySelector('.over').remove()")
    result = ok(await step(tool_ctx, "Mark all items as completed"))
    assert result.data["element"] == 'checkbox "Mark all"'
    ok(await step(tool_ctx, "Unmark all items"))
    await tool_ctx.page.evaluate("document.querySelector('todo-list').remove()")
    failed(await step(tool_ctx, "Select all rows"), "ELEMENT_NOT_FOUND")  # no such box: never another


RADIOS = """<!doctype html><meta charset="utf-8"><title>Delivery</title>
<style>
  .over { position: relative; height: 34px; }
  .over input { position: absolute; opacity: 0; left: 0; top: 0; width: 160px; height: 34px; margin: 0; }
  .over label { position: absolute; left: 0; top: 0; width: 160px; height: 34px; }
</style>
<div class="over"><input id="standard" type="radio" name="speed" checked>
<label for="standard">Standard</label></div>
<div class="over"><input id="express" type="radio" name="speed"><label for="express">Express</label></div>
"""


async def test_a_click_on_a_covered_radio_or_a_box_by_ref_goes_through_the_label(
    tool_ctx: ToolContext, site: tuple[Path, str]
) -> None:
    """The label stand-in is asked for every box-like role (a radio, not only a checkbox) and for an element
    found by ref (resolution did not describe it): a click there selects it as a person's click would."""
    folder, _ = site
    (folder / "radios.html").write_text(RADIOS, encoding="utf-8")
    ok(await step(tool_ctx, "Open /radios.html"))
    result = ok(await step(tool_ctx, 'Click "Express"'))
    assert result.data.get("via_label"), result.data
    assert await tool_ctx.page.is_checked("#express")

    ok(await step(tool_ctx, "Open /drawn.html"))
    snapshot = str(ok(await call_tool(tool_ctx, "snapshot", {})).data)
    found = re.search(r'checkbox "[^"]*Mark all as complete"[^\n]*?\[ref=(\w+)\]', snapshot)
    assert found is not None, snapshot[:800]
    result = ok(await call_tool(tool_ctx, "click", {"ref": found.group(1)}))
    assert result.data.get("via_label"), result.data
    assert await tool_ctx.page.is_checked("#all")
