"""``ref`` or ``target`` → one element, for every tool that acts on or checks an element."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Locator

from autoqa.landmarks import FOCUSED_FIELD
from autoqa.target_items import item_noun, item_position
from autoqa.target_ordinal import ordinal_words
from autoqa.target_scope import scoped_target, split_item_scope
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, bounded, poll
from autoqa.tools.failure_candidates import as_choices, of_kind, render, with_refs
from autoqa.tools.page_scripts import run_on_element
from autoqa.tools.refs import resolve_ref
from autoqa.tools.result import ErrorCode, ToolError, ToolFailure
from autoqa.tools.settle import arm_ahead
from autoqa.tools.targets import (
    ACTION_FILTERS,
    INTERACTIVE_ROLES,
    Match,
    TargetLookup,
    locator_for,
    resolve_target,
    row_reading,
)

# One round trip of resolution must never take long; a page that cannot answer in this time is stuck.
_PROBE_TIMEOUT_MS = 5_000


@dataclass(frozen=True, slots=True)
class Located:
    """The element a tool acts on, and how it was found (reported back so a model can learn)."""

    locator: Locator
    via: str
    """``ref`` or ``target``."""
    given: str
    strategy: str
    """``ref``, or the target tier that matched (``test_id``, ``role``, ``label``, ``token``, …)."""
    match: Match | None
    count: int
    """How many elements matched (visible ones if any were visible; ``assert_count`` reads
    ``visible_count``: hidden matches are 0 shown)."""
    visible_count: int
    collection: dict[str, Any] | None = None
    """For ``items=`` / ``item=N``: the main list it was found in (kept in the result for export)."""
    resolved_as: str | None = None
    """The target as it was read when it differs from ``given`` (a checkbox found through its row:
    ``the checkbox in "feed the cat"``): what replay and export must find again."""

    def person_label(self) -> str | None:
        """``textbox 'Notes'``: the element as a person reads it (role and accessible name); None for a
        ref, whose element the model picked itself."""
        if self.match is None:
            return None
        shown = (self.match.name or self.match.text)[:60]
        role = self.match.role or self.match.tag
        return f"{role} {shown!r}" if shown else role

    def report(self) -> dict[str, Any]:
        out: dict[str, Any] = {self.via: self.given}
        if self.via == "target":
            out["strategy"] = self.strategy
        if self.collection is not None:
            out["collection"] = self.collection
        if self.match is not None:
            out["element"] = self.match.label()
        return out


@dataclass(frozen=True, slots=True)
class Probe:
    """One resolution attempt: ``located`` when exactly one element matched, else ``lookup`` says why."""

    located: Located | None
    lookup: TargetLookup | None


def _probe_timeout(ctx: ToolContext) -> float:
    return min(_PROBE_TIMEOUT_MS, max(ctx.settings.action_timeout_ms, 250))


async def probe(
    ctx: ToolContext,
    ref: str | None,
    target: str | None,
    *,
    with_state: bool = False,
    action: str | None = None,
) -> Probe:
    """Resolve once, without waiting. Ref problems raise ToolFailure unless a target can stand in.

    ``with_state``: a target's match also carries its state (free in the same round trip).
    ``action``: the tool about to act; a target then only matches elements it can act on (a ref is
    taken as given).
    """
    timeout = _probe_timeout(ctx)
    if ref is not None:
        try:
            found = await resolve_ref(ctx, ref, timeout)
        except ToolFailure as failure:
            if target is None or failure.error.code is not ErrorCode.ELEMENT_NOT_FOUND:
                raise
            add_warning(ctx, f"ref {ref} did not resolve ({failure.error.message}); used target instead")
        else:
            located = Located(found.locator, "ref", found.ref, "ref", None, 1, 1 if found.visible else 0)
            ctx.extra[RESOLVED_KEY] = located
            return Probe(located, None)
    assert target is not None
    resolved_as: str | None = None

    async def resolve(text: str, acting: str | None) -> TargetLookup:
        return await resolve_target(
            ctx.page,
            text,
            test_id_attribute=ctx.settings.test_id_attribute,
            timeout_ms=timeout,
            with_state=with_state,
            action=acting,
        )

    lookup = await resolve(target, action)
    if lookup.status == "none" and action == "set_checked" and (row := row_reading(target)) is not None:
        # The box in the row that the text names, when no box is named so and the text is only text: a
        # name that is a control itself ("Show toast", a button) is no row's label, nor the box beside it
        # the one it means.
        named = await resolve(target, None)
        match = named.matches[0] if named.status == "found" and named.matches else None
        if match is not None and match.role not in INTERACTIVE_ROLES:
            in_row = await resolve(row, action)
            if in_row.status == "found":
                lookup, resolved_as = in_row, row
    if lookup.status == "found" and lookup.locator is not None:
        match = lookup.matches[0] if lookup.matches else None
        visible = 0 if lookup.hidden else lookup.count
        located = Located(
            lookup.locator, "target", target, lookup.tier or "", match, lookup.count, visible,
            lookup.collection, resolved_as,
        )  # fmt: skip
        ctx.extra[RESOLVED_KEY] = located
        return Probe(located, lookup)
    ctx.extra.pop(RESOLVED_KEY, None)
    return Probe(None, lookup)


async def element_state(located: Located, timeout_ms: float) -> dict[str, Any]:
    """Enabled, checked, value, … of the element: free for targets (the page script sent it along),
    one handle round trip for refs."""
    if located.match is not None and located.match.state:
        return located.match.state
    handle = await located.locator.element_handle(timeout=timeout_ms)
    try:
        state: dict[str, Any] = await run_on_element(handle, "state", None, timeout_ms)
    finally:
        await bounded(handle.dispose(), timeout_ms)
    return state


def _scope_clause(target: str, lookup: TargetLookup) -> str:
    """The scope of ``target`` as a step writes it: `` in "Invoice"``, `` in the second row`` (or "")."""
    if lookup.within is not None:
        return scoped_target("", lookup.within)
    item = split_item_scope(target)[1]
    position = item_position(item)
    if item is None or not position:
        return ""
    return f" in the {ordinal_words(position)} {item_noun(item) or 'row'}"


async def target_failure(ctx: ToolContext, target: str, lookup: TargetLookup) -> ToolFailure:
    """AMBIGUOUS_TARGET or ELEMENT_NOT_FOUND, with candidates carrying refs."""
    if lookup.status == "ambiguous":
        candidates = await with_refs(ctx, lookup.matches, lookup.match_locators)
        choices = as_choices(candidates, _scope_clause(target, lookup))
        return ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            f"target {target!r} matches {lookup.count} elements equally well: {choices}",
            advice=f"use one of these: {render(candidates)}; or a more specific target",
            candidates=candidates,
            count=lookup.count,
        )
    if target == FOCUSED_FIELD:
        return await _nothing_focused(ctx)
    locators = [locator_for(ctx.page, c) for c in lookup.candidates]
    candidates = await with_refs(ctx, lookup.candidates, locators)
    if lookup.same_kind and candidates:
        hint = f"nothing similar is visible; {of_kind(candidates, lookup.within)}"
    else:
        hint = f"closest: {render(candidates, refs=False)}" if candidates else "nothing similar is visible"
    closest = "refs of that kind (no name is similar)" if lookup.same_kind else "closest refs"
    advice = f"{closest}: {render(candidates)}" if candidates else "take a snapshot"
    if lookup.sealed:
        hint += (
            f"; <{'>, <'.join(lookup.sealed)}> render inside a closed shadow root, which cannot be read "
            "(only open shadow roots are): target something outside it, or ask for the component to use an "
            "open root"
        )
    what = f"no {lookup.only}" if lookup.only else "no element"
    if lookup.note is not None:
        hint = f"{lookup.note}; {hint}"
    if lookup.within is not None:
        where = (
            f"in a row or region with {lookup.within!r}"
            if lookup.within_seen
            else f"in a row or region with {lookup.within!r}, and that text is not on the page"
        )
        hint = f"{where}; {hint}"
    return ToolFailure(
        ErrorCode.ELEMENT_NOT_FOUND,
        f"{what} matches target {target!r}; {hint}",
        advice=advice,
        candidates=candidates,
    )


# The element that has the focus (through open shadow roots), as a person would name it, or null for none.
_FOCUS_NOW = """() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  if (!e || e === document.body || e === document.documentElement) return null;
  const name = (e.getAttribute('aria-label') || e.innerText || e.getAttribute('placeholder') || '').trim();
  const type = e.tagName === 'INPUT' ? ` type=${e.type}` : '';
  return `<${e.tagName.toLowerCase()}${type}>` + (name ? ` "${name.slice(0, 40)}"` : '');
}"""


async def _nothing_focused(ctx: ToolContext) -> ToolFailure:
    """'Type "x"' with no field focused: say where the focus is, never list other fields to type into."""
    try:
        now = await bounded(ctx.page.evaluate(_FOCUS_NOW), 1_000)
    except Exception:  # a page navigating or gone: the failure stands without it
        now = None
    where = f"the focus is on {now}, which takes no typing" if isinstance(now, str) else "nothing is focused"
    return ToolFailure(
        ErrorCode.ELEMENT_NOT_FOUND,
        f"no field has the keyboard focus to type into ({where}); click the field first, or name it "
        '(Type "…" in the "Name" field)',
        advice="click or focus the field, then type; or fill it by ref",
    )


def require_element(ref: str | None, target: str | None) -> None:
    if ref is None and target is None:
        raise ToolFailure(
            ErrorCode.INVALID_INPUT, "give ref (from snapshot) or target (visible text or label)"
        )


async def locate(
    ctx: ToolContext,
    ref: str | None,
    target: str | None,
    *,
    action: str | None = None,
    settles: bool = False,
) -> Located:
    """The element for an action. Waits up to ``settings.target_wait_ms`` for a target to appear.

    ``action`` (the tool's name) narrows a target to elements that tool can act on (``fill``: editable
    fields, ``set_checked``: checkboxes, radios, switches, ``select_option``: dropdowns). ``settles``: the
    action will settle (``tools/settle.py``), so each lookup also arms the page's tracker for it, in the
    same round trip's time."""
    require_element(ref, target)
    last: list[Probe] = []

    async def attempt() -> Probe | None:
        if settles:
            arm_ahead(ctx)
        found = await probe(ctx, ref, target, action=action)
        last.append(found)
        settled = found.located is not None or (
            found.lookup is not None and found.lookup.status == "ambiguous"
        )
        return found if settled else None

    result = await poll(attempt, Deadline(ctx.settings.target_wait_ms)) or last[-1]
    if result.located is not None:
        return result.located
    assert result.lookup is not None and target is not None
    acting = ACTION_FILTERS.get(action or "")
    if acting is not None and result.lookup.status == "none":
        # Nothing the action can act on: say what the target does name ("a heading, not a field").
        named = await probe(ctx, None, target)
        if named.located is not None and named.located.match is not None:
            raise ToolFailure(
                ErrorCode.ELEMENT_NOT_INTERACTABLE,
                f"target {target!r} is {named.located.match.label()}, not {acting.a_noun}; {acting.hint}",
                element=named.located.match.label(),
            )
    raise await target_failure(ctx, target, result.lookup)


