"""Resolving a plain-language ``target`` to one element, deterministically (never by a model).

Order, first tier with a match wins (visible matches preferred over hidden ones):

1. explicit hints: ``#id``, ``[attr=value]``, ``css=…``, ``xpath=…`` / ``//…``, ``text=…``,
   ``role=button name=Save``;
2. test id (``settings.test_id_attribute``) equal to the description;
3. role + accessible name of an interactive element: exact, then case-insensitive;
4. label, placeholder, alt / title, exact text (case-sensitive, then not);
5. a role word in the description ("the Save button") narrows the roles; any role with that name;
6. token matching: every word of the description (minus filler like "the", "button") in the element's
   name or text, case-folded; CJK runs match as substrings, so "购物车" finds "加入购物车".

The main document is searched first, then same-origin iframes. One match wins; several equally good
matches are AMBIGUOUS_TARGET with up to three candidates; none is ELEMENT_NOT_FOUND with the three
closest interactive elements. Both carry refs so a model can recover with a ref.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Locator, Page

from autoqa.tools.page_scripts import run_in_page, run_on_matches

CANDIDATE_LIMIT = 3
_NAVIGATING = ("Execution context was destroyed", "Cannot find context", "Frame was detached")

# Filler words that describe rather than name an element. Role words double as role hints.
_ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "button": ("button",),
    "btn": ("button",),
    "link": ("link",),
    "checkbox": ("checkbox",),
    "radio": ("radio",),
    "field": ("textbox", "searchbox", "spinbutton", "combobox"),
    "input": ("textbox", "searchbox", "spinbutton", "combobox"),
    "textbox": ("textbox", "searchbox"),
    "textarea": ("textbox",),
    "dropdown": ("combobox", "listbox"),
    "select": ("combobox", "listbox"),
    "combobox": ("combobox",),
    "tab": ("tab",),
    "heading": ("heading",),
    "title": ("heading",),
    "image": ("img",),
    "switch": ("switch",),
    "slider": ("slider",),
    "option": ("option",),
    "dialog": ("dialog",),
    "按钮": ("button",),
    "链接": ("link",),
    "输入框": ("textbox", "searchbox", "spinbutton", "combobox"),
    "文本框": ("textbox", "searchbox"),
    "复选框": ("checkbox",),
    "下拉框": ("combobox", "listbox"),
}
_STOP_WORDS = frozenset(
    {"the", "a", "an", "to", "on", "in", "of", "for", "with", "at", "icon", "element", "box"}
)
_ARTICLES = frozenset({"the", "a", "an"})
_CJK_SUFFIXES = (*(word for word in _ROLE_WORDS if not word.isascii()), "图标", "的")
_TOKEN = re.compile(r"\w+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_QUOTED = re.compile(r"[\"“”'‘’「」『』](.+?)[\"“”'‘’「」『』]")


def fold(text: str) -> str:
    """The case folding the page script uses too (NFKC, lower case, single spaces)."""
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


@dataclass(frozen=True, slots=True)
class TargetQuery:
    """A description split into what the page script needs."""

    text: str
    tokens: tuple[str, ...]
    role_hints: tuple[str, ...]
    stripped: str
    """The description without role words and quotes ("Save" for 'the "Save" button')."""


def parse_target(text: str) -> TargetQuery:
    text = " ".join(text.split())
    if len(text) >= 2 and text[0] in "\"'“「" and text[-1] in "\"'”」":
        text = text[1:-1].strip()
    hints: list[str] = []
    kept: list[str] = []
    for raw in _TOKEN.findall(fold(text)):
        token = raw
        if raw in _ROLE_WORDS:
            hints.extend(_ROLE_WORDS[raw])
            continue
        if _CJK.search(raw):
            for suffix in _CJK_SUFFIXES:
                if token.endswith(suffix) and len(token) > len(suffix):
                    hints.extend(_ROLE_WORDS.get(suffix, ()))
                    token = token[: -len(suffix)]
        if token not in _STOP_WORDS:
            kept.append(token)
    quoted = _QUOTED.search(text)
    if quoted:
        stripped = quoted.group(1)
    else:
        words = [w for w in text.split() if fold(w).strip(".,:;!?") not in _ROLE_WORDS]
        while words and fold(words[0]) in _ARTICLES:
            words.pop(0)
        stripped = " ".join(words)
    # A description made only of filler ("the button") still has to match something.
    tokens = tuple(dict.fromkeys(kept)) or tuple(dict.fromkeys(_TOKEN.findall(fold(text))))
    return TargetQuery(text, tokens, tuple(dict.fromkeys(hints)), stripped)


@dataclass(frozen=True, slots=True)
class Match:
    """One element as the page script describes it."""

    role: str | None
    name: str
    text: str
    tag: str
    css: str
    frame: tuple[str, ...]
    context: str | None
    state: dict[str, Any]

    @classmethod
    def from_js(cls, raw: dict[str, Any]) -> Match:
        return cls(
            role=raw.get("role"),
            name=raw.get("name") or "",
            text=raw.get("text") or "",
            tag=raw.get("tag") or "",
            css=raw.get("css") or "",
            frame=tuple(raw.get("frame") or ()),
            context=raw.get("context"),
            state=raw.get("state") or {},
        )

    def label(self) -> str:
        """``button "Log in"`` — how the element appears in a snapshot."""
        role = self.role or self.tag
        shown = self.name or self.text
        return f'{role} "{shown[:60]}"' if shown else role


@dataclass(frozen=True, slots=True)
class TargetLookup:
    """The outcome of one resolution attempt (no waiting)."""

    status: str
    """``found``, ``ambiguous`` or ``none``."""
    tier: str | None
    count: int
    hidden: bool
    matches: tuple[Match, ...]
    candidates: tuple[Match, ...]
    locator: Locator | None
    """For ``found``: a locator for exactly that element."""
    match_locators: tuple[Locator, ...] = ()
    """One locator per entry of ``matches`` (to fetch their refs for error messages)."""


def locator_for(page: Page, match: Match) -> Locator:
    scope: Any = page
    for frame_css in match.frame:
        scope = scope.frame_locator(frame_css)
    locator: Locator = scope.locator(match.css)
    return locator


_HINT_ROLE = re.compile(
    r'^role=(?P<role>[a-z]+)(?:\s+name=(?P<name>.+)|\[name=["\']?(?P<name2>.*?)["\']?\])?$'
)


def explicit_hint(page: Page | Frame, text: str) -> Locator | None:
    """A locator for descriptions that are selectors already, else ``None``."""
    if re.fullmatch(r"#[A-Za-z_][\w\-:.]*", text) or re.fullmatch(r"\[[\w\-:]+(?:[~|^$*]?=.+)?\]", text):
        return page.locator(text)
    if text.startswith("css="):
        return page.locator(text)
    if text.startswith(("xpath=", "//", "(//")):
        return page.locator(text if text.startswith("xpath=") else "xpath=" + text)
    if text.startswith("text="):
        return page.get_by_text(text[5:].strip().strip("\"'"))
    role = _HINT_ROLE.match(text)
    if role:
        name = role.group("name") or role.group("name2")
        name = name.strip().strip("\"'") if name else None
        return page.get_by_role(role.group("role"), name=name, exact=True)  # type: ignore[arg-type]
    return None


def same_origin_child_frames(page: Page) -> list[Frame]:
    main = page.main_frame
    origin = _origin(main.url)
    return [f for f in page.frames if f is not main and _origin(f.url) == origin and not f.is_detached()]


def _origin(url: str) -> str:
    match = re.match(r"^[a-z][a-z0-9+.-]*://[^/?#]*", url, re.IGNORECASE)
    return match.group(0).lower() if match else url


async def describe_locator(locator: Locator, timeout_ms: float) -> dict[str, Any]:
    """Count, visible count, document id and descriptions of a locator's matches, in one round trip."""
    result: dict[str, Any] = await run_on_matches(
        locator, "describeAll", {"limit": CANDIDATE_LIMIT}, timeout_ms
    )
    return result


