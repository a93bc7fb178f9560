"""An admin site's pages, as a QA engineer's steps meet them (found running natural specs against a Django
admin): a changelist table beside a one-item message list and a toolbar list, a result counter with an
aside ("1 result (4 total)"), a breadcrumb and a sidebar link to the same page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>Select book to change</title>
<nav aria-label="Breadcrumbs"><a href="/admin.html">Home</a> › <a href="/authors.html">Authors</a></nav>
<div id="content">
  <ul class="messagelist"><li class="success">The book “Kindred” was added successfully.</li></ul>
  <h1>Select book to change</h1>
  <ul class="object-tools"><li><a href="/add.html" class="addlink">Add book</a></li></ul>
  <p><span class="small quiet">1 result (4 total)</span> <span id="status">Not saved</span></p>
  <table id="result_list"><thead><tr><th>Title</th><th>Author</th></tr></thead><tbody>
    <tr><td>Kindred</td><td>Octavia Butler</td></tr>
    <tr><td>SPQR</td><td>Mary Beard</td></tr>
  </tbody></table>
  <p><a href="/authors.html">Authors</a> <a href="/authors.html?o=1">Authors</a></p>
  <div id="side"><a href="/authors.html">Authors</a></div>
</div>
"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "changelist.html").write_text(PAGE, encoding="utf-8")
    (folder / "authors.html").write_text("<title>Authors</title><h1>Select author to change</h1>")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, dict(action.args))


async def test_the_table_is_the_main_list_beside_messages_and_tools(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /changelist.html"))
    ok(await step(tool_ctx, "Verify the table has 2 rows"))
    failed(await step(tool_ctx, "Verify the table has 3 rows"), "ASSERTION_FAILED")
    ok(await step(tool_ctx, 'Verify the table contains "SPQR"'))
    failed(await step(tool_ctx, 'Verify the table contains "Add book"'), "ASSERTION_FAILED")
    # "the list": the message list and the one-link toolbar list give way to the content beside them
    ok(await step(tool_ctx, "Verify the list has 2 items"))
    ok(await step(tool_ctx, 'Verify "Kindred" is shown in the results'))
    # two content lists are still ambiguous: the step must name one
    await tool_ctx.page.evaluate(
        "document.querySelector('#content').insertAdjacentHTML('beforeend', '<ol><li>a</li><li>b</li></ol>')"
    )
    failed(await step(tool_ctx, "Verify the list has 2 items"), "AMBIGUOUS_TARGET")
    ok(await step(tool_ctx, "Verify the table has 2 rows"))  # a table is still one


async def test_a_counter_reads_its_text_with_an_aside_but_not_half_a_phrase(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /changelist.html"))
    ok(await step(tool_ctx, 'Verify the result counter says "1 result"'))
    ok(await step(tool_ctx, 'Verify the result counter says "1 result (4 total)"'))
    failed(await step(tool_ctx, 'Verify the result counter says "4 total"'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the status reads "saved"'), "ASSERTION_FAILED")  # "Not saved"


async def test_links_to_one_page_under_one_name_are_one_choice(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /changelist.html"))
    # the breadcrumb, the content link and the sidebar all lead to /authors.html: any of them will do ...
    await tool_ctx.page.evaluate("document.querySelector('a[href*=\"o=1\"]').remove()")
    ok(await step(tool_ctx, "Go to the authors page"))
    assert tool_ctx.page.url.endswith("/authors.html")
    # ... but links that lead to different places are a real choice
    ok(await step(tool_ctx, "Open /changelist.html"))
    failed(await step(tool_ctx, "Go to the authors page"), "AMBIGUOUS_TARGET")
    # and a count still counts each of them
    ok(await step(tool_ctx, 'Verify there are 4 "Authors" links'))
