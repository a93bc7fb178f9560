"""``assert_each_text``: a claim over every item of the page's main list (or table) — each shown item, or its
cell under a column, contains a text ("Every row's Status column shows "In service"", "Verify each row
contains "Tolkien" in the Author column", "Every result contains "Okafor""). The page library reads each
item's value as ``assert_sorted`` does (``sortValues``); :func:`problem` judges them, for the tool and for
exported tests, with the comparison of a single cell's check (``autoqa.text_match``: folded, a number or,
under a column, a word matched whole).

An empty list fails (a claim about every one of none proves nothing), and so does an item without that
column: it is never skipped.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from autoqa.text_match import contains, fold
from autoqa.tools.args import ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.judged_read import list_problem, read_until_judged
from autoqa.tools.result import ToolResult


class EachTextArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=2_000)
    column: str | None = Field(
        default=None, min_length=1, max_length=100, description="the column or labelled field of each item"
    )
    tables: bool = Field(default=False, description="the page's main table, not its main list")


def each_request(args: EachTextArgs) -> dict[str, Any]:
    """What the page library's ``sortValues`` reads (exported tests send the same)."""
    return {"column": args.column, "tables": args.tables, "forms": ()}


def problem(seen: dict[str, Any], text: str, column: str | None) -> str | None:
    """Why the values read are no evidence that every item holds ``text`` (under ``column``), or ``None``
    when they are."""
    missing = list_problem(seen, column)
    if missing is not None:
        return missing
    values: list[str] = seen.get("values") or []
    if not values:
        return "the list shows no item: a claim about every one of none proves nothing"
    wanted = fold(text)
    wrong = [v for v in values if not _shows(fold(v), wanted, words=column is not None)]
    if not wrong:
        return None
    under = f" under {column!r}" if column else ""
    shown = ", ".join(repr(v[:60]) for v in wrong[:5])
    return f"{len(wrong)} of {len(values)} item(s) do not show {text!r}{under}: {shown}"


def _shows(value: str, wanted: str, *, words: bool) -> bool:
    """``wanted`` is in the folded ``value`` and not denied there: a row whose status reads "Not in service"
    does not show "In service"."""
    if not contains(value, wanted, words=words):
        return False
    return re.search(rf"(?<![\w])(?:not|no|non|never)[\s-]+{re.escape(wanted)}", value) is None


async def assert_each_text(ctx: ToolContext, args: EachTextArgs) -> ToolResult:
    """Every shown item of the main list (or table) shows ``text``, in its ``column`` when given."""
    seen = await read_until_judged(
        ctx, "sortValues", each_request(args), lambda read: problem(read, args.text, args.column)
    )
    return ToolResult.success(count=len(seen["values"]), list=seen.get("name"))
