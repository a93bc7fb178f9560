"""An action's result says what it set off: the page it led to (url) and the browser dialogs it opened,
with how each was answered — the model no longer has to snapshot to find out (issue: tool texts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.tools import ToolContext, call_tool

from .tools_helpers import IMPATIENT, ok

PAGE = """<!doctype html><meta charset="utf-8"><title>Start</title>
<a href="/next.html">Next</a>
<button onclick="document.getElementById('r').textContent = confirm('Delete it?') ? 'deleted' : 'kept'">
Delete</button><p id="r"></p><button>Nothing</button>"""


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "start.html").write_text(PAGE, encoding="utf-8")
    (folder / "next.html").write_text("<!doctype html><title>Next</title><h1>Next page</h1>")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def test_an_action_reports_the_dialogs_it_opened_and_where_it_led(tool_ctx: ToolContext) -> None:
    ok(await call_tool(tool_ctx, "navigate", {"url": "/start.html"}))
    quiet = ok(await call_tool(tool_ctx, "click", {"target": "Nothing"}))
    assert "url" not in quiet.data and "dialogs" not in quiet.data
    ok(await call_tool(tool_ctx, "dialogs", {"action": "dismiss"}))
    deleting = ok(await call_tool(tool_ctx, "click", {"target": "Delete"}))
    assert deleting.data["dialogs"] == [{"type": "confirm", "message": "Delete it?", "handled_as": "dismiss"}]
    ok(await call_tool(tool_ctx, "assert_text_present", {"text": "kept"}))  # the choice was applied
    moved = ok(await call_tool(tool_ctx, "click", {"target": "Next"}))
    assert moved.data["url"].endswith("/next.html")
