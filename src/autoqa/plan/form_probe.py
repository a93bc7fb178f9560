"""Submitting a form with every field empty, to see which validation messages the page shows.

The crawl types nothing. It clicks the form's submit button through the tool layer — the same ``click``
call the generated spec will make (``Click the "Submit" button``), so a button the tools cannot name
uniquely is never turned into a spec — and records the text that became visible. Forms whose button (or
action URL) says something that changes the world are never submitted unless the user allows that word.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterable

from autoqa.plan.graph import FormProbe
from autoqa.plan.outline import RawForm
from autoqa.tools.call import call_tool
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.page_scripts import run_in_page

RISKY_WORDS = (
    "delete", "remove", "pay", "buy", "confirm", "send", "purchase", "order", "checkout", "transfer",
    "destroy", "erase", "cancel", "unsubscribe", "logout", "log out", "sign out", "signout", "log off",
)  # fmt: skip
"""Words on a button (or in a form's action URL) that keep the crawl from submitting the form: the issue's
delete/remove/pay/buy/confirm/send, and their neighbours that place orders, move money or end sessions."""
SESSION_WORDS = ("logout", "log out", "sign out", "signout", "log off", "logoff")
"""Words on a link that would end the session the crawl explores with: such links are never followed."""
MESSAGE_WAIT_S = 1.5
"""How long after the click new text may take to appear (an API round trip before the message)."""
MAX_MESSAGES = 10
_LINES = 600
# Fields the browser's own validation holds back (a bubble, not text on the page: no step can check it).
_INVALID_JS = """() => [...document.querySelectorAll('input:invalid, select:invalid, textarea:invalid')]
  .slice(0, 5).map((e) => ((e.labels && e.labels[0] ? e.labels[0].textContent.trim() + ': ' : '')
  + e.validationMessage).slice(0, 100))"""


def word_in(texts: Iterable[str], words: Iterable[str]) -> str | None:
    """The first of ``words`` that appears as a word (or words) in one of ``texts``, case-insensitive."""
    for text in texts:
        spaced = " " + re.sub(r"[^a-z0-9]+", " ", text.lower()) + " "
        for word in words:
            if f" {word} " in spaced:
                return word
    return None


def risky_word(form: RawForm, allowed: frozenset[str]) -> str | None:
    """The risky word the form's submit button or action says, unless allowed (``*`` allows all)."""
    if "*" in allowed:
        return None
    words = [w for w in RISKY_WORDS if w not in allowed]
    return word_in((form.submit or "", form.action), words)


def quoted(text: str) -> str | None:
    """``"text"`` as a spec writes it; None when the text cannot be quoted plainly (it holds a double
    quote, or braces a spec would read as a variable)."""
    if not text or any(mark in text for mark in ('"', "“", "”", "{{", "}}")):
        return None
    return f'"{text}"'


async def _visible_lines(ctx: ToolContext) -> list[str]:
    lines = await run_in_page(ctx.page, "visibleLines", {"limit": _LINES}, ctx.settings.action_timeout_ms)
    return [str(line) for line in lines or ()]


async def probe_form(ctx: ToolContext, page_url: str, form: RawForm, allowed: frozenset[str]) -> FormProbe:
    """Reload ``page_url``, submit ``form`` empty and report what it showed. Never raises (but for
    cancellation): what went wrong is the probe's ``reason``."""
    button = form.submit
    if button is None:
        return FormProbe(submitted=False, reason="no visible, enabled submit button")
    word = risky_word(form, allowed)
    if word is not None:
        return FormProbe(
            submitted=False,
            button=button,
            reason=f'not submitted: it says "{word}" (allow it with --allow {word})',
        )
    target = quoted(button)
    if target is None:
        return FormProbe(
            submitted=False, button=button, reason="its button's name cannot be quoted in a step"
        )
    loaded = await call_tool(ctx, "navigate", {"url": page_url})
    if not loaded.ok:
        return FormProbe(submitted=False, button=button, reason=_failure("reloading the page", loaded))
    try:
        before = set(await _visible_lines(ctx))
        clicked = await call_tool(ctx, "click", {"target": f"{target} button"})
        if not clicked.ok:
            return FormProbe(submitted=False, button=button, reason=_failure("clicking it", clicked))
        if _without_fragment(ctx.page.url) != _without_fragment(page_url):
            return FormProbe(submitted=True, button=button, url_after=ctx.page.url)
        messages = await _new_lines(ctx, before)
        if not messages and not form.novalidate:
            invalid = await bounded(ctx.page.evaluate(_INVALID_JS), ctx.settings.action_timeout_ms)
            if invalid:
                stopped = "; ".join(str(text) for text in invalid)
                return FormProbe(
                    submitted=True,
                    button=button,
                    reason=f"the browser's validation stopped it: {stopped}"[:300],
                )
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # the page went away under the probe: say so, the crawl goes on
        return FormProbe(submitted=False, button=button, reason=f"the page could not be read: {exc}"[:300])
    return FormProbe(submitted=True, button=button, messages=tuple(messages))


async def _new_lines(ctx: ToolContext, before: set[str]) -> list[str]:
    """Lines visible now that were not before the click; waits a moment for them to appear and settle."""
    deadline = time.monotonic() + MESSAGE_WAIT_S
    found: list[str] = []
    while True:
        now = [line for line in dict.fromkeys(await _visible_lines(ctx)) if line not in before]
        if now and now == found:  # the same new text twice in a row: the page has settled
            return now[:MAX_MESSAGES]
        found = now
        if time.monotonic() >= deadline:
            return found[:MAX_MESSAGES]
        await asyncio.sleep(0.15)


def _failure(doing: str, result: object) -> str:
    error = getattr(result, "error", None)
    message = getattr(error, "message", "") or "failed"
    return f"{doing} failed: {message}"[:300]


def _without_fragment(url: str) -> str:
    return url.split("#", 1)[0]
