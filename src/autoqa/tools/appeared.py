"""``assert_appeared``: text appeared in a toast, status message or dialog — even if it is gone by now.

Toasts vanish ("Order placed" lasts ~2 s); a check that only reads the page as it is now fails them for
no fault of the app, or passes only by racing the timer. The page watcher (``tools/page_watch.py``)
records what appeared in live regions (role status/alert/log, aria-live, ``<output>``) and dialogs while
each step ran, so the claim is judged on that record.

**The window.** The check counts what appeared since the first call of the latest step, up to the current
one, that acted on the page (clicked, filled, navigated…; scrolling and hovering only look): the toast
answers that action. A check in the
same step as its action (an ``Expected:`` clause) or in the steps right after it (only checks in between)
sees it; a toast from step 2 cannot prove a claim of step 7 when steps in between acted — unless the
claim says so (``since_step=2``: since step 2 began). Text that is shown in such a region right now also
passes. Matching is case-insensitive and by substring, like ``assert_text_present``; the check waits up to
``assertion_timeout_ms`` for the text to appear.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import Field

from autoqa.text_match import fold
from autoqa.tools.args import ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, poll
from autoqa.tools.page_watch import SeenText, page_watch
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.text_search import find_text

_READ_MS = 5_000


class AppearedArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=500)
    # No descriptions: the names and the tool's description say it (the agent's byte budget).
    kind: Literal["message", "dialog", "announced"] | None = None
    """message: a toast or a status/alert region; dialog: a dialog; None: either; announced: any live
    region, a screen-reader-only one too (what a screen reader hears)."""
    since_step: int | None = Field(default=None, ge=1)
    """Count from this step's start instead of the start of the latest step that acted."""
    or_shown: bool = False
    """Also pass when the text is shown anywhere on the page now: "the alert says "x"" (present tense) is
    a browser's alert, a live region, or a message drawn without one."""


def _fits(kind: str, wanted: str | None) -> bool:
    if wanted == "announced":
        return kind != "dialog"  # a live region, shown or drawn for screen readers only
    if kind == "announced":
        return False  # heard by a screen reader, never shown: no toast anyone saw
    return wanted is None or (kind == "dialog") == (wanted == "dialog")


def appeared_as(kind: str, text: str, wanted: str, wanted_kind: str | None) -> bool:
    """Whether what appeared (``kind``, ``text``) answers a claim that ``wanted`` appeared in a
    ``wanted_kind`` (``message``, ``dialog`` or None: either) — the tool's matching, which exported tests
    use too (``export/appeared_check.py``)."""
    return _fits(kind, wanted_kind) and fold(wanted) in fold(text)


def _listed(entries: list[SeenText]) -> str:
    shown = [f'"{e.text[:80]}" ({e.kind}, step {e.step})' for e in entries[-5:]]
    return "; ".join(shown) if shown else "nothing"


async def assert_appeared(ctx: ToolContext, args: AppearedArgs) -> ToolResult:
    watch = await page_watch(ctx)
    if args.since_step is not None and ctx.step is not None and args.since_step > ctx.step:
        raise ToolFailure(
            ErrorCode.INVALID_INPUT, f"since_step {args.since_step} is after the current step {ctx.step}"
        )
    start, window_step = watch.window(args.since_step)
    wanted = fold(args.text)

    async def attempt() -> dict[str, Any] | None:
        for entry in watch.seen_since(start):
            if appeared_as(entry.kind, entry.text, args.text, args.kind):
                return {
                    "appeared": entry.text[:200],
                    "kind": entry.kind,
                    "appeared_in_step": entry.step,
                    "ms_before_check": round((time.monotonic() - entry.at) * 1000),
                    "visible_now": False,
                }
        for shown in await watch.shown_now(ctx.page):
            kind = str(shown.get("kind", ""))
            text = str(shown.get("text", ""))
            if appeared_as(kind, text, args.text, args.kind):
                # Shown since before the window (or before the watcher): its step is the latest record's.
                earlier = [e.step for e in watch.seen if e.kind == kind and wanted in fold(e.text)]
                return {
                    "appeared": text[:200],
                    "kind": kind,
                    "appeared_in_step": earlier[-1] if earlier else None,
                    "visible_now": True,
                }
        if args.or_shown:
            presence = await find_text(ctx.page, args.text, exact=False, timeout_ms=_READ_MS)
            if presence.visible:
                return {
                    "appeared": args.text[:200],
                    "kind": "text",
                    "appeared_in_step": None,
                    "visible_now": True,
                }
        return None

    found = await poll(attempt, Deadline(ctx.settings.assertion_timeout_ms))
    if found is not None:
        return ToolResult.success(**found, window_step=window_step)
    where = (
        "dialog"
        if args.kind == "dialog"
        else "live region (shown or screen-reader-only)"
        if args.kind == "announced"
        else "toast, status message" + (" or dialog" if args.kind is None else "")
    )
    since = f"since step {window_step} began" if window_step is not None else "during this spec"
    seen = [e for e in watch.seen_since(start) if _fits(e.kind, args.kind)]
    if args.or_shown:
        where += " nor on the page"
    raise ToolFailure(
        ErrorCode.ASSERTION_FAILED,
        f"{args.text!r} did not appear in a {where} {since}; what appeared: {_listed(seen)}",
        advice="only live regions (role status/alert/log, aria-live, <output>) and dialogs are recorded; "
        "text shown elsewhere is checked with assert_text_present while it is shown",
        expected=args.text,
        window_step=window_step,
    )
