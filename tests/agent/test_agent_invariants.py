"""Invariants and transient UI on the agent path: real SDK + CLI + fake model + Chromium + the demo shop.

An invariant the app breaks reaches the model in the result of the call it happened during
(``INVARIANT_VIOLATED``), and the verdict fails that step whatever the model says afterwards; a toast that
is gone by the time the model checks it is proved by ``assert_appeared``, and one that never appeared is
not."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from autoqa.agent import run_agent_spec
from autoqa.demo_app.server import DemoServer
from autoqa.results import Outcome, StepStatus
from autoqa.testing.fake_anthropic import FakeAnthropic, tool_use
from autoqa.tools.context import ToolContext
from autoqa.tools.invariants import InvariantPolicy

from .agent_helpers import spec, step, tool_result_summary
from .test_agent_e2e import SECRETS, request_after

pytestmark = pytest.mark.agent


async def test_a_console_error_fails_its_step_even_when_the_model_says_passed(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any, demo_server: DemoServer
) -> None:
    login = await tool_ctx.context.request.post(
        demo_server.url + "/api/login",
        data={"username": demo_server.username, "password": demo_server.credentials.password},
    )
    assert login.ok
    ctx = dataclasses.replace(tool_ctx, invariants=InvariantPolicy.build(configured=["no-console-errors"]))
    cart = spec(step(1, "Open the cart"), step(2, 'Verify "Your cart" is shown'))
    fake.script(
        tool_use("navigate", {"url": "/cart.html?bugs=console-error", "step": 1}, id="toolu_open"),
        tool_use("assert_text_present", {"text": "Your cart", "step": 2}),
        tool_use("finish", {"status": "passed", "summary": "the cart is shown"}),
    )
    result = await run_agent_spec(cart, ctx, agent_options(), secrets=SECRETS)

    seen = tool_result_summary(request_after(fake, "toolu_open"))
    assert seen["ok"] is False and seen["error"]["code"] == "INVARIANT_VIOLATED"
    assert "do not repeat it" in seen["error"]["message"]  # the navigation took effect
    assert result.outcome is Outcome.FAILED and result.failed_step == 1
    assert "no-console-errors" in (result.reason or "")
    assert "Recommendations failed to load" in (result.reason or "")
    assert result.steps[1].status is StepStatus.PASSED


async def test_a_toast_that_is_gone_is_proved_by_what_appeared_and_a_missing_one_fails(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    toast = spec(
        step(1, "Open the playground"),
        step(2, 'Click "Show toast"'),
        step(3, 'Verify the toast "Saved!" appeared'),
        step(4, 'Verify the toast "Deleted" appeared'),
    )
    fake.script(
        tool_use("navigate", {"url": "/playground.html", "step": 1}),
        tool_use("click", {"target": "Show toast", "step": 2}),
        tool_use("wait_for", {"seconds": 2.5, "step": 3}),  # the toast lasts ~2 s
        tool_use("assert_appeared", {"text": "Saved!", "step": 3}),
        tool_use("assert_appeared", {"text": "Deleted", "step": 4}),
        tool_use("finish", {"status": "passed", "summary": "both toasts shown"}),
    )
    result = await run_agent_spec(toast, tool_ctx, agent_options(), secrets=SECRETS)

    proved = [c for c in result.steps[2].tool_calls if c.tool == "assert_appeared"]
    assert result.steps[2].status is StepStatus.PASSED and proved[0].ok
    assert proved[0].data["visible_now"] is False and proved[0].data["appeared_in_step"] == 2
    assert result.outcome is Outcome.FAILED and result.failed_step == 4
    assert "'Deleted' did not appear" in (result.reason or "")
