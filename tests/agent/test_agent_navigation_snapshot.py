"""Refs across a real navigation, end to end: real claude-agent-sdk + bundled Claude Code CLI + fake
Messages API + real headless Chromium on fixture pages served from 127.0.0.1.

A ref names an element of the document its snapshot was taken on. After a link loads a new document, the
model must snapshot again and act with the new refs; a ref copied from the earlier page has to fail
clearly (never crash, never silently name an element of the new page), and the spec may only pass once
the model has recovered with a fresh snapshot.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser

from autoqa.agent import run_agent_spec
from autoqa.results import Outcome, SpecResult, StepStatus, ToolCall
from autoqa.testing.fake_anthropic import FakeAnthropic, RecordedRequest, result_text, tool_use
from autoqa.tools.context import ToolContext, ToolSettings

from .agent_helpers import cli_processes, ref_for, spec, step

pytestmark = pytest.mark.agent

# Page one's refs are e1.. (generic, heading, button, link); page two's are f1e1.. on the new document.
# "Add to wishlist" is e3 on page one and "Confirm order" f1e3 on page two: the same number, so a stale
# ref that silently resolved on the new page would click the wrong button (the page counts clicks).
CATALOG = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Catalog</title></head>
<body>
  <h1>Catalog</h1>
  <button type="button">Add to wishlist</button>
  <a href="/details.html">Open details</a>
</body></html>
"""

DETAILS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Details</title></head>
<body>
  <h1>Details</h1>
  <button type="button" id="confirm">Confirm order</button>
  <p id="status" role="status"></p>
  <script>
    window.confirmClicks = 0;
    document.getElementById("confirm").addEventListener("click", () => {
      window.confirmClicks += 1;
      document.getElementById("status").textContent = "Order confirmed";
    });
  </script>
