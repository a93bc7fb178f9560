"""Locator candidates for a recorded element, and their read-only validation.

Candidates come from the fingerprint (test id, role + name, label, placeholder, alt, title, id, name
attribute, exact text) and, as a fallback, from ``Locator.normalize()`` (Playwright's own generator). They
are checked best first, in the element's frame, with short timeouts and without side effects, until the
two things export and replay read are known: the best usable locator and the best usable replay target
(``ElementRecord.chosen`` / ``replay_target``). Checking the rest would only cost browser round trips
before every recorded action (python -m bench main_job). A check finds:

* it resolves to exactly one element (for ``assert_count``: to the expected number, including ours),
* that element *is* the recorded one (identity, not a heuristic),
* whether it is visible / enabled / editable (a click needs enabled, a fill editable) is noted; it does
  not disqualify a candidate, because capture runs *before* the action's actionability wait and only
  actions that succeeded are recorded.

Separately, its tool-layer form (``replay_target``) is checked the way the tool layer resolves hints:
main document first, then same-origin iframes; the first document with a match must hold exactly ours.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterable
from typing import Any

from playwright.async_api import ElementHandle, Frame, Page
from pydantic import BaseModel, ConfigDict

from autoqa.record.fingerprint import TEXT_LIMIT, Fingerprint
from autoqa.record.locator_spec import LocatorSpec, css_attr, css_id
from autoqa.target_scope import DIALOG_SCOPES
from autoqa.tools.targets import explicit_hint, same_origin_child_frames

DEFAULT_TEST_ID = "data-testid"
_TEXT_TAGS = frozenset(
    {
        "a",
        "button",
        "span",
        "div",
        "li",
        "td",
        "th",
        "label",
        "p",
        "summary",
        "option",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "strong",
        "em",
        "b",
        "i",
        "dt",
        "dd",
        "legend",
    }
)
_FORM_TAGS = frozenset({"input", "textarea", "select"})

# What an element must be for each tool, beyond "unique and the same element".
_NEEDS: dict[str, tuple[str, ...]] = {
    "click": ("visible", "enabled"),
    "set_checked": ("visible", "enabled"),
    "select_option": ("visible", "enabled"),
    "fill": ("visible", "editable"),
    "hover": ("visible",),
    "drag": ("visible",),
    "press_key": ("visible",),
    "blur": ("visible",),
}


class CandidateCheck(BaseModel):
    """One candidate and what validation found. ``ok``: usable in exported code for this tool."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    locator: LocatorSpec
    source: str = "fingerprint"
    """``fingerprint`` or ``normalize``."""
    count: int = 0
    same_element: bool = False
    visible: bool | None = None
    enabled: bool | None = None
    editable: bool | None = None
    ok: bool = False
    replay_target: str | None = None
    """The tool-layer ``target`` for this locator, present only when it resolves to the same element."""
    error: str | None = None

    @property
    def code(self) -> str:
        return self.locator.code()


def _scopes(region: tuple[str, str], within: str) -> bool:
    """Whether the step's scope names this region: its name, or "dialog" for the open dialog around it."""
    role, name = region
    if within.casefold() in DIALOG_SCOPES and role in ("dialog", "alertdialog"):
        return True
    return bool(name) and name.casefold() == within.casefold()


