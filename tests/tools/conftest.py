"""Fixtures for the tool layer: a ToolContext around the shared real page, and a logged-in session."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.demo_app.server import DemoServer
from autoqa.tools import ToolContext, ToolResult, ToolSettings, call_tool

Call = Callable[..., Awaitable[ToolResult]]

# Short but realistic limits: failures come back fast, the demo's 1.5 s delays still fit.
FAST = ToolSettings(
    action_timeout_ms=2_000,
    navigation_timeout_ms=5_000,
    assertion_timeout_ms=3_000,
    snapshot_timeout_ms=3_000,
    max_wait_ms=5_000,
    wait_timeout_ms=3_000,
    target_wait_ms=300,
    screenshot_timeout_ms=2_000,
)

# For tests that expect a check to fail: no need to wait seconds for the failure.
IMPATIENT = dataclasses.replace(FAST, assertion_timeout_ms=300, wait_timeout_ms=300)


@pytest.fixture
def upload_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "uploads"
    folder.mkdir()
    (folder / "report.txt").write_text("hello upload\n")
    return folder


@pytest.fixture
def tool_ctx(context: BrowserContext, page: Page, demo_url: str, upload_dir: Path) -> ToolContext:
    return ToolContext(context=context, page=page, base_url=demo_url, upload_dir=upload_dir, settings=FAST)


@pytest.fixture
def call(tool_ctx: ToolContext) -> Call:
    """``await call("click", target="Log in")`` — call_tool with keyword arguments."""

    async def run(name: str, **args: Any) -> ToolResult:
        return await call_tool(tool_ctx, name, args)

    return run


@pytest.fixture
async def logged_in(context: BrowserContext, demo_server: DemoServer) -> None:
    """The demo's session cookie, obtained through its API (the login page has its own tests)."""
    response = await context.request.post(
        demo_server.url + "/api/login",
        data={"username": demo_server.username, "password": demo_server.credentials.password},
    )
    assert response.ok, await response.text()

