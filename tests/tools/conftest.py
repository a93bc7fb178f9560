"""Fixtures for the tool layer: a ToolContext around the shared real page, and a logged-in session."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import BrowserContext, Page

from autoqa.demo_app.server import DemoServer
from autoqa.tools import ToolContext, ToolResult, call_tool

from .tools_helpers import FAST, Call


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
