"""ARIA snapshots with ``[ref=eN]`` element refs, kept within a size budget.

Playwright resolves ``aria-ref=eN`` against the *latest* snapshot of a frame: a scoped snapshot drops
the refs outside its scope (``refs.py`` re-snapshots once to get them back). Each new document gets a new
ref prefix (``e5`` on the first page, ``f2e5`` after a navigation), so a ref from a previous page never
silently names an element of the next one: Playwright rejects it ("Invalid frame in aria-ref selector").
"""

from __future__ import annotations

import re
from typing import Any

from playwright.async_api import Locator

from autoqa.tools.context import ToolContext

_REF = re.compile(r"\[ref=((?:f\d+)?e\d+)\]")


def first_ref(snapshot: str) -> str | None:
    match = _REF.search(snapshot)
    return match.group(1) if match else None


async def take_snapshot(ctx: ToolContext, *, scope: Locator | None = None, depth: int | None = None) -> str:
    """An AI-mode ARIA snapshot of the page (or of ``scope``), bounded by ``snapshot_timeout_ms``."""
    timeout = ctx.settings.snapshot_timeout_ms
    target = ctx.page if scope is None else scope
    return await target.aria_snapshot(mode="ai", depth=depth, timeout=timeout)


_LONG_LINE = 1_000
_LONG_LINE_HEAD = 700
_LONG_LINE_TAIL = 200


def _shorten(line: str) -> str:
    """A line of a huge text node (or name) cut in the middle: its start, and its end where the
    ``[ref=eN]`` sits, stay readable; otherwise one such line would use up the whole budget."""
    if len(line) <= _LONG_LINE:
        return line
    cut = len(line) - _LONG_LINE_HEAD - _LONG_LINE_TAIL
    return f"{line[:_LONG_LINE_HEAD]} …[{cut} characters cut]… {line[-_LONG_LINE_TAIL:]}"


def bound_snapshot(text: str, max_chars: int) -> tuple[str, dict[str, Any]]:
    """Cut ``text`` at a line boundary so it fits ``max_chars`` including the notice saying what was cut."""
    if len(text) <= max_chars:
        return text, {"truncated": False}
    original = text.splitlines()
    lines = [_shorten(line) for line in original]
    shortened = sum(len(a) != len(b) for a, b in zip(original, lines, strict=True))
    notice_room = 260
    budget = max(0, max_chars - notice_room)
    kept: list[str] = []
    used = 0
    for line in lines:
        if used + len(line) + 1 > budget:
            break
        kept.append(line)
        used += len(line) + 1
    cut_lines = len(lines) - len(kept)
    cut_chars = len(text) - used
    also = f"; {shortened} overlong lines shortened" if shortened else ""
    notice = (
        f"[snapshot cut: {cut_chars} more characters in {cut_lines} lines not shown{also}. "
        "Scope it: snapshot(target='<section or element>', depth=3) or snapshot(ref='eN'); "
        "or scroll and snapshot again.]"
    )
    return "\n".join([*kept, notice]), {"truncated": True, "cut_chars": cut_chars, "cut_lines": cut_lines}
