"""Resolving a plain-language ``target`` to one element, deterministically (never by a model).

Order, first tier with a match wins (visible matches preferred over hidden ones):

1. explicit hints: ``#id``, ``[attr=value]``, ``css=…``, ``xpath=…`` / ``//…``, ``text=…``,
   ``role=button name=Save``; the page's main list or its items (``list=``, ``items=``, ``item=N``;
   ``autoqa.target_items``) and a region the page names (``region=cart``; ``autoqa.target_region``);
2. test id (``settings.test_id_attribute``) equal to the description;
3. role + accessible name of an interactive element: exact, then case-insensitive;
4. label, placeholder, alt / title, exact text (case-sensitive, then not);
5. any role with that name;
6. a control with no accessible name at all, by its id, ``name`` or class as words (TodoMVC's
   ``<input class="edit">`` is "the edit field"; ``newTodo`` and ``new-todo`` are "new todo");
7. token matching: every word of the description (minus filler like "the") in the element's name or
   text, case-folded; CJK runs match as substrings, so "购物车" finds "加入购物车";
8. last, a control whose only name is a hint (a placeholder or title, no label), by one whole id, ``name``
   or class of two words or more (TodoMVC's new-todo field is named by its placeholder "What needs to be
   done?": "the new todo field"; one word, "the note field", never finds a field named "Comment").

A role word (the vocabulary is ``autoqa.role_words``, shared with the plain grammar) is a filter, not a
preference: ``"Pale Blue Dot" link`` (a quoted name, then role words: what the plain grammar sends) only
considers links, in every tier. In free text ("the Search field") the whole description is tried first as
an exact name ("Add option" is a button's name), then the rest with the role filter, then every word
(role word included) as tokens. An action only considers elements it can act on (``ACTION_FILTERS``):
``fill`` an editable text field, ``set_checked`` a checkbox / radio / switch — which, when it has no name
of its own, is named by a ``<label>`` beside it or by the text of its row (TodoMVC's
``<li><input type=checkbox><label>feed the cat</label></li>``) — and ``select_option`` a combobox or
listbox.

A scope clause at the end (``"Remove" button for "Backpack"``, ``the checkbox in the "buy milk" row``,
``"Science" in the "By genre" filter``; ``autoqa.target_scope``) keeps only elements in a region of that name
or in the same row as that text (the page script's ``scoped``); a role alone names an element in a scope.

Only rendered content counts: ``script``, ``style``, ``template``, ``noscript``, ``title`` and ``head``
content are never text, names or candidates, and ``<html>`` / ``<body>`` never match a description.
The main document is searched first, then same-origin iframes. One match wins; several equally good
matches are AMBIGUOUS_TARGET with up to three candidates; none is ELEMENT_NOT_FOUND with the three
closest interactive elements. Both carry refs so a model can recover with a ref.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Locator, Page

from autoqa.role_words import FILLER_NOUNS, ROLE_WORDS, TEXT_ENTRY_ROLES
from autoqa.target_badge import badge_name
from autoqa.target_items import WHOLE_LIST, item_noun, item_position, noun_forms, tables_only
from autoqa.target_ordinal import ordinal_words, split_position
from autoqa.target_region import region_items, region_name
from autoqa.target_scope import scoped_target, split_item_scope, split_scope
from autoqa.tools.page_scripts import run_in_page, run_on_matches
from autoqa.tools.result import ErrorCode, ToolFailure

CANDIDATE_LIMIT = 3
_NAVIGATING = ("Execution context was destroyed", "Cannot find context", "Frame was detached")


@dataclass(frozen=True, slots=True)
class ActionFilter:
    """The elements an action can act on: one of ``roles`` (and, if ``editable``, a text-entry control)."""

    roles: tuple[str, ...]
    editable: bool
    noun: str
    """How error messages name them."""
    hint: str
    """What to do instead, for a target that names something else."""

    @property
    def a_noun(self) -> str:
        return ("an " if self.noun[0] in "aeiou" else "a ") + self.noun


CHECKABLE_ROLES = ("checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio")
# Roles of controls a person operates (page_library.js's INTERACTIVE): a name that is one of these is a
# control's name, never the text that labels a row.
INTERACTIVE_ROLES = frozenset(
    {"button", "link", "textbox", "searchbox", "combobox", "listbox", "option", "menuitem", "tab", "slider",
     "spinbutton", "treeitem", "gridcell", *CHECKABLE_ROLES}
)  # fmt: skip
ACTION_FILTERS: dict[str, ActionFilter] = {
    "fill": ActionFilter(
        (*TEXT_ENTRY_ROLES, "slider"),  # a slider only as <input type=range> (the page script's isRange)
        True,
        "editable field (" + ", ".join(TEXT_ENTRY_ROLES) + ") or range slider",
        "name the input, textarea or contenteditable element to type into",
    ),
    "set_checked": ActionFilter(
        CHECKABLE_ROLES, False, "checkbox, radio or switch", "for a custom toggle, click it instead"
    ),
    "select_option": ActionFilter(
        ("combobox", "listbox"),
        False,
        "dropdown (combobox, listbox)",
        "for a custom dropdown click it, then click the option",
    ),
    "set_field": ActionFilter(
        (*TEXT_ENTRY_ROLES, "listbox", "slider"),
        False,
        "form field (text field, dropdown or slider)",
        "for a checkbox check or uncheck it; for a custom dropdown click it, then click the option",
    ),
}


def row_reading(target: str) -> str | None:
    """``the checkbox in "feed the cat"`` for a box named ``"feed the cat"`` that no box is named: a list
    item's checkbox is often named by nothing, or by the same hidden "Toggle" label in every row, while its
    row's text is what a person names it by. None when ``target`` already has a scope, names no text, or
    asks for a role that is not checkable."""
    query = parse_target(target)
    if query.within is not None or not query.name or any(r not in CHECKABLE_ROLES for r in query.roles):
        return None
    return scoped_target("the checkbox", query.name)


# Words that describe rather than name an element: dropped from the tokens of an unquoted description, never
# filters.
_STOP_WORDS = frozenset({"the", "a", "an", "box", "title", *FILLER_NOUNS})
# In a description (role words or articles: "Delete link in SPQR row") prepositions say where and are
# dropped too, except as its last word ("the Log in button"). In a bare name ("Sign in with Google", what
# the plain grammar sends for a quoted name) every word counts: "Log in" is not "Log out".
_PREPOSITIONS = frozenset({"to", "on", "in", "of", "for", "with", "at", "out", "up"})
_ARTICLES = frozenset({"the", "a", "an"})
_CJK_SUFFIXES = (*(word for word in ROLE_WORDS if not word.isascii()), "图标", "的")
_TOKEN = re.compile(r"\w+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_WRAPPING_QUOTES = ('"', "'", "“", "「")
_CLOSING = {'"': '"', "“": "”", "「": "」", "『": "』", "'": "'", "‘": "’", "`": "`"}
_PUNCTUATION = ".,:;!?"


def fold(text: str) -> str:
    """The case folding the page script uses too (NFKC, lower case, single spaces)."""
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


@dataclass(frozen=True, slots=True)
class TargetQuery:
    """A description split into what the page script needs."""

    text: str
    """The whole description (outer quotes removed)."""
    name: str
    """What is matched against names and text under the role filter: the quoted name ('Save' for
    'the "Save" button'), else the description without its role words and leading articles."""
    tokens: tuple[str, ...]
    """The words of ``name`` that token matching looks for."""
    roles: tuple[str, ...]
    """Role filter from the role words: only elements with one of these roles match (empty: any)."""
    quoted: bool
    """The name was quoted: only the name, under the filter, is tried (no whole-description pass)."""
    literal_tokens: tuple[str, ...] = ()
    """Free text with role words: every word, role words included, for the last token pass."""
    within: str | None = None
    """``… in the "Backpack" row`` / ``… for "Backpack"``: the row or region the element must be in."""
    in_item: str | None = None
    """``… in row=1`` / ``… in item=2:article``: the item of the page's main list or table it must be in."""
    position: int | None = None
    """``second "Add to cart" button``: which of the equally good visible matches, in reading order
    (1-based; -1 the last; :mod:`autoqa.target_ordinal`)."""


