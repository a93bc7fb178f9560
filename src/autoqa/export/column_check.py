"""``expect_column_text``: the check exported tests call for "the due date for "Dune" shows "…"" — the cell
of the row under that column (or the row's field so labelled), found by autoqa's own lookup
(``tools/column_cell.js``), so the export fails where the tool fails: when only another cell of the row
shows the text, or when the row has no such column.

Usage (what export writes)::

    expect_column_text(page.get_by_role("row").filter(has_text="Dune"), "due date", "2026-12-24")
"""

from __future__ import annotations

from playwright.sync_api import Locator
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.text_match import number_pattern
from autoqa.tools.page_scripts import COLUMN_CELL

# The same comparison as the tool: text folded (NFKC, lower case, spaces collapsed), contained or whole; a
# number or word matched whole (autoqa.text_match: the tool's expression, passed in).
_CHECK = (
    "([row, column, text, exact, number]) => { const cell = (" + COLUMN_CELL + ")(row, column);"
    " const fold = (s) => (s || '').replace(/\\s+/g, ' ').trim().normalize('NFKC').toLowerCase();"
    " const have = fold(cell.text), want = fold(text);"
    " const found = number ? new RegExp(number, 'i').test(have) : have.includes(want);"
    " return cell.found !== null && (exact ? have === want : found); }"
)


def expect_column_text(
    row: Locator, column: str, text: str, *, exact: bool = False, timeout_ms: float | None = None
) -> None:
    """The cell of ``row`` under ``column`` shows ``text`` (``exact``: is that text) within ``timeout_ms``."""
    timeout_ms = expect_timeout_ms(timeout_ms)
    __tracebackhide__ = True
    handle = row.element_handle(timeout=timeout_ms)
    try:
        number = number_pattern(" ".join(text.split()).lower(), words=True)
        row.page.wait_for_function(_CHECK, arg=[handle, column, text, exact, number], timeout=timeout_ms)
    except PlaywrightTimeoutError:
        seen = handle.evaluate(COLUMN_CELL, column)
        if seen.get("found") is None:
            names = ", ".join(seen.get("names") or ()) or "none"
            raise AssertionError(
                f"no column or field named {column!r} in the row; {seen.get('kind')}: {names}"
            ) from None
        how = "to be" if exact else "to contain"
        raise AssertionError(
            f"expected the {column!r} cell of the row {how} {text!r}, but it shows {seen.get('text')!r}"
        ) from None
    finally:
        handle.dispose()
