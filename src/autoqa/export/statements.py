"""One IR record → pytest-playwright statements (sync API), given the page variable it runs on.

Assertions map to ``expect`` with the same meaning the tools give them:

=====================  ==========================================================================
tool                   exported
=====================  ==========================================================================
assert_text_present    ``expect(page.get_by_text(t)).to_be_visible()`` in the document it was seen
assert_text_present    ``expect(page.locator(MESSAGE_SELECTOR).filter(has_text=t)…first).to_be_visible()``
in_message             (the tools' own selector of messages, ``autoqa.message_scope``)
assert_text_absent     ``expect(page.get_by_text(t).filter(visible=True)).to_have_count(0)``
assert_order           ``expect(scope).to_contain_text(re.compile(order_pattern))``: each text's first
                       occurrence before the next one's, as the tool reads them
assert_element_*       ``expect(locator).to_be_visible()`` / ``to_be_hidden()``; hidden with no element
                       found in the run: ``expect_target_hidden(page, target)`` (the tool's own lookup,
                       ``autoqa.export.hidden_check``)
assert_url / _title    ``expect(page).to_have_url(…)`` / ``to_have_title(…)`` (contains → ``re.escape``;
                       ``negate`` → ``not_…``)
assert_value           ``expect(locator).to_have_value(v)``
assert_checked         ``expect(locator).to_be_checked(checked=…)``
assert_enabled         ``expect(locator).to_be_enabled()`` / ``to_be_disabled()``
assert_class           ``expect(locator).to_have_class(re.compile("(^|\\s)name(\\s|$)"))`` (``not_…``)
assert_attribute       ``expect(locator).to_have_attribute(name, value)`` (no value: ``re.compile(".*")``;
                       ``not_…``)
assert_accessible      ``expect(locator).to_have_accessible_name(n)`` / ``to_have_role(r)`` /
                       ``to_match_aria_snapshot("- heading [level=n]")``
assert_count           ``expect(locator).to_have_count(n)``
wait_for               the same expectations with the wait's timeout; ``seconds`` → ``wait_for_timeout``
assert_storage         ``page.wait_for_function(<the same claim>)``; cookies: ``assert`` on cookies(); no key:
                       the area's size (``localStorage.length``, ``len(cookies(url))``)
assert_matches_        ``expect_matches_baseline(page | locator, "<baseline>.png", …)`` from
baseline               ``autoqa.export.visual_check`` (the same screenshot, masks and comparison)
assert_text_in column  ``expect_column_text(row, column, t)`` from ``autoqa.export.column_check`` (the
                       row's cell under that column, by the tool's own lookup)
assert_text_in note    ``expect_field_note(field, t)`` from ``autoqa.export.field_note`` (the field's own
                       message: aria-describedby / errormessage, the wrapper only it sits in)
assert_text_in absent  ``expect(locator).to_be_visible()`` then ``expect(locator).not_to_contain_text(t)``
assert_sorted          ``expect_sorted(page, column=c, descending=…)`` from ``autoqa.export.sorted_check``
assert_each_checked    ``expect_each_checked(page, checked=…, scope=…)`` from ``autoqa.export.each_checked``
assert_each_text       ``expect_each_text(page, text, column=…)`` from ``autoqa.export.each_text``
                       (the main list read and judged by the tool's own lookup and rule)
assert_appeared        ``autoqa_live_regions.expect_appeared(t, since=appeared_since_N)``: the conftest's
                       watcher, marked where step N (the step whose action the toast answers) starts;
                       native dialogs included (``autoqa.export.appeared_check``)
dialogs                ``autoqa_live_regions.answer_dialogs("dismiss")``: native dialogs answered so on
drag                   ``source.drag_to(target[, target_position=…])``: the same point of the element it
                       was dropped on (its middle, or a quarter of its box for above/below/before/after)
history / clear_*      ``page.go_back()`` … ``page.reload()``; ``localStorage.clear()``, ``clear_cookies()``
=====================  ==========================================================================

The builder wraps the code of each action that settles in the run (``tools.settle.SETTLING_TOOLS``) in
``with settled(page):`` (``autoqa.export.settle_check``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import urlsplit

from autoqa.busy import BUSY
from autoqa.errors import ExportError
from autoqa.export.code_model import Block, Line, Node
from autoqa.export.main_list import main_list_locator
from autoqa.export.placed_locator import placed_locator
from autoqa.export.values import ValueRenderer
from autoqa.landmarks import FOCUSED_FIELD
from autoqa.landmarks import TARGETS as LANDMARK_TARGETS
from autoqa.record.frames import FrameRef
from autoqa.record.ir import IRRecord
from autoqa.record.locator_spec import py_str
from autoqa.target_badge import badge_name
from autoqa.target_region import region_items, region_name
from autoqa.target_scope import split_scope
from autoqa.text_match import number_pattern
from autoqa.tools.actions import DOUBLE_CLICK_HOLD_MS, MAX_PRESSES
from autoqa.tools.drag import DROP_POINTS
from autoqa.tools.targets import parse_target

DEFAULT_WAIT_MS = 10_000
"""``wait_for`` without ``seconds`` waits this long in the tools (``ToolSettings.wait_timeout_ms``)."""

ELEMENT_ACTIONS = frozenset(
    {"click", "fill", "select_option", "press_key", "hover", "set_checked", "upload_file", "scroll"}
)
ELEMENT_ASSERTIONS = frozenset(
    {
        "assert_element_visible",
        "assert_element_hidden",
        "assert_value",
        "assert_checked",
        "assert_enabled",
        "assert_state",
        "assert_class",
        "assert_attribute",
        "assert_accessible",
        "assert_count",
    }
)


@dataclass(frozen=True, slots=True)
class StatementContext:
    page: str
    """The variable of the page the record ran on (``page``, ``popup``, …)."""
    values: ValueRenderer
    app_origin: str | None
    """``scheme://host:port`` of the app: absolute URLs on it become paths relative to the base URL."""
    tabs: tuple[str, ...] = ("page",)
    """Page variables by tab index just before the record ran."""
    secrets: tuple[str, ...] = ()
    """``AUTOQA_<NAME>`` of the spec's secrets: a visual check paints their values over."""


