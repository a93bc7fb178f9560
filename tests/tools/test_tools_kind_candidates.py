"""When nothing matches a target, people are shown the elements of the kind it asked for (in its row when
it names one) even when no name is similar; a look-alike of another kind is not offered."""

from __future__ import annotations

from autoqa.tools import ToolContext

from .tools_helpers import IMPATIENT, Call, failed, ok


async def test_a_missing_row_action_lists_the_buttons_of_that_row(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/library.html"))
    result = failed(await call("click", target='"Remove" button in "SPQR"'), "ELEMENT_NOT_FOUND")
    message = result.error.message
    assert message.endswith('nothing similar is visible; buttons in "SPQR": "Edit", "Delete"'), (
        message
    )  # page order
    assert "snapshot" not in message  # advice for the model stays out of what people read
    assert [c["name"] for c in result.error.details["candidates"]] == ["Edit", "Delete"]


async def test_a_renamed_checkbox_is_offered_not_a_link_that_looks_alike(
    call: Call, tool_ctx: ToolContext
) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/help.html"))
    page = '<a href="#h">History</a> <label><input type="checkbox"> Available</label>'
    await tool_ctx.page.evaluate(f"document.body.innerHTML = {page!r}")
    result = failed(await call("set_checked", target="In stock", checked=True), "ELEMENT_NOT_FOUND")
    message = result.error.message
    assert message.endswith('checkboxes on the page: "Available"'), message
    assert "History" not in message
