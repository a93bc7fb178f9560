"""``navigate``: open a URL of the app under test (absolute, or relative to the base URL)."""

from __future__ import annotations

import contextlib
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

from playwright.async_api import Page
from playwright.async_api import TimeoutError as PlaywrightTimeoutError
from pydantic import Field

from autoqa.tools.args import ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.trace_zone import traced

_DEFAULT_PORTS = {"http": 80, "https": 443}
_STOP_BOUND_MS = 2_000


class NavigateArgs(ToolArgs):
    url: str = Field(min_length=1, max_length=4_000, description="absolute http(s) URL or a path like /login")


def origin_of(url: str) -> str:
    """``scheme://host:port`` with default ports made explicit, so equal origins compare equal."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or _DEFAULT_PORTS.get(scheme)
    except ValueError:
        port = None
    return f"{scheme}://{(parts.hostname or '').lower()}:{port}"


def resolve_url(ctx: ToolContext, given: str) -> str:
    given = given.strip()
    scheme = urlsplit(given).scheme.lower()
    if not scheme:
        if not ctx.base_url:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{given[:200]!r} is relative but no base URL is set")
        given = urljoin(ctx.base_url, given)
        scheme = urlsplit(given).scheme.lower()
    if scheme not in ("http", "https"):
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"only http and https URLs can be opened, not {scheme}:")
    if not urlsplit(given).hostname:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"{given[:200]!r} has no host")
    return given


def allowed_origins(ctx: ToolContext) -> list[str] | None:
    """The origins (as :func:`origin_of` spells them) tabs may open: the base URL's and
    ``ctx.allowed_origins``. None when any is allowed: ``"*"``, or neither a base URL nor origins set."""
    allowed = [origin_of(o) for o in ctx.allowed_origins if o != "*"]
    if "*" in ctx.allowed_origins or (not ctx.base_url and not allowed):
        return None
    if ctx.base_url:
        allowed.append(origin_of(ctx.base_url))
    return sorted(set(allowed))


def not_allowed_message(url: str, allowed: list[str]) -> str:
    shown = urlsplit(url)
    return (
        f"{shown.scheme}://{shown.netloc} is not an allowed origin for this run "
        f"(allowed: {', '.join(allowed)}); stay on the app under test"
    )


def check_origin(ctx: ToolContext, url: str) -> None:
    """Only the base URL's origin and ``ctx.allowed_origins`` may be opened (see :func:`allowed_origins`)."""
    allowed = allowed_origins(ctx)
    if allowed is not None and origin_of(url) not in allowed:
        raise ToolFailure(ErrorCode.NAVIGATION_BLOCKED, not_allowed_message(url, allowed))


async def _stop_loading(page: Page) -> None:
    """Cancel a navigation that is still waiting for the server (Chromium only; best effort).

    Left pending, it blocks screenshots and scripts on the page for as long as the server stalls.
    """
    with contextlib.suppress(Exception):
        session = await bounded(page.context.new_cdp_session(page), _STOP_BOUND_MS)
        try:
            await bounded(session.send("Page.stopLoading"), _STOP_BOUND_MS)
        finally:
            await bounded(session.detach(), _STOP_BOUND_MS)


async def navigate(ctx: ToolContext, args: NavigateArgs) -> ToolResult:
    url = resolve_url(ctx, args.url)
    check_origin(ctx, url)
    timeout = ctx.settings.navigation_timeout_ms
    before = ctx.page.url
    warnings: list[str] = []
    try:
        with traced():  # what a trace shows of the call (trace_zone)
            response = await ctx.page.goto(url, timeout=timeout, wait_until="load")
    except PlaywrightTimeoutError:
        if ctx.page.url == before:
            await _stop_loading(ctx.page)
            raise ToolFailure(
                ErrorCode.TIMEOUT, f"{url} did not load within {timeout:.0f} ms (navigation_timeout_ms)"
            ) from None
        # The new page is there and usable; only some resource (an ad, a long poll) is still loading.
        response = None
        warnings.append(f"the page did not finish loading within {timeout:.0f} ms")
    data: dict[str, Any] = {"url": ctx.page.url, "title": await bounded(ctx.page.title(), timeout)}
    if response is not None:
        data["status"] = response.status
        if response.status >= 400:
            warnings.append(f"the server answered HTTP {response.status}")
    if urlsplit(ctx.page.url).scheme in ("http", "https"):
        try:
            check_origin(ctx, ctx.page.url)
        except ToolFailure:
            warnings.append(f"redirected to another origin: {ctx.page.url}")
    if warnings:
        data["warnings"] = warnings
    return ToolResult.success(**data)


class HistoryArgs(ToolArgs):
    action: Literal["back", "forward", "reload"]


async def _history_position(page: Page) -> tuple[int, int] | None:
    """``(current index, number of entries)`` of the tab's history (Chromium's DevTools protocol), or
    ``None`` when it cannot be read."""
    with contextlib.suppress(Exception):
        session = await bounded(page.context.new_cdp_session(page), _STOP_BOUND_MS)
        try:
            answer = await bounded(session.send("Page.getNavigationHistory"), _STOP_BOUND_MS)
            return int(answer["currentIndex"]), len(answer["entries"])
        finally:
            await bounded(session.detach(), _STOP_BOUND_MS)
    return None


async def history(ctx: ToolContext, args: HistoryArgs) -> ToolResult:
    """The browser's Back, Forward and Reload buttons. Back or forward with nowhere to go fails: a spec
    that expects to return somewhere must not pass by staying where it is."""
    page = ctx.page
    timeout = ctx.settings.navigation_timeout_ms
    if args.action != "reload":
        position = await _history_position(page)
        if position is not None:
            index, entries = position
            if not 0 <= index + (1 if args.action == "forward" else -1) < entries:
                raise ToolFailure(
                    ErrorCode.ASSERTION_FAILED,
                    f"there is no page to go {args.action} to in this tab's history (at {page.url})",
                )
    before = page.url
    try:
        with traced():  # what a trace shows of the call (trace_zone)
            if args.action == "back":
                await page.go_back(timeout=timeout, wait_until="load")
            elif args.action == "forward":
                await page.go_forward(timeout=timeout, wait_until="load")
            else:
                await page.reload(timeout=timeout, wait_until="load")
    except PlaywrightTimeoutError:
        if page.url == before:
            await _stop_loading(page)
            raise ToolFailure(
                ErrorCode.TIMEOUT, f"going {args.action} did not finish within {timeout:.0f} ms"
            ) from None
    data: dict[str, Any] = {"url": page.url, "title": await bounded(page.title(), timeout)}
    if urlsplit(page.url).scheme in ("http", "https"):
        try:
            check_origin(ctx, page.url)
        except ToolFailure:
            data["warnings"] = [f"going {args.action} left the app under test: {page.url}"]
    return ToolResult.success(**data)
