"""ARIA snapshots with ``[ref=eN]`` element refs, kept within a size budget.

Playwright resolves ``aria-ref=eN`` against the *latest* snapshot of a frame: a scoped snapshot drops
the refs outside its scope (``refs.py`` re-snapshots once to get them back). Each new document gets a new
ref prefix (``e5`` on the first page, ``f2e5`` after a navigation), so a ref from a previous page never
silently names an element of the next one: Playwright rejects it ("Invalid frame in aria-ref selector").
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from playwright.async_api import Frame, Locator, Page

from autoqa.tools.context import ToolContext

_REF = re.compile(r"\[ref=((?:f\d+)?e\d+)\]")


def first_ref(snapshot: str) -> str | None:
    match = _REF.search(snapshot)
    return match.group(1) if match else None


async def take_snapshot(ctx: ToolContext, *, scope: Locator | None = None, depth: int | None = None) -> str:
    """An AI-mode ARIA snapshot of the page (or of ``scope``), bounded by ``snapshot_timeout_ms``, with
    the values of password fields hidden."""
    timeout = ctx.settings.snapshot_timeout_ms
    target = ctx.page if scope is None else scope
    # Both at once (one browser round trip less per snapshot); either order races a page that changes.
    text, passwords = await asyncio.gather(
        target.aria_snapshot(mode="ai", depth=depth, timeout=timeout), _password_values(ctx.page, timeout)
    )
    return hide_password_values(text, passwords)


PASSWORD_SHOWN_AS = "<password value hidden>"

# Playwright's ai-mode snapshot prints a password field's value as text (`- textbox "Password": hunter2`),
# whatever put it there: autofill, the page, a literal in a step. The browser draws dots; so do we.
_PASSWORD_VALUES_JS = """() => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (el instanceof HTMLInputElement && el.type === 'password' && el.value) out.push(el.value);
    }
  };
  walk(document);
  return out;
}"""
# Shorter values are hidden only where the snapshot prints a field's value, not everywhere in the text.
_MIN_HIDDEN_ANYWHERE = 3


async def _password_values(page: Page, timeout_ms: float) -> list[str]:
    async def in_frame(frame: Frame) -> list[str]:
        try:
            found = await asyncio.wait_for(frame.evaluate(_PASSWORD_VALUES_JS), timeout_ms / 1000)
        except asyncio.CancelledError:
            raise
        except Exception:  # a detached or busy frame: its fields are not in this snapshot either
            return []
        return [v for v in found if isinstance(v, str) and v]

    found = await asyncio.gather(*(in_frame(frame) for frame in page.frames))
    return [value for values in found for value in values]


def hide_password_values(snapshot: str, values: list[str]) -> str:
    """``snapshot`` with every password field's value replaced by :data:`PASSWORD_SHOWN_AS`."""
    hidden = set(values)
    if not hidden:
        return snapshot

    def field(match: re.Match[str]) -> str:
        shown = match.group(2)
        return match.group(1) + PASSWORD_SHOWN_AS if _yaml_scalar(shown) in hidden else match.group(0)

    snapshot = _FIELD_VALUE.sub(field, snapshot)
    for value in sorted(hidden, key=len, reverse=True):
        if len(value) >= _MIN_HIDDEN_ANYWHERE:
            for spelling in {value, json.dumps(value, ensure_ascii=False)[1:-1]}:
                snapshot = snapshot.replace(spelling, PASSWORD_SHOWN_AS)
    return snapshot


_FIELD_VALUE = re.compile(r"^(\s*- textbox\b[^\n]*?: )(.+)$", re.MULTILINE)


def _yaml_scalar(text: str) -> str:
    """The string a snapshot's YAML scalar stands for (values that look like numbers get quoted)."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        try:
            decoded = json.loads(text)
        except ValueError:
            return text
        return decoded if isinstance(decoded, str) else text
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text


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
