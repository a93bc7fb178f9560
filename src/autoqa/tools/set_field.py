"""``set_field``: a form control set to a value, whatever kind of control it is — what 'Set "Genre" to
"History"' and 'Change the Status to "Published"' say. A person writing such a step does not say whether the
page draws a text field, a dropdown or a slider, and an admin form has all three: a ``<select>`` gets the
option with that label (or value), exactly as ``select_option``; a text field or a range slider is filled,
exactly as ``fill`` (a slider read back). Any other element is not a field to set.

The result says which it was (``set_as``), and :func:`as_done` turns the call into that one: the recorder
keeps the call as the action done, so replay and export write and replay a plain ``fill`` or
``select_option`` (one home for each). Offered to plain steps only: the model has both of those.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from autoqa.tools.actions import fill_located, select_located, select_options_of
from autoqa.tools.args import ElementArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.custom_dropdown import pick_from_custom_dropdown
from autoqa.tools.deadlines import bounded
from autoqa.tools.locate import Located, locate, run_element_hook
from autoqa.tools.result import ToolResult


class SetFieldArgs(ElementArgs):
    value: str = Field(max_length=100_000)


async def set_field(ctx: ToolContext, args: SetFieldArgs) -> ToolResult:
    located = await locate(ctx, args.ref, args.target, action="set_field", settles=True)
    options = await select_options_of(ctx, located)
    if options is not None:
        await run_element_hook(ctx, "select_option", located)
        return await select_located(ctx, located, options, args.value, set_as="select_option")
    if await _drawn_dropdown(ctx, located):
        await run_element_hook(ctx, "select_option", located)
        return await pick_from_custom_dropdown(ctx, located, args.value, set_as="select_option")
    await run_element_hook(ctx, "fill", located)
    return await fill_located(ctx, located, args.value, set_as="fill")


# A list box, or an element marked combobox that is no free-text field: an <input> only when it says it
# controls a list (a datalist input has no role attribute: it suggests, and the typed text stands).
_DRAWN_DROPDOWN = """e => {
  const role = e.getAttribute('role');
  if (role === 'listbox') return true;
  if (role !== 'combobox') return false;
  return e.tagName !== 'INPUT' || e.hasAttribute('aria-controls') || e.hasAttribute('aria-owns')
    || e.getAttribute('aria-haspopup') === 'listbox' || e.getAttribute('aria-autocomplete') === 'list';
}"""


async def _drawn_dropdown(ctx: ToolContext, located: Located) -> bool:
    try:
        answer = await bounded(located.locator.evaluate(_DRAWN_DROPDOWN), ctx.settings.action_timeout_ms)
    except Exception:  # gone or navigating: fill then says what is wrong
        return False
    return answer is True


def as_done(args: Mapping[str, Any], data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """A ``set_field`` call that succeeded, as the ``fill`` or ``select_option`` call it was."""
    element = {k: args[k] for k in ("ref", "target") if k in args}
    if data.get("set_as") == "select_option":
        return "select_option", {**element, "option": args.get("value", "")}
    return "fill", {**element, "value": args.get("value", "")}
