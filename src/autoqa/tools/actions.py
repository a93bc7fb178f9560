"""Element actions: click, fill, select_option, press_key, hover, set_checked, upload_file, scroll."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Literal

from playwright.async_api import ElementHandle, Locator
from playwright.async_api import Error as PlaywrightError
from pydantic import Field

from autoqa.target_items import WHOLE_LIST
from autoqa.tools.args import ElementArgs, OptionalElementArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.evidence_assertions import FOCUSED_SCRIPT
from autoqa.tools.locate import RAW_ARGS_KEY, Located, element_state, locate, probe, run_element_hook
from autoqa.tools.page_scripts import run_in_page, run_on_element
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.secret_fields import remember_secret_field, typed_a_secret
from autoqa.tools.settle import settling


def _done(ctx: ToolContext, located: Located, url_before: str, **extra: Any) -> ToolResult:
    data: dict[str, Any] = {**located.report(), **extra}
    if ctx.page.url != url_before:
        data["url"] = ctx.page.url
    return ToolResult.success(**data)


async def _prepare(
    ctx: ToolContext, tool: str, ref: str | None, target: str | None, *, settles: bool = True
) -> Located:
    # fill/set_checked/select_option: only what they can act on
    located = await locate(ctx, ref, target, action=tool, settles=settles)
    await run_element_hook(ctx, tool, located)
    return located


class ClickArgs(ElementArgs):
    button: Literal["left", "right", "middle"] = "left"
    double: bool = False


# A double-click as a person makes it: each press held ~30 ms, so the two clicks are ~60 ms apart.
# Playwright's default sends both in the same millisecond, and apps that time the gap themselves (a
# "double click" hook comparing Date.now()) never see a double-click at all.
DOUBLE_CLICK_HOLD_MS = 30


async def click(ctx: ToolContext, args: ClickArgs) -> ToolResult:
    located = await _prepare(ctx, "click", args.ref, args.target)
    url = ctx.page.url
    timeout = ctx.settings.action_timeout_ms
    via = (
        await _label_stand_in(located.locator, timeout)
        if args.button == "left" and _may_be_a_box(located)
        else None
    )
    clicked = located.locator.locator(f"xpath={via}") if via else located.locator
    control = await _item_control(located, timeout) if not via else None
    if control is not None:
        clicked = located.locator.locator(control)
    async with settling(ctx):
        if args.double:
            await clicked.dblclick(button=args.button, timeout=timeout, delay=DOUBLE_CLICK_HOLD_MS)
        else:
            await clicked.click(button=args.button, timeout=timeout)
    extra = {"via_label": via} if via else {"via_control": control} if control else {}
    return _done(ctx, located, url, **extra)


async def _item_control(located: Located, timeout_ms: float) -> str | None:
    """For a list item named by position ("Click the first job"): the path from the item to the link or
    button a person clicks in it (``mainControl`` in page_library.js), or None to click the item itself.
    An item with several controls and no title among them is ambiguous: the step must name one."""
    position = (located.collection or {}).get("position")
    if not isinstance(position, int) or position == 0 or position == WHOLE_LIST:
        return None
    handle = await located.locator.element_handle(timeout=timeout_ms)
    try:
        answer: dict[str, Any] = await run_on_element(handle, "mainControl", None, timeout_ms)
    finally:
        await bounded(handle.dispose(), timeout_ms)
    if "several" in answer:
        names = ", ".join(repr(n) for n in answer["several"])
        raise ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            f"the item at position {position} holds several links or buttons ({names}) and none is its "
            'title: name the one to click, e.g. Click "Details" for "<the item\'s text>"',
        )
    path = answer.get("path")
    return path if isinstance(path, str) else None


class FillArgs(ElementArgs):
    value: str = Field(max_length=100_000)
    submit: bool = Field(default=False, description="then press Enter in it (submit a search)")


_EDITABLE = "input:not([type=hidden]), textarea, [contenteditable=''], [contenteditable='true']"


async def fill(ctx: ToolContext, args: FillArgs) -> ToolResult:
    located = await _prepare(ctx, "fill", args.ref, args.target)
    return await fill_located(ctx, located, args.value, submit=args.submit)


async def fill_located(
    ctx: ToolContext, located: Located, value: str, *, submit: bool = False, **extra: Any
) -> ToolResult:
    """``fill`` of an element already located (and captured by the element hook)."""
    url = ctx.page.url
    timeout = ctx.settings.action_timeout_ms
    field = located.locator
    async with settling(ctx):
        try:
            await field.fill(value, timeout=timeout)
        except PlaywrightError as exc:
            # A label or wrapper was matched: fill the one editable field inside it.
            if "not an <input>" not in str(exc):
                raise
            field = located.locator.locator(_EDITABLE)
            if await bounded(field.count(), timeout) != 1:
                raise
            await field.fill(value, timeout=timeout)
        if submit:
            # As a person submits a search: Enter in the field, settled with the fill (a navigation or
            # a results update it starts is waited for like any action's).
            await field.press("Enter", timeout=timeout)
    if located.match is not None and located.match.role == "slider":  # a target found a range input
        await _check_range(field, value, timeout)
    if typed_a_secret((ctx.extra.get(RAW_ARGS_KEY) or {}).get("value"), ctx.secrets):
        remember_secret_field(ctx, field)
    # Never echo the value: it may be a secret. Its length is enough to check what happened.
    extra["value_length"] = len(value)
    if submit:
        extra["submitted"] = True
    return _done(ctx, located, url, **extra)


async def _check_range(field: Locator, wanted: str, timeout: float) -> None:
    """A range input snaps a value to its step and bounds ("4.2" on a 0.5 step is 4): the slider did not
    move where the step said, so the fill fails rather than pass on another value. (A ref the model chose
    is not read back: it reads the page after every action anyway.)"""
    now = await bounded(field.input_value(timeout=timeout), timeout)
    try:
        same = float(now) == float(wanted)
    except ValueError:
        same = False
    if not same:
        raise ToolFailure(  # the page refused the value: a failure of the page, as a check's would be
            ErrorCode.ASSERTION_FAILED,
            f"the slider took {now!r}, not {wanted!r} (its step, minimum or maximum does not allow it)",
            expected=wanted,
            actual=now,
        )


class SelectOptionArgs(ElementArgs):
    option: str = Field(min_length=0, max_length=500)


def _pick_option(options: list[dict[str, str]], wanted: str) -> dict[str, str] | None:
    """Label, then value, exactly; then both case-insensitively."""
    folded = wanted.strip().casefold()
    for key, exact in (("label", True), ("value", True), ("label", False), ("value", False)):
        for option in options:
            if (option[key] == wanted) if exact else (option[key].casefold() == folded):
                return option
    return None


async def select_option(ctx: ToolContext, args: SelectOptionArgs) -> ToolResult:
    located = await _prepare(ctx, "select_option", args.ref, args.target)
    options = await select_options_of(ctx, located)
    if options is None:  # a dropdown drawn without <select>: as a person picks from it
        from autoqa.tools.custom_dropdown import pick_from_custom_dropdown

        return await pick_from_custom_dropdown(ctx, located, args.option)
    return await select_located(ctx, located, options, args.option)


async def select_options_of(ctx: ToolContext, located: Located) -> list[dict[str, str]] | None:
    """The options (label, value) of a ``<select>``; None for any other element."""
    timeout = ctx.settings.action_timeout_ms
    handle = await located.locator.element_handle(timeout=timeout)
    try:
        options: list[dict[str, str]] | None = await run_on_element(handle, "selectOptions", None, timeout)
    finally:
        await bounded(handle.dispose(), timeout)
    return options


async def select_located(
    ctx: ToolContext, located: Located, options: list[dict[str, str]], wanted: str, **extra: Any
) -> ToolResult:
    """``select_option`` of a ``<select>`` already located, given its options."""
    url = ctx.page.url
    chosen = _pick_option(options, wanted)
    if chosen is None:
        labels = ", ".join(repr(o["label"]) for o in options[:20])
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"option {wanted!r} is not in the list; options: {labels}",
            options=[o["label"] for o in options[:50]],
        )
    async with settling(ctx):
        await located.locator.select_option(value=chosen["value"], timeout=ctx.settings.action_timeout_ms)
    return _done(ctx, located, url, selected=chosen["label"], value=chosen["value"], **extra)


MAX_PRESSES = 50
"""How often ``press_key(until_focused=True)`` presses its key before it says the keyboard cannot reach the
element (a long form has a few dozen stops; a page that traps focus never gets there)."""


class PressKeyArgs(OptionalElementArgs):
    key: str = Field(min_length=1, max_length=60)
    until_focused: bool = Field(default=False, description="Press on the page until the element has focus")
    """"Tab to the Postcode field": the keyboard reaches the element, at most :data:`MAX_PRESSES` presses."""


async def press_key(ctx: ToolContext, args: PressKeyArgs) -> ToolResult:
    url = ctx.page.url
    timeout = ctx.settings.action_timeout_ms
    try:
        if args.until_focused:
            return await _press_until_focused(ctx, args, url)
        if args.ref is None and args.target is None:
            async with settling(ctx):
                await bounded(ctx.page.keyboard.press(args.key), timeout)
            data: dict[str, Any] = {"key": args.key}
            if ctx.page.url != url:
                data["url"] = ctx.page.url
            return ToolResult.success(**data)
        located = await _prepare(ctx, "press_key", args.ref, args.target)
        async with settling(ctx):
            await located.locator.press(args.key, timeout=timeout)
    except PlaywrightError as exc:
        if "Unknown key" in str(exc):
            raise ToolFailure(
                ErrorCode.INVALID_INPUT,
                f"unknown key {args.key!r}; use names like Enter, Tab, Escape, ArrowDown, Control+A",
            ) from exc
        raise
    return _done(ctx, located, url, key=args.key)


async def _press_until_focused(ctx: ToolContext, args: PressKeyArgs, url: str) -> ToolResult:
    """ "Tab to the Postcode field": the key goes to the page, as a person's keyboard does, never to the
    element (focusing it directly would pass on a field the keyboard cannot reach)."""
    if args.ref is None and args.target is None:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "until_focused needs an element to reach: ref or target")
    timeout = ctx.settings.action_timeout_ms
    located = await _prepare(ctx, "press_key", args.ref, args.target)
    for presses in range(1, MAX_PRESSES + 1):
        async with settling(ctx):
            await bounded(ctx.page.keyboard.press(args.key), timeout)
        if await bounded(located.locator.evaluate(FOCUSED_SCRIPT, timeout=timeout), timeout + 500):
            return _done(ctx, located, url, key=args.key, presses=presses)
    on = await bounded(ctx.page.evaluate(_ACTIVE_DESCRIPTION), timeout)
    raise ToolFailure(
        ErrorCode.ASSERTION_FAILED,
        f"pressed {args.key} {MAX_PRESSES} times and the keyboard never reached it; focus is on {on}",
        presses=MAX_PRESSES,
    )


_ACTIVE_DESCRIPTION = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'the page itself';
  const name = (e.getAttribute('aria-label') || e.innerText || e.value || e.id || '').trim().slice(0, 60);
  return `<${e.localName}>` + (name ? ` "${name}"` : '');
}"""


