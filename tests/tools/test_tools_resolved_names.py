"""A failure after an element was resolved names that element as a person reads it (role and name), so
a report says which element the step judged; a target that matched nothing names none."""

from __future__ import annotations

from autoqa.tools import ToolContext

from .tools_helpers import IMPATIENT, Call, failed, ok

FORM = """
<label>Notes <input value="hello"></label>
<ul aria-label="Basket"><li>Total: 3 items</li></ul>
<button disabled>Pay now</button>
"""


async def _page(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(f"document.body.innerHTML = {FORM!r}")


async def test_a_failed_value_check_names_the_field_it_read(call: Call, tool_ctx: ToolContext) -> None:
    await _page(call, tool_ctx)
    result = failed(await call("assert_value", target="Notes", expected="bye"), "ASSERTION_FAILED")
    message = result.error.message
    assert message.startswith("expected target 'Notes' to be value 'bye', but it is value 'hello'"), message
    assert message.endswith("; matched textbox 'Notes'"), message
    assert "ref" not in message  # refs are for the model, not for people


async def test_a_failed_text_check_in_an_element_names_the_element(call: Call, tool_ctx: ToolContext) -> None:
    await _page(call, tool_ctx)
    result = failed(await call("assert_text_in", target="Basket", text="4 items"), "ASSERTION_FAILED")
    assert result.error.message.endswith("; matched list 'Basket'"), result.error.message


async def test_a_failed_action_names_the_element_it_acted_on(call: Call, tool_ctx: ToolContext) -> None:
    await _page(call, tool_ctx)
    result = await call("click", target="Pay now")
    assert not result.ok and result.error is not None
    assert "matched button 'Pay now'" in result.error.message, result.error


async def test_a_target_that_matched_nothing_names_no_element(call: Call, tool_ctx: ToolContext) -> None:
    await _page(call, tool_ctx)
    result = failed(await call("assert_value", target="Comments", expected="x"), "ASSERTION_FAILED")
    assert "matched" not in result.error.message, result.error.message
