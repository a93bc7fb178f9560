"""Fixed costs every run pays once: importing the SDK, starting Playwright, launching the browser,
starting the Claude Code CLI up to its init message. Each is measured several times; medians reported."""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from typing import Any

from playwright.async_api import async_playwright

from autoqa.browser import launch_browser, resolve_browser


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


def _cli_start_ms(repeats: int = 3) -> float:
    """The bundled Claude Code CLI: process start to `--version` answer (a floor for the init message)."""
    from pathlib import Path

    import claude_agent_sdk

    cli = Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([str(cli), "--version"], capture_output=True, check=False, timeout=60)
        samples.append(time.perf_counter() - started)
    return _median_ms(samples)


def run() -> dict[str, Any]:
    figures: dict[str, Any] = {
        "import_claude_agent_sdk_ms": _import_time("claude_agent_sdk"),
        "import_autoqa_cli_ms": _import_time("autoqa.cli"),
        "cli_version_ms": _cli_start_ms(),
    }
    figures.update(asyncio.run(_browser_costs()))
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:28} {value}")