</body></html>
"""

NAVIGATION = spec(
    step(1, "Open the catalog page"),
    step(2, 'Follow the "Open details" link', "the Details page opens"),
    step(3, 'Click "Confirm order"'),
    step(4, 'Verify the text "Order confirmed" is shown'),
    title="Refs after a navigation",
)

_REFS = re.compile(r"\[ref=((?:f\d+)?e\d+)\]")


@pytest.fixture
async def site_ctx(browser: Browser, site: tuple[Path, str]) -> AsyncIterator[ToolContext]:
    """A tool context on a fresh browser context whose base URL is the fixture site."""
    folder, base_url = site
    (folder / "index.html").write_text(CATALOG, encoding="utf-8")
    (folder / "details.html").write_text(DETAILS, encoding="utf-8")
    context = await browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    # Short timeouts as in the other agent tests: a stale ref is meant to fail, and should fail fast.
    settings = ToolSettings(
        action_timeout_ms=3_000, assertion_timeout_ms=2_500, navigation_timeout_ms=8_000, target_wait_ms=300
    )
    yield ToolContext(context=context, page=page, base_url=base_url, settings=settings)
    with contextlib.suppress(Exception):
        await context.close()


@pytest.fixture(autouse=True)
def no_cli_left_behind() -> Iterator[None]:
    yield
    deadline = time.monotonic() + 5
    while cli_processes() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert cli_processes() == [], "a Claude Code CLI process outlived its session"


# --- helpers ---------------------------------------------------------------------------------------------


def request_after(fake: FakeAnthropic, tool_use_id: str) -> RecordedRequest:
    """The first model request that carried the result of ``tool_use_id``."""
    for request in fake.message_requests:
        if request.tool_result(tool_use_id) is not None:
            return request
    raise AssertionError(f"no request carried the result of {tool_use_id}")


def result_of(fake: FakeAnthropic, tool_use_id: str) -> tuple[dict[str, Any], str]:
    """``(summary, full text)`` of the tool result the model received for ``tool_use_id``."""
    block = request_after(fake, tool_use_id).tool_result(tool_use_id)
    assert block is not None
    body = result_text(block)
    return json.loads(body.splitlines()[0]), body


def refs_in(snapshot_text: str) -> set[str]:
    return set(_REFS.findall(snapshot_text))


def calls_of(result: SpecResult) -> list[ToolCall]:
    return [call for s in result.steps for call in s.tool_calls]


def ok_sequence(result: SpecResult) -> list[tuple[str, int | None, bool]]:
    return [(c.tool, c.step, c.ok) for c in calls_of(result)]


async def confirm_clicks(ctx: ToolContext) -> int:
    return int(await ctx.page.evaluate("window.confirmClicks"))


# --- tests -----------------------------------------------------------------------------------------------


async def test_refs_from_the_snapshot_after_a_navigation_act_on_the_new_page(
    fake: FakeAnthropic, site_ctx: ToolContext, agent_options: Any
) -> None:
    used: dict[str, str] = {}

    def by_ref(tool: str, role: str, name: str, step_no: int, key: str) -> Any:
        def reply(request: RecordedRequest) -> Any:
            used[key] = ref_for(request, role, name)
            return tool_use(tool, {"ref": used[key], "step": step_no}, id=f"toolu_{key}")

        return reply

    fake.script(
        tool_use("navigate", {"url": "/index.html", "step": 1}, id="toolu_nav"),
        tool_use("snapshot", {"step": 2}, id="toolu_snap1"),
        by_ref("click", "link", "Open details", 2, "link"),
        tool_use("snapshot", {"step": 2}, id="toolu_snap2"),  # right after the navigating click
        tool_use("assert_url", {"expected": "/details.html", "step": 2}, id="toolu_url"),
        by_ref("assert_element_visible", "heading", "Details", 3, "heading"),
        by_ref("click", "button", "Confirm order", 3, "confirm"),
        tool_use("assert_text_present", {"text": "Order confirmed", "step": 4}, id="toolu_text"),
        tool_use("finish", {"status": "passed", "summary": "details opened, order confirmed"}),
    )
    result = await run_agent_spec(NAVIGATION, site_ctx, agent_options())

    assert result.outcome is Outcome.PASSED, result.reason
    assert [s.status for s in result.steps] == [StepStatus.PASSED] * 4
    assert not any(s.healed for s in result.steps)
    assert ok_sequence(result) == [
        ("navigate", 1, True),
        ("snapshot", 2, True),
        ("click", 2, True),
        ("snapshot", 2, True),
        ("assert_url", 2, True),
        ("assert_element_visible", 3, True),
        ("click", 3, True),
        ("assert_text_present", 4, True),
    ]

    # The link click was a real navigation: a new document on the second page.
    link_summary, _ = result_of(fake, "toolu_link")
    assert link_summary["ok"] is True
    assert link_summary["data"]["url"].endswith("/details.html"), link_summary

    # Each snapshot shows its own page, and the second one's refs are all new (a new document's prefix).
    first_summary, first = result_of(fake, "toolu_snap1")
    second_summary, second = result_of(fake, "toolu_snap2")
    assert first_summary["ok"] and second_summary["ok"]
    assert 'link "Open details"' in first and 'button "Confirm order"' not in first
    assert 'button "Confirm order"' in second and 'link "Open details"' not in second
    # taken right after the click, the snapshot already shows the new page, not a blank or loading title
    assert second_summary["data"].get("title") == "Details", second_summary
    first_refs, second_refs = refs_in(first), refs_in(second)
    assert first_refs and second_refs
    assert first_refs.isdisjoint(second_refs), (first_refs, second_refs)

    # The refs the model used on page two came from the new snapshot and resolved there.
    assert used["link"] in first_refs
    assert used["heading"] in second_refs and used["confirm"] in second_refs
    for key in ("heading", "confirm"):
        summary, _ = result_of(fake, f"toolu_{key}")
        assert summary["ok"] is True, summary
        assert summary["data"]["ref"] == used[key]
    recorded = {c.args.get("ref"): c for c in calls_of(result) if c.args.get("ref")}
    assert recorded[used["confirm"]].tool == "click" and recorded[used["confirm"]].ok

    # And it really acted on page two: exactly one click on "Confirm order", whose text is shown.
    assert site_ctx.page.url.endswith("/details.html")
    assert await confirm_clicks(site_ctx) == 1
    assert await site_ctx.page.locator("#status").inner_text() == "Order confirmed"


async def test_a_stale_ref_after_a_navigation_fails_clearly_and_a_fresh_snapshot_recovers(
    fake: FakeAnthropic, site_ctx: ToolContext, agent_options: Any
) -> None:
    used: dict[str, str] = {}

    def remember(key: str, role: str, name: str) -> Any:
        """Read the ref from the first page's snapshot (as a model would) before it navigates."""

        def reply(request: RecordedRequest) -> Any:
            used["stale"] = ref_for(request, "button", "Add to wishlist")
            used[key] = ref_for(request, role, name)
            return tool_use("click", {"ref": used[key], "step": 2}, id=f"toolu_{key}")

        return reply

    def fresh(request: RecordedRequest) -> Any:
        used["fresh"] = ref_for(request, "button", "Confirm order")
        return tool_use("click", {"ref": used["fresh"], "step": 3}, id="toolu_fresh")

    fake.script(
        tool_use("navigate", {"url": "/index.html", "step": 1}, id="toolu_nav"),
        tool_use("snapshot", {"step": 2}, id="toolu_snap1"),
        remember("link", "link", "Open details"),
        tool_use("assert_url", {"expected": "/details.html", "step": 2}, id="toolu_url"),
        # No new snapshot: the model reuses a ref copied from the catalog page.
        lambda _r: tool_use("click", {"ref": used["stale"], "step": 3}, id="toolu_stale"),
        tool_use("snapshot", {"step": 3}, id="toolu_snap2"),
        fresh,
        tool_use("assert_text_present", {"text": "Order confirmed", "step": 4}, id="toolu_text"),
        tool_use("finish", {"status": "passed", "summary": "recovered with a fresh snapshot"}),
    )
    result = await run_agent_spec(NAVIGATION, site_ctx, agent_options())

    # The stale call failed as a tool error the model could read, with advice to snapshot again.
    stale_summary, stale_text = result_of(fake, "toolu_stale")
    assert stale_summary["ok"] is False, stale_summary
    assert stale_summary["error"]["code"] == "ELEMENT_NOT_FOUND"
    assert stale_summary["error"]["retriable"] is False
    assert used["stale"] in stale_text and "snapshot" in stale_text
    # "gone" today (an unprefixed ref is unknown to the new document's snapshot); "earlier_page" is the
    # other wording refs.py has for a ref of a previous document. Either is a clear, actionable error.
    assert stale_summary["error"]["details"]["reason"] in {"gone", "earlier_page"}
    # A failed call carries the failure screenshot to the model (the CLI keeps images only without is_error).
    assert stale_summary["screenshot"]["attached"] is True
    assert len(request_after(fake, "toolu_stale").images()) == 1
    # It did not resolve to an element of the new page (the same number names "Confirm order" there).
    _, second = result_of(fake, "toolu_snap2")
    assert used["stale"] not in refs_in(second)
    assert used["fresh"] in refs_in(second) and used["fresh"] != used["stale"]

    # Recovered: the spec passes, step 3 is healed, and the stale call is recorded as failed.
    assert result.outcome is Outcome.PASSED, result.reason
    assert [s.status for s in result.steps] == [StepStatus.PASSED] * 4
    assert [s.healed for s in result.steps] == [False, False, True, False]
    assert ok_sequence(result) == [
        ("navigate", 1, True),
        ("snapshot", 2, True),
        ("click", 2, True),
        ("assert_url", 2, True),
        ("click", 3, False),
        ("snapshot", 3, True),
        ("click", 3, True),
        ("assert_text_present", 4, True),
    ]
    stale_call = next(c for c in result.steps[2].tool_calls if not c.ok)
    assert stale_call.args["ref"] == used["stale"]
    assert stale_call.error_code == "ELEMENT_NOT_FOUND" and stale_call.error_message
    fresh_call = next(c for c in result.steps[2].tool_calls if c.ok and c.tool == "click")
    assert fresh_call.args["ref"] == used["fresh"]

    # The stale click clicked nothing; the fresh one clicked "Confirm order" once.
    assert site_ctx.page.url.endswith("/details.html")
    assert await confirm_clicks(site_ctx) == 1
    assert await site_ctx.page.locator("#status").inner_text() == "Order confirmed"
