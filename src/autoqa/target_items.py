"""Targets that name the page's main list and its items by position: ``list=`` (the list itself),
``items=`` (all its visible items) and ``item=N`` (the Nth visible item, 1-based; ``item=-1`` the
last); ``table=``, ``rows=`` and ``row=N`` are the same for the page's main table.

"Verify the list has 3 items", "Verify item 2 is "buy milk"", "Verify the first product is "Onesie"",
"Verify "Kindred" is shown in the results": the list is the page's one rendered list or table of repeated
items outside its navigation, header, footer, sidebars and menus (``collection`` in page_library.js); a
page with several such lists is ambiguous and the step must name one. An emptied list still counts (else
the page's other list would answer a claim about it). The grammar writes these targets and
the tools resolve them; one definition here (a leaf module, like ``target_scope``), so the two cannot
disagree. Replay and export keep the position: the element at that position is the claim, not whichever
element happened to be there when the spec was recorded.

A step that names what the list holds ("Verify 4 recipes are shown", "the first song is …") writes that noun
after the target (``items=recipes``, ``item=1:songs``): the list counted must then be one the page names so
(by its label, heading, caption, id, class or test id, an ancestor's, its items', or the heading before it).
Counting whatever list the page has would pass "4 recipes are shown" on a page whose recipes are gone while
a list of four other things is left. Generic words ("items", "results", "entries", "rows"…) name no noun.
"""

from __future__ import annotations

import re

LIST = "list="
ALL_ITEMS = "items="
TABLE = "table="
ALL_ROWS = "rows="
"""The same for a step that says "table" or "rows": only tables are candidates ("Verify the table has 5
rows" on an admin page that also shows a one-item message list and a toolbar list)."""
_TARGET = re.compile(
    r"(?:(?P<whole>list|table|items|rows)=(?P<of_all>[a-z-]{0,40})|(?:item|row)=(?P<at>-?\d{1,5})(?::(?P<of_one>[a-z-]{1,40}))?)"
)
_GENERIC = frozenset(
    ("item", "items", "entry", "entries", "row", "rows", "result", "results", "record", "records", "line",
     "lines", "todo", "todos", "to-do", "to-dos", "task", "tasks", "list", "table", "grid", "search", "data")
)  # fmt: skip
"""Words for whatever a list holds (a to-do list's items are its tasks): they name no noun to check."""


def holding(noun: str | None) -> str:
    """What to write after a main-list target for a step that says the list holds ``noun`` ("recipes"):
    the noun in lower case, or "" for a generic word."""
    word = (noun or "").strip().lower()
    return "" if word in _GENERIC or not re.fullmatch(r"[a-z][a-z-]{1,39}", word) else word


def list_target(*, table: bool = False, noun: str | None = None) -> str:
    """The target for the main list (or table) itself."""
    return f"{'table' if table else 'list'}={holding(noun)}"


def items_target(*, table: bool = False, noun: str | None = None) -> str:
    """The target for all visible items (or rows) of the main list (or table)."""
    return f"{'rows' if table else 'items'}={holding(noun)}"


def item_target(position: int, *, table: bool = False, noun: str | None = None) -> str:
    """The target for the item at ``position`` (1-based; -1 is the last); a table's row with ``table``."""
    word = holding(noun)
    return f"{'row' if table else 'item'}={position}{':' + word if word else ''}"


def item_position(target: object) -> int | None:
    """``None`` unless ``target`` is one of these forms; else ``0`` for ``items=`` / ``rows=``, the
    position for ``item=N`` / ``row=N`` (N ≠ 0), and ``-100000`` for ``list=`` / ``table=`` (the list
    itself)."""
    match = _TARGET.fullmatch(target) if isinstance(target, str) else None
    if match is None:
        return None
    if match.group("whole"):
        return 0 if match.group("whole") in ("items", "rows") else WHOLE_LIST
    at = int(match.group("at"))
    return at or None


def item_noun(target: object) -> str | None:
    """The noun a main-list target says the list holds ("recipes"), or ``None``."""
    match = _TARGET.fullmatch(target) if isinstance(target, str) else None
    return (match.group("of_all") or match.group("of_one") or None) if match else None


def noun_forms(noun: str) -> tuple[str, ...]:
    """The spellings that name ``noun`` in a page's words: its singular stem and the noun as written
    ("recipe", "recipes"; "entry", "entries"; "box", "boxes")."""
    if noun.endswith("ies"):
        single = noun[:-3] + "y"
    elif noun.endswith(("ches", "shes", "xes", "sses", "zes")):
        single = noun[:-2]
    elif noun.endswith("s") and not noun.endswith("ss"):
        single = noun[:-1]
    else:
        single = noun
    return (single, noun) if single != noun else (noun,)


def tables_only(target: object) -> bool:
    """Whether a main-list target asks for the page's main table (``table=``, ``rows=``, ``row=N``)."""
    return isinstance(target, str) and target.startswith(("table=", "rows=", "row="))


PAGE = "css=body"
"""The whole page as the "row" of a labelled value ("Verify the price is "…"": the value the page labels
Price, found by the same lookup as a row's field)."""

WHOLE_LIST = -100_000
"""The position ``list=`` stands for (beyond any item position)."""