def frames_scope(page: str, frames: tuple[FrameRef, ...]) -> str:
    scope = page
    for frame in frames:
        scope += f".frame_locator({py_str(frame.selector)})"
    return scope


def element_locator(record: IRRecord, page: str) -> str | None:
    """The locator expression for the record's element, or None when none was validated."""
    by_position = main_list_locator(record, page)
    if by_position is not None:
        return by_position
    element = record.element
    placed = placed_locator(record, frames_scope(page, element.frames) if element is not None else page)
    if placed is not None:
        return placed
    target = record.args.get("target")
    if target in LANDMARK_TARGETS and isinstance(target, str):
        # The region by what makes it that landmark, as the tool found it (its text would be the claim); the
        # focused field as whichever field has the focus when the test gets there, by autoqa's one definition.
        scope = frames_scope(page, element.frames) if element is not None else page
        if target == FOCUSED_FIELD:
            return f"{scope}.locator(FOCUSED_FIELD)"
        return f"{scope}.locator({py_str(target.removeprefix('css='))})"
    badge = badge_name(target)
    if badge is not None:  # found again by the tool's own lookup, as a region is
        gone = record.tool == "assert_element_hidden" or (
            record.tool == "wait_for" and record.args.get("state") == "hidden"
        )
        return f"named_badge({page}, {py_str(badge)}{', gone=True' if gone else ''})"
    region = region_name(target)
    if region is not None:
        # The region the page names so, found again by the tool's own lookup (never its text of the day).
        return f"named_region({page}, {py_str(region)}{', items=True' if region_items(target) else ''})"
    if element is None or element.chosen is None:
        return None
    return element.chosen.code(frames_scope(page, element.frames))


def guessed_locator(description: str, page: str) -> str:
    """For an element never recorded (a skipped optional step): the usual ways a page names it, by the name
    the description gives ('Accept all' of '"Accept all" button', with its role when it says one)."""
    query = parse_target(description)
    text = py_str(query.name)
    plain = query.within is None and query.in_item is None and query.position is None
    if query.roles and plain and not any(q in query.name for q in "\"“”'"):
        ways = [f"{page}.get_by_role({py_str(role)}, name={text}, exact=True)" for role in query.roles]
        return ways[0] + "".join(f".or_({way})" for way in ways[1:]) + ".first"
    return (
        f'{page}.get_by_role("button", name={text}, exact=True)'
        f'.or_({page}.get_by_role("link", name={text}, exact=True))'
        f".or_({page}.get_by_test_id({text}))"
        f".or_({page}.get_by_label({text}, exact=True))"
        f".or_({page}.get_by_text({text}, exact=True)).first"
    )


def statements(record: IRRecord, ctx: StatementContext) -> list[Node]:
    """The code for ``record``. Raises :class:`ExportError` for an element action without a locator."""
    tool = record.tool
    args = record.args
    if tool == "navigate":
        return [
            Line(f"{ctx.page}.goto({ctx.values.expr(_relative(str(args.get('url', '')), ctx.app_origin))})")
        ]
    if tool == "assert_storage":
        return [Line(_storage_expect(args, ctx))]
    if tool == "clear_storage":
        if args.get("key") is not None:
            return [Line(_storage_remove(str(args.get("area")), ctx.values.expr(str(args["key"])), ctx.page))]
        return _storage_clear(str(args.get("area")), ctx.page)
    if tool == "history":
        method = {"back": "go_back", "forward": "go_forward", "reload": "reload"}[str(args.get("action"))]
        return [Line(f"{ctx.page}.{method}()")]
    if tool == "blur":
        return _blur(record, ctx)
    if tool == "drag":
        return _drag(record, ctx)
    if tool in ELEMENT_ACTIONS and not _page_level(tool, args):
        return _element_action(record, _require_locator(record, ctx.page), ctx)
    if tool == "press_key":
        return [Line(f"{ctx.page}.keyboard.press({py_str(str(args['key']))})")]
    if tool == "scroll":
        return [Line(_wheel(args, ctx.page))]
    if tool in ("assert_text_present", "assert_text_absent"):
        return [Line(_text_expect(record, ctx, present=tool == "assert_text_present", timeout=None))]
    if tool in ELEMENT_ASSERTIONS:
        return [Line(_element_expect(record, ctx, timeout=None))]
    if tool == "assert_text_in" and args.get("absent"):
        # shown, and without the text: a text missing from a hidden element proves nothing (as the tool)
        locator = _require_locator(record, ctx.page)
        return [Line(f"expect({locator}).to_be_visible()"), Line(_evidence_expect(record, ctx))]
    if tool in ("assert_text_in", "assert_focused", "assert_order"):
        return [Line(_evidence_expect(record, ctx))]
    if tool == "assert_sorted":
        return [Line(_sorted_expect(args, ctx))]
    if tool == "assert_each_checked":
        return [Line(_each_checked_expect(args, ctx))]
    if tool == "assert_each_text":
        return [Line(_each_text_expect(args, ctx))]
    if tool in ("assert_url", "assert_title"):
        return [Line(_page_expect(tool, args, ctx))]
    if tool == "assert_appeared":
        return [Line(_appeared_expect(record, ctx))]
    if tool == "wait_for":
        return [Line(_wait(record, ctx))]
    if tool == "assert_matches_baseline":
        return [Line(_baseline_expect(record, ctx))]
    if tool == "tabs":
        return _tabs(record, ctx)
    if tool == "dialogs":
        return _dialogs(record, ctx)
    raise ExportError(f"cannot export tool {tool!r}", step=record.step)


