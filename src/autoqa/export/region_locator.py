"""``named_region``: the locator exported tests use for a region a step named ("Verify "Backpack" is in
the cart" → ``expect(named_region(page, "cart")).to_contain_text(…)``; "the cart has 2 items" →
``expect(named_region(page, "cart", items=True)).to_have_count(2)``). The region is found again by autoqa's
own lookup (the page library's ``region``, over ``tools/named_region.js``), so the exported test fails
where the tool fails: when the page no longer names such a region, names two, or holds two lists in it.

Usage (what export writes)::

    expect(named_region(page, "Saved locations")).to_contain_text("Lisbon")
"""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from autoqa.tools.page_scripts import LIBRARY

_REGION = "([name, items]) => (" + LIBRARY + ").region({name, items})"
_FOUND = "(name) => (" + LIBRARY + ").region({name}).status === 'found'"
_NOTHING = ":scope > :is(ul, ol, table, [role=list]) :is(li, tr, [role=listitem])"
"""An emptied region (no list in it) has no items: a locator matching none of its elements."""


def named_region(page: Page, name: str, *, items: bool = False, timeout_ms: float = 5000) -> Locator:
    """The one region the page names ``name`` (with ``items``: the visible items of its one list), waiting
    up to ``timeout_ms`` for the page to show it."""
    __tracebackhide__ = True
    try:
        page.wait_for_function(_FOUND, arg=name, timeout=timeout_ms, polling=100)
    except PlaywrightTimeoutError:
        seen = page.evaluate(_REGION, [name, False])
        names = ", ".join(json.dumps(n, ensure_ascii=False) for n in seen.get("names") or ()) or "none"
        if seen.get("status") == "ambiguous":
            raise AssertionError(f"the page names several regions {name!r}: {names}") from None
        raise AssertionError(
            f"no region named {name!r} on the page; its regions and headings: {names}"
        ) from None
    found = page.evaluate(_REGION, [name, items])
    if found["status"] == "lists":
        raise AssertionError(
            f"the region {name!r} holds {found['count']} lists: which one to count is not said"
        )
    region = page.locator(found["css"])
    if not items:
        return region
    if found["status"] == "nolist":
        return region.locator(_NOTHING)
    return region.locator(found["items"]).filter(visible=True)
