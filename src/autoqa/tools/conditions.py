"""Polled conditions shared by the assertions (fail: ASSERTION_FAILED) and ``wait_for`` (fail: TIMEOUT).

For targets each poll is one round trip (the page script returns the element's state with the match);
refs take one more when a judge needs more than visibility.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

from playwright.async_api import expect

from autoqa.message_scope import MESSAGE_KINDS, MESSAGE_SELECTOR
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, poll
from autoqa.tools.locate import Probe, element_state, probe, require_element, run_element_hook, target_failure
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.targets import UNNAMED_LIST
from autoqa.tools.text_search import closest_lines, find_text


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    actual: str
    """What was observed, for the failure message ("hidden", "value 'abc'", "3 elements")."""
    data: dict[str, Any] = field(default_factory=dict)
    final: bool = False
    """Waiting cannot change it (a text box will not become checkable): fail without polling on."""


Judge = Callable[[Probe, float], Awaitable[Verdict]]
"""Judges one probe (``float``: time budget for reading the element's state in ms)."""


def _ambiguous(found: Probe) -> bool:
    return found.lookup is not None and found.lookup.status == "ambiguous"


def _matched(found: Probe) -> bool:
    return found.located is not None or (found.lookup is not None and found.lookup.count > 0)


def _missing(found: Probe) -> bool:
    return found.located is None and not _ambiguous(found)


async def _state(found: Probe, timeout_ms: float) -> dict[str, Any]:
    assert found.located is not None
    return await element_state(found.located, timeout_ms)


async def judge_visible(found: Probe, timeout_ms: float) -> Verdict:
    if found.located is not None:
        visible = found.located.visible_count > 0
        return Verdict(visible, "visible" if visible else "present but hidden")
    if _ambiguous(found):
        assert found.lookup is not None
        if not found.lookup.hidden:
            return Verdict(True, "visible", {"count": found.lookup.count})
        return Verdict(False, f"{found.lookup.count} matches, all hidden")
    return Verdict(False, "no matching element")


async def judge_hidden(found: Probe, timeout_ms: float) -> Verdict:
    if _missing(found):
        return Verdict(True, "not on the page", {"absent": True})
    if found.located is not None:
        hidden = found.located.visible_count == 0
        return Verdict(hidden, "hidden" if hidden else "visible")
    assert found.lookup is not None
    shown = " (hidden)" if found.lookup.hidden else ", visible"
    return Verdict(found.lookup.hidden, f"{found.lookup.count} matches{shown}")


async def judge_attached(found: Probe, timeout_ms: float) -> Verdict:
    if _missing(found):
        return Verdict(False, "no matching element")
    return Verdict(True, "on the page")


def judge_enabled(expected: bool) -> Judge:
    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        enabled = bool((await _state(found, timeout_ms)).get("enabled"))
        return Verdict(enabled == expected, "enabled" if enabled else "disabled")

    return judge


def judge_checked(expected: bool) -> Judge:
    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        state = await _state(found, timeout_ms)
        checked = state.get("checked")
        if checked is None:
            return Verdict(False, "an element that cannot be checked", final=True)
        return Verdict(
            checked == expected, "checked" if checked else "unchecked", {"signal": state.get("checkedVia")}
        )

    return judge


def judge_class(name: str, present: bool) -> Judge:
    """The element's own class list holds ``name`` (``present``) or not: TodoMVC's "completed" item, its
    "selected" filter link. Its ancestors' classes are not the element's."""

    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        classes = [str(c) for c in (await _state(found, timeout_ms)).get("classes") or []]
        has = name in classes
        shown = f"marked with the class {' '.join(classes)!r}" if classes else "marked with no class"
        return Verdict(has == present, shown)

    return judge


def judge_attribute(name: str, value: str | None, present: bool) -> Judge:
    """The element's own attribute ``name``: equal to ``value`` (or, with no value, there at all); with
    ``present`` false, not so. 'The "Date" header has aria-sort="descending"', 'alt=""' (an empty value is a
    value: a decorative image), 'no longer has aria-sort'."""

    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        assert found.located is not None
        actual = await found.located.locator.get_attribute(name, timeout=timeout_ms)
        holds = actual is not None if value is None else actual == value
        shown = f"without {name}" if actual is None else f"marked {name}={actual!r}"
        return Verdict(holds == present, shown)

    return judge


_ACTUAL_VALUE = re.compile(r"^Actual value: ?(.*)$", re.MULTILINE)


def judge_accessible(name: str | None, role: str | None, level: int | None = None) -> Judge:
    """The element's accessible name, role or heading level as the browser's accessibility tree computes
    them, judged by Playwright's own ``to_have_accessible_name`` / ``to_have_role`` /
    ``to_match_aria_snapshot`` (a name from aria-label, aria-labelledby, alt, a label or the text inside,
    hidden text included; a role given or implied by the tag; an ``<h2>`` or ``aria-level``)."""

    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        assert found.located is not None
        check = expect(found.located.locator)
        wait = min(timeout_ms, _EXPECT_MS)
        try:
            if name is not None:
                await check.to_have_accessible_name(name, timeout=wait)
            elif role is not None:
                await check.to_have_role(cast(Any, role), timeout=wait)
            else:
                await check.to_match_aria_snapshot(f"- heading [level={level}]", timeout=wait)
        except AssertionError as exc:
            seen = _ACTUAL_VALUE.search(str(exc))
            actual = " ".join(seen.group(1).split()) if seen else ""
            if name is not None:
                return Verdict(False, f"named {actual!r}" if actual else "without an accessible name")
            if role is not None:
                return Verdict(False, f"role {actual!r}" if actual else "without a role")
            return Verdict(False, _heading_seen(actual))
        if name is not None:
            return Verdict(True, f"named {name!r}")
        return Verdict(True, f"role {role!r}" if role is not None else f"a level {level} heading")

    return judge


def _heading_seen(snapshot: str) -> str:
    """What an element is, from its ARIA snapshot's first line ("- heading "x" [level=3]")."""
    level = re.search(r"\[level=(\d+)\]", snapshot)
    role = re.match(r"^-\s*'?([a-z]+)", snapshot)
    if role is not None and role.group(1) == "heading":
        return f"a level {level.group(1)} heading" if level else "a heading with no level"
    return f"a {role.group(1)}, not a heading" if role else "not a heading"


_EXPECT_MS = 200
"""One look by Playwright's own check (it polls within it); the tool's own poll waits out the rest."""


def judge_state(state: str, expected: bool) -> Judge:
    """``selected`` / ``expanded`` / ``pressed`` / ``current`` / ``invalid`` (see ``ariaStates`` in
    page_library.js)."""
    opposite = {
        "selected": "not selected",
        "expanded": "collapsed",
        "pressed": "not pressed",
        "invalid": "valid",
    }

    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        aria = (await _state(found, timeout_ms)).get("aria") or {}
        value = aria.get(state)
        if value is None:
            return Verdict(False, f"an element that does not say whether it is {state}", final=True)
        shown = state if value else opposite.get(state, f"not {state}")
        return Verdict(value == expected, shown, {"signal": (aria.get("via") or {}).get(state)})

    return judge


def judge_value(expected: str) -> Judge:
    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        if _missing(found):
            return Verdict(False, "no matching element")
        state = await _state(found, timeout_ms)
        value = state.get("value")
        selected = state.get("selected") or []
        if value is None:
            return Verdict(False, "an element without a value (not a form field)", final=True)
        ok = value == expected or expected in selected
        shown = f"selected {selected[0]!r}" if selected else f"value {value!r}"
        return Verdict(ok, shown, {"value_length": len(value)})

    return judge


def judge_count(expected: int) -> Judge:
    async def judge(found: Probe, timeout_ms: float) -> Verdict:
        # Visible elements only (hidden matches are what is left when none is visible: that is 0 shown).
        if found.located is not None:
            count = found.located.visible_count
        elif found.lookup is not None:
            count = 0 if found.lookup.hidden else found.lookup.count
        else:
            count = 0
        return Verdict(count == expected, f"{count} element(s)", {"count": count})

    return judge


# Judges that accept several matches (every match is visible / hidden / counted).
_MULTI_OK = (judge_visible, judge_hidden)


# A state check considers the elements that can have the state, as the matching action does: "feed the
# cat" is checked names the row's checkbox, not the row's label with the same text.
_CHECKS_AS = {"assert_checked": "set_checked"}


async def wait_for_element(
    ctx: ToolContext,
    tool: str,
    ref: str | None,
    target: str | None,
    judge: Judge,
    *,
    expectation: str,
    timeout_ms: float,
    code: ErrorCode,
    multi_ok: bool = False,
) -> ToolResult:
    """Poll until ``judge`` passes. Ambiguous targets fail at once unless the judge accepts several."""
    require_element(ref, target)
    allow_many = multi_ok or judge in _MULTI_OK
    needs_state = judge not in (*_MULTI_OK, judge_attached) and not multi_ok
    state_timeout = min(timeout_ms, 5_000) + 500
    hooked = False
    last: list[tuple[Probe, Verdict]] = []
    unnamed: list[ToolFailure] = []

    async def attempt() -> Verdict | None:
        nonlocal hooked
        try:
            found = await probe(ctx, ref, target, with_state=needs_state, action=_CHECKS_AS.get(tool))
        except ToolFailure as failure:
            # A ref whose element is gone satisfies "hidden"; other ref problems end the call.
            details = failure.error.details or {}
            if judge is judge_hidden and details.get("reason") == "gone":
                return Verdict(True, "not on the page", {"absent": True})
            if details.get("reason") == UNNAMED_LIST:
                unnamed.append(failure)  # the list may be named once it renders: wait, fail with it
                return None
            raise
        unnamed.clear()
        if _ambiguous(found) and not allow_many:
            assert found.lookup is not None and target is not None
            raise await target_failure(ctx, target, found.lookup)
        if found.located is not None and not hooked:
            hooked = True
            await run_element_hook(ctx, tool, found.located)
        verdict = await judge(found, state_timeout)
        last.append((found, verdict))
        return verdict if verdict.ok or verdict.final else None

    verdict = await poll(attempt, Deadline(timeout_ms))
    subject = f"ref {ref}" if ref is not None else f"target {target!r}"
    if verdict is not None and verdict.ok:
        found_data: dict[str, Any] = {}
        if last and last[-1][0].located is not None:
            found_data = last[-1][0].located.report()
        else:
            found_data = {"ref": ref} if ref is not None else {"target": target}
            lookup = last[-1][0].lookup if last else None
            if lookup is not None and lookup.collection is not None:
                found_data["collection"] = lookup.collection  # a count of the main list's items
        # Did the target match anything at any poll (it may have gone since)? A negative check that never
        # matched proves nothing about the wording: the verdict module flags it.
        seen = ref is not None or any(_matched(found) for found, _ in last)
        return ToolResult.success(**found_data, **verdict.data, subject_seen=seen)
    if unnamed:
        raise ToolFailure(code, unnamed[-1].error.message, advice=unnamed[-1].error.advice)
    found, observed = last[-1]
    if (
        found.located is None
        and found.lookup is not None
        and found.lookup.status == "none"
        and target is not None
    ):
        failure = await target_failure(ctx, target, found.lookup)
        details = dict(failure.error.details or {})
        raise ToolFailure(
            code,
            f"expected {subject} to be {expectation}, but no element matches; "
            + failure.error.message.split("; ", 1)[-1],
            advice=failure.error.advice,
            expected=expectation,
            actual=observed.actual,
            **details,
        )
    raise ToolFailure(
        code,
        f"expected {subject} to be {expectation}, but it is {observed.actual}"
        + ("" if observed.final else f" (waited {timeout_ms:.0f} ms)"),
        expected=expectation,
        actual=observed.actual,
        **(found.located.report() if found.located is not None else {}),
    )


async def wait_for_text(
    ctx: ToolContext,
    text: str,
    *,
    present: bool,
    exact: bool,
    timeout_ms: float,
    code: ErrorCode,
    in_message: bool = False,
    whole: bool = False,
) -> ToolResult:
    """Poll until ``text`` is shown (``present``) or no longer shown, in the page and same-origin iframes;
    ``in_message``: shown in a message (:mod:`autoqa.message_scope`), not anywhere; ``whole``: see
    :func:`autoqa.tools.text_search.find_text`."""
    bound = min(timeout_ms, 5_000) + 1_000
    last: list[Any] = []
    within = MESSAGE_SELECTOR if in_message else None

    async def attempt() -> bool | None:
        presence = await find_text(ctx.page, text, exact=exact, timeout_ms=bound, within=within, whole=whole)
        last.append(presence)
        shown = presence.visible > 0
        return True if shown == present else None

    if await poll(attempt, Deadline(timeout_ms)):
        seen = any(p.visible > 0 or p.hidden > 0 for p in last)  # shown or in the page at some poll
        return ToolResult.success(text_length=len(text), present=present, subject_seen=seen)
    presence = last[-1]
    waited = f"waited {timeout_ms:.0f} ms"
    if not present:
        raise ToolFailure(
            code,
            f"expected text {text!r} to be gone, but it is still shown ({waited})",
            expected="absent",
            actual="shown",
        )
    if presence.hidden:
        actual = "in the page but not visible"
    elif in_message and (await find_text(ctx.page, text, exact=exact, timeout_ms=bound)).visible:
        actual = "shown, but in no message: " + MESSAGE_KINDS
    else:
        near = await closest_lines(ctx.page, text, bound)
        actual = "not on the page" + (
            f"; closest visible text: {', '.join(repr(n) for n in near)}" if near else ""
        )
    where = " in a message" if in_message else ""
    raise ToolFailure(
        code,
        f"expected text {text!r} to be shown{where}, but it is {actual} ({waited})",
        expected="shown",
        actual=actual,
    )