# The storage claims as page predicates (``wait_for_function`` polls them like the tool does).
_STORE = "(a === 'local' ? localStorage : sessionStorage).getItem(k)"
_ITEMS = "(() => { try { const p = JSON.parse(v); return p !== null && typeof p === 'object' ? Object.keys(p).length : -1; } catch (e) { return -1; } })()"  # noqa: E501
_STORAGE_CHECKS = {
    "contains": f"([a, k, want]) => ({_STORE} || '').includes(want)",
    "equals": f"([a, k, want]) => {_STORE} === want",
    "count": f"([a, k, want]) => {{ const v = {_STORE}; return v !== null && {_ITEMS} === want; }}",
    "set": f"([a, k]) => {_STORE} !== null",
    "unset": f"([a, k]) => {_STORE} === null",
    "empty": f"([a, k]) => {{ const v = {_STORE}; return v === null || !v.trim() || {_ITEMS} === 0; }}",
}


# The area itself, no key: how many keys (or cookies) it holds.
_AREA_SIZE = "(a === 'local' ? localStorage : sessionStorage).length"
_AREA_CHECKS = {
    "count": f"([a, want]) => {_AREA_SIZE} === want",
    "empty": f"([a]) => {_AREA_SIZE} === 0",
    "set": f"([a]) => {_AREA_SIZE} > 0",
}


def _storage_area_expect(args: Mapping[str, Any], ctx: StatementContext) -> str:
    claim = "count" if args.get("count") is not None else str(args.get("state") or "set")
    if args.get("area") == "cookie":
        size = f"len({ctx.page}.context.cookies({ctx.page}.url))"
        want = {"count": f"== {int(args.get('count') or 0)}", "empty": "== 0"}.get(claim, "> 0")
        return f"assert {size} {want}"
    count = [str(int(args["count"]))] if claim == "count" else []
    values = ", ".join([py_str(str(args.get("area"))), *count])
    return f"{ctx.page}.wait_for_function({py_str(_AREA_CHECKS[claim])}, arg=[{values}], timeout=5000)"


def _storage_remove(area: str, key: str, page: str) -> str:
    if area == "cookies":
        return f"{page}.context.clear_cookies(name={key})"
    store = "localStorage" if area == "local" else "sessionStorage"
    return f"{page}.evaluate({py_str(f'(k) => {store}.removeItem(k)')}, {key})"


def _storage_expect(args: Mapping[str, Any], ctx: StatementContext) -> str:
    if args.get("key") is None:
        return _storage_area_expect(args, ctx)
    claim = next((c for c in ("contains", "equals", "count") if args.get(c) is not None), None)
    state = str(args.get("state") or "set")
    key = ctx.values.expr(str(args.get("key", "")))
    if claim == "count":
        want = str(int(args["count"]))
    elif claim is not None:
        want = ctx.values.expr(str(args[claim]))
    else:
        want = ""
    if args.get("area") == "cookie":
        cookie = f'[c for c in {ctx.page}.context.cookies() if c["name"] == {key}]'
        if claim == "contains":
            return f'assert any({want} in c["value"] for c in {cookie})'
        if claim == "equals":
            return f'assert any(c["value"] == {want} for c in {cookie})'
        if state == "unset":
            return f"assert not {cookie}"
        if state == "empty":
            return f'assert all(not c["value"].strip() for c in {cookie})'
        return f"assert {cookie}"
    check = _STORAGE_CHECKS[claim or state]
    values = ", ".join(v for v in (py_str(str(args.get("area"))), key, want) if v)
    return f"{ctx.page}.wait_for_function({py_str(check)}, arg=[{values}], timeout=5000)"


def _storage_clear(area: str, page: str) -> list[Node]:
    lines: list[Node] = []
    if area in ("cookies", "all"):
        lines.append(Line(f"{page}.context.clear_cookies()"))
    script = {"local": "localStorage.clear()", "session": "sessionStorage.clear()"}
    for name in ("local", "session"):
        if area in (name, "all"):
            lines.append(Line(f"{page}.evaluate({py_str('() => ' + script[name])})"))
    return lines


def _blur(record: IRRecord, ctx: StatementContext) -> list[Node]:
    """Click the same empty spot (then insist the element lost focus, as the tool does), or blur it."""
    spot = record.data.get("clicked_at")
    has_element = record.args.get("ref") is not None or record.args.get("target") is not None
    locator = _require_locator(record, ctx.page) if has_element else None
    click = (
        Line(f"{ctx.page}.mouse.click({int(spot[0])}, {int(spot[1])})") if isinstance(spot, list) else None
    )
    if record.args.get("click_outside") and click is not None:
        if locator is None:
            return [click]
        # The element itself, held across the click: an editor that commits on blur often removes its field,
        # and a locator would then find nothing rather than an element without the focus.
        focused = py_str("e => e === document.activeElement || e.contains(document.activeElement)")
        return [
            Line(f"left = {locator}.element_handle()"),
            click,
            Line(f'assert not left.evaluate({focused}), "it still has the focus"'),
        ]
    if locator is not None:
        return [Line(f"{locator}.blur()")]
    return [Line(f"{ctx.page}.evaluate({py_str('() => document.activeElement?.blur()')})")]


