"""Dragging one element onto another, as a person does with the mouse: kanban cards into columns, items of a
sortable list above or below each other, files into folders.

Playwright's ``drag_to`` presses on the source, moves to the destination and lets go. In Chromium that
drives both native HTML5 drag and drop (``dragstart``/``drop``) and libraries that follow pointer events.
Where on the destination it lets go is the step's word: onto its middle, or its upper or lower quarter for
"above"/"below" (a sortable list compares the pointer with the middle of the item under it); "before" and
"after" take the upper-left and lower-right quarter, which reads the same in a row or a column.

Like a click, a drag is an action: it passes when the mouse did what the step says, and the steps after it
check what the page made of it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from autoqa.tools.args import ElementArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.locate import locate, run_element_hook
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.settle import settling

Place = Literal["onto", "above", "below", "before", "after"]

# Where on the destination the mouse lets go, as fractions of its width and height.
DROP_POINTS: dict[str, tuple[float, float]] = {
    "onto": (0.5, 0.5),
    "above": (0.5, 0.25),
    "below": (0.5, 0.75),
    "before": (0.25, 0.25),
    "after": (0.75, 0.75),
}


class DragArgs(ElementArgs):
    # No descriptions: the tool's own says what these are, and every byte goes with every model request.
    to_ref: str | None = Field(default=None, max_length=64)
    to_target: str | None = Field(default=None, min_length=1, max_length=500)
    place: Place = "onto"

    @model_validator(mode="after")
    def _needs_destination(self) -> DragArgs:
        if self.to_ref is None and self.to_target is None:
            raise ValueError("give to_ref or to_target: where to drop the element")
        return self


async def drag(ctx: ToolContext, args: DragArgs) -> ToolResult:
    # The destination first and without the element hook: the hook records the element the step acts on.
    destination = await locate(ctx, args.to_ref, args.to_target, action="drag")
    source = await locate(ctx, args.ref, args.target, action="drag", settles=True)
    await run_element_hook(ctx, "drag", source)
    timeout = ctx.settings.action_timeout_ms
    box = await destination.locator.bounding_box(timeout=timeout)
    if box is None:
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_INTERACTABLE,
            f"the destination {destination.given!r} takes no room on the page to drop onto",
        )
    across, down = DROP_POINTS[args.place]
    url = ctx.page.url
    async with settling(ctx):
        await source.locator.drag_to(
            destination.locator,
            target_position={"x": box["width"] * across, "y": box["height"] * down},
            timeout=timeout,
        )
    data = {**source.report(), "place": args.place, "to": destination.report()}
    if ctx.page.url != url:
        data["url"] = ctx.page.url
    return ToolResult.success(**data)
