"""Assertions that state what a step claims, so evidence can match the claim: text inside one element,
texts in an order (a sorted list, "X comes first"), and focus. Each polls like the others and fails with
ASSERTION_FAILED naming what was expected and what was seen."""

from __future__ import annotations

import itertools
from typing import Any

from pydantic import Field, model_validator

from autoqa.target_items import PAGE
from autoqa.target_scope import scoped_target, split_scope
from autoqa.text_match import contains, fold
from autoqa.tools.args import PLAIN_ONLY, ElementArgs, OptionalElementArgs
from autoqa.tools.conditions import Judge, Verdict, wait_for_element
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, bounded, poll
from autoqa.tools.locate import Located, Probe, locate, run_element_hook
from autoqa.tools.page_scripts import run_in_page, run_on_element
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult

_FAILED = ErrorCode.ASSERTION_FAILED
_READ_MS = 5_000


async def _scope_text(
    ctx: ToolContext, tool: str, ref: str | None, target: str | None, found: list[Located] | None = None
) -> str:
    """The rendered text of the element (``ref``/``target``) or of the whole page, as the user reads it:
    through open shadow roots and slots (``inner_text`` stops at a shadow boundary). The element found is
    appended to ``found`` (its report goes into the result)."""
    if ref is None and target is None:
        return str(await run_in_page(ctx.page, "renderedText", None, _READ_MS))
    located = await locate(ctx, ref, target)
    if found is not None:
        found.append(located)
    await run_element_hook(ctx, tool, located)
    handle = await located.locator.element_handle(timeout=_READ_MS)
    try:
        return str(await run_on_element(handle, "renderedText", None, _READ_MS))
    finally:
        await bounded(handle.dispose(), _READ_MS)


class ScopedTextArgs(ElementArgs):
    text: str = Field(min_length=1, max_length=2_000)
    exact: bool = False
    column: str | None = Field(
        default=None,
        min_length=1,
        max_length=100,
        description="the row's column or field to read",
    )
    note: bool = Field(
        default=False,
        description="read the field's own message (its aria-describedby/errormessage, the wrapper only "
        "it sits in): a validation error shown for that field",
    )
    # the element is shown and its text does NOT hold ``text`` ('no longer listed under "Upcoming"'); a
    # missing or hidden element fails (plain steps only: the agent has assert_text_absent)
    absent: bool = Field(default=False, json_schema_extra=PLAIN_ONLY)

    @model_validator(mode="after")
    def _absent_alone(self) -> ScopedTextArgs:
        if self.absent and (self.exact or self.column is not None or self.note):
            raise ValueError("absent reads the element's whole text: not with exact, column or note")
        return self


async def _cell_text(
    ctx: ToolContext, args: ScopedTextArgs, column: str, found: list[Located], rows: list[str]
) -> str | None:
    """The text of the row's cell under ``column`` (or its field so labelled), or None when the row has no
    such column or field: the row's other text is no evidence for a claim about one cell."""
    try:
        located = await locate(ctx, args.ref, args.target)
    except ToolFailure as absent:
        # "The due date for "Dune"" names Dune's row; on a list of cards that row is Dune's list item.
        head, within = split_scope(args.target or "")
        if absent.error.code != ErrorCode.ELEMENT_NOT_FOUND or head != "the row" or within is None:
            raise
        try:
            located = await locate(ctx, None, scoped_target("the list item", within))
            rows.append("listitem")
        except ToolFailure as no_item:
            # ... and on a grid of <div> cards (no list elements), Dune's card.
            card = await _card_holding(ctx, within, args.target or "")
            if card is None:
                raise no_item from None
            located, tag = card
            rows.append(tag)
    else:
        rows.append("row" if split_scope(args.target or "")[0] == "the row" else "")
    found.append(located)
    await run_element_hook(ctx, "assert_text_in", located)
    handle = await located.locator.element_handle(timeout=_READ_MS)
    try:
        answer: dict[str, Any] = await run_on_element(handle, "columnCell", column, _READ_MS)
    finally:
        await bounded(handle.dispose(), _READ_MS)
    if answer.get("found") is None:
        kind, names = str(answer.get("kind")), [str(n) for n in answer.get("names") or ()]
        raise _NoPart(f"{kind}: {', '.join(names) or 'none'}")
    return str(answer.get("text") or "")


