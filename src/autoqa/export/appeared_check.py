"""``LiveRegions``: what exported tests know about text that appeared — toasts, status messages, dialogs,
native ``alert``/``confirm``/``prompt`` dialogs too — behind the conftest's ``autoqa_live_regions`` fixture.

It does for a test's browser context what the tools do for a run, with the tools' own definitions:

* the in-page watcher (``tools/live_regions.js``, installed as ``tools/page_watch.init_script`` builds it)
  reports live regions and ``<dialog>``/role=dialog text through a binding, kept in order across
  navigations, so a toast can be checked after it is gone;
* native dialogs are answered the moment they open, the way the run answered them
  (``tools/pages.answer_dialog``; the run's policy: accept, until a ``dialogs`` step says otherwise —
  :meth:`LiveRegions.answer_dialogs`), and their message is recorded like the tools record it
  (``tools/page_watch.native_dialog_text``). A context-wide listener: without one Playwright dismisses
  every dialog, so a confirm the run accepted would be cancelled and the test would take another path;
* :meth:`LiveRegions.expect_appeared` matches like ``assert_appeared`` (``tools/appeared.appeared_as``:
  folded text contained; ``dialog=True`` only dialogs, ``False`` only live regions) and waits for it.

Usage (what export writes)::

    appeared_since_2 = autoqa_live_regions.mark()
    page.get_by_role("button", name="Delete", exact=True).click()
    autoqa_live_regions.expect_appeared("Delete this file?", since=appeared_since_2, dialog=True)
"""

from __future__ import annotations

import os
import secrets as tokens
import time
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import Dialog, Page

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.secrets import SecretMatcher
from autoqa.tools.appeared import appeared_as
from autoqa.tools.context import DialogPolicy, ToolSettings
from autoqa.tools.page_watch import init_script, native_dialog_text
from autoqa.tools.pages import answer_dialog

RUN_DIALOG_POLICY: DialogPolicy = ToolSettings().dialog_policy
"""How a run answers native dialogs before any ``dialogs`` step (the tools' default)."""
_POLL_MS = 100
_WHERE = {
    "dialog": "a dialog",
    "message": "a toast or status message",
    "announced": "a live region (shown or screen-reader-only)",
}


class LiveRegions:
    """Text that appeared in live regions and dialogs of the test's pages, in order, and the answers to
    native dialogs. Create it before the first navigation (the conftest fixture does)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.binding = "__autoqaWatch_" + tokens.token_hex(4)
        self.seen: list[dict[str, Any]] = []
        self.policy: DialogPolicy = RUN_DIALOG_POLICY
        self.prompt_text: str | None = None
        page.context.expose_binding(self.binding, lambda source, entry: self.seen.append(entry))
        page.context.add_init_script(init_script(self.binding, (), with_library=False))
        page.context.on("dialog", self._on_dialog)

    def answer_dialogs(self, policy: DialogPolicy, prompt_text: str | None = None) -> None:
        """Answer native dialogs from now on as the run's ``dialogs`` step said (``prompt_text``: a
        prompt's answer when accepting)."""
        self.policy, self.prompt_text = policy, prompt_text

    def mark(self) -> int:
        """Where a step starts: later checks count what appeared from here on."""
        return len(self.seen)

    def expect_appeared(
        self,
        text: str,
        *,
        since: int = 0,
        dialog: bool | None = None,
        announced: bool = False,
        or_shown: bool = False,
        timeout_ms: float | None = None,
        secrets: Sequence[str] = (),
    ) -> None:
        """``text`` appeared in a live region or dialog (``dialog``: True only a dialog, False only a live
        region; ``announced``: a live region, screen-reader-only ones too) since ``since`` (a
        :meth:`mark`), or is shown in one now (``or_shown``: or anywhere on the page now, as the tool's
        ``or_shown``); waits up to ``timeout_ms``.
        ``secrets``: environment variables whose values the failure message must not show."""
        timeout_ms = expect_timeout_ms(timeout_ms)
        __tracebackhide__ = True
        kind = "announced" if announced else None if dialog is None else "dialog" if dialog else "message"
        watcher = f"window[Symbol.for('autoqa.watch.{self.binding}')]"
        current = f"() => {watcher} ? {watcher}.current() : []"
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            entries = self._recorded(since)
            for frame in self.page.frames:
                try:
                    entries += frame.evaluate(current)
                except Exception:  # a frame navigating away: the next round reads it again
                    continue
            if any(appeared_as(str(e.get("kind", "")), str(e.get("text", "")), text, kind) for e in entries):
                return
            if or_shown and self.page.get_by_text(text).filter(visible=True).count():
                return
            if time.monotonic() > deadline:
                break
            self.page.wait_for_timeout(_POLL_MS)
        where = _WHERE.get(str(kind), "a live region or dialog")
        shown = [f"{e.get('text')!r} ({e.get('kind')})" for e in self._recorded(since)][-5:]
        message = f"{text!r} did not appear in {where}; what appeared: {'; '.join(shown) or 'nothing'}"
        raise AssertionError(_redacted(message, secrets))

    def _recorded(self, since: int) -> list[dict[str, Any]]:
        return [e for e in self.seen[since:] if isinstance(e, dict) and e.get("type") == "seen"]

    def _on_dialog(self, dialog: Dialog) -> None:
        text = native_dialog_text(dialog.message)
        if text is not None:
            self.seen.append({"type": "seen", "kind": "dialog", "text": text})
        try:
            answer_dialog(dialog, self.policy, self.prompt_text)
        except Exception:  # the page closed meanwhile: nothing is blocked any more
            return


def _redacted(message: str, names: Sequence[str]) -> str:
    values = {name: os.environ.get(name, "") for name in names}
    return SecretMatcher(values).redact(message) if values else message
