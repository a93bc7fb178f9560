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
"""

from __future__ import annotations

import re

LIST = "list="
ALL_ITEMS = "items="
TABLE = "table="
ALL_ROWS = "rows="
"""The same for a step that says "table" or "rows": only tables are candidates ("Verify the table has 5
rows" on an admin page that also shows a one-item message list and a toolbar list)."""
_ITEM = re.compile(r"(item|row)=(-?\d{1,5})")


def item_target(position: int, *, table: bool = False) -> str:
    """The target for the item at ``position`` (1-based; -1 is the last); a table's row with ``table``."""
    return f"{'row' if table else 'item'}={position}"


def item_position(target: object) -> int | None:
    """``None`` unless ``target`` is one of these forms; else ``0`` for ``items=`` / ``rows=``, the
    position for ``item=N`` / ``row=N`` (N ≠ 0), and ``-100000`` for ``list=`` / ``table=`` (the list
    itself)."""
    if not isinstance(target, str):
        return None
    if target in (ALL_ITEMS, ALL_ROWS):
        return 0
    if target in (LIST, TABLE):
        return WHOLE_LIST
    match = _ITEM.fullmatch(target)
    if match is None or int(match.group(2)) == 0:
        return None
    return int(match.group(2))


def tables_only(target: object) -> bool:
    """Whether a main-list target asks for the page's main table (``table=``, ``rows=``, ``row=N``)."""
    return isinstance(target, str) and target.startswith(("table=", "rows=", "row="))


PAGE = "css=body"
"""The whole page as the "row" of a labelled value ("Verify the price is "…"": the value the page labels
Price, found by the same lookup as a row's field)."""

WHOLE_LIST = -100_000
"""The position ``list=`` stands for (beyond any item position)."""
