"""call_tool, the single wrapper: validation, secrets, timing, hooks, failure screenshots, cancellation."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import time
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Locator
from pydantic import BaseModel

from autoqa.tools import TOOLS, ErrorCode, ToolContext, ToolResult, call_tool

from .tools_helpers import FAST, IMPATIENT, Call, failed, ok


def test_every_tool_has_a_strict_model_and_a_short_description() -> None:
    assert (
        len(TOOLS) == 42
    )  # 24 + assert_text_in/order/sorted/each_checked/each_text/focused/state/appeared, history, *_storage,
    # *_baseline, blur, drag, set_field, assert_class, assert_attribute, assert_accessible
    for name, spec in TOOLS.items():
        assert spec.name == name
        assert issubclass(spec.args_model, BaseModel)
        assert spec.args_model.model_config.get("extra") == "forbid", name
        assert spec.kind in ("action", "assertion", "observe", "control")
        assert 20 < len(spec.description) <= 160, (name, len(spec.description))
        assert spec.input_schema()["additionalProperties"] is False
    assert [n for n, s in TOOLS.items() if s.kind == "assertion"] == [
        "assert_text_present", "assert_text_absent", "assert_element_visible", "assert_element_hidden",
        "assert_url", "assert_title", "assert_value", "assert_checked", "assert_enabled", "assert_state",
        "assert_class", "assert_attribute", "assert_accessible", "assert_count",
        "assert_text_in", "assert_order", "assert_sorted", "assert_each_checked", "assert_each_text",
        "assert_focused",
        "assert_appeared",
        "assert_storage", "assert_matches_baseline",
    ]  # fmt: skip


async def test_unknown_tool_lists_the_tools(tool_ctx: ToolContext) -> None:
    result = failed(await call_tool(tool_ctx, "clikc", {}), "INVALID_INPUT")
    assert "clikc" in result.error.message and "click" in result.error.message
    assert result.tool == "clikc"
    assert result.error.retriable is False


async def test_bad_arguments_name_the_fields_without_echoing_values(tool_ctx: ToolContext) -> None:
    tool_ctx.secrets = {"PASSWORD": "hunter2-secret"}
    result = await call_tool(
        tool_ctx, "click", {"target": "{{PASSWORD}}", "button": "sideways", "colour": "red"}
    )
    failed(result, "INVALID_INPUT")
    message = result.error.message
    assert "button" in message and "unknown field 'colour'" in message
    assert "hunter2-secret" not in json.dumps(result.model_dump(mode="json"))
    assert result.screenshot is None  # bad arguments say nothing about the page


async def test_element_tools_need_ref_or_target(call: Call) -> None:
    result = failed(await call("click"), "INVALID_INPUT")
    assert "ref" in result.error.message and "target" in result.error.message


async def test_arguments_must_be_an_object(tool_ctx: ToolContext) -> None:
    failed(await call_tool(tool_ctx, "navigate", ["/"]), "INVALID_INPUT")  # type: ignore[arg-type]
    ok(await call_tool(tool_ctx, "dialogs", None))


async def test_secret_placeholder_is_typed_but_never_reported(
    tool_ctx: ToolContext, call: Call, demo_url: str
) -> None:
    tool_ctx.secrets = {"PASSWORD": "s3cret-value!"}
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/login.html"))
    result = ok(await call("fill", target="Password", value="{{PASSWORD}}"))
    assert result.data["value_length"] == len("s3cret-value!")
    assert await tool_ctx.page.get_by_label("Password").input_value() == "s3cret-value!"
    # A failing assertion naming the secret text must not leak it either.
    miss = failed(await call("assert_text_present", text="{{PASSWORD}}"), "ASSERTION_FAILED")
    dumped = json.dumps(miss.model_dump(mode="json"))
    assert "s3cret-value!" not in dumped
    assert "<secret:PASSWORD>" in miss.error.message


async def test_unknown_placeholder_is_used_literally_with_a_warning(call: Call) -> None:
    ok(await call("navigate", url="/login.html"))
    result = ok(await call("fill", target="Username", value="{{NOBODY}}"))
    assert any("NOBODY" in w for w in result.data["warnings"])


async def test_duration_and_tool_name_are_set(call: Call) -> None:
    result = ok(await call("navigate", url="/"))
    assert result.tool == "navigate"
    assert 0 < result.duration_ms < 10_000


async def test_element_hook_sees_locator_and_raw_arguments(tool_ctx: ToolContext, call: Call) -> None:
    seen: list[tuple[str, str, dict[str, Any]]] = []

    async def hook(tool: str, locator: Locator, args: Mapping[str, Any]) -> None:
        seen.append((tool, await locator.inner_text(), dict(args)))

    tool_ctx.element_hook = hook
    tool_ctx.secrets = {"TOKEN": "abc-123-xyz"}
    ok(await call("navigate", url="/login.html"))
    ok(await call("fill", target="Username", value="{{TOKEN}}"))
    ok(await call("click", target="Log in"))
    assert [s[0] for s in seen] == ["fill", "click"]
    assert seen[0][2] == {"target": "Username", "value": "{{TOKEN}}"}  # placeholder, not the value
    assert seen[1][1] == "Log in"


async def test_a_failing_hook_does_not_fail_the_action(tool_ctx: ToolContext, call: Call) -> None:
    async def hook(tool: str, locator: Locator, args: Mapping[str, Any]) -> None:
        raise RuntimeError("recorder broke")

    tool_ctx.element_hook = hook
    ok(await call("navigate", url="/"))
    result = ok(await call("click", target="Playground"))
    assert "recorder broke" in result.data["warnings"][0]
    assert tool_ctx.page.url.endswith("/playground.html")


async def test_failure_screenshot_is_a_downscaled_jpeg(call: Call) -> None:
    ok(await call("navigate", url="/"))
    result = failed(await call("click", target="No such thing anywhere"), "ELEMENT_NOT_FOUND")
    shot = result.screenshot
    assert shot is not None and shot.data is not None
    assert shot.mime == "image/jpeg"
    assert max(shot.width, shot.height) <= 1024
    with Image.open(io.BytesIO(shot.data)) as image:
        assert image.format == "JPEG"
        assert image.size == (shot.width, shot.height) == (1024, 640)  # 1280×800 viewport scaled


async def test_failure_screenshot_respects_the_setting(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, failure_screenshots=False)
    ok(await call("navigate", url="/"))
    result = failed(await call("click", target="No such thing anywhere"), "ELEMENT_NOT_FOUND")
    assert result.screenshot is None and result.screenshot_note is None


async def test_failure_on_a_closed_page_has_a_screenshot_note(tool_ctx: ToolContext, call: Call) -> None:
    await tool_ctx.page.close()
    result = failed(await call("click", target="Anything"), "PAGE_CLOSED")
    assert result.screenshot is None
    result = failed(await call("snapshot"), "PAGE_CLOSED")


async def test_screenshot_capture_failure_becomes_a_note(tool_ctx: ToolContext, call: Call) -> None:
    # A capture that cannot finish (1 ms budget) must leave a note, not raise or hang.
    tool_ctx.settings = dataclasses.replace(IMPATIENT, screenshot_timeout_ms=1)
    ok(await call("navigate", url="/"))
    result = failed(await call("assert_url", expected="/nowhere", match="equals"), "ASSERTION_FAILED")
    assert result.screenshot is None
    assert result.screenshot_note and result.screenshot_note.startswith("no screenshot")


async def test_cancellation_propagates(tool_ctx: ToolContext, call: Call) -> None:
    ok(await call("navigate", url="/"))
    task = asyncio.ensure_future(call_tool(tool_ctx, "wait_for", {"text": "never shown", "seconds": 5}))
    await asyncio.sleep(0.3)
    started = time.monotonic()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert time.monotonic() - started < 1


async def test_frozen_page_cannot_hang_a_tool(tool_ctx: ToolContext, call: Call) -> None:
    """Every browser call is bounded: with the page's main thread stuck, tools still return."""
    tool_ctx.settings = dataclasses.replace(
        FAST, action_timeout_ms=500, assertion_timeout_ms=500, snapshot_timeout_ms=500,
        screenshot_timeout_ms=500, navigation_timeout_ms=1_000, wait_timeout_ms=500, max_wait_ms=1_000,
        target_wait_ms=100,
        failure_screenshots=False,
    )  # fmt: skip
    ok(await call("navigate", url="/login.html"))
    ok(await call("snapshot"))
    await tool_ctx.page.evaluate("setTimeout(() => { while (true) {} }, 0)")
    calls = [
        ("click", {"target": "Log in"}),
        ("fill", {"ref": "e8", "value": "x"}),
        ("snapshot", {}),
        ("assert_title", {"expected": "Log in"}),
        ("screenshot", {}),
    ]
    for name, args in calls:
        started = time.monotonic()
        result: ToolResult = await asyncio.wait_for(call_tool(tool_ctx, name, args), 30)
        elapsed = time.monotonic() - started
        assert not result.ok, name
        assert result.error.code in (ErrorCode.TIMEOUT, ErrorCode.ASSERTION_FAILED), (name, result.error)
        assert elapsed < 5, (name, elapsed)
