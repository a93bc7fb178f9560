"""``named_region`` / ``named_badge``: the locators exported tests use for a region or a badge a step named
("Verify "Backpack" is in the cart" → ``expect(named_region(page, "cart")).to_contain_text(…)``; "the cart
has 2 items" → ``expect(named_region(page, "cart", items=True)).to_have_count(2)``; "the cart badge shows
"2"" → ``expect(named_badge(page, "cart")).to_have_text("2")``). Each is found again by autoqa's own lookup
(the page library's ``region`` and ``badge``, over ``tools/named_region.js`` and ``tools/named_badge.js``),
so the exported test fails where the tool fails: when the page no longer names such a region or badge,
names two, or holds two lists in the region.

Usage (what export writes)::

    expect(named_region(page, "Saved locations")).to_contain_text("Lisbon")
    expect(named_badge(page, "cart")).to_have_text("2")
"""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.tools.page_scripts import LIBRARY

_REGION = "([name, items]) => (" + LIBRARY + ").region({name, items})"
_FOUND = "(name) => (" + LIBRARY + ").region({name}).status === 'found'"
_BADGE = "(name) => (" + LIBRARY + ").badge({name})"
_BADGE_FOUND = "(name) => (" + LIBRARY + ").badge({name}).status === 'found'"
_NOTHING = ":scope > :is(ul, ol, table, [role=list]) :is(li, tr, [role=listitem])"
"""An emptied region (no list in it) has no items: a locator matching none of its elements."""


def named_region(page: Page, name: str, *, items: bool = False, timeout_ms: float | None = None) -> Locator:
    """The one region the page names ``name`` (with ``items``: the visible items of its one list), waiting
    up to ``timeout_ms`` for the page to show it."""
    timeout_ms = expect_timeout_ms(timeout_ms)
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


_BADGE_GONE = "(name) => (" + LIBRARY + ").badge({name}).status !== 'found'"
_NO_BADGE = ":root > .autoqa-no-such-badge"
"""A locator that matches nothing: the badge a "… is not visible" check waited away."""


def named_badge(page: Page, name: str, *, gone: bool = False, timeout_ms: float | None = None) -> Locator:
    """The one badge the page names ``name`` ("the cart badge"), waiting up to ``timeout_ms`` for it. With
    ``gone`` ("the cart badge is not visible"): waiting for the page to show no such badge, then a locator
    matching nothing; still shown after the wait, the badge itself (the hidden check then fails on it)."""
    timeout_ms = expect_timeout_ms(timeout_ms)
    __tracebackhide__ = True
    if gone:
        try:
            page.wait_for_function(_BADGE_GONE, arg=name, timeout=timeout_ms, polling=100)
        except PlaywrightTimeoutError:
            return page.locator(page.evaluate(_BADGE, name)["css"])
        return page.locator(_NO_BADGE)
    try:
        page.wait_for_function(_BADGE_FOUND, arg=name, timeout=timeout_ms, polling=100)
    except PlaywrightTimeoutError:
        seen = page.evaluate(_BADGE, name)
        names = ", ".join(seen.get("names") or ()) or "none"
        if seen.get("status") == "ambiguous":
            raise AssertionError(f"the page names several badges {name!r}: {names}") from None
        raise AssertionError(f"no badge named {name!r} on the page; its badges: {names}") from None
    return page.locator(page.evaluate(_BADGE, name)["css"])
