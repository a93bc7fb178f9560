"""A page-library read polled until a judge finds no problem: the shape of the checks whose evidence is one
read of the whole list (``assert_sorted``, ``assert_each_checked``, ``assert_each_text``). Their exported
twins poll the same read with the same judge (``autoqa.export.judged_read``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, poll
from autoqa.tools.page_scripts import run_in_page
from autoqa.tools.result import ErrorCode, ToolFailure

Judge = Callable[[dict[str, Any]], str | None]
"""Why a read is no evidence for the claim, or None when it is."""

_READ_MS = 5_000


def list_problem(seen: dict[str, Any], column: str | None = None) -> str | None:
    """Why a read of the main list found no list to judge (or an item without ``column``), or None when
    it found one: the page library's ``status``, said the same way by every check over the list."""
    status = seen.get("status")
    if status == "found":
        return None
    if status == "nocolumn":
        names = ", ".join(repr(n) for n in seen.get("names") or ()) or "none"
        return f"the item {seen.get('item')!r} has no column or field {column!r} (its names: {names})"
    return {
        "ambiguous": "the page shows several lists: which one is meant is not said",
        "unnamed": "no list on the page holds such items",
    }.get(str(status), "the page shows no list")


async def read_until_judged(
    ctx: ToolContext, function: str, request: dict[str, Any], judge: Judge
) -> dict[str, Any]:
    """The first read of the page library's ``function(request)`` that ``judge`` accepts, within the
    assertion timeout; else ASSERTION_FAILED with the last read's problem."""
    why: list[str] = []
    read: list[dict[str, Any]] = []

    async def attempt() -> bool | None:
        seen = await run_in_page(ctx.page, function, request, _READ_MS)
        read.append(seen)
        reason = judge(seen)
        why.append(reason or "")
        return True if reason is None else None

    if await poll(attempt, Deadline(ctx.settings.assertion_timeout_ms)):
        return read[-1]
    raise ToolFailure(ErrorCode.ASSERTION_FAILED, why[-1] if why else "the page was not read")
