"""navigate: relative and absolute URLs, allowed origins, HTTP errors, network errors."""

from __future__ import annotations

import asyncio
import dataclasses
import socket

import pytest

from autoqa.tools import ToolContext

from .tools_helpers import FAST, Call, failed, ok


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_relative_and_absolute_urls(call: Call, demo_url: str) -> None:
    result = ok(await call("navigate", url="/playground.html"))
    assert result.data["url"] == demo_url + "/playground.html"
    assert result.data["status"] == 200
    assert result.data["title"].startswith("Playground")
    ok(await call("navigate", url=demo_url + "/help.html"))
    ok(await call("navigate", url="list.html"))  # relative to the base URL too


async def test_http_error_status_is_reported_not_failed(call: Call) -> None:
    result = ok(await call("navigate", url="/status/503"))
    assert result.data["status"] == 503
    assert "503" in result.data["warnings"][0]


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "javascript:alert(1)", "ftp://127.0.0.1/", "data:text/html,x"]
)
async def test_only_http_and_https(call: Call, url: str) -> None:
    failed(await call("navigate", url=url), "INVALID_INPUT")


async def test_other_origins_are_blocked(call: Call) -> None:
    result = failed(await call("navigate", url="https://example.com/login"), "NAVIGATION_BLOCKED")
    assert result.error.retriable is False
    assert "example.com" in result.error.message
    failed(await call("navigate", url="http://localhost:1/"), "NAVIGATION_BLOCKED")  # another origin too


async def test_allowed_origins_and_wildcard(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, navigation_timeout_ms=3_000)
    port = closed_port()
    tool_ctx.allowed_origins = (f"http://127.0.0.1:{port}",)
    failed(await call("navigate", url=f"http://127.0.0.1:{port}/"), "NAVIGATION_FAILED")  # allowed, refused
    tool_ctx.allowed_origins = ("*",)
    failed(await call("navigate", url=f"http://127.0.0.1:{closed_port()}/x"), "NAVIGATION_FAILED")


async def test_network_error_is_navigation_failed(call: Call, tool_ctx: ToolContext) -> None:
    port = closed_port()
    tool_ctx.allowed_origins = (f"http://127.0.0.1:{port}",)
    result = failed(await call("navigate", url=f"http://127.0.0.1:{port}/"), "NAVIGATION_FAILED")
    assert "net::ERR_CONNECTION_REFUSED" in result.error.message
    assert result.error.retriable


async def test_slow_page_times_out(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, navigation_timeout_ms=300, failure_screenshots=False)
    result = failed(await call("navigate", url="/slow?ms=1000"), "TIMEOUT")
    assert "within 300 ms (navigation_timeout_ms)" in result.error.message
    # The pending navigation was stopped: the page answers at once instead of waiting for the server.
    assert await asyncio.wait_for(tool_ctx.page.evaluate("1 + 1"), 1) == 2


async def test_relative_url_without_base_url(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.base_url = None
    failed(await call("navigate", url="/login.html"), "INVALID_INPUT")


async def test_page_usable_before_a_slow_resource_finishes(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, navigation_timeout_ms=500)
    await tool_ctx.context.route(
        "**/hanging.html",
        lambda route: route.fulfill(
            content_type="text/html", body='<h1>Almost there</h1><img src="/slow?ms=2000" alt="late">'
        ),
    )
    result = ok(await call("navigate", url="/hanging.html"))
    assert "did not finish loading" in result.data["warnings"][0]
    ok(await call("assert_text_present", text="Almost there"))
