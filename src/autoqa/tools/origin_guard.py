"""Keep every tab on the allowed origins, whatever makes it navigate.

``navigate`` refuses other origins itself. But a click on a link, a submitted form, a script setting
``location`` or a popup can leave the app too — and a page may be written to lure the agent away. While a
guard is installed (the runner installs one per spec), a context route aborts every top-level document
request to an origin that is not allowed, before it is sent (Playwright routes a popup's first request
too). Playwright does not route redirect hops, so a DevTools ``Fetch`` interceptor on the browser, one for
all its contexts, fails a redirect hop of a top-level frame to another origin before it leaves the browser.
It is in place before any popup exists: one attached to each page when Playwright reports it came too late
for a popup whose first request was already on its way (the popup landed on the other origin, unreported).
A redirect that lands anyway (a context without a browser object: per-page interceptors) is caught on the
active tab, which goes back. Either way the tool call during which it happened fails with
NAVIGATION_BLOCKED; a stop between calls is a notice of the next call. Subresources (images, scripts, API
calls) and iframes are never blocked: apps load them from CDNs and other hosts.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import weakref
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Browser, BrowserContext, CDPSession, Page, Request, Route

from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.navigation import allowed_origins, not_allowed_message, origin_of
from autoqa.tools.result import ErrorCode, ToolResult

_KEY = "autoqa.tools.origin_guard"
_REGEX_SPECIAL = re.compile(r"[.*+?^${}()|\[\]\\/]")


def _url_prefixes(origin: str) -> list[str]:
    """How URLs of ``origin`` (``scheme://host:port``) start as the browser writes them: Chromium drops
    default ports, so ``http://host`` is listed besides ``http://host:80``."""
    parts = urlsplit(origin)
    prefixes = [origin]
    if (parts.scheme, parts.port) in (("http", 80), ("https", 443)):
        prefixes.append(f"{parts.scheme}://{parts.hostname}")
    return prefixes


def _is_top_level(request: Request) -> bool:
    try:
        return request.frame.parent_frame is None
    except Exception:  # a popup's first request comes before its frame exists: a top-level page too
        return True


class OriginGuard:
    """The allowed origins of one browser context and the top-level navigations it stopped."""

    def __init__(self, allowed: list[str]) -> None:
        self.allowed = allowed
        self._blocked: list[str] = []

    def allows(self, url: str) -> bool:
        """Whether a tab may show ``url`` (about:, data:, chrome-error: … are not origins to guard)."""
        return urlsplit(url).scheme.lower() not in ("http", "https") or origin_of(url) in self.allowed

    def route_pattern(self) -> re.Pattern[str]:
        """Requests to allowed origins do not match, so the browser never hands them to us (no round trip
        for the app's own resources); the handler still decides, by :meth:`allows`, for the rest."""
        escaped = "|".join(
            _REGEX_SPECIAL.sub(lambda m: "\\" + m.group(0), prefix)
            for origin in self.allowed
            for prefix in _url_prefixes(origin)
        )
        return re.compile(f"^(?!(?:{escaped})(?:[/?#]|$))")

    async def on_route(self, route: Route) -> None:
        # An exception here would only be printed by Playwright's event loop: never let one out.
        try:
            request = route.request
            if request.is_navigation_request() and _is_top_level(request) and not self.allows(request.url):
                self._blocked.append(request.url)
                await route.abort("aborted")  # ERR_ABORTED: the tab stays where it was, no error page
                return
        except Exception:
            return
        with contextlib.suppress(Exception):
            await route.fallback()

    def pop_blocked(self) -> list[str]:
        blocked, self._blocked = self._blocked, []
        return blocked


async def guard_navigations(ctx: ToolContext) -> OriginGuard | None:
    """Install the guard on ``ctx.context`` for the origins ``ctx`` allows (None: any origin is allowed)."""
    allowed = allowed_origins(ctx)
    if allowed is None:
        return None
    guard = OriginGuard(allowed)
    ctx.extra[_KEY] = guard
    # Independent round trips: the route and the redirect guard are set up together.
    await asyncio.gather(ctx.context.route(guard.route_pattern(), guard.on_route), _guard_hops(ctx, guard))
    return guard


_TASKS: set[Any] = set()


def _spawn(coro: Any) -> None:
    task = asyncio.ensure_future(coro)
    _TASKS.add(task)  # keep a reference until done (the loop holds tasks only weakly)
    task.add_done_callback(_TASKS.discard)


_DOCUMENTS = {"patterns": [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]}


class _BrowserHops:
    """The DevTools ``Fetch`` interceptor of one browser: documents of every context pause here (while a
    guard is registered); a redirect hop of a top-level frame of a guarded context to an origin its guard
    does not allow is failed, the rest go on at once."""

    def __init__(self, session: CDPSession) -> None:
        self.session = session
        self.guards: dict[str, OriginGuard] = {}
        """By DevTools ``browserContextId``."""
        self._lock = asyncio.Lock()  # Fetch.enable and Fetch.disable in the order guards come and go
        session.on("Fetch.requestPaused", lambda event: _spawn(self._on_paused(event)))

    async def add(self, context_id: str, guard: OriginGuard) -> None:
        async with self._lock:
            self.guards[context_id] = guard
            if len(self.guards) == 1:
                try:
                    await self.session.send("Fetch.enable", _DOCUMENTS)
                except BaseException:
                    del self.guards[context_id]
                    raise

    async def remove(self, context_id: str) -> None:
        async with self._lock:
            if self.guards.pop(context_id, None) is not None and not self.guards:
                with contextlib.suppress(Exception):  # the browser is gone: nothing pauses any more
                    await self.session.send("Fetch.disable")

    async def _guard_of_tab(self, frame_id: str) -> OriginGuard | None:
        """The guard of the tab whose main frame is ``frame_id`` (a tab's target id is its main frame's);
        None for a frame inside a page, or a tab of a context nobody guards."""
        try:
            info = (await self.session.send("Target.getTargetInfo", {"targetId": frame_id}))["targetInfo"]
        except Exception:  # no target by that id: a frame inside a page
            return None
        return self.guards.get(str(info.get("browserContextId"))) if info.get("type") == "page" else None

    async def _on_paused(self, event: dict[str, Any]) -> None:
        request_id = event.get("requestId")
        url = str(event.get("request", {}).get("url", ""))
        try:
            hop = event.get("redirectedRequestId") is not None
            guard = await self._guard_of_tab(str(event.get("frameId", ""))) if hop else None
            if guard is not None and not guard.allows(url):
                guard._blocked.append(url)
                await self.session.send(
                    "Fetch.failRequest", {"requestId": request_id, "errorReason": "BlockedByClient"}
                )
                return
        except Exception:  # the request or the browser went away mid-answer
            pass
        with contextlib.suppress(Exception):
            await self.session.send("Fetch.continueRequest", {"requestId": request_id})


_HOPS: weakref.WeakKeyDictionary[Browser, asyncio.Task[_BrowserHops]] = weakref.WeakKeyDictionary()


async def _browser_hops(browser: Browser) -> _BrowserHops:
    """The interceptor of ``browser``, started by the first guard that asks (others wait for that one)."""
    started = _HOPS.get(browser)
    if started is None or (started.done() and (started.cancelled() or started.exception() is not None)):
        started = _HOPS[browser] = asyncio.ensure_future(_start_hops(browser))
        browser.once("disconnected", _forget)
    return await asyncio.shield(started)


def _forget(browser: Browser) -> None:
    _HOPS.pop(browser, None)


async def _start_hops(browser: Browser) -> _BrowserHops:
    return _BrowserHops(await browser.new_browser_cdp_session())


async def _context_id(context: BrowserContext, page: Page) -> str:
    session = await context.new_cdp_session(page)
    try:
        return str((await session.send("Target.getTargetInfo"))["targetInfo"]["browserContextId"])
    finally:
        with contextlib.suppress(Exception):
            await session.detach()


async def _guard_hops(ctx: ToolContext, guard: OriginGuard) -> None:
    """Register ``ctx.context`` with its browser's interceptor, until the context closes. Without one (no
    browser object: a persistent context), each page gets its own interceptor as Playwright reports it."""
    context = ctx.context
    try:
        browser = context.browser
        if browser is None:
            raise LookupError("a context without a browser object")
        hops, context_id = await asyncio.gather(_browser_hops(browser), _context_id(context, ctx.page))
        await hops.add(context_id, guard)
    except Exception:
        await _guard_redirects(ctx, guard, ctx.page)
        context.on("page", lambda page: _spawn(_guard_redirects(ctx, guard, page)))
        return
    context.on("close", lambda _: _spawn(hops.remove(context_id)))


async def _guard_redirects(ctx: ToolContext, guard: OriginGuard, page: Page) -> None:
    """Fail redirect hops of ``page``'s top-level frame to other origins before they are sent."""
    try:
        cdp = await ctx.context.new_cdp_session(page)
        tree = await cdp.send("Page.getFrameTree")
        main_frame = tree["frameTree"]["frame"]["id"]
        cdp.on("Fetch.requestPaused", lambda event: _spawn(_on_paused(cdp, guard, main_frame, event)))
        await cdp.send("Fetch.enable", _DOCUMENTS)
    except Exception:  # not Chromium, or the page closed: the landing check still holds
        return


async def _on_paused(cdp: CDPSession, guard: OriginGuard, main_frame: str, event: dict[str, Any]) -> None:
    request_id = event.get("requestId")
    url = str(event.get("request", {}).get("url", ""))
    hop = event.get("redirectedRequestId") is not None
    try:
        if hop and event.get("frameId") == main_frame and not guard.allows(url):
            guard._blocked.append(url)
            await cdp.send("Fetch.failRequest", {"requestId": request_id, "errorReason": "BlockedByClient"})
        else:
            await cdp.send("Fetch.continueRequest", {"requestId": request_id})
    except Exception:  # the page went away mid-request: nothing left to answer
        return


def installed_guard(ctx: ToolContext) -> OriginGuard | None:
    guard = ctx.extra.get(_KEY)
    return guard if isinstance(guard, OriginGuard) else None


def blocked_before_call(ctx: ToolContext) -> list[str]:
    """Notices for navigations stopped between calls: the page's own (a timer, a script), or a popup an
    earlier call opened whose request came after that call had returned."""
    guard = installed_guard(ctx)
    if guard is None:
        return []
    return [
        f"a tab tried to open {_shown(url)} and was stopped: {not_allowed_message(url, guard.allowed)}"
        for url in dict.fromkeys(guard.pop_blocked())
    ]


async def enforce_after_call(ctx: ToolContext, tool: str, result: ToolResult) -> ToolResult:
    """``result``, or NAVIGATION_BLOCKED when the call led a tab to an origin that is not allowed."""
    guard = installed_guard(ctx)
    if guard is None:
        return result
    blocked = list(dict.fromkeys(guard.pop_blocked()))
    page = ctx.page
    redirected = not page.is_closed() and not guard.allows(page.url)
    if redirected:
        blocked.append(page.url)
        await _leave(ctx, guard)
    elif blocked and not page.is_closed() and page.url.startswith("chrome-error:"):
        await _leave(ctx, guard)  # a redirect hop failed before it left: back from the error page
    if not blocked:
        return result
    url = blocked[-1]
    how = "was redirected to" if redirected else "tried to open"
    where = "went back to" if redirected else "stayed on"
    message = (
        f"{tool} {how} {_shown(url)}; blocked: {not_allowed_message(url, guard.allowed)}. "
        f"The tab {where} {page.url}"
    )
    shown = [_shown(u) for u in blocked]
    return ToolResult.failure(ErrorCode.NAVIGATION_BLOCKED, message, blocked_urls=shown)


async def _leave(ctx: ToolContext, guard: OriginGuard) -> None:
    """Back to the page before the redirect; an empty tab when there is none (never stay on it)."""
    timeout = ctx.settings.navigation_timeout_ms
    with contextlib.suppress(Exception):
        await bounded(ctx.page.go_back(timeout=timeout), timeout)
    if not guard.allows(ctx.page.url) or ctx.page.url.startswith("chrome-error:"):
        with contextlib.suppress(Exception):
            await bounded(ctx.page.goto("about:blank", timeout=timeout), timeout)


def _shown(url: str) -> str:
    return url if len(url) <= 200 else url[:200] + "…"
