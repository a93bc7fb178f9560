"""``assert_each_checked``: a claim over every checkbox of a kind — each item of the page's main list (or
table) has its own checkbox checked ("all todos are completed", "every row checkbox is checked", "none of
the todos is completed"), or every checkbox the page shows is ("both checkboxes are checked"). The page
library reads the states (``eachChecked``); :func:`problem` judges them, for the tool and for exported tests.

A claim about all of none is no evidence: an empty list, or a page without checkboxes, fails. So does an
item without a checkbox (the claim cannot hold of it), a half-checked ("mixed") box, and, with ``count``,
another number of boxes than the step says ("both": 2).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from autoqa.target_items import noun_forms
from autoqa.tools.args import ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.judged_read import list_problem, read_until_judged
from autoqa.tools.result import ToolResult


class EachCheckedArgs(ToolArgs):
    checked: bool = True
    scope: Literal["items", "page"] = Field(
        default="items",
        description="items: each item's own checkbox in the page's main list (tables=true: table); "
        "page: every checkbox the page shows",
    )
    tables: bool = Field(default=False, description="the page's main table, not its main list")
    noun: str | None = Field(
        default=None, max_length=40, description="what the list holds ('todos'): the list the page names so"
    )
    count: int | None = Field(default=None, ge=1, le=10_000, description="how many checkboxes there are")


def each_request(args: EachCheckedArgs) -> dict[str, Any]:
    """What the page library's ``eachChecked`` reads (exported tests send the same)."""
    forms = noun_forms(args.noun) if args.noun else ()
    return {"page": args.scope == "page", "tables": args.tables, "forms": forms}


def problem(seen: dict[str, Any], checked: bool, count: int | None) -> str | None:
    """Why the states read are no evidence that every box is ``checked`` (and ``count`` of them), or
    ``None`` when they are."""
    if seen.get("status") == "nobox":
        return f"the item {seen.get('item')!r} has no checkbox"
    missing = list_problem(seen)
    if missing is not None:
        return missing
    states: list[dict[str, Any]] = seen.get("states") or []
    if not states:
        return "there is no checkbox to check: a claim about every one of none proves nothing"
    if count is not None and len(states) != count:
        return f"{len(states)} checkbox(es), not {count}"
    wrong = [s for s in states if s.get("mixed") or bool(s.get("checked")) != checked]
    if not wrong:
        return None
    named = ", ".join(
        repr(s.get("text") or "(unnamed)") + (" (half-checked)" if s.get("mixed") else "") for s in wrong[:5]
    )
    return f"{len(wrong)} of {len(states)} not {'checked' if checked else 'unchecked'}: {named}"


async def assert_each_checked(ctx: ToolContext, args: EachCheckedArgs) -> ToolResult:
    """Every item's checkbox of the main list (``scope="page"``: every checkbox shown) is ``checked``."""
    seen = await read_until_judged(
        ctx, "eachChecked", each_request(args), lambda read: problem(read, args.checked, args.count)
    )
    return ToolResult.success(count=len(seen["states"]), list=seen.get("name"))