def _drag(record: IRRecord, ctx: StatementContext) -> list[Node]:
    """The same drag onto the same point of the element it was dropped on (``autoqa.tools.drag``)."""
    source = _require_locator(record, ctx.page)
    dropped_on = record.to_element
    chosen = dropped_on.chosen if dropped_on is not None else None
    if dropped_on is None or chosen is None:
        raise ExportError(
            f"the drag onto {record.args.get('to_target') or 'a ref'!r} has no unique locator for where it "
            "dropped",
            step=record.step,
            hint="name the destination by its text, label or test id",
        )
    destination = chosen.code(frames_scope(ctx.page, dropped_on.frames))
    across, down = DROP_POINTS[str(record.args.get("place", "onto"))]
    if (across, down) == DROP_POINTS["onto"]:
        return [Line(f"{source}.drag_to({destination})")]  # Playwright's default point: the middle
    point = f'{{"x": box["width"] * {across}, "y": box["height"] * {down}}}'
    return [
        Line(f"box = {destination}.bounding_box()"),
        Line('assert box is not None, "the drop target takes no room on the page"'),
        Line(f"{source}.drag_to({destination}, target_position={point})"),
    ]


def _press_until_focused(key: str, locator: str, ctx: StatementContext) -> list[Node]:
    """ "Tab to the Postcode field": the key on the page until the element has focus, as the tool does
    (tools.actions.press_key), never a direct focus."""
    focused = "e => e === document.activeElement || e.contains(document.activeElement)"
    return [
        Block(
            f"for _ in range({MAX_PRESSES}):",
            (
                Line(f"{ctx.page}.keyboard.press({py_str(key)})"),
                Block(f"if {locator}.evaluate({py_str(focused)}):", (Line("break"),)),
            ),
        ),
        Block("else:", (Line(f"raise AssertionError({py_str(f'pressed {key} {MAX_PRESSES} times')})"),)),
    ]


def _page_level(tool: str, args: Mapping[str, Any]) -> bool:
    return tool in ("press_key", "scroll") and args.get("ref") is None and args.get("target") is None


def _require_locator(record: IRRecord, page: str) -> str:
    locator = element_locator(record, page)
    if locator is not None:
        return locator
    element = record.element
    what = element.fingerprint.summary() if element and element.fingerprint.tag else _given(record.args)
    tried = ", ".join(c.locator.describe() for c in (element.candidates if element else ())) or "none"
    reason = element.error if element and element.error else f"candidates tried: {tried}"
    raise ExportError(
        f"{record.tool} on {what} has no unique locator ({reason})",
        step=record.step,
        hint="give the element a data-testid or an accessible name, or describe it more precisely",
    )


def _given(args: Mapping[str, Any]) -> str:
    if args.get("target"):
        return repr(args["target"])
    return f"ref {args.get('ref')}" if args.get("ref") else "an element"


def _element_action(record: IRRecord, locator: str, ctx: StatementContext) -> list[Node]:
    args = record.args
    tool = record.tool
    via = record.data.get("via_label")
    # A checkbox a person clicks through its label (it covers the box, or the box is 1 px): the same label.
    label = f"{locator}.locator({py_str('xpath=' + via)})" if isinstance(via, str) and via else None
    control = record.data.get("via_control")
    # A list item clicked by position: the same link or button of whichever item is at that position.
    if isinstance(control, str) and control and label is None:
        label = f"{locator}.locator({py_str(control)})"
    if tool == "click":
        options = [f"button={py_str(str(args['button']))}"] if args.get("button", "left") != "left" else []
        if args.get("double"):
            options.append(f"delay={DOUBLE_CLICK_HOLD_MS}")  # two clicks apart, as the tool makes them
        method = "dblclick" if args.get("double") else "click"
        return [Line(f"{label or locator}.{method}({', '.join(options)})")]
    if tool == "fill":
        value = ctx.values.expr(str(args.get("value", "")))
        filled: list[Node] = [Line(f"{locator}.fill({value})")]
        element = record.element
        if element is not None and element.fingerprint.role == "slider":
            # the tool reads a range slider back (a step or bound may snap the value): so does the test
            filled.append(Line(f"assert float({locator}.input_value()) == float({value})"))
        return [*filled, Line(f'{locator}.press("Enter")')] if args.get("submit") else filled
    if tool == "select_option":
        label = record.data.get("selected", args.get("option", ""))
        if record.data.get("custom_dropdown"):  # drawn without <select>: as the tool picked (custom_dropdown)
            name = ctx.values.expr(str(label))
            picked: list[Node] = [Line(f"{locator}.click()")]
            if record.data.get("typed"):
                picked.append(Line(f"{ctx.page}.locator(FOCUSED_FIELD).fill({name})"))
            option = f'{ctx.page}.get_by_role("option", name={name}, exact=True).filter(visible=True)'
            return [*picked, Line(f"{option}.click()")]
        return [Line(f"{locator}.select_option(label={ctx.values.expr(str(label))})")]
    if tool == "press_key" and args.get("until_focused"):
        return _press_until_focused(str(args["key"]), locator, ctx)
    if tool == "press_key":
        return [Line(f"{locator}.press({py_str(str(args['key']))})")]
    if tool == "hover":
        return [Line(f"{locator}.hover()")]
    if tool == "set_checked":
        checked = bool(args.get("checked", True))
        if record.data.get("left_page"):
            return _box_that_leaves(locator, label, checked, ctx)
        if label is not None:
            return [Line(f"{label}.click()"), Line(f"expect({locator}).to_be_checked(checked={checked})")]
        return [Line(f"{locator}.set_checked({checked})")]
    if tool == "scroll":
        return [Line(f"{locator}.scroll_into_view_if_needed()")]
    return _upload(record, locator, ctx)


