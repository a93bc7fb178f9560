"""``expect_each_checked``: the check exported tests call for "all todos are completed", "every row checkbox
is checked", "both checkboxes are checked" — the states read by autoqa's own lookup (the page library's
``eachChecked``) and judged by the tool's own rule (``autoqa.tools.each_checked.problem``), so the export
fails where the tool fails: a box in the wrong state, an item without one, none at all, another count.

Usage (what export writes)::

    expect_each_checked(page, checked=False, tables=True)
"""

from __future__ import annotations

from typing import Literal

from playwright.sync_api import Page

from autoqa.export.judged_read import expect_judged
from autoqa.tools.each_checked import EachCheckedArgs, each_request, problem


def expect_each_checked(
    page: Page,
    *,
    checked: bool = True,
    scope: Literal["items", "page"] = "items",
    tables: bool = False,
    noun: str | None = None,
    count: int | None = None,
    timeout_ms: float | None = None,
) -> None:
    """Every item's checkbox of the main list (``scope="page"``: every checkbox shown) is ``checked``,
    within ``timeout_ms`` (a "toggle all" re-renders the list)."""
    __tracebackhide__ = True
    args = EachCheckedArgs(checked=checked, scope=scope, tables=tables, noun=noun, count=count)
    request = each_request(args)
    expect_judged(page, "eachChecked", request, lambda read: problem(read, checked, count), timeout_ms)