def _words_to_roles(words: list[str]) -> tuple[list[str], list[str]] | None:
    """Role words (one or two words each) and the other words of ``words``; None if there are none."""
    roles: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(words):
        pair = fold(" ".join(words[i : i + 2])).strip(_PUNCTUATION)
        single = fold(words[i]).strip(_PUNCTUATION)
        if i + 1 < len(words) and pair in ROLE_WORDS:
            roles.extend(ROLE_WORDS[pair])
            i += 2
            continue
        if single in ROLE_WORDS:
            roles.extend(ROLE_WORDS[single])
        elif _CJK.search(single) and (suffix := _cjk_role_suffix(single)):
            roles.extend(ROLE_WORDS.get(suffix, ()))
            rest.append(words[i][: -len(suffix)])
        else:
            rest.append(words[i])
        i += 1
    return (roles, rest) if roles else None


def _cjk_role_suffix(word: str) -> str | None:
    return next((s for s in ROLE_WORDS if not s.isascii() and word.endswith(s) and len(word) > len(s)), None)


def _tokens(
    text: str, *, drop_roles: bool, keep_all: bool = False, described: bool = False
) -> tuple[str, ...]:
    """The words token matching looks for; ``keep_all`` (a quoted name: every word is the name's) keeps
    descriptive words too; ``described`` (the text has role words or articles: it describes rather than
    names) also drops prepositions before its last word."""
    kept: list[str] = []
    words = _TOKEN.findall(fold(text))
    for index, raw in enumerate(words):
        if described and not keep_all and raw in _PREPOSITIONS and index < len(words) - 1:
            continue
        token = raw
        if drop_roles and raw in ROLE_WORDS:
            continue
        if _CJK.search(raw):
            for suffix in _CJK_SUFFIXES:
                if token.endswith(suffix) and len(token) > len(suffix):
                    token = token[: -len(suffix)]
        if keep_all or token not in _STOP_WORDS:
            kept.append(token)
    return tuple(dict.fromkeys(kept))