async def hover(ctx: ToolContext, args: ElementArgs) -> ToolResult:
    located = await _prepare(ctx, "hover", args.ref, args.target)
    url = ctx.page.url
    async with settling(ctx):
        await located.locator.hover(timeout=ctx.settings.action_timeout_ms)
    return _done(ctx, located, url)


class SetCheckedArgs(ElementArgs):
    checked: bool = True


async def set_checked(ctx: ToolContext, args: SetCheckedArgs) -> ToolResult:
    located = await _prepare(ctx, "set_checked", args.ref, args.target)
    url = ctx.page.url
    timeout = ctx.settings.action_timeout_ms
    # One element, held from the state read through the click to the state after it. Playwright's own
    # set_checked retries from the locator when the box detaches after its click (a "Completed" view draws
    # the list again without it), so it finds the box that now sits where that one was and ticks or unticks
    # it too, then times out waiting for the first (microsoft/playwright#10477, #11842).
    handle = await located.locator.element_handle(timeout=timeout)
    try:
        via = await _label_of(handle, timeout)
        async with settling(ctx):
            clicked = await _click_to_state(located, handle, via, args.checked, timeout)
    finally:
        await bounded(handle.dispose(), timeout)
    if clicked == "left" and located.via == "target":
        await _not_drawn_back(ctx, located, args.checked)
    extra: dict[str, Any] = {"via_label": via} if via and clicked else {}
    if clicked == "left":
        extra["left_page"] = True
    return _done(ctx, located, url, checked=args.checked, **extra)


