"""How much does the tool layer add to a bare Playwright call? (A benchmark, not a test.)

Runs headless Chromium against the bundled demo shop and times, interleaved on the same elements:

* ``bare``:   the Playwright call a hand-written test would make (``get_by_role(...).click()``);
* ``ref``:    ``call_tool`` with a ref from a snapshot (the agent's usual path);
* ``target``: ``call_tool`` with a plain-language target (deterministic steps, recovery).

It prints the medians and the ratios to the bare call, and ``run()`` returns them as a dict.
Usage: ``python bench/tool_overhead.py [iterations]``.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Page, async_playwright, expect

from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer
from autoqa.tools import ToolContext, ToolResult, call_tool

Timed = Callable[[], Awaitable[Any]]
WARMUP = 5


def _ref(snapshot: str, pattern: str) -> str:
    for line in snapshot.splitlines():
        if re.search(pattern, line):
            found = re.search(r"\[ref=((?:f\d+)?e\d+)\]", line)
            if found:
                return found.group(1)
    raise LookupError(pattern)


async def _checked(result: Awaitable[ToolResult]) -> None:
    outcome = await result
    if not outcome.ok:
        raise RuntimeError(f"benchmark call failed: {outcome.error}")


async def _measure(variants: dict[str, Timed], iterations: int) -> dict[str, float]:
    """Median milliseconds per variant; variants take turns so drift hits them all alike."""
    samples: dict[str, list[float]] = {name: [] for name in variants}
    names = list(variants)
    for round_index in range(WARMUP + iterations):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name in order:
            started = time.perf_counter()
            await variants[name]()
            if round_index >= WARMUP:
                samples[name].append((time.perf_counter() - started) * 1000)
    return {name: statistics.median(values) for name, values in samples.items()}


async def _scenarios(ctx: ToolContext, playground: Page, login: Page) -> dict[str, dict[str, Timed]]:
    ctx.page = playground
    play_snapshot = (await call_tool(ctx, "snapshot", {})).data["snapshot"]
    settings_ref = _ref(play_snapshot, r'button "Settings"')
    ctx.page = login
    login_snapshot = (await call_tool(ctx, "snapshot", {})).data["snapshot"]
    username_ref = _ref(login_snapshot, r'textbox "Username"')
    settings_button = playground.get_by_role("button", name="Settings")
    username_box = login.get_by_role("textbox", name="Username")

    def on(page: Page, name: str, args: dict[str, Any]) -> Timed:
        async def run() -> None:
            ctx.page = page
            await _checked(call_tool(ctx, name, args))

        return run

    return {
        "click": {
            "bare": lambda: settings_button.click(),
            "ref": on(playground, "click", {"ref": settings_ref}),
            "target": on(playground, "click", {"target": "Settings"}),
        },
        "fill": {
            "bare": lambda: username_box.fill("demo"),
            "ref": on(login, "fill", {"ref": username_ref, "value": "demo"}),
            "target": on(login, "fill", {"target": "Username", "value": "demo"}),
        },
        "assert_visible": {
            "bare": lambda: expect(settings_button).to_be_visible(),
            "ref": on(playground, "assert_element_visible", {"ref": settings_ref}),
            "target": on(playground, "assert_element_visible", {"target": "Settings"}),
        },
        "assert_text": {
            "bare": lambda: expect(playground.get_by_text("Icon only").first).to_be_visible(),
            "ref": on(playground, "assert_text_present", {"text": "Icon only"}),
            "target": on(playground, "assert_text_present", {"text": "Icon only"}),
        },
    }


async def run_async(iterations: int = 60) -> dict[str, dict[str, float]]:
    with DemoServer() as server:
        async with async_playwright() as playwright:
            browser = await launch_browser(playwright, resolve_browser())
            try:
                context = await browser.new_context(
                    base_url=server.url, viewport={"width": 1280, "height": 800}
                )
                playground = await context.new_page()
                await playground.goto("/playground.html")
                login = await context.new_page()
                await login.goto("/login.html")
                ctx = ToolContext(context=context, page=playground, base_url=server.url)
                figures: dict[str, dict[str, float]] = {}
                for name, variants in (await _scenarios(ctx, playground, login)).items():
                    medians = await _measure(variants, iterations)
                    figures[name] = {
                        "bare_ms": medians["bare"],
                        "ref_ms": medians["ref"],
                        "target_ms": medians["target"],
                        "ref_ratio": medians["ref"] / medians["bare"],
                        "target_ratio": medians["target"] / medians["bare"],
                    }
            finally:
                await browser.close()
    return figures


def run(iterations: int = 60) -> dict[str, dict[str, float]]:
    """Measure and print the table; returns ``{scenario: {bare_ms, ref_ms, target_ms, *_ratio}}``."""
    figures = asyncio.run(run_async(iterations))
    print(
        f"tool overhead, median of {iterations} interleaved runs "
        "(ratio = through call_tool / bare Playwright)"
    )
    print(f"{'scenario':<16}{'bare ms':>9}{'ref ms':>9}{'ratio':>7}{'target ms':>11}{'ratio':>7}")
    for name, row in figures.items():
        print(
            f"{name:<16}{row['bare_ms']:>9.2f}{row['ref_ms']:>9.2f}{row['ref_ratio']:>7.2f}"
            f"{row['target_ms']:>11.2f}{row['target_ratio']:>7.2f}"
        )
    print("(assert_text has no element: its 'ref' and 'target' columns are the same call)")
    return figures


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