def _quoted_name(text: str) -> tuple[str, list[str]] | None:
    """``[the] "name" role words`` → (name, roles); None if ``text`` is not of that form."""
    body = text
    first = body.split(" ", 1)
    if len(first) == 2 and fold(first[0]) in _ARTICLES:
        body = first[1]
    if not body or body[0] not in _CLOSING:
        return None
    end = body.rfind(_CLOSING[body[0]])
    if end <= 0:
        return None
    name, rest = body[1:end].strip(), body[end + 1 :].split()
    if not name:
        return None
    split = _words_to_roles(rest)
    roles, others = split if split else ([], rest)
    if any(fold(word).strip(_PUNCTUATION) not in _STOP_WORDS for word in others if word):
        return None  # more than role words after the quotes: not a quoted name
    return name, roles


def _role_alone(head: str) -> TargetQuery | None:
    """``the checkbox``: role words alone (a scope or a position then names the element), else None."""
    roles_only = _words_to_roles(head.split())
    if roles_only is None or not all(fold(w) in _ARTICLES for w in roles_only[1]):
        return None
    return TargetQuery(head, "", (), tuple(dict.fromkeys(roles_only[0])), True)


def parse_target(text: str) -> TargetQuery:
    text = " ".join(text.split())
    # A scope or a position around a description: "the checkbox in row=2", "the checkbox in the "feed the
    # cat" row", "the first checkbox" (a role alone names an element only so).
    head, item = split_item_scope(text)
    if item is not None:
        return dataclasses.replace(_role_alone(head) or parse_target(head), in_item=item)
    head, within = split_scope(text)
    if within is not None:
        return dataclasses.replace(_role_alone(head) or parse_target(head), within=within)
    position, placed = split_position(text)
    if position is not None and (_quoted_name(placed) is not None or _role_alone(placed) is not None):
        return dataclasses.replace(_role_alone(placed) or parse_target(placed), position=position)
    if len(text) >= 2 and text[0] in _WRAPPING_QUOTES and text[-1] in "\"'”」":
        text = text[1:-1].strip()
    quoted = _quoted_name(text)
    if quoted is not None:
        name, roles = quoted
        tokens = _tokens(name, drop_roles=False, keep_all=True)
        return TargetQuery(text, name, tokens, tuple(dict.fromkeys(roles)), True)
    split = _words_to_roles(text.split())
    if split is not None:
        roles, rest = split
        while rest and fold(rest[0]) in _ARTICLES:
            rest.pop(0)
        name = " ".join(w for w in rest if w)
        if name and (tokens := _tokens(name, drop_roles=True, described=True)):
            literal = _tokens(text, drop_roles=False, described=True)
            return TargetQuery(text, name, tokens, tuple(dict.fromkeys(roles)), False, literal)
    # No role word, or nothing but role words and filler ("the button"): the whole text is the name.
    described = any(fold(word) in _ARTICLES for word in text.split())
    tokens = _tokens(text, drop_roles=True, described=described) or tuple(
        dict.fromkeys(_TOKEN.findall(fold(text)))
    )
    return TargetQuery(text, text, tokens, (), False)


