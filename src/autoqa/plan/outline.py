"""What one page shows, read in the browser: title, headings, landmarks, links, frames and forms.

One ``evaluate`` of ``page_outline.js`` per page, through open shadow roots (a heading inside a web
component is on the page), visible elements only, each list capped so a huge page stays a bounded record.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from playwright.async_api import Page

from autoqa.tools.deadlines import bounded

_SCRIPT = (resources.files("autoqa.plan") / "page_outline.js").read_text(encoding="utf-8")
LIMITS = {"text": 200, "headings": 50, "landmarks": 30, "links": 300, "frames": 20, "forms": 20, "fields": 50,
          "buttons": 20}  # fmt: skip
"""Caps per page: characters of a text, items of each list."""


@dataclass(frozen=True, slots=True)
class RawForm:
    name: str
    action: str
    method: str
    fields: tuple[dict[str, Any], ...]
    buttons: tuple[str, ...]
    submit: str | None
    """The name of the button that submits the form (the first visible, enabled submit button)."""
    novalidate: bool = False
    """The browser's own validation (``required`` bubbles) is off: the page shows its own messages."""


@dataclass(frozen=True, slots=True)
class Outline:
    title: str
    headings: tuple[dict[str, Any], ...]
    landmarks: tuple[dict[str, Any], ...]
    links: tuple[dict[str, Any], ...]
    """``{url, text, visible, download}``; ``url`` absolute as the browser resolved it."""
    frames: tuple[dict[str, Any], ...]
    forms: tuple[RawForm, ...]


async def read_outline(page: Page, timeout_ms: float) -> Outline:
    """The outline of ``page``'s main document (raises what Playwright raises: the caller records it)."""
    data = await bounded(page.evaluate(_SCRIPT, LIMITS), timeout_ms)
    forms = tuple(
        RawForm(
            name=str(f.get("name") or ""),
            action=str(f.get("action") or ""),
            method=str(f.get("method") or "get"),
            fields=tuple(f.get("fields") or ()),
            buttons=tuple(str(b) for b in f.get("buttons") or ()),
            submit=f.get("submit") or None,
            novalidate=bool(f.get("novalidate")),
        )
        for f in data.get("forms") or ()
    )
    return Outline(
        title=str(data.get("title") or ""),
        headings=tuple(data.get("headings") or ()),
        landmarks=tuple(data.get("landmarks") or ()),
        links=tuple(data.get("links") or ()),
        frames=tuple(data.get("frames") or ()),
        forms=forms,
    )