def generate(
    fp: Fingerprint, *, test_id_attribute: str = DEFAULT_TEST_ID, within: str | None = None
) -> list[LocatorSpec]:
    """Candidates in priority order (best first), without duplicates. ``within``: the row text the step
    scoped its target to (``autoqa.target_scope``), for a locator inside that row."""
    out: list[LocatorSpec] = []
    if fp.test_id:
        if test_id_attribute == DEFAULT_TEST_ID:
            out.append(LocatorSpec(kind="test_id", value=fp.test_id))
        else:  # exported code would need selectors.set_test_id_attribute(); a CSS attribute is plainer
            out.append(LocatorSpec(kind="css", value=css_attr(test_id_attribute, fp.test_id)))
    if fp.role and fp.name:
        out.append(LocatorSpec(kind="role", role=fp.role, value=fp.name))
    label = fp.label or (fp.aria_label if fp.tag in _FORM_TAGS else None)
    if label:
        out.append(LocatorSpec(kind="label", value=label))
    if fp.placeholder:
        out.append(LocatorSpec(kind="placeholder", value=fp.placeholder))
    if fp.alt:
        out.append(LocatorSpec(kind="alt_text", value=fp.alt))
    if fp.title:
        out.append(LocatorSpec(kind="title", value=fp.title))
    if fp.id and css_id(fp.id):
        out.append(LocatorSpec(kind="css", value=css_id(fp.id) or ""))
    if fp.name_attr:
        out.append(LocatorSpec(kind="css", value=css_attr("name", fp.name_attr, fp.tag)))
    if fp.text and len(fp.text) < TEXT_LIMIT and fp.tag in _TEXT_TAGS:
        out.append(LocatorSpec(kind="text", value=fp.text))
    region = next((r for r in fp.regions if within and _scopes(r, within)), None)
    if region is not None and fp.role:
        out.append(
            LocatorSpec(
                kind="region", role=fp.role, value=region[1], row_role=region[0], inner_name=fp.name or None
            )
        )
    if within and fp.row_role and (fp.role or fp.row_tag):
        in_row = LocatorSpec(
            kind="row",
            role=fp.role,
            value=within,
            row_role=fp.row_role,
            row_tag=fp.row_tag,
            inner_tag=None if fp.role else fp.tag,
            inner_name=fp.name or None if fp.role else None,
            row_exact=not fp.row_tag,  # Playwright reads a component's slotted text only as has_text
        )
        out.append(in_row)
        if in_row.row_exact:
            # A row named by a bare text beside its controls ("<li>Spin 45 <button>Cancel</button></li>"): no
            # element's whole text is the name, so the row holding it as has_text reads it (after the exact
            # form; the uniqueness check refuses it where another row holds the text too).
            out.append(in_row.model_copy(update={"row_exact": False}))
    if fp.role and not fp.name and fp.row and fp.row_role:
        row = LocatorSpec(kind="row", role=fp.role, value=fp.row, row_role=fp.row_role, row_tag=fp.row_tag)
        out.append(row)
    if not fp.role and not fp.text and fp.row and fp.row_role and fp.row_tag:
        # Words drawn through a component's slot: no locator reads them on the element itself.
        out.append(
            LocatorSpec(kind="row", value=fp.row, row_role=fp.row_role, row_tag=fp.row_tag, inner_tag=fp.tag)
        )
    if fp.role and not fp.name:
        out.append(LocatorSpec(kind="role", role=fp.role, value=""))
    return _dedupe(out)


def merge(first: Iterable[LocatorSpec], extra: Iterable[LocatorSpec]) -> list[tuple[LocatorSpec, str]]:
    """Fingerprint candidates plus normalize()'s, sorted by priority (stable), duplicates dropped."""
    tagged = [(spec, "fingerprint") for spec in first] + [(spec, "normalize") for spec in extra]
    seen: set[tuple[Any, ...]] = set()
    unique: list[tuple[LocatorSpec, str]] = []
    for spec, source in tagged:
        key = (
            spec.kind,
            spec.role,
            spec.value,
            spec.exact,
            spec.row_role,
            spec.row_tag,
            spec.inner_tag,
            spec.inner_name,
            spec.row_exact,
        )
        if key not in seen:
            seen.add(key)
            unique.append((spec, source))
    return sorted(unique, key=lambda pair: pair[0].priority)


def _dedupe(specs: list[LocatorSpec]) -> list[LocatorSpec]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for spec in specs:
        key = (spec.kind, spec.role, spec.value, spec.exact, spec.inner_tag, spec.inner_name, spec.row_exact)
        if key not in seen:
            seen.add(key)
            out.append(spec)
    return out


async def validate_all(
    candidates: list[tuple[LocatorSpec, str]],
    *,
    tool: str,
    frame: Frame,
    handle: ElementHandle,
    expected_count: int | None,
    test_id_attribute: str,
    timeout_ms: float,
    states: Awaitable[States | None] | None = None,
) -> list[CandidateCheck]:
    """Check ``candidates`` (best first) until the best usable locator and the best usable replay target
    are both known; the checks made, in order. The best candidate is checked alone, since it usually
    settles both; the rest together. ``states``: the recorded element's own states (:func:`element_states`,
    read alongside), which a candidate that resolves to that very element has too."""
    checks: list[CandidateCheck] = []
    for wave in (candidates[:1], candidates[1:]):
        if settled(checks):
            break
        checks += await asyncio.gather(
            *(
                _bounded_check(
                    spec, source, tool, frame, handle, expected_count, test_id_attribute, timeout_ms, states
                )
                for spec, source in wave
            )
        )
    return checks


def settled(checks: Iterable[CandidateCheck]) -> bool:
    """Whether ``checks`` (a prefix of the candidates, best first) already decide what is recorded."""
    done = list(checks)
    return any(c.ok for c in done) and any(c.replay_target for c in done)


async def _bounded_check(
    spec: LocatorSpec,
    source: str,
    tool: str,
    frame: Frame,
    handle: ElementHandle,
    expected_count: int | None,
    test_id_attribute: str,
    timeout_ms: float,
    states: Awaitable[States | None] | None = None,
) -> CandidateCheck:
    target = spec.replay_target(test_id_attribute)
    # The two reads are independent: the replay target is checked alongside the locator (it is kept only
    # when the locator's own check worked), which halves the round trips before each recorded action.
    outcome, usable = await asyncio.gather(
        _outcome(_check(spec, source, tool, frame, handle, expected_count, timeout_ms, states), timeout_ms),
        _replays(target, frame, handle, expected_count, timeout_ms),
    )
    if isinstance(outcome, BaseException):
        if isinstance(outcome, TimeoutError):
            return CandidateCheck(locator=spec, source=source, error="validation timed out")
        # a malformed selector or a navigation mid-check: just not a candidate
        return CandidateCheck(locator=spec, source=source, error=_first_line(outcome))
    return outcome.model_copy(update={"replay_target": target}) if usable else outcome


