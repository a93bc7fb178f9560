"""A dropdown drawn without ``<select>`` — a combobox or list box as React Select, MUI Autocomplete or
Headless UI draw it — picked as a person picks from it: click it; where the click puts the focus in a field
(a searchable dropdown), type the option's text to filter the list; then click the option of that name in
the list it shows. An option that does not show fails the step: typed text alone is no choice made.

``select_option`` and ``set_field`` come here when the element they found is no ``<select>``; the result says
so (``custom_dropdown``, ``typed``) and export writes the same three moves."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Error as PlaywrightError

from autoqa.landmarks import FOCUSED_FIELD
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.locate import Located
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.settle import settling


def shown_option(page: Any, name: str) -> Any:
    """The visible option of that exact name (a closed list's options are hidden, an open one's shown)."""
    return page.get_by_role("option", name=name, exact=True).filter(visible=True)


async def pick_from_custom_dropdown(
    ctx: ToolContext, located: Located, wanted: str, **extra: Any
) -> ToolResult:
    url = ctx.page.url
    timeout = ctx.settings.action_timeout_ms
    async with settling(ctx):
        await located.locator.click(timeout=timeout)
    focused = ctx.page.locator(FOCUSED_FIELD)
    typed = await bounded(focused.count(), timeout) == 1
    if typed:
        async with settling(ctx):
            await focused.fill(wanted, timeout=timeout)
    option = shown_option(ctx.page, wanted)
    try:
        await option.first.wait_for(state="visible", timeout=ctx.settings.assertion_timeout_ms)
    except PlaywrightError:
        try:
            options = ctx.page.get_by_role("option").filter(visible=True)
            shown = await bounded(options.all_inner_texts(), timeout)
        except Exception:  # the list closed or the page moved on: the failure stands without the listing
            shown = []
        listing = ", ".join(repr(" ".join(t.split())) for t in shown[:20])
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"option {wanted!r} did not show in the dropdown {located.given!r}"
            + (f" after typing it; options shown: {listing}" if typed and listing else "")
            + (f"; options shown: {listing}" if listing and not typed else "")
            + ("" if listing else "; it showed no options"),
            options=shown[:50],
        ) from None
    count = await bounded(option.count(), timeout)
    if count > 1:
        raise ToolFailure(
            ErrorCode.AMBIGUOUS_TARGET,
            f"the dropdown {located.given!r} shows {count} options named {wanted!r}",
        )
    async with settling(ctx):
        await option.click(timeout=timeout)
    return ToolResult.success(
        **{**located.report(), "selected": wanted, "custom_dropdown": True, "typed": typed, **extra},
        **({"url": ctx.page.url} if ctx.page.url != url else {}),
    )