def _passes(query: TargetQuery) -> list[dict[str, Any]]:
    """What the page script tries, in order (see the module docstring)."""
    main = {"text": query.name, "roles": list(query.roles), "tokens": list(query.tokens), "kind": "all"}
    if query.quoted or not query.roles:
        return [main]
    whole = {"text": query.text, "roles": [], "tokens": [], "kind": "exact"}
    literal = {"text": query.text, "roles": [], "tokens": list(query.literal_tokens), "kind": "tokens"}
    return [whole, main, literal]


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
    region: str | None = None
    """For one of several alike matches: the innermost named region holding it (a scope a step can name)."""
    test_id: str | None = None
    """For one of several alike matches: its test id attribute, if any."""

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
            region=raw.get("region"),
            test_id=raw.get("testId"),
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
    only: str | None = None
    """The role filter that applied, in words ("link", "editable field (…)"), for error messages."""
    sealed: tuple[str, ...] = ()
    """For ``none``: custom elements that render inside a closed shadow root (unreadable)."""
    within: str | None = None
    """The row or region the target was scoped to, for error messages."""
    within_seen: bool = True
    """For ``none`` with ``within``: whether that row's text or region's name is on the page at all."""
    same_kind: bool = False
    """For ``none``: ``candidates`` are not similar names but the elements of the kind asked for (in the
    scope, if any), so a renamed control still shows up."""
    collection: dict[str, Any] | None = None
    """For ``items=`` / ``item=N``: the main list (``css``, ``items`` selector, ``position``), recorded so
    that replay and export look at the same position of the same list."""
    note: str | None = None
    """For ``none``: what the page shows instead, in words (a region target: the regions it names)."""


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


UNNAMED_LIST = "unnamed list"
"""The ``reason`` of a failure whose page shows lists, none named as holding what the step counts: checks
wait for one to appear (a list that renders late), then fail with it."""


async def _resolve_items(
    page: Page, position: int, timeout_ms: float, *, tables: bool, noun: str | None
) -> TargetLookup:
    """``items=`` (position 0) or ``item=N`` of the page's main list, or of its main table with ``tables``;
    with ``noun``, only a list the page names as holding it (see :mod:`autoqa.target_items`)."""
    forms = noun_forms(noun) if noun else ()
    raw: dict[str, Any] = await run_in_page(
        page, "collection", {"position": position, "tables": tables, "forms": forms}, timeout_ms
    )
    kind = "table" if tables else "list"
    lists = "; ".join(f"{item['name']!r} ({item['count']} items)" for item in raw.get("lists", ()))
    if raw["status"] == "unnamed":
        # Not a missing element: the page shows lists, none of them named as holding these things.
        # Counting one anyway would be a claim about other things.
        seen = f"the page's {kind}s: {lists}" if lists else f"the page shows no {kind}"
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"no {kind} on the page is named as holding {noun} (by its heading, label, caption, id, class, "
            f"test id or its items' words); {seen}. To count the main {kind} whatever it holds, write "
            f'"Verify the {kind} has N {"rows" if tables else "items"}"',
            reason=UNNAMED_LIST,
        )
    if raw["status"] == "ambiguous":
        raise ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            # a way to name it for a count and one for a text, both as the grammar reads them
            f'the page has several {kind}s ({lists}): name the {kind}, e.g. the "{raw["lists"][0]["name"]}" '
            f'{kind} ("Verify the "{raw["lists"][0]["name"]}" {kind} has 3 {"rows" if tables else "items"}", '
            f'"Verify "…" is in the "{raw["lists"][0]["name"]}" {kind}")',
        )
    if raw["status"] == "none":
        return TargetLookup("none", "items", 0, False, (), (), None)
    collection = {"css": raw["css"], "items": raw["items"], "position": position, "list": raw["name"]}
    if position == WHOLE_LIST:
        container = page.locator(raw["css"])
        info = await describe_locator(container, timeout_ms)
        matches = tuple(Match.from_js(m) for m in info["matches"])
        return TargetLookup(
            "found", "items", 1, False, matches, (), container, (container,), collection=collection
        )
    items = page.locator(raw["css"]).locator(raw["items"]).filter(visible=True)
    if position == 0:
        count = int(raw["count"])
        info = await describe_locator(items, timeout_ms) if count else {"matches": []}
        matches = tuple(Match.from_js(m) for m in info["matches"])
        status = "found" if count == 1 else ("ambiguous" if count else "none")
        return TargetLookup(
            status, "items", count, False, matches, (), items if count == 1 else None,
            tuple(items.nth(i) for i in range(len(matches))), collection=collection,
        )  # fmt: skip
    if raw["text"] is None:  # fewer items than the position: not (yet) there
        return TargetLookup("none", "items", 0, False, (), (), None, collection=collection)
    item = items.nth(position - 1) if position > 0 else items.nth(int(raw["count"]) + position)
    info = await describe_locator(item, timeout_ms)
    matches = tuple(Match.from_js(m) for m in info["matches"])
    return TargetLookup("found", "items", 1, False, matches, (), item, (item,), collection=collection)