# Roles an <input type=checkbox|radio> can have: only such an input can have a label standing in for it.
_BOX_ROLES = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})


def _may_be_a_box(located: Located) -> bool:
    """False when resolution already showed the element is no checkbox or radio input, which spares a
    click the browser round trips of asking (most clicks are on buttons and links)."""
    match = located.match
    if match is None:  # found by ref or a hint: not described
        return True
    return match.role in _BOX_ROLES if match.role else match.tag in ("", "input")


async def _label_stand_in(control: Locator, timeout_ms: float) -> str | None:
    handle = await control.element_handle(timeout=timeout_ms)
    try:
        return await _label_of(handle, timeout_ms)
    finally:
        await bounded(handle.dispose(), timeout_ms)


async def _label_of(box: ElementHandle, timeout_ms: float) -> str | None:
    """The XPath (relative to the control) of the label a person clicks instead of this checkbox or radio
    (it covers the input, or the input is too small to hit), or None (see ``labelStandIn`` in
    page_library.js)."""
    via = await run_on_element(box, "labelStandIn", None, timeout_ms)
    return via if isinstance(via, str) else None


async def _not_drawn_back(ctx: ToolContext, located: Located, checked: bool) -> None:
    """A box taken off the page by its click is gone (a filtered view) or drawn again in its new state; the
    step's target found once more, in the state it had before the click, is the page drawing the same box
    back unchanged: the click did not take."""
    found = (await probe(ctx, None, located.given, with_state=True, action="set_checked")).located
    now, before = (found.match if found is not None else None), located.match
    if now is None or before is None or (now.name, now.text) != (before.name, before.text):
        return  # gone, or another box now answers the target ("the first checkbox" of a filtered view)
    state = now.state.get("checked")
    if state is not None and bool(state) != checked:
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_INTERACTABLE,
            f"clicking {located.given!r} drew it again {'un' if checked else ''}checked: the page kept its "
            "old state (a script refused or reverted the change)",
        )


