"""The grammar's forms for order, focus, described text, URL endings and unquoted field names, run the way
a plain spec runs them (parse, then the real tool in Chromium): each passes on a page that does what the
step says and fails on one that does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.spec.grammar import parse_plain_text
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>Form</title>
<h1>Edit profile</h1>
<label>Country <select><option>France</option><option>Germany</option></select></label>
<label>Quantity <input type="number" value="1"></label>
<dialog open aria-label="Filters"><p>Pick filters</p></dialog>
<form onsubmit="event.preventDefault(); document.getElementById('msg').textContent = 'Profile saved.'">
  <label>Username <input id="u" autofocus></label>
  <label>Last name <input id="l"></label>
  <button>Save</button>
</form>
<p id="msg"></p>
<ul><li>buy milk</li><li>feed the cat</li><li>walk the dog</li></ul>
"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "edit").mkdir()
    (folder / "edit" / "add").mkdir()
    (folder / "edit" / "add" / "index.html").write_text(PAGE, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def step(ctx: ToolContext, sentence: str) -> ToolResult:
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    return await call_tool(ctx, action.tool, action.args)


async def test_each_form_passes_when_the_page_does_what_it_says(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /edit/add/"))
    ok(await step(tool_ctx, 'Verify the "Username" field is focused'))
    ok(await step(tool_ctx, 'Enter "ada" in the Username field'))
    ok(await step(tool_ctx, 'Fill in the Last name field with "Lovelace"'))
    ok(await step(tool_ctx, 'Verify "Last name" has value "Lovelace"'))
    ok(await step(tool_ctx, 'Verify "buy milk", "feed the cat" and "walk the dog" appear in that order'))
    ok(await step(tool_ctx, 'Verify "feed the cat" appears before "walk the dog"'))
    ok(await step(tool_ctx, 'Verify the URL still ends with "/add/"'))
    ok(await step(tool_ctx, 'Click "Save"'))
    ok(await step(tool_ctx, 'Verify the success message "Profile saved." is displayed'))
    ok(await step(tool_ctx, 'Verify the page heading is "Edit profile"'))
    ok(await step(tool_ctx, 'Select "Germany" from the Country dropdown'))
    ok(await step(tool_ctx, 'Verify "Country" has value "Germany"'))
    ok(await step(tool_ctx, 'Set "Quantity" to "3"'))
    ok(await step(tool_ctx, 'Verify "Quantity" has value "3"'))
    ok(await step(tool_ctx, 'Leave "Quantity" empty'))
    ok(await step(tool_ctx, 'Verify the "Quantity" field is empty'))
    ok(await step(tool_ctx, 'Verify the "Filters" dialog is open'))
    ok(await step(tool_ctx, 'Verify "walk the cat" is no longer in the list'))
    ok(await step(tool_ctx, 'Enter the last name "Byron"'))
    ok(await step(tool_ctx, 'Verify "Last name" has value "Byron"'))


async def test_each_form_fails_when_the_page_does_not(tool_ctx: ToolContext) -> None:
    ok(await step(tool_ctx, "Open /edit/add/"))
    failed(await step(tool_ctx, 'Verify the "Last name" field is focused'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify "walk the dog" appears before "buy milk"'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the URL ends with "/edit/"'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the error "Profile saved." is displayed'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Enter "x" in the Password field'), "ELEMENT_NOT_FOUND")
    failed(await step(tool_ctx, 'Verify the page heading is "Edit account"'), "ASSERTION_FAILED")
    ok(await step(tool_ctx, 'Enter "ada" in the Username field'))
    failed(await step(tool_ctx, 'Verify the "Username" field is empty'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify the "Filters" dialog is closed'), "ASSERTION_FAILED")
    failed(await step(tool_ctx, 'Verify "feed the cat" is no longer in the list'), "ASSERTION_FAILED")