async def _resolve_region(page: Page, name: str, timeout_ms: float, *, items: bool) -> TargetLookup:
    """``region=NAME``: the one region the page names so; ``region-items=NAME``: the visible items of its
    one list (:mod:`autoqa.target_region`)."""
    raw: dict[str, Any] = await run_in_page(page, "region", {"name": name, "items": items}, timeout_ms)
    status = raw["status"]
    if status == "ambiguous":
        raise ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            f"the page names {len(raw['names'])} regions {name!r} ({'; '.join(raw['names'])}): the text "
            "could be in either; name the region by a heading or label only one of them has",
        )
    if status == "lists":
        raise ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            f"the region {name!r} ({raw['via']}) holds {raw['count']} lists: which one to count is not said",
        )
    if status == "none":
        names = ", ".join(repr(n) for n in raw.get("names") or ())
        note = f"the regions and headings it names: {names}" if names else "it names no regions or headings"
        return TargetLookup("none", "region", 0, False, (), (), None, note=note)
    if status == "nolist":  # an emptied region: no list, no items
        empty = f"the region {name!r} lists nothing"
        return TargetLookup("none", "region", 0, False, (), (), None, note=empty)
    container = page.locator(raw["css"])
    if not items:
        info = await describe_locator(container, timeout_ms)
        matches = tuple(Match.from_js(m) for m in info["matches"])
        return TargetLookup("found", "region", 1, False, matches, (), container, (container,))
    shown = container.locator(raw["items"]).filter(visible=True)
    count = int(raw["count"])
    info = await describe_locator(shown, timeout_ms) if count else {"matches": []}
    matches = tuple(Match.from_js(m) for m in info["matches"])
    status = "found" if count == 1 else ("ambiguous" if count else "none")
    return TargetLookup(
        status, "region", count, False, matches, (), shown if count == 1 else None,
        tuple(shown.nth(i) for i in range(len(matches))),
    )  # fmt: skip


async def _resolve_badge(page: Page, name: str, timeout_ms: float) -> TargetLookup:
    """``badge=NAME``: the one badge the page names so (:mod:`autoqa.target_badge`)."""
    raw: dict[str, Any] = await run_in_page(page, "badge", {"name": name}, timeout_ms)
    if raw["status"] == "ambiguous":
        raise ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            f"the page names {len(raw['names'])} badges {name!r} ({'; '.join(raw['names'])}): the claim "
            "could be about either; scope the step to the row or region the badge is in",
        )
    if raw["status"] == "none":
        names = ", ".join(raw.get("names") or ())
        note = f"the badges it shows: {names}" if names else "it shows no badges"
        return TargetLookup("none", "badge", 0, False, (), (), None, note=note)
    badge = page.locator(raw["css"])
    info = await describe_locator(badge, timeout_ms)
    matches = tuple(Match.from_js(m) for m in info["matches"])
    return TargetLookup("found", "badge", 1, False, matches, (), badge, (badge,))


async def _resolve_hint(page: Page, text: str, timeout_ms: float) -> TargetLookup | None:
    badge = badge_name(text)
    if badge is not None:
        return await _resolve_badge(page, badge, timeout_ms)
    region = region_name(text)
    if region is not None:
        return await _resolve_region(page, region, timeout_ms, items=region_items(text))
    position = item_position(text)
    if position is not None:
        return await _resolve_items(
            page, position, timeout_ms, tables=tables_only(text), noun=item_noun(text)
        )
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