async def _card_holding(ctx: ToolContext, text: str, target: str) -> tuple[Located, str] | None:
    """The one card of a repeated list holding ``text`` as an element's whole text, and the cards'
    selector (``div.inventory_item``, which export finds it by, with the text); None for none or several."""
    card: dict[str, Any] = await run_in_page(ctx.page, "cardHolding", text, _READ_MS)
    tag = card.get("tag")
    if not isinstance(tag, str):
        return None
    # the shown cards only, as cardHolding counts them: a hidden card of the same name (filtered out, a copy
    # for another layout) is no second card
    locator = ctx.page.locator(tag).filter(has=ctx.page.get_by_text(text, exact=True)).filter(visible=True)
    if await bounded(locator.count(), _READ_MS) != 1:
        return None
    return Located(locator, "target", target, "card", None, 1, 1), tag


async def _note_text(ctx: ToolContext, args: ScopedTextArgs, found: list[Located]) -> str:
    """The text of the field's own message area (``fieldNote`` in page_library.js); a field with none (a flat
    form, no aria-describedby) has no message of its own: the page's other text is no evidence for it."""
    located = await locate(ctx, args.ref, args.target)
    found.append(located)
    await run_element_hook(ctx, "assert_text_in", located)
    handle = await located.locator.element_handle(timeout=_READ_MS)
    try:
        answer: dict[str, Any] = await run_on_element(handle, "fieldNote", None, _READ_MS)
    finally:
        await bounded(handle.dispose(), _READ_MS)
    if not answer.get("found"):
        raise _NoPart(
            "the field has no message of its own: no aria-describedby or aria-errormessage, and no wrapper "
            "that holds it alone (its label, hint and error)"
        )
    return str(answer.get("text") or "")


class _NoPart(Exception):
    """The row has no cell by that column, or the field no message area of its own (kept until the deadline:
    the page may still be loading)."""


async def assert_text_in(ctx: ToolContext, args: ScopedTextArgs) -> ToolResult:
    """``text`` is shown inside one element (``ref``/``target``): "the cart total says $40.98"."""
    wanted = fold(args.text)
    seen: list[str] = []
    found: list[Located] = []

    missing: list[str] = []
    rows: list[str] = []  # the row's role, per attempt: export finds the row by its text and this role
    was_there: list[bool] = []  # absent: whether an attempt saw the text (it went away: no vacuous check)

    async def attempt() -> bool | None:
        if args.note:
            try:
                text = fold(await _note_text(ctx, args, found))
            except _NoPart as absent:
                missing.append(str(absent))
                return None
            missing.clear()
        elif args.column is None:
            text = fold(await _scope_text(ctx, "assert_text_in", args.ref, args.target, found))
        else:
            try:
                text = fold(await _cell_text(ctx, args, args.column, found, rows) or "")
            except _NoPart as absent:
                missing.append(str(absent))
                return None
            missing.clear()
        seen.append(text)
        # a value under a column or label is a whole word ("Shipped" is not "Unshipped")
        held = contains(text, wanted, words=args.column is not None)
        if args.absent:
            # a text missing from an element nobody can see is no evidence: the element must be shown
            was_there.append(held)
            return True if not held and found and found[-1].visible_count > 0 else None
        return True if (text == wanted if args.exact else held) else None

    if await poll(attempt, Deadline(ctx.settings.assertion_timeout_ms)):
        listed = found[-1].collection if found else None  # the main list's position, for replay and export
        extra: dict[str, Any] = {"collection": listed} if listed is not None else {}
        if args.column is not None:
            extra["column"] = args.column
            if rows and rows[-1]:
                extra["row_role"] = rows[-1]
        if args.absent:
            # as assert_text_absent says it, for the verdict's check of a subject that never showed (a typo):
            # seen in the region before it went, or elsewhere on the page now
            extra["subject_seen"] = any(was_there) or contains(
                fold(await _scope_text(ctx, "assert_text_in", None, None)), wanted
            )
        return ToolResult.success(text_length=len(args.text), exact=args.exact, **extra)
    where = f"ref {args.ref}" if args.ref else f"target {args.target!r}"
    if args.note:
        if missing:
            raise ToolFailure(_FAILED, f"{where}: {missing[-1]}", expected=args.text, actual=missing[-1])
        where = f"the message of {where}"
    elif args.column is not None:
        head, within = split_scope(args.target or "")
        row = f"the {head.removeprefix('the ')} of {within!r}" if within else where
        if missing:
            message = f"no column or field named {args.column!r} in {row}; {missing[-1]}"
            raise ToolFailure(_FAILED, message, expected=args.text, actual=missing[-1])
        page_wide = args.target == PAGE  # the grammar's "the price is …": a value the page labels
        where = (
            f"the value labelled {args.column!r} on the page"
            if page_wide
            else f"the {args.column!r} cell of {row}"
        )
    shown = seen[-1][:300] if seen else ""
    if args.absent:
        if found and found[-1].visible_count == 0:
            message = f"{where} is not shown: a text missing from a hidden element proves nothing"
        else:
            message = f"expected {where} not to contain {args.text!r}, but its text is {shown!r}"
        raise ToolFailure(_FAILED, message, expected=f"not {args.text!r}", actual=shown)
    how = "to be exactly" if args.exact else "to contain"
    raise ToolFailure(
        _FAILED,
        f"expected {where} {how} {args.text!r}, but its text is {shown!r}",
        expected=args.text,
        actual=shown,
    )


