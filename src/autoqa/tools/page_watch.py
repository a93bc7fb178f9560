"""PageWatch: what the browser reports about a spec's pages between and during tool calls.

Installed once per browser context, on the first tool call (before it runs, so before the first
navigation): context-wide listeners for console messages, page errors and XHR/fetch answers (popups and
iframes included), and an init script (``live_regions.js``, with the page library) in every document that
reports, through a binding, text appearing in live regions and dialogs and error text on the page.

Everything reported is stamped with the step running at that moment (``ToolContext.step``) and a monotonic
time (kept in the results as ``at_ms``, milliseconds since the watch started). Two records come out of it:

* :attr:`PageWatch.seen` — every live-region or dialog text that appeared (toasts, status messages), for
  ``assert_appeared`` and the report;
* violations of the spec's invariants (``tools/invariants.py``), handed out once by :meth:`drain`.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from importlib import resources
from typing import Any

from playwright.async_api import BrowserContext, ConsoleMessage, Page, Request, Response, WebError

from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.invariants import Violation, clip, short_url
from autoqa.tools.page_scripts import LIBRARY, LIBRARY_KEY

RECORDER = (resources.files("autoqa.tools") / "live_regions.js").read_text(encoding="utf-8")
"""The in-page watcher: a function of ``{binding, patterns, lib}``."""

_KEY = "autoqa.tools.page_watch"
_INSTALL_MS = 5_000
MAX_SEEN = 1_000
"""Live-region texts kept per spec (the newest): a chat log must not grow without bound."""
MAX_VIOLATIONS = 200
_NETWORK_LOG = "Failed to load resource:"
"""Chromium's own console line for a failed resource: a request, judged by no-failed-requests."""
_API_TYPES = frozenset({"xhr", "fetch"})
_ONLY_LOOKING = frozenset({"scroll", "hover"})
"""Actions that move the view, not the app: a toast from the click before them still answers that click."""


@dataclass(frozen=True, slots=True)
class SeenText:
    """Text that appeared in a live region or dialog."""

    text: str
    kind: str
    """``status``, ``alert``, ``log``, ``live`` (aria-live alone) or ``dialog``."""
    step: int | None
    at: float
    """``time.monotonic()`` when the page reported it."""
    url: str = ""
    at_ms: int = 0
    """Milliseconds from the start of the spec's watch (its first tool call, before the first navigation)
    to the report: the recorded time, comparable across a spec's entries and steps."""

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "step": self.step, "url": self.url, "at_ms": self.at_ms}


def init_script(binding: str, patterns: tuple[str, ...], *, with_library: bool = True) -> str:
    """The script every document runs first: the page library (so text is read through shadow roots)
    and the watcher reporting to ``binding``."""
    config = json.dumps(
        {"binding": binding, "patterns": list(patterns), "lib": LIBRARY_KEY if with_library else None}
    )
    library = (
        f"if (!window[Symbol.for('{LIBRARY_KEY}')]) Object.defineProperty(window, "
        f"Symbol.for('{LIBRARY_KEY}'), {{value: {LIBRARY}, configurable: true}});"
        if with_library
        else ""
    )
    return f"(() => {{ try {{ {library} ({RECORDER})({config}); }} catch (e) {{}} }})();"


