"""How long autoqa's exported checks wait: as long as ``expect`` does.

A suite that gives ``expect`` more time for a slow app (``expect.set_options(timeout=10_000)``) gives it to
the sorted-list, badge, region, column, field-note, appeared and visual checks too; 5 s otherwise, as
``expect``'s own default.
"""

from __future__ import annotations

from playwright.sync_api import expect

EXPECT_DEFAULT_MS = 5_000.0


def expect_timeout_ms(given: float | None = None) -> float:
    """``given`` when a call passes one, else the timeout ``expect.set_options`` set, else 5 s."""
    if given is not None:
        return given
    # set_options keeps the value on the shared ``expect`` object; Playwright has no public getter for it
    configured = getattr(expect, "_timeout", None)
    if isinstance(configured, int | float) and not isinstance(configured, bool) and configured >= 0:
        return float(configured)
    return EXPECT_DEFAULT_MS