# Actions for which several links to one place under one name are one element (see ``sameLink`` in
# page_library.js): a click on either goes to the same page; a count of them still counts each.
_GOING_ACTIONS = frozenset({"click", "hover"})


def _only(query: TargetQuery, acting: ActionFilter | None) -> str | None:
    roles = [r for r in query.roles if acting is None or r in acting.roles] if query.roles else []
    if query.roles and acting is not None and not roles:
        return f"{'/'.join(query.roles)} that is also {acting.a_noun}"
    if roles:
        return "/".join(roles)
    return acting.noun if acting is not None else None


async def resolve_target(
    page: Page,
    text: str,
    *,
    test_id_attribute: str,
    timeout_ms: float,
    with_state: bool = False,
    action: str | None = None,
) -> TargetLookup:
    """One resolution attempt for ``text`` (callers poll this while the page may still render).

    ``with_state`` also fetches the match's state (enabled, checked, value) in the same round trip.
    ``action`` (a tool name) restricts the candidates to what that action can act on (``ACTION_FILTERS``).
    """
    hinted = await _resolve_hint(page, text, timeout_ms)
    if hinted is not None:
        return hinted
    query = parse_target(text)
    acting = ACTION_FILTERS.get(action or "")
    args = find_args(query, test_id_attribute=test_id_attribute, with_state=with_state, action=action)
    try:
        raw: dict[str, Any] = await run_in_page(page, "find", args, timeout_ms)
    except PlaywrightError as exc:
        if not any(marker in str(exc) for marker in _NAVIGATING):
            raise
        # The document was replaced under us (a click that navigates): no match yet, callers poll again.
        return TargetLookup(
            "none", None, 0, False, (), (), None, only=_only(query, acting), within=query.within
        )
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
        only=_only(query, acting),
        sealed=tuple(str(name) for name in raw.get("sealed") or ()),
        within=query.within,
        within_seen=raw.get("withinSeen", True) is not False,
        same_kind=bool(raw.get("sameKind")),
        note=_short_note(raw.get("short"), query.position) or _item_note(raw.get("item"), query.in_item),
        collection=raw.get("collection"),
    )


def find_args(
    query: TargetQuery, *, test_id_attribute: str, with_state: bool = False, action: str | None = None
) -> dict[str, Any]:
    """The page library's ``find`` arguments for ``query`` (exported checks look an element up with them too,
    ``autoqa.export.hidden_check``)."""
    acting = ACTION_FILTERS.get(action or "")
    return {
        "passes": _passes(query),
        "acts": {"roles": list(acting.roles), "editable": acting.editable} if acting else None,
        "testId": test_id_attribute,
        "limit": CANDIDATE_LIMIT,
        "state": with_state,
        "within": query.within,
        "position": query.position,
        "inItem": _item_scope(query.in_item),
        "sameLinks": action in _GOING_ACTIONS and query.position is None,
        "pressing": action == "click" and query.position is None and not query.roles,
    }


def _item_scope(item: str | None) -> dict[str, Any] | None:
    """What the page script needs to find the main list's item ``item`` (an ``item=N`` target)."""
    position = item_position(item)
    if item is None or position is None:
        return None
    noun = item_noun(item)
    return {"position": position, "tables": tables_only(item), "forms": noun_forms(noun) if noun else ()}


def _item_note(found: object, item: str | None) -> str | None:
    """For a scope item that is not there: what the page shows instead."""
    if not isinstance(found, dict) or item is None or found.get("status") == "found":
        return None
    position = item_position(item) or 0
    kind = "table" if tables_only(item) else "list"
    noun = item_noun(item)
    if found.get("status") == "short":
        count = int(found.get("count") or 0)
        items = f"{count} item{'s' if count != 1 else ''}"
        return f"the page's main {kind} shows {items}, not a {ordinal_words(position)}"
    if found.get("status") == "unnamed":
        return f"no {kind} on the page is named as holding {noun}"
    if found.get("status") == "ambiguous":
        return f"the page has several {kind}s: name the {kind} the {ordinal_words(position)} item is in"
    return f"the page shows no {kind}"


def _short_note(short: object, position: int | None) -> str | None:
    """For a position past the matches: how many there are ("it shows 1 such element, not a second")."""
    if not isinstance(short, int) or position is None:
        return None
    such = "1 such element" if short == 1 else f"{short} such elements"
    return f"the page shows {such}, not a {ordinal_words(position)}"
