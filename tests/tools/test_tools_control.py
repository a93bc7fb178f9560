"""wait_for, tabs and dialogs."""

from __future__ import annotations

import dataclasses
import time

from autoqa.tools import ToolContext
from autoqa.tools.pages import tracker

from .tools_helpers import FAST, Call, failed, ok


async def test_wait_for_delayed_text(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Load data"))
    result = ok(await call("wait_for", text="Data loaded: 42 records"))
    assert result.tool == "wait_for" and result.duration_ms > 500  # it waited for the ~1.5 s delay


async def test_wait_for_text_gone_and_element_states(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("wait_for", target="Continue", state="enabled", seconds=3))
    ok(await call("click", target="Show toast"))
    ok(await call("wait_for", target="Saved!", state="visible"))
    ok(await call("wait_for", text_gone="Saved!", seconds=4))
    ok(await call("wait_for", target="Saved!", state="hidden"))
    ok(await call("wait_for", target="Show toast", state="attached"))


async def test_wait_for_times_out_with_timeout_code(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    started = time.monotonic()
    result = failed(await call("wait_for", text="never going to appear", seconds=0.4), "TIMEOUT")
    assert time.monotonic() - started < 3
    assert "never going to appear" in result.error.message
    failed(await call("wait_for", target="No such element", state="visible", seconds=0.3), "TIMEOUT")


async def test_wait_for_seconds_is_capped(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, max_wait_ms=200)
    started = time.monotonic()
    result = ok(await call("wait_for", seconds=60))
    assert time.monotonic() - started < 1.5
    assert result.data["waited_ms"] == 200
    assert "capped" in result.data["warnings"][0]


async def test_wait_for_needs_exactly_one_condition(call: Call) -> None:
    failed(await call("wait_for"), "INVALID_INPUT")
    failed(await call("wait_for", text="a", text_gone="b"), "INVALID_INPUT")
    failed(await call("wait_for", seconds=-1), "INVALID_INPUT")
    failed(await call("wait_for", target="x", state="glowing"), "INVALID_INPUT")


async def test_new_tab_list_switch_close(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    first_page = tool_ctx.page
    ok(await call("click", target="Open help"))
    switched = ok(await call("tabs", action="switch", index=1))  # waits for the popup if needed
    assert switched.data["url"].endswith("/help.html")
    assert tool_ctx.page is not first_page
    ok(await call("assert_text_present", text="Help center"))
    listed = ok(await call("tabs")).data["tabs"]
    assert [t["active"] for t in listed] == [False, True]
    assert listed[1]["title"].startswith("Help center")
    closed = ok(await call("tabs", action="close"))
    assert closed.data["active"] == 0 and tool_ctx.page is first_page
    failed(await call("tabs", action="close"), "INVALID_INPUT")  # the last tab stays
    failed(await call("tabs", action="switch", index=5), "INVALID_INPUT")
    failed(await call("tabs", action="switch"), "INVALID_INPUT")


async def test_new_tab_is_announced(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    clicked = ok(await call("click", target="Open help"))
    switched = ok(await call("tabs", action="switch", index=1))
    # The popup event may land during the click or just after it: the notice rides on the next result.
    notices = [*clicked.data.get("notices", []), *switched.data.get("notices", [])]
    assert [n for n in notices if "new tab opened (index 1)" in n], notices


async def test_active_tab_closed_by_the_page_switches_back(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Open help"))
    ok(await call("tabs", action="switch", index=1))
    await tool_ctx.page.evaluate("window.close()")
    result = ok(await call("wait_for", seconds=0.1))
    assert any("active tab closed" in n for n in result.data["notices"])
    assert tool_ctx.page.url.endswith("/playground.html")


async def test_alert_and_confirm_are_handled_and_recorded(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Show alert"))
    ok(await call("assert_text_present", text="Alert closed"))
    ok(await call("click", target="Delete item"))  # default policy: accept
    ok(await call("assert_text_present", text="Item deleted"))
    ok(await call("dialogs", action="dismiss"))
    ok(await call("click", target="Delete item"))
    ok(await call("assert_text_present", text="Deletion cancelled"))
    listed = ok(await call("dialogs")).data
    assert listed["policy"] == "dismiss"
    assert [(d["type"], d["message"], d["handled_as"]) for d in listed["dialogs"]] == [
        ("alert", "Hello from alert", "accept"),
        ("confirm", "Delete this item?", "accept"),
        ("confirm", "Delete this item?", "dismiss"),
    ]
    assert tool_ctx.dialogs == listed["dialogs"]


async def test_an_answer_after_the_dialog_opened_fails_unless_it_is_the_one_given(
    call: Call, tool_ctx: ToolContext
) -> None:
    # 'Click "Delete item"' then 'Dismiss the confirm': the default answer (accept) deleted the item as the
    # confirm opened; the late dismiss must fail, never pass on the deleted item.
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Delete item"))
    late = failed(await call("dialogs", action="dismiss"), "ASSERTION_FAILED")
    assert late.error is not None
    assert "'Delete this item?' already opened" in late.error.message
    assert "answered 'accept' (the default)" in late.error.message
    assert "Dismiss the next dialog" in late.error.message
    assert tracker(tool_ctx).dialog_choice is None  # nothing was set for later dialogs either
    # the answer it got, given late, is true of it
    ok(await call("click", target="Delete item"))
    ok(await call("dialogs", action="accept"))
    # an answer chosen before the dialog is not the default's: the next step may choose another
    ok(await call("dialogs", action="dismiss"))
    ok(await call("click", target="Delete item"))
    ok(await call("dialogs", action="accept"))
    ok(await call("click", target="Delete item"))
    ok(await call("assert_text_present", text="Item deleted"))
    # a call in between: the dialog is no longer the last call's, and the answer is for the next one
    ok(await call("dialogs", action="dismiss"))
    ok(await call("click", target="Delete item"))
    ok(await call("assert_text_present", text="Deletion cancelled"))


async def test_dialogs_in_a_new_tab_are_handled(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Open help"))
    ok(await call("tabs", action="switch", index=1))
    await tool_ctx.page.evaluate("setTimeout(() => { document.title = String(confirm('Sure?')) }, 0)")
    ok(await call("assert_title", expected="true", match="equals"))
    assert tool_ctx.dialogs[-1]["message"] == "Sure?"


async def test_prompt_answer(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    ok(await call("dialogs", action="accept", prompt_text="Ada"))
    await tool_ctx.page.evaluate("setTimeout(() => { document.title = prompt('Name?') }, 0)")
    ok(await call("assert_title", expected="Ada", match="equals"))