# A box the run saw leave the page on its click (unticked in a "Completed" view, or drawn again): Playwright's
# set_checked would wait for it after the click and, retrying, tick whatever box now matches. The same click
# a person makes, between the state before it and, after it, no box of this locator left in that state.
_BOX_IN_STATE = {True: ":is(:checked, [aria-checked=true])", False: ":not(:checked, [aria-checked=true])"}


def _box_that_leaves(locator: str, label: str | None, checked: bool, ctx: StatementContext) -> list[Node]:
    before = f"{ctx.page}.locator({py_str(_BOX_IN_STATE[not checked])})"
    return [
        Line(f"expect({locator}).to_be_checked(checked={not checked})"),
        Line("# the box leaves the page on this click: no box of it may be left in its old state"),
        Line(f"{label or locator}.click()"),
        Line(f"expect({locator}.and_({before})).to_have_count(0)"),
    ]


def _upload(record: IRRecord, locator: str, ctx: StatementContext) -> list[Node]:
    name = PurePosixPath(str(record.args.get("path", ""))).as_posix()
    path = f"UPLOAD_DIR / {py_str(name)}"
    element = record.element
    fingerprint = element.fingerprint if element else None
    if fingerprint is not None and fingerprint.tag == "input" and (fingerprint.type or "").lower() == "file":
        return [Line(f"{locator}.set_input_files({path})")]
    return [
        Block(f"with {ctx.page}.expect_file_chooser() as chooser_info:", (Line(f"{locator}.click()"),)),
        Line(f"chooser_info.value.set_files({path})"),
    ]


def _wheel(args: Mapping[str, Any], page: str) -> str:
    if args.get("direction") in ("top", "bottom"):  # all the way: the browser stops at the end
        return f"{page}.mouse.wheel(0, {10_000_000 if args['direction'] == 'bottom' else -10_000_000})"
    amount = int(args.get("amount", 600))
    dx, dy = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}[
        str(args.get("direction", "down"))
    ]
    return f"{page}.mouse.wheel({dx * amount}, {dy * amount})"


def _timeout(ms: float | None) -> str:
    return f"timeout={round(ms)}" if ms is not None else ""


def _more(option: str) -> str:
    """``, timeout=…`` after a first argument, or nothing."""
    return f", {option}" if option else ""


def _text_expect(record: IRRecord, ctx: StatementContext, *, present: bool, timeout: float | None) -> str:
    text = str(
        record.args.get("text") if record.tool != "wait_for" or present else record.args.get("text_gone")
    )
    exact = ", exact=True" if record.args.get("exact") else ""
    value = ctx.values.expr(text)
    option = _timeout(timeout)
    number = number_pattern(" ".join(text.split())) if value == py_str(text) else None
    if number is not None and not record.args.get("exact"):
        # a number matched whole, as the tools match it (autoqa.text_match)
        value = f"re.compile({py_str(number)}, re.IGNORECASE)"
    if not present:
        return f"expect({ctx.page}.get_by_text({value}).filter(visible=True)).to_have_count(0{_more(option)})"
    location = record.text
    if record.args.get("in_message") and not record.args.get("exact"):
        # In a message, by the tools' own selector (autoqa.message_scope), in the document it was seen in.
        scope = frames_scope(ctx.page, location.frames if location else ())
        found = f"{scope}.locator(MESSAGE_SELECTOR).filter(has_text={value}).filter(visible=True).first"
        return f"expect({found}).to_be_visible({option})"
    if (record.args.get("exact") or record.args.get("whole")) and value == py_str(text):
        # An element whose whole text reads this (a closing "!" or "." or an aside in brackets the step did
        # not write allowed, and a close button's "×"), the tools' rule ("reads" in page_library.js); spaces
        # optional between words.
        scope = frames_scope(ctx.page, location.frames if location else ())
        joined = r"\s*".join(re.escape(word) for word in text.split())
        pattern = rf"^\s*{joined}(?:\s*\([^()]*\))?\s*[.!?…。！？]*(?:\s*[×✕✖✗])?\s*$"
        if record.args.get("whole"):
            pattern = rf"^\s*{joined}\s*$"  # "reads exactly": nothing after it
        found = f"{scope}.get_by_text(re.compile({py_str(pattern)})).filter(visible=True).first"
        return f"expect({found}).to_be_visible({option})"
    if location is None or location.matches == 0:
        # The text spans several elements (or was not found by get_by_text): check the document's text.
        # Playwright joins the text of elements (and of slots in web components) without the spaces the
        # page renders between them ("3items left"), so the words must follow each other, spaces optional.
        scope = frames_scope(ctx.page, location.frames if location else ())
        words = text.split()
        if value == py_str(text) and len(words) > 1:
            pattern = r"\s*".join(re.escape(word) for word in words)
            value = f"re.compile({py_str(pattern)})"
        return f'expect({scope}.locator("body")).to_contain_text({value}{", " + option if option else ""})'
    scope = frames_scope(ctx.page, location.frames)
    locator = f"{scope}.get_by_text({value}{exact})"
    if location.matches > 1:
        locator += ".filter(visible=True).first"
    return f"expect({locator}).to_be_visible({option})"


def _sorted_expect(args: Mapping[str, Any], ctx: StatementContext) -> str:
    """The main list in order, by the tool's own lookup and rule (``export/sorted_check.py``)."""
    options = "".join(
        [
            f", column={ctx.values.expr(str(args['column']))}" if args.get("column") else "",
            ", descending=True" if args.get("descending") else "",
            ", tables=True" if args.get("tables") else "",
            f", noun={py_str(str(args['noun']))}" if args.get("noun") else "",
        ]
    )
    return f"expect_sorted({ctx.page}{options})"


