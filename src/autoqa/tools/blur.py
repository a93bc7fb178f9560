"""Moving focus out of an element, the way a person does: click an empty spot of the page, or blur it.

Editors often commit on blur (a TodoMVC edit, an inline rename, a field's validation), so "Click outside
the Summary field" is an action of its own, never a click on something named "outside". The step fails
when the element still has the focus afterwards (a page that pulls focus back is what the step is about).
"""

from __future__ import annotations

from typing import Any

from playwright.async_api import ElementHandle, JSHandle
from playwright.async_api import Error as PlaywrightError
from pydantic import Field

from autoqa.tools.args import OptionalElementArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.evidence_assertions import FOCUSED_SCRIPT
from autoqa.tools.locate import Located, locate, run_element_hook
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.settle import settling


class BlurArgs(OptionalElementArgs):
    click_outside: bool = Field(
        default=False, description="click an empty spot of the page (as a person does) instead of blur()"
    )


# The element that has the focus now (through open shadow roots), or null when nothing does.
_ACTIVE = """() => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  return active && active !== document.body && active !== document.documentElement ? active : null;
}"""

# A spot near the viewport's edges that nothing reacts to: the page itself, or an element with no control,
# link or focusable thing around it, and never the element being left (nor anything inside it).
_EMPTY_SPOT = """(avoid) => {
  const w = window.innerWidth, h = window.innerHeight, e = 2;
  const points = [[e, e], [w - e - 1, e], [e, h - e - 1], [w - e - 1, h - e - 1], [w >> 1, h - e - 1],
                  [w >> 1, e], [e, h >> 1], [w - e - 1, h >> 1]];
  const reacts = 'a[href], button, input, select, textarea, label, summary, details, iframe, video, audio, ' +
    '[tabindex], [contenteditable], [onclick], [role=button], [role=link], [role=checkbox], [role=radio], ' +
    '[role=switch], [role=tab], [role=option], [role=menuitem], [role=textbox], [role=combobox], ' +
    '[role=slider]';
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    if (!hit) continue;
    if (avoid && (avoid === hit || avoid.contains(hit))) continue;
    if (hit === document.body || hit === document.documentElement || !hit.closest(reacts)) return [x, y];
  }
  return null;
}"""

_BLUR_ACTIVE = "e => e.blur()"


async def blur(ctx: ToolContext, args: BlurArgs) -> ToolResult:
    timeout = ctx.settings.action_timeout_ms
    located: Located | None = None
    if args.ref is not None or args.target is not None:
        located = await locate(ctx, args.ref, args.target, action="blur", settles=True)
        await run_element_hook(ctx, "blur", located)
        left: JSHandle | None = await located.locator.element_handle(timeout=timeout)
    else:
        left = await bounded(ctx.page.evaluate_handle(_ACTIVE), timeout)
    element = left.as_element() if left is not None else None
    try:
        data: dict[str, Any] = located.report() if located is not None else {}
        async with settling(ctx):
            if args.click_outside:
                data["clicked_at"] = await _click_empty_spot(ctx, element, timeout)
            elif element is not None:
                await bounded(element.evaluate(_BLUR_ACTIVE), timeout)
        if element is None:
            return ToolResult.success(**data, had_focus=False)
        if await bounded(element.evaluate(FOCUSED_SCRIPT), timeout):
            what = located.given if located is not None else "the focused element"
            raise ToolFailure(
                ErrorCode.ELEMENT_NOT_INTERACTABLE,
                f"{what!r} still has the focus (the page kept it or took it back)",
            )
        return ToolResult.success(**data)
    finally:
        if left is not None:
            await bounded(left.dispose(), timeout)


async def _click_empty_spot(ctx: ToolContext, avoid: ElementHandle | None, timeout_ms: float) -> list[int]:
    try:
        spot = await bounded(ctx.page.evaluate(_EMPTY_SPOT, avoid), timeout_ms)
    except PlaywrightError:  # an element inside an iframe cannot be passed to the top page: avoid nothing
        spot = await bounded(ctx.page.evaluate(_EMPTY_SPOT, None), timeout_ms)
    if not isinstance(spot, list) or len(spot) != 2:
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_INTERACTABLE,
            "found no empty spot of the page to click outside: every edge of the window is a control",
        )
    x, y = int(spot[0]), int(spot[1])
    await bounded(ctx.page.mouse.click(x, y), timeout_ms)
    return [x, y]
