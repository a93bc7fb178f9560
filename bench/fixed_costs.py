"""Fixed costs every run pays once: importing the SDK, starting Playwright, launching the browser,
starting the Claude Code CLI. Each is measured several times; medians reported.

The CLI start is measured on the real agent path (:func:`autoqa.agent.run_agent_spec` against a
zero-latency fake model that answers one text turn, claude-agent-sdk already imported, browser already
running): from the SDK starting the bundled CLI subprocess to the ``init`` system message and to the
first model request the fake receives, plus the session's end after the fake's answer (result message,
CLI exit, verdict).
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from autoqa.browser import launch_browser, resolve_browser
from bench.agent_probe import TimedEvents, cli_spawn_probe


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 1)


def _import_time(module: str, repeats: int = 3) -> float:
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
        samples.append(time.perf_counter() - started)
    baseline = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        baseline.append(time.perf_counter() - started)
    return round(_median_ms(samples) - _median_ms(baseline), 1)


async def _browser_costs(repeats: int = 5) -> dict[str, float]:
    choice = resolve_browser()
    starts, launches, contexts = [], [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        async with async_playwright() as playwright:
            t1 = time.perf_counter()
            browser = await launch_browser(playwright, choice)
            t2 = time.perf_counter()
            context = await browser.new_context()
            await context.new_page()
            t3 = time.perf_counter()
            await browser.close()
        starts.append(t1 - t0)
        launches.append(t2 - t1)
        contexts.append(t3 - t2)
    return {
        "playwright_start_ms": _median_ms(starts),
        "browser_launch_ms": _median_ms(launches),
        "context_and_page_ms": _median_ms(contexts),
    }


def _cli_version_ms(repeats: int = 3) -> float:
    """The bundled Claude Code CLI: process start to its ``--version`` answer (a fast path, no init)."""
    import claude_agent_sdk

    cli = Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([str(cli), "--version"], capture_output=True, check=False, timeout=60)
        samples.append(time.perf_counter() - started)
    return _median_ms(samples)


async def _claude_cli_start(repeats: int = 3) -> dict[str, float | None]:
    import autoqa.agent.session  # noqa: F401  (the SDK import is measured apart, above)
    from autoqa.agent import AgentOptions, run_agent_spec
    from autoqa.spec.model import Spec, Step, StepKind
    from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text
    from autoqa.tools import ToolContext

    path = Path("bench/cli-start.md")
    spec = Spec(path, "CLI start", (), (Step(1, "Open the home page", StepKind.ACTION, path, 1),))
    setup, to_init, to_request, end = [], [], [], []
    async with async_playwright() as playwright:
        browser = await launch_browser(playwright, resolve_browser())
        try:
            context = await browser.new_context()
            ctx = ToolContext(context=context, page=await context.new_page(), base_url="http://127.0.0.1:9")
            for _ in range(repeats):
                events = TimedEvents()
                with FakeAnthropic(text("Nothing to do.")) as fake, cli_spawn_probe() as spawns:
                    options = AgentOptions(env=offline_env(fake.url), spec_timeout_s=60)
                    started = time.perf_counter()
                    await run_agent_spec(spec, ctx, options, events=events)
                    returned = time.perf_counter()
                    requests = fake.message_requests
                init = events.first("agent.turn", phase="init")
                if not spawns or not requests or init is None:
                    continue  # the probe found no spawn (another SDK layout) or the session never started
                spawn = spawns[0][0]
                setup.append(spawn - started)
                to_init.append(init - spawn)
                to_request.append(requests[0].received_perf - spawn)
                end.append(returned - (requests[-1].received_perf + requests[-1].served_s))
        finally:
            await browser.close()

    def median(samples: list[float]) -> float | None:
        return _median_ms(samples) if samples else None

    return {
        "agent_setup_before_cli_spawn_ms": median(setup),
        "claude_cli_spawn_to_init_message_ms": median(to_init),
        "claude_cli_spawn_to_first_model_request_ms": median(to_request),
        "claude_cli_session_end_after_last_answer_ms": median(end),
    }


def run() -> dict[str, Any]:
    figures: dict[str, Any] = {
        "import_claude_agent_sdk_ms": _import_time("claude_agent_sdk"),
        "import_autoqa_cli_ms": _import_time("autoqa.cli"),
        "claude_cli_version_flag_ms": _cli_version_ms(),
    }
    figures.update(asyncio.run(_browser_costs()))
    figures.update(asyncio.run(_claude_cli_start()))
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:44} {value}")
