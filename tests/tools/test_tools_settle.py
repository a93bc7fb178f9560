"""Settling: a check right after an action reads the page after the action's effects, not the stale DOM.

The fixture (``demo_app/static/hash-list.html``) is a hash-routed todo list like jQuery TodoMVC whose list
re-renders 300 ms after the route changes. Starting on ``#/completed`` the list lacks "buy milk"; clicking
"All" brings it back 300 ms later. Read before the re-render, "buy milk is not shown" is a false pass;
read after, it fails as it should. The tests use short assertion timeouts, so a check that waited for the
re-render by itself would not mask a missing settle.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

import pytest
from playwright.async_api import BrowserContext

from autoqa.tools import ToolContext, call_tool
from autoqa.tools.settle import LAST_KEY, Settlement, arm_ahead, settling

from .tools_helpers import IMPATIENT, Call, failed, ok

LIST = "/hash-list.html"
ITEMS = "css=#todos li"


def settled(ctx: ToolContext) -> Settlement:
    last = ctx.extra.get(LAST_KEY)
    assert isinstance(last, Settlement), last
    return last


def impatient(ctx: ToolContext, **changes: Any) -> None:
    ctx.settings = dataclasses.replace(IMPATIENT, **changes)


# The check a spec step makes ("buy milk" is not visible / there is 1 item), and how it must fail once the
# list shows the new route.
STALE_CHECKS = {
    "text_absent": ("assert_text_absent", {"text": "buy milk"}),
    "element_hidden": ("assert_element_hidden", {"target": "buy milk"}),
    "count": ("assert_count", {"target": ITEMS, "count": 1}),
}


@pytest.mark.parametrize("via", ["timer", "fetch"])
@pytest.mark.parametrize("check", list(STALE_CHECKS))
async def test_a_check_after_a_filter_click_reads_the_re_rendered_list(
    call: Call, tool_ctx: ToolContext, via: str, check: str
) -> None:
    ok(await call("navigate", url=f"{LIST}?via={via}#/completed"))
    name, args = STALE_CHECKS[check]
    impatient(tool_ctx)
    ok(await call(name, **args))  # true on the completed route: the stale answer
    ok(await call("click", target="All"))
    failed(await call(name, **args), "ASSERTION_FAILED")
    ok(await call("assert_count", target=ITEMS, count=3))
    assert settled(tool_ctx).outcome == "quiet"
    assert settled(tool_ctx).route_changed


async def test_without_settling_the_same_check_is_a_false_pass(call: Call, tool_ctx: ToolContext) -> None:
    """The control: the defect the other tests guard against (settle_timeout_ms=0 turns settling off)."""
    ok(await call("navigate", url=f"{LIST}#/completed"))
    impatient(tool_ctx, settle_timeout_ms=0)
    ok(await call("click", target="All"))
    assert settled(tool_ctx).outcome == "off"
    ok(await call("assert_text_absent", text="buy milk"))  # wrong: "buy milk" is about to be shown
    ok(await call("wait_for", text="buy milk", seconds=3))


async def test_press_key_on_a_filter_link_settles_too(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url=f"{LIST}#/completed"))
    impatient(tool_ctx)
    ok(await call("press_key", target="All", key="Enter"))
    failed(await call("assert_text_absent", text="buy milk"), "ASSERTION_FAILED")


async def test_fill_waits_for_a_debounced_search(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url=LIST))
    impatient(tool_ctx)
    ok(await call("assert_count", target=ITEMS, count=3))
    ok(await call("fill", target="Search todos", value="milk"))
    failed(await call("assert_count", target=ITEMS, count=3), "ASSERTION_FAILED")
    ok(await call("assert_count", target=ITEMS, count=1))


async def test_a_click_that_changes_nothing_or_once_does_not_wait(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url=LIST))
    ok(await call("click", target="Inert"))
    assert settled(tool_ctx).outcome == "idle"
    ok(await call("click", target="Count"))
    assert settled(tool_ctx).outcome == "idle"
    assert settled(tool_ctx).mutations >= 1
    ok(await call("assert_text_present", text="1", exact=True))


async def test_closing_a_dialog_does_not_wait_for_autoqas_own_page_watcher(
    call: Call, tool_ctx: ToolContext
) -> None:
    """The watcher (tools/live_regions.js) polls a hidden region with text every 100 ms for 2 s, from the
    mutation the close made: timers of our own script, never the click's work. Counted as the click's,
    they held every dialog close for the whole cap (1 s per step on the demo's checkout)."""
    ok(await call("navigate", url=LIST))
    ok(await call("click", target="About"))
    ok(await call("assert_element_visible", target="About these todos dialog"))
    # The closed dialog was polled since load; shown, it is not, and the poll stops at its next tick.
    # Closing it then starts a new poll, inside the click's event.
    await asyncio.sleep(0.3)
    ok(await call("click", target="Close"))
    assert settled(tool_ctx).outcome == "idle"
    ok(await call("assert_element_hidden", target="About these todos dialog"))


async def test_a_watcher_installed_after_the_tracker_unwraps_the_browsers_own_timer(
    call: Call, tool_ctx: ToolContext
) -> None:
    """A second tool context on the same page (an agent taking over from plain steps) installs its watcher in
    a document whose setTimeout the tracker already wraps: it must take the browser's own from the wrapper."""
    ok(await call("navigate", url=LIST))
    ok(await call("click", target="About"))  # the tracker is installed in this document now
    ok(await call("click", target="Close"))
    second = dataclasses.replace(tool_ctx, extra={})
    ok(await call_tool(second, "click", {"target": "About"}))  # its watcher goes in after the tracker
    await asyncio.sleep(0.3)
    ok(await call_tool(second, "click", {"target": "Close"}))
    assert settled(second).outcome == "idle"


@pytest.mark.parametrize("ticker", ["interval", "timeout", "frame"])
async def test_a_page_that_never_stops_changing_costs_the_cap_not_a_hang(
    call: Call, tool_ctx: ToolContext, ticker: str
) -> None:
    ok(await call("navigate", url=f"{LIST}?ticker={ticker}"))
    cap = 400
    impatient(tool_ctx, settle_timeout_ms=cap)
    started = time.perf_counter()
    ok(await call("click", target="Start ticker"))  # rewrites the page every 10 ms from now on
    elapsed = (time.perf_counter() - started) * 1000
    assert cap <= elapsed < cap + 1_500
    assert settled(tool_ctx).outcome == "cap"
    # The ticker keeps running, but it is the last action's work: the next action does not wait for it.
    ok(await call("click", target="Inert"))
    assert settled(tool_ctx).outcome == "idle"


async def test_a_clock_started_at_load_does_not_slow_actions(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url=f"{LIST}?background=10#/completed"))
    impatient(tool_ctx)
    ok(await call("click", target="All"))
    failed(await call("assert_text_absent", text="buy milk"), "ASSERTION_FAILED")
    assert settled(tool_ctx).outcome == "quiet"  # the route's re-render, not the clock, ended the wait
    ok(await call("click", target="Inert"))
    assert settled(tool_ctx).outcome == "idle"


