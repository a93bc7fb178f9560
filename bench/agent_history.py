"""Lean history: what the model requests carry when a spec sees many images, with and without the relay.

One scripted agent session (real SDK + bundled CLI + real Chromium + demo shop, zero-latency fake model):
a five-step spec in which the model misses five clicks (five failure screenshots), takes one screenshot
and two snapshots: six images. It runs twice: ``before`` with ``AgentOptions(lean_history=False)`` (the
CLI re-sends every image with every later request) and ``after`` with the default history relay (at most
the newest two images per request, superseded ones replaced by a short text). Reported per run: bytes and
images of every model request, their median and maximum, the whole spec's bytes, and the outcome (which
must not change).

Usage: ``python -m bench.agent_history`` (prints a table) or ``run()`` → dict.
"""

from __future__ import annotations

import asyncio
import statistics
from typing import Any

from playwright.async_api import async_playwright

from autoqa.agent import AgentOptions, run_agent_spec
from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer
from autoqa.execute.recording import RecordingCaller
from autoqa.secrets import SecretSet
from autoqa.testing.fake_anthropic import FakeAnthropic, RecordedRequest, offline_env, tool_use
from autoqa.tools import ToolContext
from autoqa.tools.context import ToolSettings
from bench.agent_probe import compact_size, request_bytes
from bench.agent_tokens import PASSWORD, _spec

SCRIPT = [
    tool_use("navigate", {"url": "/login.html", "step": 1}),
    tool_use("click", {"target": "Sign in", "step": 2}),  # image 1: no such button
    tool_use("click", {"target": "Submit", "step": 2}),  # image 2
    tool_use("snapshot", {"step": 2}),  # supersedes images 1 and 2
    tool_use("fill", {"target": "Username", "value": "demo", "step": 2}),
    tool_use("fill", {"target": "Password", "value": "{{PASSWORD}}", "step": 2}),
    tool_use("click", {"target": "Log in", "step": 2}),
    tool_use("assert_url", {"expected": "/products.html", "step": 2}),
    tool_use("click", {"target": "Buy now", "step": 3}),  # image 3
    tool_use("screenshot", {"step": 3}),  # image 4
    tool_use("click", {"target": "Add to cart", "step": 3}),  # image 5: six of them, ambiguous
    tool_use("assert_count", {"target": "Add to cart", "count": 6, "step": 3}),
    tool_use("navigate", {"url": "/list.html", "step": 4}),
    tool_use("click", {"target": "Item 100000", "step": 5}),  # image 6
    tool_use("snapshot", {"step": 5}),
    tool_use("assert_text_present", {"text": "Item 1", "step": 5}),
    tool_use("finish", {"status": "passed", "summary": "done"}),
]


async def _session(lean: bool) -> tuple[list[RecordedRequest], str]:
    with DemoServer() as demo, FakeAnthropic(*SCRIPT) as fake:
        async with async_playwright() as playwright:
            browser = await launch_browser(playwright, resolve_browser())
            try:
                context = await browser.new_context(
                    base_url=demo.url, viewport={"width": 1280, "height": 800}
                )
                page = await context.new_page()
                ctx = ToolContext(
                    context=context,
                    page=page,
                    base_url=demo.url,
                    secrets={"PASSWORD": PASSWORD},
                    settings=ToolSettings(action_timeout_ms=2_000, target_wait_ms=300),
                )
                secrets = SecretSet({"PASSWORD": PASSWORD})
                caller = RecordingCaller(ctx, secrets=secrets, spec_slug="history-bench")
                options = AgentOptions(env=offline_env(fake.url), spec_timeout_s=120, lean_history=lean)
                result = await run_agent_spec(_spec(), ctx, options, caller=caller, secrets=secrets)
            finally:
                await browser.close()
        return fake.message_requests, f"{result.outcome}" + (f": {result.reason}" if result.reason else "")


def _figures(requests: list[RecordedRequest], outcome: str) -> dict[str, Any]:
    sizes = [request_bytes(r.body, r.raw) for r in requests]
    totals = [s["total_bytes"] for s in sizes]
    images = [len(r.all_images()) for r in requests]
    image_bytes = [sum(compact_size(b) for b in r.all_images()) for r in requests]
    return {
        "outcome": outcome,
        "model_requests": len(requests),
        "images_sent_to_the_model": sum(1 for r in requests if r.images()),
        "median_request_bytes": round(statistics.median(totals)),
        "max_request_bytes": max(totals),
        "last_request_bytes": totals[-1],
        "sum_request_bytes": sum(totals),
        "sum_image_bytes": sum(image_bytes),
        "max_images_per_request": max(images),
        "request_bytes": totals,
        "images_per_request": images,
    }


def run() -> dict[str, Any]:
    before = _figures(*asyncio.run(_session(lean=False)))
    after = _figures(*asyncio.run(_session(lean=True)))
    return {"before": before, "after": after}


def main() -> None:
    figures = run()
    keys = list(figures["before"])
    width = max(len(k) for k in keys)
    print(f"{'':<{width}}  before (lean_history=False)  ->  after (history relay)")
    for key in keys:
        print(f"{key:<{width}}  {figures['before'][key]}  ->  {figures['after'][key]}")


if __name__ == "__main__":
    main()