_CLICK_EFFECT_MS = 1_000
_RADIO = "e => e.matches('input[type=radio], [role=radio], [role=menuitemradio]')"


async def _click_to_state(
    located: Located, box: ElementHandle, via: str | None, checked: bool, timeout_ms: float
) -> Literal["clicked", "left"] | None:
    """Click the box (or the label standing in for it) unless it is already as wanted (None), then insist
    that it changed: "clicked" when it reads as wanted, "left" when it was taken off the page right after the
    click (unticked in a view of completed items, or drawn again by the page: its state after the click can
    no longer be read, and it was in the other state before it). A box that stays as it was fails the step,
    as Playwright's own ``set_checked`` does: a click the page ignores is no tick."""
    # (an element handle's reads take no timeout of their own: each is bounded, as a frozen page may never
    # answer)
    if await bounded(box.is_checked(), timeout_ms) == checked:
        return None
    if not checked and await bounded(box.evaluate(_RADIO), timeout_ms):
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_INTERACTABLE,
            f"{located.given!r} is a radio button: it is unchecked by checking another one of its group",
        )
    label = await bounded(box.query_selector(f"xpath={via}"), timeout_ms) if via else None
    if via and label is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"the label of {located.given!r} is gone")
    try:
        await (label or box).click(timeout=timeout_ms)
    finally:
        if label is not None:
            await bounded(label.dispose(), timeout_ms)
    deadline = asyncio.get_running_loop().time() + _CLICK_EFFECT_MS / 1000
    while True:
        if not await bounded(box.evaluate("e => e.isConnected"), timeout_ms):
            return "left"
        if await bounded(box.is_checked(), timeout_ms) == checked:
            return "clicked"
        if asyncio.get_running_loop().time() > deadline:
            state = "check" if checked else "uncheck"
            clicked_what = f"the label of {located.given!r}" if via else f"{located.given!r}"
            raise ToolFailure(
                ErrorCode.ELEMENT_NOT_INTERACTABLE,
                f"clicking {clicked_what} did not {state} it: the page kept its old state (a script refused "
                "or reverted the change)",
            )
        await asyncio.sleep(0.05)


