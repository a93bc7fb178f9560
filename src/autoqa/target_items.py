"""Targets that name the page's main list and its items by position: ``list=`` (the list itself),
``items=`` (all its visible items) and ``item=N`` (the Nth visible item, 1-based; ``item=-1`` the last).

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
_ITEM = re.compile(r"item=(-?\d{1,5})")


def item_target(position: int) -> str:
    """The target for the item at ``position`` (1-based; -1 is the last)."""
    return f"item={position}"


def item_position(target: object) -> int | None:
    """``None`` unless ``target`` is one of these forms; else ``0`` for ``items=``, the position for
    ``item=N`` (N ≠ 0), and ``-100000`` for ``list=`` (the list itself)."""
    if not isinstance(target, str):
        return None
    if target == ALL_ITEMS:
        return 0
    if target == LIST:
        return WHOLE_LIST
    match = _ITEM.fullmatch(target)
    if match is None or int(match.group(1)) == 0:
        return None
    return int(match.group(1))


WHOLE_LIST = -100_000
"""The position ``list=`` stands for (beyond any item position)."""
