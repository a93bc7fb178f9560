"""Element refs (``e12``, ``f1e3`` inside iframes) from the latest snapshot, resolved with ``aria-ref=``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator

from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.result import ErrorCode, ToolFailure
from autoqa.tools.snapshot import take_snapshot

_REF = re.compile(r"^\s*\[?\s*(?:ref\s*=\s*)?((?:f\d+)?e\d+)\s*\]?\s*$")


def parse_ref(raw: str) -> str:
    """``e12``, ``[ref=e12]``, ``ref=e12`` → ``e12``; anything else is INVALID_INPUT."""
    match = _REF.match(raw)
    if not match:
        raise ToolFailure(
            ErrorCode.INVALID_INPUT,
            f"ref {raw[:40]!r} is not a snapshot ref; refs look like e12 or f1e3 (copy one from snapshot)",
        )
    return match.group(1)


@dataclass(frozen=True, slots=True)
class RefLookup:
    ref: str
    locator: Locator
    visible: bool


async def _probe(ctx: ToolContext, ref: str, timeout_ms: float) -> tuple[Locator, bool, int]:
    """Visible? (one round trip when it is); else how many elements carry the ref (0 or 1)."""
    locator = ctx.page.get_by_ref(ref)
    try:
        # aria-ref only works with Playwright's own queries (evaluate_all sees nothing), so no page script.
        if await bounded(locator.is_visible(), timeout_ms):
            return locator, True, 1
        return locator, False, await bounded(locator.count(), timeout_ms)
    except PlaywrightError as exc:
        if "Invalid frame in aria-ref" not in str(exc):
            raise
        # The ref's prefix names a document that is gone: the page navigated or reloaded since.
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"ref {ref} is from an earlier page (it navigated or reloaded since that snapshot); "
            "take a new snapshot and use its refs",
            ref=ref,
            reason="earlier_page",
        ) from exc


async def resolve_ref(ctx: ToolContext, raw: str, timeout_ms: float) -> RefLookup:
    """Find the element behind a ref; re-snapshot once if the latest snapshot does not know it.

    Raises ``ToolFailure(ELEMENT_NOT_FOUND)`` for refs of an earlier page and refs that stay unknown.
    """
    ref = parse_ref(raw)
    locator, visible, count = await _probe(ctx, ref, timeout_ms)
    if not count:
        # A scoped or newer snapshot may have replaced the ref map; a full snapshot rebuilds it.
        await take_snapshot(ctx)
        locator, visible, count = await _probe(ctx, ref, timeout_ms)
    if not count:
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"ref {ref} is not on the page any more (it changed since the snapshot); "
            "take a new snapshot, or use target='<visible text or label>'",
            ref=ref,
            reason="gone",
        )
    return RefLookup(ref, locator, visible)
