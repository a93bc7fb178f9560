"""What does settling cost an action? (A benchmark, not a test.)

Runs headless Chromium against the demo's ``/hash-list.html`` and times, interleaved, the same
``call_tool`` action with settling on (the default cap) and off (``settle_timeout_ms=0``):

* ``inert``:   a click that changes nothing (the common case);
* ``count``:   a click whose handler changes the DOM once, synchronously;
* ``route``:   a filter link whose hashchange re-renders at once (``delay=0``): pays the quiet window;
* ``overhead``: ``settling()`` around no action at all (its two round trips), next to one bare
  ``page.evaluate`` round trip for scale;
* ``cap``:     a click that starts a ticker rewriting the page every 10 ms (the worst case: the cap).

Prints medians, the on/off ratios and the added milliseconds; ``run()`` returns them as a dict.
Usage: ``python -m bench settle`` or ``python bench/settle_cost.py [iterations]``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import async_playwright

from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer
from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.settle import LAST_KEY, QUIET_MS, Settlement, settling

Timed = Callable[[], Awaitable[Any]]
WARMUP = 5
CAP_RUNS = 5


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


def _row(medians: dict[str, float]) -> dict[str, float]:
    return {
        "off_ms": round(medians["off"], 2),
        "on_ms": round(medians["on"], 2),
        "added_ms": round(medians["on"] - medians["off"], 2),
        "ratio": round(medians["on"] / medians["off"], 3),
    }


async def run_async(iterations: int = 60) -> dict[str, Any]:
    with DemoServer() as server:
        async with async_playwright() as playwright:
            browser = await launch_browser(playwright, resolve_browser())
            try:
                context = await browser.new_context(
                    base_url=server.url, viewport={"width": 1280, "height": 800}
                )
                page = await context.new_page()
                on = ToolContext(context=context, page=page, base_url=server.url)
                off = ToolContext(
                    context=context, page=page, base_url=server.url,
                    settings=dataclasses.replace(on.settings, settle_timeout_ms=0),
                )  # fmt: skip
                await page.goto("/hash-list.html?delay=0")

                def click(ctx: ToolContext, target: str) -> Timed:
                    return lambda: _checked(call_tool(ctx, "click", {"target": target}))

                links = iter(["Active", "All"] * (WARMUP + iterations + 1) * 2)

                def route(ctx: ToolContext) -> Timed:
                    return lambda: _checked(call_tool(ctx, "click", {"target": next(links)}))

                async def bare_settle() -> None:
                    async with settling(on):
                        pass

                async def nothing() -> None:
                    pass

                figures: dict[str, Any] = {}
                for name, variants in {
                    "inert": {"off": click(off, "Inert"), "on": click(on, "Inert")},
                    "count": {"off": click(off, "Count"), "on": click(on, "Count")},
                    "route": {"off": route(off), "on": route(on)},
                }.items():
                    figures[name] = _row(await _measure(variants, iterations))

                async def round_trip() -> None:
                    await page.evaluate("1")

                alone = await _measure({"off": nothing, "on": bare_settle, "rt": round_trip}, iterations)
                figures["overhead"] = {
                    "settling_ms": round(alone["on"] - alone["off"], 2),
                    "evaluate_round_trip_ms": round(alone["rt"] - alone["off"], 2),
                }

                await page.goto("/hash-list.html?ticker=interval")
                caps = []
                for _ in range(CAP_RUNS):
                    started = time.perf_counter()
                    await _checked(call_tool(on, "click", {"target": "Start ticker"}))
                    caps.append((time.perf_counter() - started) * 1000)
                    last = on.extra.get(LAST_KEY)
                    if not isinstance(last, Settlement) or last.outcome != "cap":
                        raise RuntimeError(f"the ticker click did not reach the cap: {last}")
                figures["cap"] = {
                    "cap_ms": on.settings.settle_timeout_ms,
                    "click_ms": round(statistics.median(caps), 1),
                    "quiet_window_ms": QUIET_MS,
                }
            finally:
                await browser.close()
    return figures


def run(iterations: int = 60) -> dict[str, Any]:
    """Measure and print the table; returns ``{scenario: {off_ms, on_ms, added_ms, ratio}, ...}``."""
    figures = asyncio.run(run_async(iterations))
    print(f"settling cost per action, median of {iterations} interleaved runs (ratio = on / off)")
    print(f"{'scenario':<10}{'off ms':>9}{'on ms':>9}{'added':>9}{'ratio':>8}")
    for name in ("inert", "count", "route"):
        row = figures[name]
        print(
            f"{name:<10}{row['off_ms']:>9.2f}{row['on_ms']:>9.2f}{row['added_ms']:>9.2f}{row['ratio']:>8.2f}"
        )
    alone = figures["overhead"]
    print(
        f"settling() around no action: {alone['settling_ms']:.2f} ms "
        f"(one page.evaluate round trip: {alone['evaluate_round_trip_ms']:.2f} ms)"
    )
    cap = figures["cap"]
    print(
        f"worst case, a page the click keeps changing: {cap['click_ms']:.0f} ms (cap {cap['cap_ms']:.0f} ms)"
    )
    return figures


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