class PageWatch:
    """What one browser context's pages reported while a spec ran. Never raises into the tools."""

    def __init__(self, ctx: ToolContext) -> None:
        self._ctx = ctx
        self.context: BrowserContext = ctx.context
        self.binding = "__autoqaWatch_" + secrets.token_hex(4)
        self.started = time.monotonic()
        self.seen: list[SeenText] = []
        self._violations: list[Violation] = []
        self._reported = 0
        self._step_started: dict[int, float] = {}
        self._acted: set[int] = set()
        self._last_action = self.started
        self.installed = False

    # --- installation --------------------------------------------------------------------------------

    async def install(self, *, fresh: bool = False) -> None:
        """Listen to the context and put the watcher in every document, now and after each navigation.
        ``fresh``: the context's pages hold only the blank document they were opened with, which nothing
        reads; the watcher goes into the documents they load, not into that one (~25 ms per spec)."""
        checks = self._ctx.invariants.checks
        if "no-console-errors" in checks:
            self.context.on("console", self._on_console)
        if "no-uncaught-exceptions" in checks:
            self.context.on("weberror", self._on_page_error)
        if "no-failed-requests" in checks:
            self.context.on("response", self._on_response)
            self.context.on("requestfailed", self._on_request_failed)
        script = init_script(self.binding, self._ctx.invariants.error_text)
        try:
            await bounded(self.context.expose_binding(self.binding, self._on_report), _INSTALL_MS)
            await bounded(self.context.add_init_script(script), _INSTALL_MS)
        except Exception:  # the context is closing: the tool call itself will say so
            return
        self.installed = True
        if fresh:
            return
        for page in self.context.pages:  # documents already loaded (a test's own goto) get it now
            for frame in page.frames:
                try:
                    await bounded(frame.evaluate(script), _INSTALL_MS)
                except Exception:
                    continue

    # --- what the tools ask --------------------------------------------------------------------------

    def note_call(self, tool: str, kind: str) -> None:
        """Tool ``tool`` of ``kind`` starts for ``ctx.step``: the start of its step and of the latest step
        that acted are what ``assert_appeared`` counts from."""
        now = time.monotonic()
        step = self._ctx.step
        if step is not None:
            self._step_started.setdefault(step, now)
        if kind == "action" and tool not in _ONLY_LOOKING:
            self._last_action = now
            if step is not None:
                self._acted.add(step)

    def window(self, since_step: int | None = None) -> tuple[float, int | None]:
        """Where ``assert_appeared`` starts counting, and the step that starts it.

        ``since_step``: that step's first call (the spec's start when it has not run). Otherwise the first
        call of the latest step up to the current one that acted on the page (clicked, filled, navigated;
        scrolling and hovering only look):
        a toast is the answer to the last action, so a toast of step 2 cannot prove a claim of step 7 when
        steps in between acted. Without a current step: the latest action call.
        """
        if since_step is not None:
            return self._step_started.get(since_step, self.started), since_step
        step = self._ctx.step
        if step is None:
            return self._last_action, None
        acted = [s for s in self._acted if s <= step]
        if not acted:
            return self.started, None
        latest = max(acted)
        return self._step_started[latest], latest

    def seen_since(self, start: float) -> list[SeenText]:
        return [entry for entry in self.seen if entry.at >= start]

    async def shown_now(self, page: Page) -> list[dict[str, Any]]:
        """Live regions and dialogs rendered right now in ``page`` (every frame), as the watcher sees them."""
        out: list[dict[str, Any]] = []
        watcher = f"window[Symbol.for('autoqa.watch.{self.binding}')]"
        expression = f"() => {watcher} ? {watcher}.current() : []"
        for frame in page.frames:
            try:
                found = await bounded(frame.evaluate(expression), _INSTALL_MS)
            except Exception:
                continue
            out.extend(item for item in found or () if isinstance(item, dict))
        return out

    def drain(self) -> list[Violation]:
        """Violations reported since the last drain (each is handed out once)."""
        fresh = self._violations[self._reported :]
        self._reported = len(self._violations)
        return fresh

    # --- listeners (never raise: Playwright would only print it) ---------------------------------------

    def _violation(self, invariant: str, message: str, url: str) -> None:
        if len(self._violations) < MAX_VIOLATIONS:
            self._violations.append(Violation(invariant, clip(message), self._ctx.step, short_url(url)))

    def _on_console(self, message: ConsoleMessage) -> None:
        try:
            if message.type != "error" or message.text.startswith(_NETWORK_LOG):
                return
            where = message.location.get("url") or (message.page.url if message.page else "")
            self._violation("no-console-errors", f'console error "{clip(message.text, 200)}"', where)
        except Exception:
            return

    def _on_page_error(self, error: WebError) -> None:
        try:
            raw = error.error
            name = getattr(raw, "name", "") or "Error"
            text = getattr(raw, "message", "") or str(raw)
            where = error.page.url if error.page else ""
            self._violation("no-uncaught-exceptions", f"uncaught {name}: {clip(text, 200)}", where)
        except Exception:
            return

    def _failed_request(self, request: Request, status: int | None, what: str) -> None:
        if request.resource_type not in _API_TYPES or self._ctx.invariants.allows_request(
            request.url, status
        ):
            return
        where = request.frame.url if request.frame else ""
        self._violation(
            "no-failed-requests",
            f"{request.method} {short_url(request.url)} {what} ({request.resource_type})",
            where,
        )

    def _on_response(self, response: Response) -> None:
        try:
            if response.status >= 400:
                self._failed_request(response.request, response.status, f"answered {response.status}")
        except Exception:
            return

    def _on_request_failed(self, request: Request) -> None:
        try:
            failure = request.failure or "failed"
            if "ERR_ABORTED" not in failure:  # a navigation or the app itself cancelled it
                self._failed_request(request, None, f"failed: {failure}")
        except Exception:
            return

    def _on_report(self, source: Any, entry: Any) -> None:
        try:
            if not isinstance(entry, dict):
                return
            url = str(entry.get("url", ""))
            if entry.get("type") == "seen":
                now = time.monotonic()
                self.seen.append(
                    SeenText(
                        clip(str(entry.get("text", "")), 500),
                        str(entry.get("kind", "live")),
                        self._ctx.step,
                        now,
                        short_url(url),
                        round((now - self.started) * 1000),
                    )
                )
                del self.seen[:-MAX_SEEN]
            elif entry.get("type") == "error_text" and "no-error-text" in self._ctx.invariants.checks:
                pattern, text = clip(str(entry.get("pattern", "")), 80), clip(str(entry.get("text", "")), 160)
                self._violation("no-error-text", f'the page shows "{pattern}": "{text}"', url)
        except Exception:
            return


