"""``fill`` of the focused field (``autoqa.landmarks.FOCUSED_FIELD``, what 'Type "x"' names): the text goes
into the field that has the keyboard focus, inside an open shadow root too; focus on a button, a checkbox or
nothing fails with where the focus is, and no field is typed into."""

from __future__ import annotations

from playwright.async_api import Page

from autoqa.landmarks import FOCUSED_FIELD

from .tools_helpers import Call

PAGE = """<label>Name <input id="name"></label><label>Notes <textarea id="notes"></textarea></label>
<button id="go">Go</button><label><input type="checkbox" id="agree"> Agree</label>
<my-box></my-box>
<script>
customElements.define('my-box', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({mode: 'open'}).innerHTML = '<input id="inner" aria-label="Inner">';
  }
});
</script>"""


async def _values(page: Page) -> list[str]:
    return await page.evaluate(
        "() => [document.getElementById('name').value, document.getElementById('notes').value, "
        "document.querySelector('my-box').shadowRoot.querySelector('input').value]"
    )


async def test_the_text_goes_into_the_field_that_has_the_focus(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    await page.focus("#notes")
    result = await call("fill", target=FOCUSED_FIELD, value="hello")
    assert result.ok, result.error
    await page.locator("#inner").focus()
    result = await call("fill", target=FOCUSED_FIELD, value="deep")
    assert result.ok, result.error
    assert await _values(page) == ["", "hello", "deep"]


async def test_focus_on_no_field_fails_saying_where_the_focus_is(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    nothing = await call("fill", target=FOCUSED_FIELD, value="x")
    assert nothing.error is not None and nothing.error.code == "ELEMENT_NOT_FOUND", nothing.error
    assert "(nothing is focused)" in nothing.error.message, nothing.error.message
    await page.focus("#go")
    button = await call("fill", target=FOCUSED_FIELD, value="x")
    assert button.error is not None and '(the focus is on <button> "Go", which' in button.error.message, (
        button.error
    )
    await page.focus("#agree")
    box = await call("fill", target=FOCUSED_FIELD, value="x")
    assert box.error is not None and "(the focus is on <input type=checkbox>," in box.error.message, box.error
    assert await _values(page) == ["", "", ""]
