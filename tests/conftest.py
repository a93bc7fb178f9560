"""Shared fixtures: the bundled demo app on 127.0.0.1 and a real headless Chromium.

Everything here is real: no mocked pages. Async fixtures share one session event loop so one browser
serves the whole session; each test gets a fresh context.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import AsyncIterator, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, BrowserContext, Page, Playwright, async_playwright

from autoqa.browser import BrowserChoice, resolve_browser
from autoqa.demo_app.server import DemoServer
from live_browser import LiveBrowser

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never see the developer's AUTOQA_* settings or model credentials."""
    for name in list(os.environ):
        if name.startswith("AUTOQA_") and name != "AUTOQA_BROWSER_PATH":
            monkeypatch.delenv(name, raising=False)
    for name in (
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_AUTH_TOKEN",
        "ANTHROPIC_BASE_URL",
        "CLAUDE_CODE_USE_BEDROCK",
        "CLAUDE_CODE_USE_VERTEX",
        "GITHUB_ACTIONS",
        "GITHUB_STEP_SUMMARY",
        "CI",  # would turn strict_negative_checks on: tests say what they want
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def demo_server() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest.fixture(scope="session")
def buggy_demo_server() -> Iterator[DemoServer]:
    with DemoServer(bugs=("total", "button", "label")) as server:
        yield server


@pytest.fixture(scope="session")
def demo_url(demo_server: DemoServer) -> str:
    return demo_server.url


@pytest.fixture(scope="session")
def browser_choice() -> BrowserChoice:
    return resolve_browser()


@pytest.fixture(scope="session")
async def playwright() -> AsyncIterator[Playwright]:
    async with async_playwright() as p:
        yield p


@pytest.fixture(scope="session")
async def browsers(playwright: Playwright, browser_choice: BrowserChoice) -> AsyncIterator[LiveBrowser]:
    live = LiveBrowser(playwright, browser_choice)
    yield live
    await live.close()


@pytest.fixture
async def browser(browsers: LiveBrowser) -> Browser:
    return await browsers.get()


@pytest.fixture
async def context(browser: Browser, demo_url: str) -> AsyncIterator[BrowserContext]:
    ctx = await browser.new_context(base_url=demo_url, viewport={"width": 1280, "height": 800})
    yield ctx
    with contextlib.suppress(Exception):  # the browser may have died in the test: that test already failed
        await ctx.close()


@pytest.fixture
async def page(context: BrowserContext) -> Page:
    return await context.new_page()


class _QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return None


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """``(folder, base_url)``: fixture pages a test writes into ``folder`` are served at ``base_url``."""
    folder = tmp_path / "site"
    folder.mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietFiles, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield folder, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
async def demo_suite(browsers: LiveBrowser, demo_server: DemoServer) -> dict[str, Any]:
    """The demo specs recorded once (plain grammar through the real tool layer), for the record, replay
    and export tests."""
    from record.helpers import record_suite

    return await record_suite(await browsers.get(), demo_server)
