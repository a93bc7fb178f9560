"""Shared fixtures: the bundled demo app on 127.0.0.1 and a real headless Chromium.

Everything here is real: no mocked pages. Async fixtures share one session event loop so one browser
serves the whole session; each test gets a fresh context.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Page, Playwright, async_playwright

from autoqa.browser import BrowserChoice, launch_browser, resolve_browser
from autoqa.demo_app.server import DemoServer

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
async def browser(playwright: Playwright, browser_choice: BrowserChoice) -> AsyncIterator[Browser]:
    b = await launch_browser(playwright, browser_choice)
    yield b
    await b.close()


@pytest.fixture
async def context(browser: Browser, demo_url: str) -> AsyncIterator[BrowserContext]:
    ctx = await browser.new_context(base_url=demo_url, viewport={"width": 1280, "height": 800})
    yield ctx
    await ctx.close()


@pytest.fixture
async def page(context: BrowserContext) -> Page:
    return await context.new_page()
