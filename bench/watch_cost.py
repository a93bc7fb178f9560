"""What does the page watcher cost? (A benchmark, not a test.)

Every spec's context gets the page watcher (``tools/page_watch.py``): an init script with the page library
and a MutationObserver in every document, reporting live-region text through a binding; with invariants on,
context listeners and an error-text scan of what changes. This times the same tool calls on the demo shop —
navigations to the home page, the 200-item list and the web-component tasks page, a toast, a click
that redraws — interleaved in three arms on fresh contexts:

* ``off``: the watcher never installed (what autoqa did before it existed);
* ``on``: the default (the watcher records toasts, no invariant on);
* ``invariants``: all four invariants on.

It prints the median per round and the ratios to ``off``. Usage: ``python -m bench watch_cost``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from typing import Any

from playwright.async_api import Browser, async_playwright

from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer
from autoqa.invariant_names import INVARIANTS
from autoqa.tools import ToolContext, call_tool
from autoqa.tools.invariants import InvariantPolicy
from autoqa.tools.page_watch import PageWatch

CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("navigate", {"url": "/playground.html"}),
    ("click", {"target": "Show toast"}),
    ("assert_text_present", {"text": "Saved!"}),
    ("click", {"target": "Settings"}),
    ("navigate", {"url": "/list.html"}),
    ("assert_text_present", {"text": "Item 200"}),
    ("navigate", {"url": "/tasks.html"}),
    ("fill", {"target": "New task", "value": "buy milk", "submit": True}),
    ("assert_text_present", {"text": "1 item left"}),
    ("navigate", {"url": "/"}),
)


async def _round(browser: Browser, url: str, arm: str) -> float:
    context = await browser.new_context(base_url=url)
    page = await context.new_page()
    checks = INVARIANTS if arm == "invariants" else ()
    ctx = ToolContext(
        context=context, page=page, base_url=url, invariants=InvariantPolicy.build(configured=checks)
    )
    if arm == "off":
        watch = PageWatch(ctx)
        watch.installed = True
        ctx.extra["autoqa.tools.page_watch"] = watch  # present, never installed: no script, no listener
    started = time.perf_counter()
    for name, args in CALLS:
        result = await call_tool(ctx, name, args)
        assert result.ok, (arm, name, result.error)
    elapsed = time.perf_counter() - started
    await context.close()
    return elapsed * 1000


async def measure(rounds: int) -> dict[str, Any]:
    async with async_playwright() as playwright:
        browser = await launch_browser(playwright, resolve_browser())
        with DemoServer(bugs=()) as server:
            times: dict[str, list[float]] = {"off": [], "on": [], "invariants": []}
            for _ in range(rounds):
                for arm in times:
                    times[arm].append(await _round(browser, server.url, arm))
        await browser.close()
    medians = {arm: round(statistics.median(values), 1) for arm, values in times.items()}
    return {
        "median_ms": medians,
        "on_vs_off": round(medians["on"] / medians["off"], 3),
        "invariants_vs_off": round(medians["invariants"] / medians["off"], 3),
        "rounds": rounds,
    }


def run(rounds: int = 15) -> dict[str, Any]:
    figures = asyncio.run(measure(rounds))
    print(
        f"page watcher: {len(CALLS)} tool calls per round, median {figures['median_ms']} ms; "
        f"on/off {figures['on_vs_off']}x, all invariants/off {figures['invariants_vs_off']}x"
    )
    return figures


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
