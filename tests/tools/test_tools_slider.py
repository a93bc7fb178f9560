"""``fill`` on a range slider (``<input type=range>``): the value is set as a person drags it there, and a
value its step or bounds do not allow fails the step instead of passing on the value the slider snapped to.
A slider drawn without a range input is not something fill can set: it says so."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

PAGE = """<label>Volume <input type="range" id="vol" min="0" max="5" step="0.5" value="0"></label>
<output id="out">0</output><label>Name <input id="name"></label>
<div role="slider" aria-label="Brightness" aria-valuenow="3" tabindex="0"></div>
<script>vol.oninput = () => { out.textContent = vol.value; };</script>"""


async def test_a_range_slider_is_set_and_its_page_hears_it(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    result = await call("fill", target='"Volume" slider', value="3.5")
    assert result.ok, result.error
    assert await page.input_value("#vol") == "3.5" and await page.text_content("#out") == "3.5"
    assert (await call("assert_value", target='"Volume" slider', expected="3.5")).ok


async def test_a_value_the_slider_cannot_take_fails(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    snapped = await call("fill", target='"Volume" slider', value="4.2")
    assert snapped.error is not None and snapped.error.code == "ASSERTION_FAILED"
    assert "the slider took '4', not '4.2'" in snapped.error.message
    beyond = await call("fill", target="css=input[type=range]", value="9")
    assert beyond.error is not None and "took '5', not '9'" in beyond.error.message


async def test_a_slider_drawn_without_a_range_input_is_not_filled(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    drawn = await call("fill", target='"Brightness" slider', value="4")
    assert drawn.error is not None and drawn.error.code == "ELEMENT_NOT_INTERACTABLE", drawn.error
