"""The deterministic explorer of ``autoqa plan-explore``: breadth-first over same-origin links, no model.

Per page it records what :mod:`autoqa.plan.outline` reads (title, headings, landmarks, links, forms), the
bounded ai-mode snapshot the agent's ``snapshot`` tool would show, the console errors seen while it loaded,
and what each safe form shows when submitted empty (:mod:`autoqa.plan.form_probe`). Navigation goes through
the tool layer's ``navigate`` with the run's origin guard installed, so the allow-list holds for whatever a
page does (a script redirect, a form posting elsewhere); links to other origins are recorded, never followed.

Guardrails: ``max_pages`` page loads, ``max_depth`` links from the start page, ``timeout_s`` seconds. Each
one that leaves a reachable page unvisited is reported (``Crawl.guardrails``, ``Crawl.unvisited``) and makes
the result partial.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any, Literal
from urllib.parse import urlsplit

from playwright.async_api import Browser

from autoqa.plan.form_probe import SESSION_WORDS, probe_form, word_in
from autoqa.plan.graph import (
    Edge,
    FailedPage,
    Form,
    FormField,
    FormProbe,
    Guardrail,
    Heading,
    Landmark,
    Link,
    Page,
    Unvisited,
    page_key,
    page_path,
)
from autoqa.plan.outline import Outline, read_outline
from autoqa.tools.call import call_tool
from autoqa.tools.context import ToolContext, ToolSettings
from autoqa.tools.navigation import origin_of
from autoqa.tools.origin_guard import guard_navigations
from autoqa.tools.snapshot import bound_snapshot, take_snapshot

Log = Callable[..., None]
"""``log(kind, **fields)``: one transcript record (the writer redacts it)."""

LINK_WORDS = ("delete", "remove", "destroy", "erase", "unsubscribe", *SESSION_WORDS)
"""Words on a link (its text or URL) that keep the crawl from following it: a GET that deletes, or one that
ends the session the crawl explores with."""
FILE_SUFFIXES = frozenset(
    (".pdf", ".zip", ".gz", ".tgz", ".tar", ".rar", ".7z", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg",
     ".ico", ".css", ".js", ".mjs", ".json", ".xml", ".txt", ".csv", ".xls", ".xlsx", ".doc", ".docx", ".ppt",
     ".pptx", ".mp3", ".mp4", ".webm", ".mov", ".avi", ".woff", ".woff2", ".ttf", ".dmg", ".exe", ".apk")
)  # fmt: skip
IDLE_WAIT_MS = 1_000
"""After a page loads, how long the crawl waits for its requests to go quiet (JS-rendered content)."""
MAX_CONSOLE_ERRORS = 5


@dataclass(frozen=True, slots=True)
class CrawlOptions:
    start_url: str
    max_pages: int
    max_depth: int
    timeout_s: float
    allowed_origins: tuple[str, ...] = ()
    """Origins a tab may open besides the start URL's (the run's allow-list); never followed as links."""
    allow: frozenset[str] = frozenset()
    """Risky words the user allowed: forms and links that say them are acted on (``*``: all)."""
    storage_state: Path | None = None
    """Start logged in: the storage state a ``setup:`` spec saved."""
    viewport: tuple[int, int] = (1280, 800)
    tool_settings: ToolSettings = field(default_factory=ToolSettings)


@dataclass(frozen=True, slots=True)
class Snapshot:
    text: str
    truncated: bool


@dataclass(frozen=True, slots=True)
class Crawl:
    pages: tuple[Page, ...]
    edges: tuple[Edge, ...]
    failed: tuple[FailedPage, ...]
    unvisited: tuple[Unvisited, ...]
    guardrails: tuple[Guardrail, ...]
    snapshots: Mapping[str, Snapshot]
    """Page id → its bounded ai-mode snapshot."""
    duration_s: float


@dataclass(frozen=True, slots=True)
class _Target:
    url: str
    depth: int
    kind: Literal["start", "link", "frame"]


async def crawl(browser: Browser, options: CrawlOptions, log: Log) -> Crawl:
    """Explore from ``options.start_url`` in a fresh context of ``browser``. Never raises for the site
    misbehaving (a page that fails is a ``failed`` entry); cancellation propagates."""
    width, height = options.viewport
    context_options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if options.storage_state is not None:
        context_options["storage_state"] = str(options.storage_state)
    context = await browser.new_context(**context_options)
    try:
        settings = options.tool_settings
        context.set_default_timeout(settings.action_timeout_ms)
        context.set_default_navigation_timeout(settings.navigation_timeout_ms)
        page = await context.new_page()
        ctx = ToolContext(
            context=context,
            page=page,
            base_url=options.start_url,
            allowed_origins=options.allowed_origins,
            # A confirm() the crawl sets off is answered "cancel"; no screenshots of what it only looks at.
            settings=replace(settings, dialog_policy="dismiss", failure_screenshots=False),
        )
        await guard_navigations(ctx)
        return await _Crawler(ctx, options, log).run()
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(context.close(), 30)


class _Crawler:
    def __init__(self, ctx: ToolContext, options: CrawlOptions, log: Log) -> None:
        self.ctx = ctx
        self.options = options
        self.log = log
        self.origin = origin_of(options.start_url)
        self.started = time.monotonic()
        self.queue: deque[_Target] = deque()
        self.discovered: set[str] = set()
        """Keys of every URL queued or loaded."""
        self.page_of: dict[str, str] = {}
        """Key of a loaded URL (and of each URL that redirected to it) → page id."""
        self.pages: list[Page] = []
        self.reached_from: dict[str, list[str]] = {}
        self.failed: list[FailedPage] = []
        self.beyond_depth: dict[str, tuple[str, int]] = {}
        """Key → (URL, depth) of links left because of ``max_depth``."""
        self.snapshots: dict[str, Snapshot] = {}
        self.loads = 0
        self.console: list[str] = []
        ctx.page.on("console", self._on_console)
        ctx.page.on("pageerror", lambda error: self._note_console(f"uncaught: {error}"))

    def _on_console(self, message: Any) -> None:
        with contextlib.suppress(Exception):
            if message.type == "error":
                self._note_console(message.text)

    def _note_console(self, text: str) -> None:
        if len(self.console) < MAX_CONSOLE_ERRORS:
            self.console.append(" ".join(str(text).split())[:200])

    def _connected(self) -> bool:
        browser = self.ctx.context.browser
        return browser is not None and browser.is_connected()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    async def run(self) -> Crawl:
        options = self.options
        self.log("crawl.start", start_url=options.start_url, max_pages=options.max_pages,
                 max_depth=options.max_depth, timeout_s=options.timeout_s,
                 logged_in=options.storage_state is not None)  # fmt: skip
        self._enqueue(_Target(options.start_url, 0, "start"))
        guardrails: list[Guardrail] = []
        unvisited: list[Unvisited] = []
        while self.queue:
            target = self.queue.popleft()
            if page_key(target.url) in self.page_of:
                continue  # reached already through a redirect
            stop = None
            if self.loads >= options.max_pages:
                stop = Guardrail(name="explore_max_pages", limit=options.max_pages, actual=self.loads)
            elif self.elapsed >= options.timeout_s:
                stop = Guardrail(
                    name="explore_timeout_s", limit=options.timeout_s, actual=round(self.elapsed, 1)
                )
            if stop is not None:
                reason: Literal["max_pages", "timeout"] = (
                    "max_pages" if stop.name == "explore_max_pages" else "timeout"
                )
                left = [target, *self.queue]
                unvisited += [Unvisited(url=t.url, depth=t.depth, reason=reason) for t in left]
                guardrails.append(stop)
                self.log("guardrail.tripped", **stop.model_dump(), unvisited=[t.url for t in left])
                break
            try:
                await self._visit(target)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the browser or the page went away under the crawl
                message = " ".join(str(exc).split())[:300] or type(exc).__name__
                self.failed.append(FailedPage(url=target.url, error=f"the crawl broke off here: {message}"))
                self.log("page.failed", url=target.url, error=message)
                if self.ctx.page.is_closed() or not self._connected():
                    break
        beyond = [found for key, found in self.beyond_depth.items() if key not in self.discovered]
        if beyond:
            trip = Guardrail(name="explore_max_depth", limit=options.max_depth, actual=options.max_depth + 1)
            guardrails.append(trip)
            unvisited += [Unvisited(url=url, depth=depth, reason="max_depth") for url, depth in beyond]
            self.log("guardrail.tripped", **trip.model_dump(), unvisited=[url for url, _ in beyond])
        pages = tuple(
            p.model_copy(update={"reached_from": tuple(self.reached_from.get(p.id, ()))}) for p in self.pages
        )
        self.log("crawl.finished", pages=len(pages), loads=self.loads, failed=len(self.failed),
                 unvisited=len(unvisited), duration_s=round(self.elapsed, 2))  # fmt: skip
        return Crawl(
            pages=pages,
            edges=self._edges(pages),
            failed=tuple(self.failed),
            unvisited=tuple(unvisited),
            guardrails=tuple(guardrails),
            snapshots=dict(self.snapshots),
            duration_s=round(self.elapsed, 2),
        )

    def _enqueue(self, target: _Target) -> None:
        key = page_key(target.url)
        if key not in self.discovered:
            self.discovered.add(key)
            self.queue.append(target)

    async def _visit(self, target: _Target) -> None:
        ctx, page = self.ctx, self.ctx.page
        self.loads += 1
        self.console = []
        self.log("page.visit", url=target.url, depth=target.depth, via=target.kind)
        loaded = await call_tool(ctx, "navigate", {"url": target.url})
        if not loaded.ok:
            message = loaded.error.message if loaded.error else "did not load"
            self.failed.append(FailedPage(url=target.url, error=message[:300]))
            self.log("page.failed", url=target.url, error=message)
            return
        final = page.url
        key, requested = page_key(final), page_key(target.url)
        if origin_of(final) != self.origin:
            self.failed.append(FailedPage(url=target.url, error=f"it led to another origin: {final}"))
            self.log("page.failed", url=target.url, error=f"led to {final}")
            return
        if key != requested:
            self.log("page.redirected", requested=target.url, url=final)
            known = self.page_of.get(key)
            if known is not None:
                self.page_of[requested] = known
                self.reached_from.setdefault(known, []).append(target.url)
                return
        with contextlib.suppress(Exception):
            await page.wait_for_load_state("networkidle", timeout=IDLE_WAIT_MS)
        page_id = f"p{len(self.pages) + 1}"
        self.page_of[key] = self.page_of[requested] = page_id
        self.discovered.add(key)
        if key != requested:
            self.reached_from.setdefault(page_id, []).append(target.url)
        try:
            outline = await read_outline(page, ctx.settings.action_timeout_ms)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            message = " ".join(str(exc).split())[:300] or type(exc).__name__
            self.failed.append(FailedPage(url=final, error=f"could not read the page: {message}"))
            self.log("page.failed", url=final, error=message)
            return
        console = tuple(self.console)
        self.snapshots[page_id] = await self._snapshot()
        links = self._links(outline, target.depth)
        forms = [await self._form(final, raw) for raw in outline.forms]
        status = loaded.data.get("status")
        recorded = Page(
            id=page_id,
            url=final,
            path=page_path(final),
            depth=target.depth,
            status=status if isinstance(status, int) else None,
            title=outline.title,
            headings=tuple(
                Heading(level=int(h.get("level") or 2), text=str(h["text"])) for h in outline.headings
            ),
            landmarks=tuple(
                Landmark(role=str(m["role"]), name=str(m.get("name") or "")) for m in outline.landmarks
            ),
            links=links,
            forms=tuple(forms),
            console_errors=console,
        )
        self.pages.append(recorded)
        self.log("page.recorded", id=page_id, url=final, depth=target.depth, title=recorded.title,
                 status=recorded.status, headings=[h.text for h in recorded.headings][:5],
                 links=len(links), not_followed={lk.url: lk.reason for lk in links if not lk.followed},
                 forms=[f.model_dump() for f in forms], console_errors=list(console))  # fmt: skip

    async def _snapshot(self) -> Snapshot:
        try:
            text = await take_snapshot(self.ctx)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            return Snapshot(f"[no snapshot: {' '.join(str(exc).split())[:200]}]", truncated=True)
        bounded, info = bound_snapshot(text, self.ctx.settings.snapshot_max_chars)
        return Snapshot(bounded, bool(info.get("truncated")))

    def _links(self, outline: Outline, depth: int) -> tuple[Link, ...]:
        out: dict[str, Link] = {}
        found: list[tuple[dict[str, Any], Literal["link", "frame"]]] = [
            (item, "link") for item in outline.links
        ]
        found += [(item, "frame") for item in outline.frames]
        for item, kind in found:
            url, text = str(item.get("url") or ""), str(item.get("text") or "")
            key = page_key(url) if urlsplit(url).scheme in ("http", "https") else url
            if key in out:
                continue
            reason = self._why_not(url, text, bool(item.get("download")))
            if reason is None and depth + 1 > self.options.max_depth:
                if key not in self.discovered:
                    self.beyond_depth.setdefault(key, (url, depth + 1))
                reason = "beyond explore_max_depth"
            if reason is None:
                self._enqueue(_Target(url, depth + 1, "frame" if kind == "frame" else "link"))
            out[key] = Link(url=url, text=text, kind=kind, followed=reason is None, reason=reason)
        return tuple(out.values())

    def _why_not(self, url: str, text: str, download: bool) -> str | None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            return f"not a web page ({parts.scheme or 'no scheme'})"
        if origin_of(url) != self.origin:
            return "off-origin"
        if download or PurePosixPath(parts.path).suffix.lower() in FILE_SUFFIXES:
            return "a file, not a page"
        allowed = self.options.allow
        if "*" in allowed:
            return None
        words = [w for w in LINK_WORDS if w not in allowed]
        word = word_in((text, parts.path), words)
        if word in SESSION_WORDS:
            return "it would end the session"
        return f'it says "{word}"' if word else None

    async def _form(self, page_url: str, raw: Any) -> Form:
        if self.elapsed >= self.options.timeout_s:
            probe = FormProbe(
                submitted=False, button=raw.submit, reason="not submitted: explore_timeout_s reached"
            )
        else:
            probe = await probe_form(self.ctx, page_url, raw, self.options.allow)
        self.log("form.probed", page=page_url, form=raw.name, **probe.model_dump())
        return Form(
            name=raw.name,
            action=raw.action,
            method=raw.method,
            fields=tuple(
                FormField(
                    label=str(f.get("label") or ""),
                    type=str(f.get("type") or "text"),
                    name=str(f.get("name") or ""),
                    required=bool(f.get("required")),
                )
                for f in raw.fields
            ),
            buttons=raw.buttons,
            probe=probe,
        )

    def _edges(self, pages: tuple[Page, ...]) -> tuple[Edge, ...]:
        """Page → page for every followed link that reached a recorded page (``redirect``: through one)."""
        url_of = {p.id: page_key(p.url) for p in pages}
        edges: dict[tuple[str, str], Edge] = {}
        for page in pages:
            for link in page.links:
                target = self.page_of.get(page_key(link.url)) if link.followed else None
                if target is None or target == page.id or (page.id, target) in edges:
                    continue
                kind: Literal["link", "frame", "redirect"] = link.kind
                if kind == "link" and page_key(link.url) != url_of[target]:
                    kind = "redirect"
                edges[(page.id, target)] = Edge(source=page.id, target=target, kind=kind, text=link.text)
        return tuple(edges.values())
