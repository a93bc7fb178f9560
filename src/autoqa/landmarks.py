"""The page's landmarks as a step names them: "the header", "the sidebar", "the footer", "the navigation",
"the main content"; and the field that has the focus. "Verify "Saved" appears in the header" claims text
inside that region, so the check reads the region and not the page.

Each is a CSS target (``css=…``) that the tools resolve as any target (several matches are ambiguous and
fail, none is not found) and that replay and export find again as they are. The selectors follow how HTML
maps elements to landmark roles: a ``<header>`` or ``<footer>`` is the page's banner or contentinfo only
outside ``<article>``, ``<aside>``, ``<main>``, ``<nav>`` and ``<section>`` (a card's header is no page
header); an explicit ``role`` counts as written. A leaf module: the grammar writes these targets, the tools
read them, one definition.
"""

from __future__ import annotations

_SECTIONING = ("article", "aside", "main", "nav", "section")


def _page_level(tag: str, role: str) -> str:
    outside = "".join(f":not({parent} {tag})" for parent in _SECTIONING)
    return f"css={tag}{outside}, [role={role}]"


LANDMARKS: dict[str, str] = {
    "header": _page_level("header", "banner"),
    "footer": _page_level("footer", "contentinfo"),
    "sidebar": "css=aside:not(article aside):not(section aside), [role=complementary]",
    "navigation": "css=nav, [role=navigation]",
    "main content": "css=main, [role=main]",
}
"""Landmark → target. Words a step uses for each are the grammar's (``spec/grammar.py``)."""

# The field that has the keyboard focus, where a person's typing goes ('Type "buy milk"' on a todo list whose
# input is focused on load, 'Press Ctrl+K and type "buckets"'). Only a field one types into: focus on a
# button, a checkbox or nothing at all matches nothing, so the step fails instead of typing elsewhere.
_TEXT_INPUT = "input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset],[type=file],"
_TEXT_INPUT += "[type=image],[type=range],[type=color],[type=hidden])"
FOCUSED_FIELD = f"css=:focus:is({_TEXT_INPUT}, textarea, [contenteditable]:not([contenteditable=false]))"
"""Only elements that take typing: a button marked ``role=combobox`` (a drawn dropdown) takes none."""

TARGETS = frozenset((*LANDMARKS.values(), FOCUSED_FIELD))
"""The targets above: replay and export keep them as they are (the region or the focused field, never the
element that happened to be it when the spec was recorded)."""
