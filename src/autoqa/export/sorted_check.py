"""``expect_sorted``: the check exported tests call for "the rows are sorted by title" — the page's main
list (or table) read by autoqa's own lookup (the page library's ``sortValues``) and judged by the tool's own
rule (``autoqa.tools.sorted_check.problem`` over ``autoqa.sort_order``), so the export fails where the tool
fails: out of order, fewer than two items, an item without that column.

Usage (what export writes)::

    expect_sorted(page, column="Price", descending=True, tables=True)
"""

from __future__ import annotations

from playwright.sync_api import Page

from autoqa.export.judged_read import expect_judged
from autoqa.tools.sorted_check import SortedArgs, problem, sort_request


def expect_sorted(
    page: Page,
    *,
    column: str | None = None,
    descending: bool = False,
    tables: bool = False,
    noun: str | None = None,
    timeout_ms: float | None = None,
) -> None:
    """The main list's items are in ascending (``descending``: descending) order, by ``column`` or their
    text, within ``timeout_ms`` (a list sorted by a click re-renders)."""
    __tracebackhide__ = True
    request = sort_request(SortedArgs(column=column, descending=descending, tables=tables, noun=noun))
    expect_judged(page, "sortValues", request, lambda read: problem(read, column, descending), timeout_ms)
