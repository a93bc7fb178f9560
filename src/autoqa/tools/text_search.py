"""Is a text shown on the page? Main document and same-origin iframes, in one round trip.

Only rendered content counts: text inside ``<script>`` (a Handlebars template, say), ``<template>``,
``<style>``, ``<noscript>``, a ``<title>`` in the body or anything in ``<head>`` is not on the page at all —
neither shown nor "present but hidden".
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from playwright.async_api import Page

from autoqa.text_match import number_pattern
from autoqa.tools.page_scripts import run_in_page

_LINE_LIMIT = 2_000


@dataclass(frozen=True, slots=True)
class TextPresence:
    visible: int
    """Documents (substring search) or elements (exact search) showing the text."""
    hidden: int
    """Occurrences in rendered content that are not shown (display:none, visibility:hidden)."""


async def find_text(
    page: Page, text: str, *, exact: bool, timeout_ms: float, within: str | None = None, whole: bool = False
) -> TextPresence:
    """Substring search is case-insensitive and whitespace-normalised, like ``get_by_text``, with a number
    matched whole (:mod:`autoqa.text_match`); ``exact`` means an element whose whole text equals ``text``.
    ``within``: only in the elements this CSS selector selects (then ``visible`` counts those elements).
    ``whole`` (with ``exact``): the element's text is that text and nothing more, where ``exact`` allows a
    closing mark, an aside in brackets or a close glyph after it ("reads exactly")."""
    number = None if exact else number_pattern(" ".join(text.split()).casefold())
    args = {"text": text, "exact": exact, "number": number, "within": within, "whole": exact and whole}
    raw = await run_in_page(page, "findText", args, timeout_ms)
    return TextPresence(int(raw["visible"]), int(raw["hidden"]))


async def closest_lines(page: Page, text: str, timeout_ms: float, limit: int = 2) -> list[str]:
    """Visible lines most like ``text`` ("Total: $31.00" when "Total: $30.00" was expected)."""
    lines: list[str] = await run_in_page(page, "visibleLines", {"limit": _LINE_LIMIT}, timeout_ms)
    wanted = text.casefold()
    scored = []
    for line in dict.fromkeys(lines):
        ratio = difflib.SequenceMatcher(None, wanted, line.casefold()).ratio()
        if ratio >= 0.4:
            scored.append((ratio, line))
    scored.sort(key=lambda pair: -pair[0])
    return [line for _, line in scored[:limit]]
