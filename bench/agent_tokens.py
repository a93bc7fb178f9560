"""Token economy and overhead of the agent path, measured from what the model server receives.

Runs one scripted agent session (real SDK + bundled CLI + real Chromium + demo shop) against a
zero-latency fake Messages API and reports:

- bytes of tool definitions and system prompt per request (compact JSON, as sent),
- snapshot sizes and failure-screenshot sizes as they reach the model,
- the agent's overhead per tool call: the gap between the fake finishing one answer and receiving the
  next request, minus the time the browser tool itself took (CLI + SDK + our handler).

Usage: ``python bench/agent_tokens.py`` (prints a table) or ``run()`` → dict.
"""

from __future__ import annotations

import asyncio
import base64
import io
import itertools
import json
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.async_api import async_playwright

from autoqa.agent import AgentOptions, run_agent_spec
from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer
from autoqa.secrets import SecretSet
from autoqa.spec.model import Spec, Step, StepKind
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, result_text, tool_use
from autoqa.tools import ToolContext, ToolResult, call_tool

PASSWORD = "demo-pass-123"
SPEC_PATH = Path("bench/agent-tokens.md")


def _spec() -> Spec:
    def step(index: int, text: str, *expected: str) -> Step:
        kind = StepKind.ASSERTION if text.startswith("Verify") else StepKind.ACTION
        return Step(index, text, kind, SPEC_PATH, index, expected=expected)

    steps = (
        step(1, "Open the login page"),
        step(2, "Log in as demo with password {{PASSWORD}}", "the Products page opens"),
        step(3, 'Verify six "Add to cart" buttons are shown'),
        step(4, "Open the long list page"),
        step(5, 'Verify "Item 1" is shown'),
    )
    return Spec(SPEC_PATH, "Token bench", ("The demo shop runs",), steps, secrets=frozenset({"PASSWORD"}))


SCRIPT = [
    tool_use("navigate", {"url": "/login.html", "step": 1}),
    tool_use("snapshot", {"step": 2}),
    tool_use("fill", {"target": "Username", "value": "demo", "step": 2}),
    tool_use("fill", {"target": "Password", "value": "{{PASSWORD}}", "step": 2}),
    tool_use("click", {"target": "Sign in", "step": 2}),  # wrong on purpose: a failure screenshot
    tool_use("click", {"target": "Log in", "step": 2}),
    tool_use("assert_url", {"expected": "/products.html", "step": 2}),
    tool_use("snapshot", {"step": 3}),
    tool_use("assert_count", {"target": "Add to cart", "count": 6, "step": 3}),
    tool_use("navigate", {"url": "/list.html", "step": 4}),
    tool_use("snapshot", {"step": 4}),
    tool_use("assert_text_present", {"text": "Item 1", "step": 5}),
    tool_use("finish", {"status": "passed", "summary": "done"}),
]


class TimedCaller:
    def __init__(self, ctx: ToolContext) -> None:
        self.ctx = ctx
        self.durations: list[float] = []
        self.names: list[str] = []

    async def __call__(self, name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        started = time.perf_counter()
        result = await call_tool(self.ctx, name, args)
        self.durations.append(time.perf_counter() - started)
        self.names.append(name)
        return result


def _compact(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


async def _session() -> tuple[FakeAnthropic, TimedCaller, Any, float]:
    with DemoServer() as demo, FakeAnthropic(*SCRIPT) as fake:
        async with async_playwright() as playwright:
            browser = await launch_browser(playwright, resolve_browser())
            try:
                context = await browser.new_context(
                    base_url=demo.url, viewport={"width": 1280, "height": 800}
                )
                page = await context.new_page()
                ctx = ToolContext(
                    context=context, page=page, base_url=demo.url, secrets={"PASSWORD": PASSWORD}
                )
                caller = TimedCaller(ctx)
                options = AgentOptions(env=offline_env(fake.url), spec_timeout_s=120)
                started = time.perf_counter()
                result = await run_agent_spec(
                    _spec(), ctx, options, caller=caller, secrets=SecretSet({"PASSWORD": PASSWORD})
                )
                wall = time.perf_counter() - started
            finally:
                await browser.close()
        return fake, caller, result, wall


def run() -> dict[str, Any]:
    fake, caller, result, wall = asyncio.run(_session())
    requests = fake.message_requests
    tools_bytes = [_compact((r.body or {}).get("tools", [])) for r in requests]
    system_bytes = [_compact((r.body or {}).get("system", [])) for r in requests]
    snapshot_sizes: list[int] = []
    images: list[dict[str, int]] = []
    for request in requests:
        for block in request.tool_results():
            body = result_text(block)
            if "snapshot:\n" in body:
                snapshot_sizes.append(len(body.encode()))
        for image in request.images():
            data = base64.b64decode(image["source"]["data"])
            with Image.open(io.BytesIO(data)) as picture:
                images.append(
                    {
                        "bytes": len(data),
                        "base64_chars": len(image["source"]["data"]),
                        "width": picture.size[0],
                        "height": picture.size[1],
                    }
                )
    # Gap between the fake finishing answer k and receiving request k+1 = one tool round trip on our side.
    gaps = [
        nxt.received_perf - (cur.received_perf + cur.served_s) for cur, nxt in itertools.pairwise(requests)
    ]
    tool_gaps = gaps[: len(caller.durations)]
    overheads = [gap - tool for gap, tool in zip(tool_gaps, caller.durations, strict=False)]
    model_time = sum(r.served_s for r in requests)
    calls = len(caller.durations) or 1
    return {
        "outcome": str(result.outcome),
        "model_requests": len(requests),
        "tool_calls": len(caller.durations),
        "tools_bytes_per_request": max(tools_bytes),
        "system_bytes_per_request": max(system_bytes),
        "tools_plus_system_bytes": max(t + s for t, s in zip(tools_bytes, system_bytes, strict=True)),
        "first_request_bytes": len(requests[0].raw),
        "last_request_bytes": len(requests[-1].raw),
        "snapshot_result_bytes": snapshot_sizes,
        "images": images,
        "median_tool_s": round(statistics.median(caller.durations), 4),
        "median_round_trip_gap_s": round(statistics.median(tool_gaps), 4),
        "median_agent_overhead_per_tool_call_s": round(statistics.median(overheads), 4),
        "mean_wall_minus_model_per_tool_call_s": round((wall - model_time) / calls, 4),
        "wall_s": round(wall, 2),
        "fake_model_s": round(model_time, 4),
    }


def main() -> None:
    figures = run()
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