def undrained_violations(ctx: ToolContext) -> list[Violation]:
    """What the browser reported after the last tool call (the runner asks when the spec ends)."""
    current = ctx.extra.get(_KEY)
    return current.drain() if isinstance(current, PageWatch) else []


def native_dialog_text(message: str) -> str | None:
    """What a native dialog's ``message`` leaves in the record of what appeared (None: nothing, it is
    blank) — for the tools and for exported tests (``export/appeared_check.py``)."""
    return clip(message, 500) if message.strip() else None


def note_native_dialog(ctx: ToolContext, message: str, url: str) -> None:
    """A native ``alert``/``confirm``/``prompt`` opened with ``message``: no live region shows it (the
    browser draws it, and the tools answer it at once), so it is recorded here for ``assert_appeared``."""
    current = ctx.extra.get(_KEY)
    text = native_dialog_text(message)
    if isinstance(current, PageWatch) and text is not None:
        now, at_ms = time.monotonic(), round((time.monotonic() - current.started) * 1000)
        current.seen.append(SeenText(text, "dialog", ctx.step, now, short_url(url), at_ms))
        del current.seen[:-MAX_SEEN]


def seen_texts(ctx: ToolContext) -> list[SeenText]:
    """Everything that appeared in live regions and dialogs so far (none when nothing was watched)."""
    current = ctx.extra.get(_KEY)
    return list(current.seen) if isinstance(current, PageWatch) else []


async def page_watch(ctx: ToolContext, *, fresh: bool = False) -> PageWatch:
    """The watch of this context, installed on first use (a dict lookup afterwards). ``fresh``: installed
    before anything was loaded in the context (see :meth:`PageWatch.install`)."""
    current = ctx.extra.get(_KEY)
    if isinstance(current, PageWatch) and current.context is ctx.context:
        return current
    watch = PageWatch(ctx)
    ctx.extra[_KEY] = watch
    await watch.install(fresh=fresh)
    return watch