class UploadFileArgs(ElementArgs):
    path: str = Field(min_length=1, max_length=1_000)


def _upload_path(ctx: ToolContext, given: str) -> Path:
    if ctx.upload_dir is None:
        raise ToolFailure(
            ErrorCode.UNSUPPORTED, "file upload is not enabled for this run (no upload folder set)"
        )
    base = Path(ctx.upload_dir).resolve()
    try:
        candidate = (base / given).resolve()
    except (OSError, ValueError) as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"bad upload path {given[:100]!r}: {exc}") from exc
    if not candidate.is_relative_to(base):
        raise ToolFailure(
            ErrorCode.INVALID_INPUT, f"upload path {given[:100]!r} points outside the upload folder"
        )
    if not candidate.is_file():
        available = sorted(p.name for p in base.iterdir() if p.is_file())[:10] if base.is_dir() else []
        raise ToolFailure(
            ErrorCode.INVALID_INPUT,
            f"no file {given[:100]!r} in the upload folder; files there: {', '.join(available) or 'none'}",
        )
    return candidate


async def upload_file(ctx: ToolContext, args: UploadFileArgs) -> ToolResult:
    path = _upload_path(ctx, args.path)
    located = await _prepare(ctx, "upload_file", args.ref, args.target)
    url = ctx.page.url
    timeout = ctx.settings.action_timeout_ms
    if (await element_state(located, timeout)).get("fileInput"):
        async with settling(ctx):
            await located.locator.set_input_files(path, timeout=timeout)
    else:
        # A styled button that opens the file chooser instead of a visible <input type=file>.
        async with ctx.page.expect_file_chooser(timeout=timeout) as chooser_info:
            await located.locator.click(timeout=timeout)
        chooser = await chooser_info.value
        async with settling(ctx):
            await chooser.set_files(path, timeout=timeout)
    return _done(ctx, located, url, file=path.name, size=path.stat().st_size)


class ScrollArgs(OptionalElementArgs):
    direction: Literal["down", "up", "left", "right", "top", "bottom"] = "down"
    amount: int = Field(default=600, ge=1, le=5_000)


# Far enough for any page: the browser stops at the end (a lazy page may then grow; the step is one scroll).
_TO_EDGE_PX = 10_000_000


_DIRECTIONS = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}


async def scroll(ctx: ToolContext, args: ScrollArgs) -> ToolResult:
    if args.ref is not None or args.target is not None:
        located = await _prepare(ctx, "scroll", args.ref, args.target, settles=False)
        url = ctx.page.url
        await located.locator.scroll_into_view_if_needed(timeout=ctx.settings.action_timeout_ms)
        return _done(ctx, located, url, scrolled_into_view=True)
    if args.direction in ("top", "bottom"):  # all the way
        delta = [0, _TO_EDGE_PX if args.direction == "bottom" else -_TO_EDGE_PX]
        position = await run_in_page(ctx.page, "scrollBy", delta, ctx.settings.action_timeout_ms)
        return ToolResult.success(direction=args.direction, **position)
    dx, dy = _DIRECTIONS[args.direction]
    delta = [dx * args.amount, dy * args.amount]
    position = await run_in_page(ctx.page, "scrollBy", delta, ctx.settings.action_timeout_ms)
    return ToolResult.success(direction=args.direction, amount=args.amount, **position)