async def test_a_link_to_another_page_waits_for_the_new_document(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url=LIST))
    result = ok(await call("click", target="Help center"))
    assert result.data["url"].endswith("/help.html")
    assert settled(tool_ctx).outcome == "navigated"


async def test_a_script_navigation_after_choosing_an_option_is_awaited(
    call: Call, tool_ctx: ToolContext
) -> None:
    """Playwright waits for navigations after clicks and key presses; select_option relies on settling."""
    ok(await call("navigate", url=f"{LIST}?delay=400"))
    impatient(tool_ctx)
    result = ok(await call("select_option", target="Go to", option="Slow page"))
    assert result.data.get("url", "").endswith("/slow?ms=400")
    failed(await call("assert_text_absent", text="Responded after 400 ms"), "ASSERTION_FAILED")
    assert settled(tool_ctx).outcome == "navigated"


async def test_a_navigation_that_is_dropped_does_not_hold_the_action(
    call: Call, tool_ctx: ToolContext
) -> None:
    """A 204 leaves the old document in place and tells it nothing; Playwright's failed request does."""
    ok(await call("navigate", url=LIST))
    started = time.perf_counter()
    result = ok(await call("select_option", target="Go to", option="No content"))
    assert (time.perf_counter() - started) * 1000 < tool_ctx.settings.settle_timeout_ms
    assert settled(tool_ctx).outcome == "idle"
    assert "url" not in result.data


async def test_a_target_that_shows_late_is_armed_for_when_it_is_found(
    call: Call, tool_ctx: ToolContext
) -> None:
    """A lookup that polls re-arms the tracker on each attempt: a timer the page's own event handler
    started while "Late" was still missing is not the click's work, so the click does not wait for it."""
    ok(await call("navigate", url=f"{LIST}?late=400"))
    impatient(tool_ctx, target_wait_ms=5_000)
    ok(await call("click", target="Late"))  # found on a later attempt than the first
    assert settled(tool_ctx).outcome == "idle"
    assert settled(tool_ctx).waited_ms < 300  # the 450 ms timer was not waited for
    ok(await call("wait_for", text="faded", seconds=3))  # the timer did run: it was there to be waited for


async def test_an_arming_for_another_page_is_not_taken_over(
    call: Call, tool_ctx: ToolContext, context: BrowserContext
) -> None:
    """The action's page is the one armed: an arming started ahead for another page (the call moved to a
    new tab in between) is dropped, and this page's own work is waited for."""
    ok(await call("navigate", url=f"{LIST}#/completed"))
    page = tool_ctx.page
    other = await context.new_page()
    try:
        await other.goto(page.url)
        tool_ctx.page = other
        arm_ahead(tool_ctx)
        tool_ctx.page = page
        async with settling(tool_ctx):
            await page.get_by_role("link", name="All").click()  # re-renders the list 300 ms later
        assert settled(tool_ctx).outcome == "quiet"
        assert await page.locator(ITEMS).count() == 3
    finally:
        await other.close()
