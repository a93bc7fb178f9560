"""Moving focus out of a field: a click on an empty spot or blur(), and the negative focus check."""

from __future__ import annotations

from autoqa.tools import ToolContext

from .tools_helpers import Call, failed, ok

# An inline editor that commits on blur, as TodoMVC's edit field does; "Sticky" takes the focus back.
_EDITOR = """document.body.insertAdjacentHTML('beforeend',
  '<label>Summary <input id=s></label><label>Sticky <input id=k></label><p id=log></p>');
document.getElementById('s').addEventListener('blur', (e) => {
  document.getElementById('log').textContent = 'saved ' + e.target.value; });
document.getElementById('k').addEventListener('blur', (e) => setTimeout(() => e.target.focus(), 0));"""


async def _editor(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(_EDITOR)


async def test_click_outside_a_field_commits_it_and_the_export_spot_is_reported(
    call: Call, tool_ctx: ToolContext
) -> None:
    await _editor(call, tool_ctx)
    ok(await call("fill", target="Summary", value="Crash"))
    ok(await call("assert_focused", target="Summary"))
    failed(await call("assert_focused", target="Summary", focused=False), "ASSERTION_FAILED")
    result = ok(await call("blur", target='"Summary" field', click_outside=True))
    x, y = result.data["clicked_at"]
    assert await tool_ctx.page.evaluate(f"document.elementFromPoint({x}, {y}).closest('label')") is None
    assert await tool_ctx.page.locator("#log").inner_text() == "saved Crash"
    ok(await call("assert_focused", target="Summary", focused=False))


async def test_blur_without_a_target_leaves_the_focused_element(call: Call, tool_ctx: ToolContext) -> None:
    await _editor(call, tool_ctx)
    ok(await call("fill", target="Summary", value="Again"))
    ok(await call("blur"))
    assert await tool_ctx.page.locator("#log").inner_text() == "saved Again"
    assert ok(await call("blur")).data["had_focus"] is False  # nothing has the focus now: nothing to do
    ok(await call("blur", click_outside=True))


async def test_a_field_that_takes_the_focus_back_fails_the_step(call: Call, tool_ctx: ToolContext) -> None:
    await _editor(call, tool_ctx)
    ok(await call("fill", target="Sticky", value="x"))
    for how in (False, True):
        result = failed(await call("blur", target="Sticky", click_outside=how), "ELEMENT_NOT_INTERACTABLE")
        assert "still has the focus" in result.error.message


async def test_no_empty_spot_fails_rather_than_clicking_a_control(call: Call, tool_ctx: ToolContext) -> None:
    await _editor(call, tool_ctx)
    cover = "<button style='position:fixed;inset:0'>Cover</button>"
    await tool_ctx.page.evaluate(f'document.body.insertAdjacentHTML("beforeend", "{cover}")')
    result = failed(await call("blur", target="Summary", click_outside=True), "ELEMENT_NOT_INTERACTABLE")
    assert "no empty spot" in result.error.message


_TOP_FORM = """document.body.insertAdjacentHTML('beforeend',
  '<form id=f style="position:fixed;top:0;left:0;right:0;height:120px;padding:20px;background:#eee">'
  + '<input aria-label=Query></form><p id=log></p>');
document.addEventListener('click', (e) => {
  const inside = document.getElementById('f').contains(e.target);
  if (!inside) document.getElementById('log').textContent = 'outside';
});"""


async def test_click_outside_a_region_at_the_pages_edge_lands_outside_it(
    call: Call, tool_ctx: ToolContext
) -> None:
    """A form spanning the top of the window (its padding is no control): 'Click outside the form' clicks a
    spot that is not inside it, so a page that closes or commits on an outside click sees one."""
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(_TOP_FORM)
    ok(await call("fill", target="Query", value="dune"))
    result = ok(await call("blur", target="css=form", click_outside=True))
    x, y = result.data["clicked_at"]
    assert await tool_ctx.page.evaluate(f"document.elementFromPoint({x}, {y}).closest('form')") is None
    assert await tool_ctx.page.locator("#log").inner_text() == "outside"
