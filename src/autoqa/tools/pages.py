"""Tabs and JS dialogs: every page of the context is watched, so popups and alerts never block a tool.

Dialogs are answered at once (``settings.dialog_policy``, or the last ``dialogs`` tool choice) and
recorded in ``ctx.dialogs``. New tabs and a closed active tab leave a notice for the next tool result.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol, TypeVar

from playwright.async_api import BrowserContext, Dialog, Page, Request

from autoqa.tools.context import DialogPolicy, ToolContext
from autoqa.tools.page_watch import note_native_dialog

_KEY = "autoqa.tools.page_tracker"

_Answer = TypeVar("_Answer", covariant=True)


class AnswerableDialog(Protocol[_Answer]):
    """A Playwright dialog, async (the tools) or sync (exported tests, ``export/appeared_check.py``)."""

    @property
    def type(self) -> str: ...

    def accept(self, prompt_text: str | None = None) -> _Answer: ...

    def dismiss(self) -> _Answer: ...


def answer_dialog(dialog: AnswerableDialog[_Answer], policy: str, prompt_text: str | None) -> _Answer:
    """How autoqa answers a native dialog (the one place that says it): ``accept`` — a prompt with
    ``prompt_text`` (the ``dialogs`` tool's answer; None: its default value) — or ``dismiss``. Returns what
    the call returns (an awaitable for an async dialog)."""
    if policy == "accept":
        return dialog.accept(prompt_text if dialog.type == "prompt" else None)
    return dialog.dismiss()


class PageTracker:
    def __init__(self, ctx: ToolContext) -> None:
        self._ctx = ctx
        self.context: BrowserContext = ctx.context
        self.dialog_choice: DialogPolicy | None = None
        """Set by the ``dialogs`` tool; overrides ``settings.dialog_policy`` from then on."""
        self.prompt_text: str | None = None
        self._call_from = 0
        self.previous_call_from = 0
        """Index into ``ctx.dialogs`` of the first dialog that opened after the previous call began (during
        it or since): what a ``dialogs`` answer given now comes too late for."""
        self._notices: list[str] = []
        self._watched: set[int] = set()
        self._failed_loads: dict[int, tuple[str, str]] = {}

    def begin_call(self) -> None:
        self.previous_call_from, self._call_from = self._call_from, len(self._ctx.dialogs)

    def attach(self) -> None:
        self.context.on("page", self._on_page)
        for page in self.context.pages:
            self.watch(page)
        if not self._ctx.page.is_closed():
            self.watch(self._ctx.page)

    def pages(self) -> list[Page]:
        return [p for p in self.context.pages if not p.is_closed()]

    def pop_notices(self) -> list[str]:
        notices, self._notices = self._notices, []
        return notices

    def watch(self, page: Page) -> None:
        """Answer this page's dialogs and notice when it closes (idempotent)."""
        if id(page) in self._watched:
            return
        self._watched.add(id(page))
        page.on("dialog", self._on_dialog)
        page.on("close", self._on_close)
        page.on("requestfailed", lambda request: self._on_request_failed(page, request))

    def failed_load(self, page: Page) -> tuple[str, str] | None:
        """(URL, net error) of the last page load of ``page`` that failed at the network level."""
        return self._failed_loads.get(id(page))

    def _on_request_failed(self, page: Page, request: Request) -> None:
        # Only the document of the tab itself: a failed image or XHR leaves the page usable. ERR_ABORTED
        # is a navigation superseded by another one (or a download), not an outage.
        failure = request.failure or ""
        if (
            request.is_navigation_request()
            and "ERR_ABORTED" not in failure
            and request.frame == page.main_frame
        ):
            self._failed_loads[id(page)] = (request.url, failure)

    def _on_page(self, page: Page) -> None:
        self.watch(page)
        index = self.pages().index(page) if page in self.pages() else len(self.pages()) - 1
        self._notices.append(
            f"a new tab opened (index {index}); switch to it with tabs(action='switch', index={index})"
        )

    def _on_close(self, page: Page) -> None:
        if page is not self._ctx.page:
            return
        remaining = self.pages()
        if remaining:
            self._ctx.page = remaining[-1]
            index = len(remaining) - 1
            self._notices.append(f"the active tab closed; now on tab {index} ({remaining[-1].url})")

    async def _on_dialog(self, dialog: Dialog) -> None:
        policy = self.dialog_choice or self._ctx.settings.dialog_policy
        record: dict[str, Any] = {"type": dialog.type, "message": dialog.message[:500], "handled_as": policy}
        if self.dialog_choice is None:
            record["by_default"] = True  # no step or model call chose the answer
        if dialog.type == "prompt" and policy == "accept" and self.prompt_text is not None:
            record["prompt_text_length"] = len(self.prompt_text)
        self._ctx.dialogs.append(record)
        note_native_dialog(self._ctx, dialog.message, dialog.page.url if dialog.page else "")
        try:
            await asyncio.wait_for(
                answer_dialog(dialog, policy, self.prompt_text), self._ctx.settings.action_timeout_ms / 1000
            )
        except asyncio.CancelledError:
            raise
        except Exception:  # the page closed meanwhile (nothing is blocked any more) or stopped answering
            record["handled_as"] = "failed"


def tracker(ctx: ToolContext) -> PageTracker:
    """The tracker of this context, attached on first use (cheap afterwards: a dict lookup).

    ``call_tool`` calls it every time; a runner that lets the page run before the first tool call (a
    warm-up ``goto``) should call it when it builds the ToolContext, so early dialogs are answered too.
    """
    current = ctx.extra.get(_KEY)
    if isinstance(current, PageTracker) and current.context is ctx.context:
        if not ctx.page.is_closed():
            current.watch(ctx.page)
        return current
    fresh = PageTracker(ctx)
    ctx.extra[_KEY] = fresh
    fresh.attach()
    return fresh