def _each_checked_expect(args: Mapping[str, Any], ctx: StatementContext) -> str:
    """Every box in its state, by the tool's own lookup and rule (``export/each_checked.py``)."""
    options = "".join(
        [
            ", checked=False" if args.get("checked") is False else "",
            ", scope='page'" if args.get("scope") == "page" else "",
            ", tables=True" if args.get("tables") else "",
            f", noun={py_str(str(args['noun']))}" if args.get("noun") else "",
            f", count={int(args['count'])}" if isinstance(args.get("count"), int) else "",
        ]
    )
    return f"expect_each_checked({ctx.page}{options})"


def _each_text_expect(args: Mapping[str, Any], ctx: StatementContext) -> str:
    """Every item's text, by the tool's own lookup and rule (``export/each_text.py``)."""
    options = "".join(
        [
            f", column={ctx.values.expr(str(args['column']))}" if args.get("column") else "",
            ", tables=True" if args.get("tables") else "",
        ]
    )
    return f"expect_each_text({ctx.page}, {ctx.values.expr(str(args['text']))}{options})"


def _evidence_expect(record: IRRecord, ctx: StatementContext) -> str:
    """Scoped text, order and focus: the same claims as the tools, in Playwright's own assertions."""
    args = record.args
    if record.tool == "assert_order":
        has_element = args.get("ref") is not None or args.get("target") is not None
        scope = _require_locator(record, ctx.page) if has_element else f'{ctx.page}.locator("body")'
        return f"expect({scope}).to_contain_text(re.compile({py_str(order_pattern(args))}, re.IGNORECASE))"
    if record.tool == "assert_text_in" and args.get("column"):
        return _column_expect(record, ctx)
    if record.tool == "assert_text_in" and args.get("note"):
        # the field's own message, by the tool's own lookup (export/field_note.py)
        exact = ", exact=True" if args.get("exact") else ""
        value = ctx.values.expr(str(args.get("text", "")))
        return f"expect_field_note({_require_locator(record, ctx.page)}, {value}{exact})"
    locator = _require_locator(record, ctx.page)
    if record.tool == "assert_focused":
        return f"expect({locator}).{'to' if record.args.get('focused', True) else 'not_to'}_be_focused()"
    text = str(args.get("text", ""))
    value = ctx.values.expr(text)
    number = number_pattern(" ".join(text.split()))
    should = "not_to" if args.get("absent") else "to"
    if not args.get("exact") and number is not None and value == py_str(text):
        # a number matched whole, as the tool matches it (autoqa.text_match)
        return f"expect({locator}).{should}_contain_text(re.compile({py_str(number)}, re.IGNORECASE))"
    if args.get("absent"):  # as the tool folds case, so no other case of the text may show
        return f"expect({locator}).not_to_contain_text({value}, ignore_case=True)"
    check = "to_have_text" if args.get("exact") else "to_contain_text"
    return f"expect({locator}).{check}({value})"


def order_pattern(args: dict[str, Any]) -> str:
    """The tool's order as one regular expression: each text's first occurrence before the next one's (a
    text shown again further on does not put it back in order), and the last one shown at all."""
    texts = [re.escape(str(text)) for text in args.get("texts") or ()]
    first_before = "".join(
        rf"(?=(?:(?!{later})[\s\S])*(?!{later}){earlier})" for earlier, later in itertools.pairwise(texts)
    )
    return rf"^{first_before}(?=[\s\S]*{texts[-1]})" if texts else ""


def _column_expect(record: IRRecord, ctx: StatementContext) -> str:
    """The cell under a column, by the tool's own lookup (``export/column_check.py``). The row is found by
    the text the step named and the role the run found it with, not by its recorded name: that name holds
    the row's cells, the very text the check is about."""
    args = record.args
    _, within = split_scope(str(args.get("target") or ""))
    role = record.data.get("row_role") if isinstance(record.data, dict) else None
    if within is not None and role in ("row", "listitem"):
        has = f"{ctx.page}.get_by_text({ctx.values.expr(within)}, exact=True)"
        row = f"{ctx.page}.get_by_role({py_str(str(role))}).filter(has={has})"
    elif within is not None and isinstance(role, str) and re.fullmatch(r"[a-z][\w-]*(?:\.[\w\\-]+)?", role):
        # a <div> card of a grid, by the cards' selector the tool found it with and the row's text
        has = f"{ctx.page}.get_by_text({ctx.values.expr(within)}, exact=True)"
        row = f"{ctx.page}.locator({py_str(role)}).filter(has={has}).filter(visible=True)"  # as the tool
    else:
        row = _require_locator(record, ctx.page)
    exact = ", exact=True" if args.get("exact") else ""
    column, value = py_str(str(args["column"])), ctx.values.expr(str(args.get("text", "")))
    return f"expect_column_text({row}, {column}, {value}{exact})"


