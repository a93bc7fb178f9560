"""What does a visual baseline check cost? (A benchmark, not a test.)

Headless Chromium on the demo cart page (logged in, one product in the cart), per viewport size, median of
interleaved runs:

* ``shot``:  a plain ``page.screenshot()`` (Playwright's default PNG) — the unit;
* ``check``: ``call_tool("assert_matches_baseline")`` against a baseline that matches (what a passing step
  pays: secret masks looked up, fonts awaited, the screenshot with baseline options, the comparison);
* ``compare_same``: ``compare_images`` alone on two pictures of the same page (``same_bytes``: Chromium
  wrote the same PNG bytes, so it is a byte comparison — the usual pass);
* ``compare_same_pixels``: the same pixels in other bytes (a baseline another encoder wrote): both decoded,
  one difference pass;
* ``compare_layout``: the picture the ``layout`` bug gives (the total moved 140 px): the YIQ pass and the
  diff image.

``ratio`` is ``check / shot``. Usage: ``python -m bench visual`` or ``python bench/visual_cost.py``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, async_playwright

from autoqa.browser import launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer
from autoqa.tools import ToolContext, call_tool
from autoqa.tools.baseline_files import SHOT_OPTIONS, BaselineFolder
from autoqa.tools.visual_compare import compare_images, read_image, to_png
from bench.settle_cost import _checked, _measure  # the interleaved medians every bench here uses

VIEWPORTS = ((800, 600), (1280, 800), (1920, 1080))


Size = tuple[int, int]


async def _cart_page(browser: Browser, shop: DemoServer, size: Size) -> tuple[BrowserContext, Page]:
    """The demo cart (logged in, one Backpack) at this viewport size."""
    context = await browser.new_context(base_url=shop.url, viewport={"width": size[0], "height": size[1]})
    login = {"username": shop.username, "password": shop.credentials.password}
    await context.request.post(shop.url + "/api/login", data=login)
    page = await context.new_page()
    await page.goto("/products.html")
    await page.get_by_test_id("add-backpack").click()
    await page.goto("/cart.html")
    await page.get_by_text("Total: $29.99").wait_for()
    return context, page


async def _viewport(
    browser: Browser, shops: tuple[DemoServer, DemoServer], folder: Path, size: Size, iterations: int
) -> dict[str, Any]:
    server, broken = shops
    broken_context, broken_page = await _cart_page(browser, broken, size)
    moved = await broken_page.screenshot(**SHOT_OPTIONS)
    await broken_context.close()
    context, page = await _cart_page(browser, server, size)
    same = await page.screenshot(**SHOT_OPTIONS)
    baselines = BaselineFolder(folder, "bench")
    ctx = ToolContext(context=context, page=page, base_url=server.url, baselines=baselines)
    await _checked(call_tool(ctx, "assert_matches_baseline", {"name": "cart"}))  # writes the baseline

    async def shot() -> None:
        await page.screenshot()

    async def check() -> None:
        await _checked(call_tool(ctx, "assert_matches_baseline", {"name": "cart"}))

    again = await page.screenshot(**SHOT_OPTIONS)
    reencoded = to_png(read_image(same))  # the same pixels in other bytes (as another encoder writes)

    async def compare_same() -> None:
        compare_images(same, again)

    async def compare_pixels() -> None:
        if not compare_images(same, reencoded).matches:
            raise RuntimeError("re-encoding changed the pixels")

    async def compare_layout() -> None:
        if compare_images(same, moved).matches:
            raise RuntimeError("the layout bug changed nothing")

    variants = {
        "shot": shot,
        "check": check,
        "same": compare_same,
        "pixels": compare_pixels,
        "layout": compare_layout,
    }
    medians = await _measure(variants, iterations)
    await context.close()
    return {
        "shot_ms": round(medians["shot"], 1),
        "check_ms": round(medians["check"], 1),
        "ratio": round(medians["check"] / medians["shot"], 2),
        "same_bytes": same == again,
        "compare_same_ms": round(medians["same"], 2),
        "compare_same_pixels_ms": round(medians["pixels"], 1),
        "compare_layout_ms": round(medians["layout"], 1),
    }


async def run_async(iterations: int = 20) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    with DemoServer() as server, DemoServer(bugs=("layout",)) as broken, tempfile.TemporaryDirectory() as tmp:
        async with async_playwright() as playwright:
            browser = await launch_browser(playwright, resolve_browser())
            try:
                for width, height in VIEWPORTS:
                    folder = Path(tmp) / f"{width}x{height}"
                    figures[f"{width}x{height}"] = await _viewport(
                        browser, (server, broken), folder, (width, height), iterations
                    )
            finally:
                await browser.close()
    return figures


def run(iterations: int = 20) -> dict[str, Any]:
    """Measure and print the table; returns ``{viewport: {shot_ms, check_ms, ratio, compare_*_ms}}``."""
    figures = asyncio.run(run_async(iterations))
    print(f"visual check cost, median of {iterations} interleaved runs (ratio = check / plain screenshot)")
    print(f"{'viewport':<11}{'shot ms':>9}{'check ms':>10}{'ratio':>7}{'same':>7}{'pixels':>8}{'layout':>8}")
    for name, row in figures.items():
        print(
            f"{name:<11}{row['shot_ms']:>9}{row['check_ms']:>10}{row['ratio']:>7}"
            f"{row['compare_same_ms']:>7}{row['compare_same_pixels_ms']:>8}{row['compare_layout_ms']:>8}"
        )
    return figures


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