async def _outcome(check: Awaitable[CandidateCheck], timeout_ms: float) -> CandidateCheck | Exception:
    try:
        return await asyncio.wait_for(check, timeout_ms / 1000)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        return exc


async def _replays(
    target: str | None, frame: Frame, handle: ElementHandle, expected_count: int | None, timeout_ms: float
) -> bool:
    if target is None:
        return False
    try:
        return await asyncio.wait_for(
            _replays_to(target, frame, handle, expected_count, timeout_ms), timeout_ms / 1000
        )
    except asyncio.CancelledError:
        raise
    except Exception:
        return False


async def _check(
    spec: LocatorSpec,
    source: str,
    tool: str,
    frame: Frame,
    handle: ElementHandle,
    expected_count: int | None,
    timeout_ms: float,
    states: Awaitable[States | None] | None = None,
) -> CandidateCheck:
    locator = spec.build(frame)
    # How many it matches and whether ours is among them, in one round trip (evaluate_all does not wait).
    count, contains = await locator.evaluate_all("(els, el) => [els.length, els.includes(el)]", handle)
    fields: dict[str, Any] = {"locator": spec, "source": source, "count": count}
    if expected_count is not None:
        return CandidateCheck(**fields, same_element=contains, ok=contains and count == expected_count)
    if count != 1:
        return CandidateCheck(**fields)
    same = bool(contains)
    own = await states if same and states is not None else None
    if own is not None:  # it is the recorded element: its states were read beside this check
        visible, enabled, editable = own
    else:
        needs = _NEEDS.get(tool, ())
        visible, enabled, editable = await asyncio.gather(
            locator.is_visible() if "visible" in needs else _none(),
            locator.is_enabled(timeout=timeout_ms) if "enabled" in needs else _none(),
            locator.is_editable(timeout=timeout_ms) if "editable" in needs else _none(),
        )
    # The states are facts, not gates: the hook runs before the action's own actionability wait (a button
    # may still be disabled for a moment), and only actions that then succeeded are ever recorded.
    return CandidateCheck(
        **fields, same_element=same, visible=visible, enabled=enabled, editable=editable, ok=same
    )


async def _none() -> None:
    return None


States = tuple[bool | None, bool | None, bool | None]
"""Visible, enabled, editable: each read only when ``tool`` needs it (see ``_NEEDS``), else None."""


async def element_states(handle: ElementHandle, tool: str) -> States | None:
    """The states a candidate check notes, read on the recorded element itself (the same injected check
    Playwright's locator runs); None when they could not be read (each candidate then reads its own)."""
    needs = _NEEDS.get(tool, ())
    try:
        visible, enabled, editable = await asyncio.gather(
            handle.is_visible() if "visible" in needs else _none(),
            handle.is_enabled() if "enabled" in needs else _none(),
            handle.is_editable() if "editable" in needs else _none(),
        )
    except asyncio.CancelledError:
        raise
    except Exception:
        return None
    return visible, enabled, editable


_MATCHES = "(els, el) => [els.length, els.includes(el), els.length === 1 && els[0] === el]"
"""How many a locator matches, whether ours is among them, and whether it is the only one: one round trip."""


async def _replays_to(
    target: str, frame: Frame, handle: ElementHandle, expected_count: int | None, timeout_ms: float
) -> bool:
    """Whether the tool layer's hint resolution of ``target`` lands on this element (or its set)."""
    page = frame.page
    scopes: list[Page | Frame] = [page, *same_origin_child_frames(page)]
    for scope in scopes:
        locator = explicit_hint(scope, target)
        if locator is None:
            return False
        in_scope = scope.main_frame if isinstance(scope, Page) else scope
        if in_scope != frame:
            if await locator.count() == 0:
                continue
            return False  # the tools would stop at an earlier document
        # All matches and the visible ones, read together (ours is in this document, so it can be passed).
        every, shown = await asyncio.gather(
            locator.evaluate_all(_MATCHES, handle),
            locator.filter(visible=True).evaluate_all(_MATCHES, handle),
        )
        count, visible = int(every[0]), int(shown[0])
        if count == 0:
            continue
        pool = shown if visible and count > visible else every
        matched = visible or count
        if expected_count is not None:
            return matched == expected_count and bool(pool[1])
        return matched == 1 and bool(pool[2])
    return False


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__