def _element_expect(record: IRRecord, ctx: StatementContext, *, timeout: float | None) -> str:
    tool = record.tool
    args = record.args
    option = _timeout(timeout)
    locator = element_locator(record, ctx.page)
    element = record.element
    group = element is not None and element.group_size is not None and element.group_size > 1
    if args.get("target") == BUSY:
        # every busy indicator, however many the page draws: none may still show
        css = py_str(BUSY.removeprefix("css="))
        return f"expect({ctx.page}.locator({css}).filter(visible=True)).to_have_count(0{_more(option)})"
    if locator is None:
        if tool == "assert_element_hidden" or (tool == "wait_for" and args.get("state") == "hidden"):
            target = str(args.get("target", ""))
            # A selector target ("no dialog is open": every dialog) is that selector, never a name a guess
            # would look for (nothing is named "css=dialog, …": such a check could not fail).
            if target.startswith(("css=", "xpath=")):
                every = f"{ctx.page}.locator({py_str(target.removeprefix('css='))})"
                return f"expect({every}.filter(visible=True)).to_have_count(0{_more(option)})"
            # Any other description is looked up again as the tool looked it up: a guess from its words
            # ('"Approve" button' as a button's name) would match nothing, and could never fail.
            wait = f", timeout_ms={timeout:g}" if timeout is not None else ""
            return f"expect_target_hidden({ctx.page}, {ctx.values.expr(target)}{wait})"
        locator = _require_locator(record, ctx.page)
    state = {"assert_element_visible": "visible", "assert_element_hidden": "hidden"}.get(
        tool, args.get("state")
    )
    if tool == "assert_count":
        return f"expect({locator}).to_have_count({int(args['count'])}{_more(option)})"
    if state == "visible" or (tool == "wait_for" and state is None):
        return f"expect({locator}{'.filter(visible=True).first' if group else ''}).to_be_visible({option})"
    if state == "hidden":
        if group:
            return f"expect({locator}.filter(visible=True)).to_have_count(0{_more(option)})"
        return f"expect({locator}).to_be_hidden({option})"
    if state == "attached":
        return f"expect({locator}).to_be_attached({option})"
    if tool == "assert_value":
        expected = ctx.values.expr(str(args.get("expected", "")))
        fingerprint = element.fingerprint if element is not None else None
        is_select = fingerprint is not None and fingerprint.tag == "select" and fingerprint.value is not None
        if is_select and fingerprint is not None and str(args.get("expected", "")) != fingerprint.value:
            # The spec named the option's label rather than its value.
            return f'expect({locator}.locator("option:checked")).to_have_text({expected})'
        return f"expect({locator}).to_have_value({expected})"
    if tool == "assert_state":
        value = bool(args.get("value", True))
        if record.data.get("signal") == "validity":  # the browser's own validation: among the :invalid ones
            return f'expect({locator}.and_({locator}.page.locator(":invalid"))).to_have_count({int(value)})'
        check = _state_expect(str(args.get("state")), value, record)
        return f"expect({locator}).{check}"
    if tool == "assert_class":
        pattern = py_str(rf"(^|\s){re.escape(str(args.get('class_name', '')))}(\s|$)")
        no = "" if args.get("present", True) else "not_"
        return f"expect({locator}).{no}to_have_class(re.compile({pattern}))"
    if tool == "assert_attribute":
        attribute_value = args.get("value")
        wanted = ctx.values.expr(str(attribute_value)) if attribute_value is not None else 're.compile(".*")'
        no = "" if args.get("present", True) else "not_"
        return f"expect({locator}).{no}to_have_attribute({py_str(str(args.get('attribute')))}, {wanted})"
    if tool == "assert_accessible":
        if args.get("accessible_name") is not None:
            return (
                f"expect({locator}).to_have_accessible_name({ctx.values.expr(str(args['accessible_name']))})"
            )
        if args.get("level") is not None:
            template = py_str(f"- heading [level={int(args['level'])}]")
            return f"expect({locator}).to_match_aria_snapshot({template})"
        return f"expect({locator}).to_have_role({py_str(str(args.get('role')))})"
    if tool == "assert_checked":
        checked = bool(args.get("checked", True))
        if record.data.get("signal") == "aria-pressed":
            return f"expect({locator}).{_pressed_expect(checked)}"
        return f"expect({locator}).to_be_checked({'' if checked else 'checked=False'})"
    enabled = bool(args.get("enabled", True)) if tool == "assert_enabled" else True
    return f"expect({locator}).{'to_be_enabled' if enabled else 'to_be_disabled'}({option})"


_CHOSEN = r"(^|\s)(selected|active|current|is-selected|is-active|is-current|chosen)(\s|$)"


def _pressed_expect(pressed: bool) -> str:
    """A toggle button's state, from aria-pressed (Playwright's ``to_be_checked`` reads no button)."""
    return f'to_have_attribute("aria-pressed", {chr(34) + "true" + chr(34) if pressed else _NOT_TRUE})'


_NOT_TRUE = 're.compile("^(?!true$)")'


def _state_expect(state: str, value: bool, record: IRRecord) -> str:
    """The expectation for what told the tool the state (``signal``): the same evidence, in Playwright."""
    signal = record.data.get("signal")
    no = "" if value else "not_"
    if signal == "checked":
        return f"to_be_checked({'' if value else 'checked=False'})"
    if signal == "aria-pressed":
        return _pressed_expect(value)
    if signal in ("option", "open"):
        return f"to_have_js_property({py_str('selected' if signal == 'option' else 'open')}, {value})"
    if signal == "class":
        return f"{no}to_have_class(re.compile({py_str(_CHOSEN)}))"
    if signal == "aria-current":
        return f'{no}to_have_attribute("aria-current", re.compile("^(?!false$)"))'
    if signal == "aria-invalid":  # present, and "false" or "" when valid: the tool read the attribute
        pattern = py_str("^(?!(false)?$)" if value else "^(false)?$")
        return f'to_have_attribute("aria-invalid", re.compile({pattern}))'
    if signal == "aria":
        # The attribute said it: a negative check still needs it there ("false"), as the tool did.
        expected = '"true"' if value else 're.compile("^(?!true$)")'
        return f"to_have_attribute({py_str('aria-' + state)}, {expected})"
    raise ExportError(f"cannot export a {state} check recorded without its evidence", step=record.step)


def _page_expect(tool: str, args: Mapping[str, Any], ctx: StatementContext) -> str:
    expected = str(args.get("expected", ""))
    mode = str(args.get("match", "contains"))
    matcher = ("not_" if args.get("negate") else "") + (
        "to_have_url" if tool == "assert_url" else "to_have_title"
    )
    if mode == "regex":
        return f"expect({ctx.page}).{matcher}(re.compile({py_str(expected)}))"
    if mode == "contains":
        return f"expect({ctx.page}).{matcher}(re.compile(re.escape({ctx.values.expr(expected)})))"
    if tool == "assert_url" and expected.startswith("/"):
        # The tools resolve a path against the current page, so any origin serving that path matches.
        pattern = f'r"^[a-z]+://[^/]+" + re.escape({py_str(expected)}) + "$"'
        return f"expect({ctx.page}).{matcher}(re.compile({pattern}))"
    return f"expect({ctx.page}).{matcher}({ctx.values.expr(expected)})"