RAW_ARGS_KEY = "autoqa.tools.raw_args"
"""``ctx.extra`` key: the arguments of the running call as given, with ``{{NAME}}`` placeholders intact."""
WARNINGS_KEY = "autoqa.tools.warnings"
"""``ctx.extra`` key: warnings gathered during the running call; ``call_tool`` moves them into the result."""


RESOLVED_KEY = "autoqa.tools.resolved"
"""``ctx.extra`` key: the element the running call's last resolution found (none when it found none)."""


def naming_resolved(error: ToolError, located: Located | None) -> ToolError:
    """A failure after an element was resolved names it, so a person sees which element the step judged
    ("…, but it is value 'hello'; matched textbox 'Notes'"): one place for every assertion and action.
    A message that already names it is left alone."""
    label = located.person_label() if located is not None else None
    if label is None or error.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS_TARGET):
        return error
    assert located is not None and located.match is not None
    if located.match.label() in error.message or label in error.message:
        return error
    details = {**(error.details or {}), "element": located.match.label()}
    return error.model_copy(update={"message": f"{error.message}; matched {label}", "details": details})


def add_warning(ctx: ToolContext, text: str) -> None:
    warnings: list[str] = ctx.extra.setdefault(WARNINGS_KEY, [])
    if text not in warnings:  # polling loops would repeat it
        warnings.append(text)


async def run_element_hook(ctx: ToolContext, tool: str, located: Located) -> None:
    """Call ``ctx.element_hook`` before acting on ``located``. A failing hook does not fail the tool: it
    becomes a warning in the result.

    The hook sees the arguments as the caller gave them (secret placeholders not substituted).
    """
    if ctx.element_hook is None:
        return
    args: Mapping[str, Any] = ctx.extra.get(RAW_ARGS_KEY) or {}
    if located.resolved_as is not None and "{{" not in str(args.get("target", "")):
        args = {**args, "target": located.resolved_as}  # record the row the element was found in
    try:
        await ctx.element_hook(tool, located.locator, args)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        first = str(exc).splitlines()[0] if str(exc) else ""
        add_warning(ctx, f"element hook failed: {type(exc).__name__}: {first}")