class OrderArgs(OptionalElementArgs):
    texts: list[str] = Field(min_length=2, max_length=20)


async def assert_order(ctx: ToolContext, args: OrderArgs) -> ToolResult:
    """The texts appear in reading order inside ``ref``/``target`` (default: the page) — "A comes first",
    "sorted by price" — each found, each after the previous one."""
    wanted = [fold(t) for t in args.texts]
    last: list[list[int]] = []

    async def attempt() -> bool | None:
        text = fold(await _scope_text(ctx, "assert_order", args.ref, args.target))
        positions = [text.find(w) for w in wanted]
        last.append(positions)
        ordered = all(p >= 0 for p in positions) and all(a < b for a, b in itertools.pairwise(positions))
        return True if ordered else None

    if await poll(attempt, Deadline(ctx.settings.assertion_timeout_ms)):
        return ToolResult.success(count=len(args.texts))
    positions = last[-1] if last else [-1] * len(args.texts)
    missing = [t for t, p in zip(args.texts, positions, strict=True) if p < 0]
    if missing:
        actual = f"not shown: {', '.join(repr(t) for t in missing)}"
    else:
        seen = [t for _, t in sorted(zip(positions, args.texts, strict=True))]
        actual = "in the order " + " < ".join(repr(t) for t in seen)
    raise ToolFailure(
        _FAILED,
        f"expected {' < '.join(repr(t) for t in args.texts)}, but they are {actual}",
        expected=args.texts,
        actual=actual,
    )


FOCUSED_SCRIPT = """e => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  return e === active || e.contains(active);
}"""


def _judge_focused(wanted: bool) -> Judge:
    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        # Not focused is a claim about an element on the page: a missing one is no evidence either way.
        if found.located is None:
            return Verdict(False, "not on the page")
        focused: Any = await bounded(
            found.located.locator.evaluate(FOCUSED_SCRIPT, timeout=timeout_ms), timeout_ms + 500
        )
        return Verdict(bool(focused) == wanted, "focused" if focused else "not focused")

    return judge


class FocusedArgs(ElementArgs):
    focused: bool = True  # false: focus is not on it (nor inside it); the tool's description says so


async def assert_focused(ctx: ToolContext, args: FocusedArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_focused", args.ref, args.target, _judge_focused(args.focused),
        expectation="focused" if args.focused else "not focused",
        timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip
