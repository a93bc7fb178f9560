"""What does seeing through shadow roots cost? (A benchmark, not a test.)

Two pages of ~2,000 elements with the same 200 rows: ``light`` (plain DOM, where the fast native paths
still apply) and ``shadow`` (each row a custom element with an open shadow root, and a slot). On each,
interleaved, medians of:

* ``text_present`` / ``text_absent``: ``find_text`` for a row's text and for text that is not there;
* ``exact``: ``find_text(exact=True)`` for a row's text;
* ``resolve``: ``resolve_target`` of a row's checkbox by the row's text ("checkbox row 150").

The ``light`` figures are the ones to compare across versions (before → after shadow support);
``shadow / light`` says what a web-components page costs over the same page without components.
Usage: ``python -m bench shadow`` or ``python bench/shadow_cost.py [iterations]``.
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import Page, async_playwright

from autoqa.browser import launch_browser, resolve_browser
from autoqa.tools.targets import resolve_target
from autoqa.tools.text_search import find_text

ROWS = 200
WARMUP = 5


def _page(shadow: bool) -> str:
    """~10 elements per row, 200 rows, plus a heading: about 2,000 elements either way."""
    row = (
        '<li class="row"><div class="view"><input type="checkbox"><label>{slot}</label>'
        '<span class="meta"><em>tag</em> <b>note</b> <i>x</i></span>'
        '<button type="button">Delete</button></div></li>'
    )
    if not shadow:
        rows = "".join(row.format(slot=f"row {i}") for i in range(ROWS))
        return f"<!doctype html><meta charset=utf-8><title>light</title><h1>List</h1><ul>{rows}</ul>"
    template = row.format(slot="<slot></slot>").replace("'", "\\'")
    script = (
        "customElements.define('x-row', class extends HTMLElement { constructor() { super(); "
        f"this.attachShadow({{mode: 'open'}}).innerHTML = '{template}'; }} }});"
    )
    rows = "".join(f"<x-row>row {i}</x-row>" for i in range(ROWS))
    head = f"<!doctype html><meta charset=utf-8><title>shadow</title><script>{script}</script>"
    return f"{head}<h1>List</h1><ul>{rows}</ul>"


async def _measure(variants: dict[str, Callable[[], Awaitable[Any]]], iterations: int) -> dict[str, float]:
    samples: dict[str, list[float]] = {name: [] for name in variants}
    names = list(variants)
    for index in range(WARMUP + iterations):
        for name in names[index % len(names) :] + names[: index % len(names)]:
            started = time.perf_counter()
            await variants[name]()
            if index >= WARMUP:
                samples[name].append((time.perf_counter() - started) * 1000)
    return {name: round(statistics.median(values), 2) for name, values in samples.items()}


def _calls(page: Page) -> dict[str, Callable[[], Awaitable[Any]]]:
    async def present() -> None:
        assert (await find_text(page, "row 150", exact=False, timeout_ms=5_000)).visible

    async def absent() -> None:
        assert not (await find_text(page, "no such row", exact=False, timeout_ms=5_000)).visible

    async def exact() -> None:
        found = await find_text(page, "row 150", exact=True, timeout_ms=5_000)
        assert found.visible, (page.url, found)

    async def resolve() -> None:
        found = await resolve_target(
            page, "checkbox row 150", test_id_attribute="data-testid", timeout_ms=5_000
        )
        assert found.status == "found", found.status

    return {"text_present": present, "text_absent": absent, "exact": exact, "resolve": resolve}


async def run_async(iterations: int = 30) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        for name in ("light", "shadow"):
            (Path(folder) / f"{name}.html").write_text(_page(name == "shadow"), encoding="utf-8")
        handler = functools.partial(_Quiet, directory=folder)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            async with async_playwright() as playwright:
                browser = await launch_browser(playwright, resolve_browser())
                try:
                    pages = {}
                    for name in ("light", "shadow"):
                        pages[name] = page = await browser.new_page()
                        await page.goto(f"{url}/{name}.html")
                    figures: dict[str, Any] = {}
                    for call in _calls(pages["light"]):
                        variants = {name: _calls(page)[call] for name, page in pages.items()}
                        medians = await _measure(variants, iterations)
                        figures[call] = {
                            "light_ms": medians["light"],
                            "shadow_ms": medians["shadow"],
                            "shadow_over_light": round(medians["shadow"] / medians["light"], 2),
                        }
                finally:
                    await browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return figures


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def run(iterations: int = 30) -> dict[str, Any]:
    figures = asyncio.run(run_async(iterations))
    print(f"text presence and target resolution on ~2,000 elements, median of {iterations} interleaved runs")
    print(f"{'call':<14}{'light ms':>10}{'shadow ms':>11}{'ratio':>8}")
    for name, row in figures.items():
        print(f"{name:<14}{row['light_ms']:>10}{row['shadow_ms']:>11}{row['shadow_over_light']:>8}")
    return figures


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
