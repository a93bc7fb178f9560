"""Token economy and wall time of the agent path, measured from what a zero-latency fake model receives.

Two scripted agent sessions (real SDK + bundled CLI + real Chromium + demo shop):

``token_bench_spec`` — a five-step spec run in this process with snapshots of three pages and one failing
click (so a failure screenshot reaches the model). Per model request: bytes of tool definitions and
system prompt, snapshot and image sizes. Per spec: the bytes of all requests by category
(:data:`bench.agent_probe.BYTE_CATEGORIES`). Per tool round trip: browser tool time vs agent overhead
(CLI + SDK + our dispatcher).

``bundled_agent_spec`` — the bundled demo spec ``06-sorting-agent.md`` (``auth: login``) run in a fresh
Python process through the runner's own pieces (:mod:`bench.agent_spec_process`), so that its wall time
splits into the fixed costs a run pays once (Python + autoqa import, claude-agent-sdk import, Playwright
start, browser launch, context, Claude Code CLI start up to the first model request) and the tool loop
(per tool call), plus its bytes per spec.

Usage: ``python -m bench.agent_tokens`` (prints a table) or ``run()`` → dict.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.async_api import async_playwright

from autoqa.agent import AgentOptions, run_agent_spec
from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from autoqa.execute.recording import RecordingCaller
from autoqa.secrets import SecretSet
from autoqa.spec.model import Spec, Step, StepKind
from autoqa.testing.fake_anthropic import (
    FakeAnthropic,
    RecordedRequest,
    offline_env,
    result_text,
    tool_use,
    tool_uses_in,
)
from autoqa.tools import ToolContext
from bench.agent_probe import TimedEvents, compact_size, ms, request_bytes, round_trips, spec_bytes

PASSWORD = "demo-pass-123"
SPEC_PATH = Path("bench/agent-tokens.md")
REPO = Path(__file__).resolve().parent.parent
DEMO_SPECS = SPECS_DIR
BUNDLED_AGENT_SPEC = DEMO_SPECS / "06-sorting-agent.md"


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

BUNDLED_SCRIPT = [  # what a model plausibly does for 06-sorting-agent: look, act, look, check, finish
    tool_use("navigate", {"url": "/products.html", "step": 1}),
    tool_use("snapshot", {"step": 2}),
    tool_use("select_option", {"target": "Sort by", "option": "Price (low to high)", "step": 2}),
    tool_use("snapshot", {"step": 3}),
    tool_use("assert_text_present", {"text": "Onesie", "step": 3}),
    tool_use("assert_text_present", {"text": "Fleece Jacket", "step": 3}),
    tool_use("finish", {"status": "passed", "summary": "sorted by price, cheapest first"}),
]


# --- token bench: in this process ----------------------------------------------------------------------


async def _token_session() -> tuple[FakeAnthropic, TimedEvents, Any, float]:
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
                secrets = SecretSet({"PASSWORD": PASSWORD})
                events = TimedEvents()
                caller = RecordingCaller(ctx, secrets=secrets, events=events, spec_slug="token-bench")
                options = AgentOptions(env=offline_env(fake.url), spec_timeout_s=120)
                started = time.perf_counter()
                result = await run_agent_spec(
                    _spec(), ctx, options, caller=caller, events=events, secrets=secrets
                )
                wall = time.perf_counter() - started
            finally:
                await browser.close()
        return fake, events, result, wall


def _per_request(requests: list[RecordedRequest]) -> dict[str, Any]:
    sizes = [request_bytes(r.body, r.raw) for r in requests]
    snapshot_bytes: list[int] = []
    images: list[dict[str, int]] = []
    for request in requests:
        for block in request.tool_results():
            body = result_text(block)
            if "snapshot:\n" in body:
                snapshot_bytes.append(len(body.encode()))
        for image in request.images():
            data = base64.b64decode(image["source"]["data"])
            with Image.open(io.BytesIO(data)) as picture:
                images.append(
                    {
                        "jpeg_bytes": len(data),
                        "image_block_bytes": compact_size(image),
                        "width_px": picture.size[0],
                        "height_px": picture.size[1],
                    }
                )
    tools = max(s["tools_definitions_bytes"] for s in sizes)
    system = max(s["system_prompt_bytes"] for s in sizes)
    return {
        "tools_definitions_bytes": tools,
        "system_prompt_bytes": system,
        "tools_plus_system_bytes": tools + system,
        "first_request_bytes": sizes[0]["total_bytes"],
        "last_request_bytes": sizes[-1]["total_bytes"],
        "snapshot_result_bytes": snapshot_bytes,
        "failure_images": images,
    }


def _token_bench() -> dict[str, Any]:
    fake, events, result, wall = asyncio.run(_token_session())
    requests = fake.message_requests
    model_s = sum(r.served_s for r in requests)
    return {
        "outcome": str(result.outcome),
        "model_requests": len(requests),
        "tool_calls_including_finish": len(list(tool_uses_in(requests[-1]))),
        "per_request": _per_request(requests),
        "per_spec": spec_bytes(requests),
        "timing": {
            **round_trips(requests, events.tool_spans()),
            "spec_wall_ms": ms(wall),
            "fake_model_ms": ms(model_s),
        },
    }


# --- the bundled agent spec: a fresh process --------------------------------------------------------------


def _bundled_agent_spec() -> dict[str, Any]:
    with DemoServer() as demo, FakeAnthropic(*BUNDLED_SCRIPT) as fake:
        config = {
            "spec": str(BUNDLED_AGENT_SPEC),
            "root": str(DEMO_SPECS),
            "demo_url": demo.url,
            "fake_url": fake.url,
            "username": demo.username,
            "password": demo.credentials.password,
        }
        spawned = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "bench.agent_spec_process"],
            input=json.dumps(config),
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        exited = time.perf_counter()
        requests = fake.message_requests
    if done.returncode != 0:
        raise RuntimeError(f"agent spec process failed ({done.returncode}): {done.stderr[-2000:]}")
    marks = json.loads(done.stdout.strip().splitlines()[-1])
    return _breakdown(marks, requests, spawned, exited)


def _breakdown(
    marks: dict[str, Any], requests: list[RecordedRequest], spawned: float, exited: float
) -> dict[str, Any]:
    first_request = requests[0].received_perf
    last_answered = requests[-1].received_perf + requests[-1].served_s
    spawn_started = marks["cli_spawn"][0] if marks["cli_spawn"] else marks["agent_started"]
    tool_calls = len(list(tool_uses_in(requests[-1])))
    tool_loop = last_answered - first_request
    fixed = {
        "import_claude_agent_sdk_ms": ms(marks["sdk_imported"] - marks["autoqa_imported"]),
        "load_spec_ms": ms(marks["spec_loaded"] - marks["sdk_imported"]),
        "playwright_start_ms": ms(marks["playwright_started"] - marks["spec_loaded"]),
        "browser_launch_ms": ms(marks["browser_launched"] - marks["playwright_started"]),
        "context_and_page_ms": ms(marks["context_ready"] - marks["setup_done"]),
        "agent_setup_before_cli_spawn_ms": ms(spawn_started - marks["agent_started"]),
        "claude_cli_spawn_to_init_message_ms": (
            ms(marks["init_message"] - spawn_started) if marks["init_message"] else None
        ),
        "claude_cli_spawn_to_first_model_request_ms": ms(first_request - spawn_started),
    }
    # What only agent specs pay: the SDK import, the session's setup and the CLI start.
    agent_only = (marks["sdk_imported"] - marks["autoqa_imported"]) + (first_request - marks["agent_started"])
    auth_setup = marks["setup_done"] - marks["browser_launched"]
    return {
        "spec": BUNDLED_AGENT_SPEC.name,
        "outcome": marks["outcome"],
        "reason": marks["reason"],
        "model_requests": len(requests),
        "tool_calls_including_finish": tool_calls,
        "process_wall_ms": ms(exited - spawned),
        "spec_wall_ms": ms(marks["agent_returned"] - marks["agent_started"]),
        "fixed_costs": {
            "python_start_ms": ms(marks["process_main"] - spawned),
            "import_autoqa_and_playwright_ms": ms(marks["autoqa_imported"] - marks["process_main"]),
            **fixed,
            # Process spawn to the first model request, minus the log-in that belongs to the setup spec.
            "sum_fixed_ms": ms(first_request - spawned - auth_setup),
            "sum_agent_only_fixed_ms": ms(agent_only),
        },
        "not_this_spec": {"auth_login_setup_ms": ms(auth_setup)},
        "tool_loop": {
            "first_model_request_to_last_answer_ms": ms(tool_loop),
            "wall_per_tool_call_ms": ms(tool_loop / tool_calls) if tool_calls else None,
            **round_trips(requests, [tuple(span) for span in marks["tool_spans"]]),
            "fake_model_ms": ms(sum(r.served_s for r in requests)),
        },
        "teardown": {
            "session_end_after_last_answer_ms": ms(marks["agent_returned"] - last_answered),
            "context_and_browser_close_ms": ms(marks["browser_closed"] - marks["agent_returned"]),
            "process_exit_ms": ms(exited - marks["browser_closed"]),
        },
        "per_spec": spec_bytes(requests),
    }


def run() -> dict[str, Any]:
    return {"token_bench_spec": _token_bench(), "bundled_agent_spec": _bundled_agent_spec()}


def main() -> None:
    rows: list[tuple[str, Any]] = []

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(f"{prefix}.{key}" if prefix else key, inner)
        else:
            rows.append((prefix, value))

    walk("", run())
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
