"""The target for the badge a step names: ``badge=cart`` for "Verify the cart badge shows "2"",
``badge=status`` for "the status pill reads "Open"", ``badge=message`` for "the message counter shows 12".

One or two words ("2", "Closed") are on many elements of a page (a filter tab, a column, a price), so the
text alone is no evidence that this badge reads them: the claim is checked on the one badge the page names
so, by its class, id or test id, the link or button it sits in, or the label it sits under
(``tools/named_badge.js``, which the tools and exported tests both run). Two badges of that name are
ambiguous, none is not found. A leaf module, like ``target_region``: the grammar writes these targets, the
tools and export read them.
"""

from __future__ import annotations

BADGE = "badge="


def badge_target(name: str) -> str:
    """The target for the badge the page names ``name``."""
    return BADGE + " ".join(name.split())


def badge_name(target: object) -> str | None:
    """The name in a badge target, or ``None`` when ``target`` is not one."""
    if not isinstance(target, str) or not target.startswith(BADGE):
        return None
    return target.removeprefix(BADGE).strip() or None
