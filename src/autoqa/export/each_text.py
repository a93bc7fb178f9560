"""``expect_each_text``: the check exported tests call for "Every row's Status column shows "In service"" —
each item's value read by autoqa's own lookup (the page library's ``sortValues``) and judged by the tool's
own rule (``autoqa.tools.each_text.problem``), so the export fails where the tool fails: an item without the
text, an item without the column, an empty list.

Usage (what export writes)::

    expect_each_text(page, "In service", column="Status", tables=True)
"""

from __future__ import annotations

from playwright.sync_api import Page

from autoqa.export.judged_read import expect_judged
from autoqa.tools.each_text import EachTextArgs, each_request, problem


def expect_each_text(
    page: Page,
    text: str,
    *,
    column: str | None = None,
    tables: bool = False,
    timeout_ms: float | None = None,
) -> None:
    """Every shown item of the main list (or table) shows ``text``, in its ``column`` when given, within
    ``timeout_ms`` (a filter re-renders the list)."""
    __tracebackhide__ = True
    request = each_request(EachTextArgs(text=text, column=column, tables=tables))
    expect_judged(page, "sortValues", request, lambda read: problem(read, text, column), timeout_ms)