async def _resolve_hint(page: Page, text: str, timeout_ms: float) -> TargetLookup | None:
    scopes: list[Page | Frame] = [page, *same_origin_child_frames(page)]
    first: TargetLookup | None = None
    for scope in scopes:
        hint = explicit_hint(scope, text)
        if hint is None:
            return None
        info = await describe_locator(hint, timeout_ms)
        if not info["count"]:
            first = first or TargetLookup("none", "hint", 0, False, (), (), None)
            continue
        matches = tuple(Match.from_js(m) for m in info["matches"])
        visible = info["visibleCount"]
        count = visible or info["count"]
        pool = hint.filter(visible=True) if visible and info["count"] > visible else hint
        per_match = tuple(pool.nth(i) for i in range(len(matches)))
        if count == 1:
            return TargetLookup("found", "hint", 1, not visible, matches, (), pool, per_match)
        return TargetLookup("ambiguous", "hint", count, not visible, matches, (), None, per_match)
    return first


async def resolve_target(
    page: Page, text: str, *, test_id_attribute: str, timeout_ms: float, with_state: bool = False
) -> TargetLookup:
    """One resolution attempt for ``text`` (callers poll this while the page may still render).

    ``with_state`` also fetches the match's state (enabled, checked, value) in the same round trip.
    """
    hinted = await _resolve_hint(page, text, timeout_ms)
    if hinted is not None:
        return hinted
    query = parse_target(text)
    args = {
        "desc": query.text,
        "tokens": list(query.tokens),
        "roleHints": list(query.role_hints),
        "stripped": query.stripped,
        "testId": test_id_attribute,
        "limit": CANDIDATE_LIMIT,
        "state": with_state,
    }
    try:
        raw: dict[str, Any] = await run_in_page(page, "find", args, timeout_ms)
    except PlaywrightError as exc:
        if not any(marker in str(exc) for marker in _NAVIGATING):
            raise
        # The document was replaced under us (a click that navigates): no match yet, callers poll again.
        return TargetLookup("none", None, 0, False, (), (), None)
    matches = tuple(Match.from_js(m) for m in raw.get("matches") or ())
    candidates = tuple(Match.from_js(m) for m in raw.get("candidates") or ())
    per_match = tuple(locator_for(page, m) for m in matches)
    locator = per_match[0] if raw["status"] == "found" and per_match else None
    return TargetLookup(
        status=raw["status"],
        tier=raw.get("tier"),
        count=int(raw.get("count") or 0),
        hidden=bool(raw.get("hidden")),
        matches=matches,
        candidates=candidates,
        locator=locator,
        match_locators=per_match,
    )
