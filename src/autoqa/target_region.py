"""The target for one region of the page a step names: ``region=cart`` for "Verify "Backpack" is in the
cart", ``region=Negotiation`` for "the "Negotiation" column shows …", ``region=Saved locations`` for
"Lisbon appears under Saved locations".

A claim about text in a region is checked in that region, never on the whole page: a product list showing
"Backpack" is no evidence that the cart holds it. The page names the region by its label, its heading or
its id, class or test id; two regions of that name are ambiguous, none is not found
(``tools/named_region.js``, which the tools and exported tests both run). A leaf module, like
``target_items``: the grammar writes these targets, the tools and export read them.
"""

from __future__ import annotations

REGION = "region="
REGION_ITEMS = "region-items="
"""The visible items of the region's one list or table: "the cart has 2 items", "The "Negotiation" column
has 6 deals" (an emptied region with no list has none; two lists in it are ambiguous)."""


def region_target(name: str, *, items: bool = False) -> str:
    """The target for the region the page names ``name`` (with ``items``: its list's items)."""
    return (REGION_ITEMS if items else REGION) + " ".join(name.split())


def region_name(target: object) -> str | None:
    """The name in a region target (either form), or ``None`` when ``target`` is not one."""
    if not isinstance(target, str):
        return None
    for prefix in (REGION, REGION_ITEMS):
        if target.startswith(prefix):
            return target.removeprefix(prefix).strip() or None
    return None


def region_items(target: object) -> bool:
    """Whether a region target names the items of the region's list."""
    return isinstance(target, str) and target.startswith(REGION_ITEMS)
