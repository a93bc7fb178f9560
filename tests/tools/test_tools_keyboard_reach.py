"""press_key(until_focused=True): "Tab to the Postcode field" presses the key on the page until the element
has focus, so a field the keyboard cannot reach fails the step; focusing the field directly would pass."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.actions import MAX_PRESSES

from .tools_helpers import IMPATIENT, failed, ok

FORM = """<!doctype html><meta charset="utf-8"><title>Permit</title>
<main><a href="#main">Skip to main content</a>
<p><label for="name">Full name</label> <input id="name"></p>
<p><label for="town">Town</label> <input id="town" tabindex="-1"></p>
<p><label for="postcode">Postcode</label> <input id="postcode"></p>
<button type="button">Continue</button></main>
"""

# Focus never leaves the first field: Tab is swallowed.
TRAP = FORM.replace(
    "</main>",
    "</main><script>document.getElementById('name').addEventListener('keydown', (e) => {"
    " if (e.key === 'Tab') e.preventDefault(); });</script>",
)


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, site: tuple[Path, str]) -> ToolContext:
    folder, url = site
    (folder / "form.html").write_text(FORM, encoding="utf-8")
    (folder / "trap.html").write_text(TRAP, encoding="utf-8")
    return ToolContext(context=context, page=page, base_url=url, settings=IMPATIENT)


async def call(ctx: ToolContext, tool: str, **args: object) -> ToolResult:
    return await call_tool(ctx, tool, dict(args))


async def test_tab_reaches_a_field_in_the_keyboards_order(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/form.html"))
    reached = ok(await call(tool_ctx, "press_key", key="Tab", target="Postcode", until_focused=True))
    assert reached.data["presses"] == 3  # the skip link, Full name, then Postcode (Town is skipped)
    ok(await call(tool_ctx, "assert_focused", target="Postcode"))
    back = ok(await call(tool_ctx, "press_key", key="Shift+Tab", target="Full name", until_focused=True))
    assert back.data["presses"] == 1


async def test_a_field_the_keyboard_cannot_reach_fails_the_step(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/form.html"))
    result = failed(
        await call(tool_ctx, "press_key", key="Tab", target="Town", until_focused=True), "ASSERTION_FAILED"
    )
    assert f"pressed Tab {MAX_PRESSES} times" in result.error.message
    # the page's focus was never moved onto the field by the tool itself
    failed(await call(tool_ctx, "assert_focused", target="Town"), "ASSERTION_FAILED")


async def test_a_focus_trap_fails_and_says_where_focus_is(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/trap.html"))
    ok(await call(tool_ctx, "press_key", key="Tab", target="Full name", until_focused=True))
    reached = await call(tool_ctx, "press_key", key="Tab", target="Postcode", until_focused=True)
    result = failed(reached, "ASSERTION_FAILED")
    assert 'focus is on <input> "name"' in result.error.message


async def test_until_focused_needs_an_element(tool_ctx: ToolContext) -> None:
    ok(await call(tool_ctx, "navigate", url="/form.html"))
    failed(await call(tool_ctx, "press_key", key="Tab", until_focused=True), "INVALID_INPUT")
