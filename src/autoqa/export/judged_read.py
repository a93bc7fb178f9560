"""The exported twin of ``autoqa.tools.judged_read``: the same page-library read, polled until the tool's own
judge accepts it, so an exported check fails where the tool fails (``expect_sorted``,
``expect_each_checked``, ``expect_each_text``)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.tools.judged_read import Judge
from autoqa.tools.page_scripts import LIBRARY


def expect_judged(
    page: Page, function: str, request: dict[str, Any], judge: Judge, timeout_ms: float | None
) -> None:
    """Read ``function(request)`` until ``judge`` finds no problem, or raise AssertionError with the last
    one after ``timeout_ms`` (Playwright's expect timeout by default)."""
    __tracebackhide__ = True
    script = f"(args) => ({LIBRARY}).{function}(args)"
    deadline = time.monotonic() + expect_timeout_ms(timeout_ms) / 1000
    while True:
        why = judge(page.evaluate(script, request))
        if why is None:
            return
        if time.monotonic() >= deadline:
            raise AssertionError(why)
        page.wait_for_timeout(100)
