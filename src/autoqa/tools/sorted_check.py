"""``assert_sorted``: the items of the page's main list (or table) are sorted — by their whole text, or by
a column or labelled field ("the rows are sorted by title", "the products are sorted by price from high to
low"). The page library reads what each shown item says (``sortValues``); :mod:`autoqa.sort_order` judges
the order. Fewer than two items prove no order, so they fail; an item without that column fails too, rather
than being skipped."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from autoqa.sort_order import compares_as, out_of_order
from autoqa.target_items import noun_forms
from autoqa.tools.args import ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.judged_read import list_problem, read_until_judged
from autoqa.tools.result import ToolResult


class SortedArgs(ToolArgs):
    column: str | None = Field(
        default=None, min_length=1, max_length=100, description="the column or field to sort by"
    )
    descending: bool = False
    tables: bool = Field(default=False, description="the page's main table, not its main list")
    noun: str | None = Field(
        default=None,
        max_length=40,
        description="what the list holds ('products'): the list the page names so, of several",
    )


def sort_request(args: SortedArgs) -> dict[str, Any]:
    """What the page library's ``sortValues`` reads (exported tests send the same)."""
    forms = noun_forms(args.noun) if args.noun else ()
    return {"column": args.column, "tables": args.tables, "forms": forms}


def problem(seen: dict[str, Any], column: str | None, descending: bool) -> str | None:
    """Why the values the page library read are no evidence of that order, or ``None`` when they are."""
    missing = list_problem(seen, column)
    if missing is not None:
        return missing
    values: list[str] = seen["values"]
    if len(values) < 2:
        return f"the list shows {len(values)} item(s): fewer than two prove no order"
    try:
        at = out_of_order(values, descending=descending)
    except ValueError as unread:
        return f"{unread}: {', '.join(repr(v) for v in values[:5])}"
    if at is None:
        return None
    order = "descending" if descending else "ascending"
    return (
        f"not in {order} order (compared as {compares_as(values)}): {values[at - 1]!r} comes before "
        f"{values[at]!r}; the values: {', '.join(repr(v) for v in values[:20])}"
    )


async def assert_sorted(ctx: ToolContext, args: SortedArgs) -> ToolResult:
    """The main list's items are in ascending (``descending``: descending) order, by ``column`` or their
    text."""
    seen = await read_until_judged(
        ctx, "sortValues", sort_request(args), lambda read: problem(read, args.column, args.descending)
    )
    values = seen["values"]
    return ToolResult.success(count=len(values), compared=compares_as(values), list=seen.get("name"))
