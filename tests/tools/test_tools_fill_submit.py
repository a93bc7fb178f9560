"""``fill(submit=true)``: type into a search field, then press Enter in it, as a person submits a search.
The Enter is settled with the fill, so the results are there when the call returns: a form's GET
navigation, or a results list a script updates a moment after the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import FAST, ok

CATALOGUE = ["Red shoes", "Blue shoes", "Green hat", "Wool socks"]

SEARCH_FORM = """<!doctype html><meta charset="utf-8"><title>Shop search</title>
<form action="/search.html" method="get" role="search">
  <label for="q">Search the shop</label> <input id="q" name="q"> <button>Go</button>
</form>
<h2 id="heading">Nothing searched</h2>
<ul id="results"></ul>
<script>
const q = new URLSearchParams(location.search).get('q');
if (q !== null) {
  document.getElementById('heading').textContent = 'Results for ' + q;
  for (const name of %s.filter((n) => n.toLowerCase().includes(q.toLowerCase()))) {
    document.getElementById('results').insertAdjacentHTML('beforeend', '<li>' + name + '</li>');
  }
}
</script>"""

# No form: the box filters on keydown Enter, and the list is redrawn a moment later (as after a fetch).
SEARCH_BOX = """<!doctype html><meta charset="utf-8"><title>Filter</title>
<input aria-label="Filter products" id="box">
<p id="status">Showing all</p>
<ul id="results"></ul>
<script>
const all = %s, box = document.getElementById('box');
const show = (items) => {
  document.getElementById('results').innerHTML = items.map((n) => '<li>' + n + '</li>').join('');
};
show(all);
box.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const q = box.value.toLowerCase();
  setTimeout(() => {
    show(all.filter((n) => n.toLowerCase().includes(q)));
    document.getElementById('status').textContent = 'Filtered by ' + box.value;
  }, 200);
});
</script>"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "search.html").write_text(SEARCH_FORM % json.dumps(CATALOGUE), encoding="utf-8")
    (folder / "filter.html").write_text(SEARCH_BOX % json.dumps(CATALOGUE), encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=FAST)


async def call(ctx: ToolContext, tool: str, **args: object) -> ToolResult:
    return await call_tool(ctx, tool, dict(args))


async def _results(page: Page) -> list[str]:
    """Read at once, no waiting: what a check right after the call would see."""
    return await page.locator("#results li").all_inner_texts()


async def test_fill_with_submit_sends_the_form_and_waits_for_the_results(tool_ctx: ToolContext) -> None:
    page = tool_ctx.page
    ok(await call(tool_ctx, "navigate", url="/search.html"))
    result = ok(await call(tool_ctx, "fill", target="Search the shop", value="shoes", submit=True))
    assert result.data["submitted"] is True and result.data["value_length"] == 5
    assert result.data["url"].endswith("/search.html?q=shoes")
    assert page.url.endswith("/search.html?q=shoes")
    assert await page.locator("#heading").inner_text() == "Results for shoes"
    assert await _results(page) == ["Red shoes", "Blue shoes"]
    ok(await call(tool_ctx, "assert_text_present", text="Results for shoes"))


async def test_fill_without_submit_searches_nothing(tool_ctx: ToolContext) -> None:
    page = tool_ctx.page
    ok(await call(tool_ctx, "navigate", url="/search.html"))
    result = ok(await call(tool_ctx, "fill", target="Search the shop", value="shoes"))
    assert "submitted" not in result.data and "url" not in result.data
    assert page.url.endswith("/search.html")
    assert await page.locator("#q").input_value() == "shoes"
    assert await page.locator("#heading").inner_text() == "Nothing searched"
    assert await _results(page) == []


async def test_fill_with_submit_on_a_box_that_filters_on_enter(tool_ctx: ToolContext) -> None:
    page = tool_ctx.page
    ok(await call(tool_ctx, "navigate", url="/filter.html"))
    typed = ok(await call(tool_ctx, "fill", target="Filter products", value="hat"))
    assert "submitted" not in typed.data
    await page.wait_for_timeout(300)  # longer than the page's redraw: typing alone filters nothing
    assert await _results(page) == CATALOGUE

    result = ok(await call(tool_ctx, "fill", target="Filter products", value="SOCKS", submit=True))
    assert result.data["submitted"] is True and "url" not in result.data
    # The redraw 200 ms after the key was waited for inside the call.
    assert await _results(page) == ["Wool socks"]
    assert await page.locator("#status").inner_text() == "Filtered by SOCKS"
    assert await page.locator("#box").input_value() == "SOCKS"  # Enter does not clear or change the value