def _baseline_expect(record: IRRecord, ctx: StatementContext) -> str:
    """The same visual check through ``autoqa.export.visual_check``: same picture, masks and comparison."""
    args, data = record.args, record.data
    baseline = data.get("baseline")
    if not isinstance(baseline, str) or not baseline:
        raise ExportError("a visual check was recorded without its baseline file", step=record.step)
    has_element = args.get("ref") is not None or args.get("target") is not None
    subject = _require_locator(record, ctx.page) if has_element else ctx.page
    options = [py_str(baseline), "near=__file__"]
    masks = []
    for mask in record.masks:
        if mask.chosen is None:
            raise ExportError(
                f"a region the visual check ignores has no unique locator ({mask.error or 'none validated'})",
                step=record.step,
                hint="name the region by a data-testid or an accessible name",
            )
        masks.append(mask.chosen.code(frames_scope(ctx.page, mask.frames)))
    if masks:
        options.append(f"mask=[{', '.join(masks)}]")
    if ctx.secrets:
        options.append(f"secrets=[{', '.join(py_str(name) for name in ctx.secrets)}]")
    if args.get("full_page"):
        options.append("full_page=True")
    viewport = data.get("viewport")
    if isinstance(viewport, list) and len(viewport) == 2:  # pytest-playwright's default is 1280x720
        options.append(f"viewport=({int(viewport[0])}, {int(viewport[1])})")
    options.extend(f"{key}={float(data[key])!r}" for key in ("threshold", "max_diff_ratio") if key in data)
    return f"expect_matches_baseline({subject}, {', '.join(options)})"


LIVE_REGIONS = "autoqa_live_regions"
"""The conftest fixture exported ``assert_appeared`` checks use (``export/support.py``)."""


def appeared_mark(step: int) -> str:
    """The variable holding where step ``step`` started in the watcher's record."""
    return f"appeared_since_{step}"


def appeared_window(record: IRRecord) -> int | None:
    """The step whose start an ``assert_appeared`` counted from in the recorded run (None: the test's)."""
    window = record.data.get("window_step")
    return window if isinstance(window, int) and not isinstance(window, bool) else None


def _appeared_expect(record: IRRecord, ctx: StatementContext) -> str:
    args = record.args
    options = []
    window = appeared_window(record)
    if window is not None:
        options.append(f"since={appeared_mark(window)}")
    if args.get("kind") in ("message", "dialog"):
        options.append(f"dialog={args['kind'] == 'dialog'}")
    elif args.get("kind") == "announced":
        options.append("announced=True")
    if args.get("or_shown"):
        options.append("or_shown=True")
    if ctx.secrets:  # a failure lists what appeared: never their values
        options.append(f"secrets=[{', '.join(py_str(name) for name in ctx.secrets)}]")
    text = ctx.values.expr(str(args.get("text", "")))
    return f"{LIVE_REGIONS}.expect_appeared({', '.join([text, *options])})"


def answer_dialogs(policy: str, prompt_text: str | None = None) -> str:
    """From here on native dialogs are answered with ``policy`` (the conftest fixture answers them, as
    the run's tools did: ``export/appeared_check.py``); ``prompt_text``: a Python expression."""
    prompt = f", {prompt_text}" if prompt_text is not None else ""
    return f"{LIVE_REGIONS}.answer_dialogs({py_str(policy)}{prompt})"


def _dialogs(record: IRRecord, ctx: StatementContext) -> list[Node]:
    """The run's ``dialogs`` choice: how native dialogs are answered from then on (listing is no step)."""
    action = record.args.get("action", "list")
    if action not in ("accept", "dismiss"):
        return []
    prompt = record.args.get("prompt_text")
    return [Line(answer_dialogs(action, ctx.values.expr(str(prompt)) if prompt is not None else None))]


def _wait(record: IRRecord, ctx: StatementContext) -> str:
    args = record.args
    seconds = args.get("seconds")
    timeout = float(seconds) * 1000 if seconds is not None else DEFAULT_WAIT_MS
    if args.get("text") is not None:
        return _text_expect(record, ctx, present=True, timeout=timeout)
    if args.get("text_gone") is not None:
        return _text_expect(record, ctx, present=False, timeout=timeout)
    if args.get("ref") is not None or args.get("target") is not None:
        return _element_expect(record, ctx, timeout=timeout)
    return f"{ctx.page}.wait_for_timeout({round(timeout)})"


def _tabs(record: IRRecord, ctx: StatementContext) -> list[Node]:
    action = record.args.get("action")
    if action == "switch":
        return [Line(f"{ctx.page}.bring_to_front()")]
    if action == "close":
        index = record.args.get("index")
        if not isinstance(index, int) or not 0 <= index < len(ctx.tabs):
            raise ExportError("a tab was closed that the recording cannot name", step=record.step)
        return [Line(f"{ctx.tabs[index]}.close()")]
    return []


def _relative(url: str, app_origin: str | None) -> str:
    """Same-origin absolute URLs become paths, so the test follows ``--base-url``."""
    parts = urlsplit(url)
    if not parts.scheme or app_origin is None:
        return url
    if f"{parts.scheme}://{parts.netloc}".lower() != app_origin.lower():
        return url
    path = parts.path or "/"
    return (
        path + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
    )
