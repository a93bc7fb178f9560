"""Dropdowns drawn without ``<select>`` (``autoqa.tools.custom_dropdown``): ``select_option`` and
``set_field`` click it, type where the click put the focus in a field, and click the option of that name;
an option the list does not show fails with the options it showed. A text field with a datalist only
suggests: set_field types into it."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

PAGE = """<span id="size-label">Size</span>
<button id="size" role="combobox" aria-haspopup="listbox" aria-labelledby="size-label">Pick</button>
<ul role="listbox" id="sizes" hidden><li role="option">Small</li><li role="option">Large</li></ul>
<label>City <input id="city" list="cities"></label><datalist id="cities"><option value="Lisbon"></datalist>
<script>
size.onclick = () => { sizes.hidden = false; };
for (const li of sizes.children) {
  li.onclick = () => { size.textContent = li.textContent; sizes.hidden = true; };
}
</script>"""


async def test_a_drawn_list_is_opened_and_its_option_clicked(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    picked = await call("select_option", target="Size", option="Large")
    assert picked.ok, picked.error
    assert picked.data["custom_dropdown"] is True and picked.data["typed"] is False, picked.data
    assert await page.inner_text("#size") == "Large"


async def test_an_option_the_list_does_not_show_fails_naming_those_it_shows(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    missing = await call("set_field", target="Size", value="Medium")
    assert missing.error is not None and missing.error.code == "ELEMENT_NOT_FOUND", missing.error
    assert "options shown: 'Small', 'Large'" in missing.error.message, missing.error.message
    assert await page.inner_text("#size") == "Pick"


async def test_a_field_with_suggestions_is_typed_into(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    typed = await call("set_field", target="City", value="Porto")
    assert typed.ok and typed.data["set_as"] == "fill", (typed.error, typed.data)
    assert await page.input_value("#city") == "Porto"


TWO_LARGE = """<span id="size-label">Size</span>
<button id="size" role="combobox" aria-haspopup="listbox" aria-labelledby="size-label">Pick</button>
<ul role="listbox" id="sizes" hidden>
  <li role="group" aria-label="Shirts"><span role="option">Large</span></li>
  <li role="group" aria-label="Shoes"><span role="option">Large</span></li>
</ul>
<script>
size.onclick = () => { sizes.hidden = false; };
for (const o of sizes.querySelectorAll("[role=option]")) {
  o.onclick = () => { size.textContent = o.closest("[role=group]").ariaLabel + " " + o.textContent; };
}
</script>"""


async def test_two_shown_options_of_that_name_are_ambiguous_and_none_is_chosen(
    page: Page, call: Call
) -> None:
    await page.set_content(TWO_LARGE)
    two = await call("select_option", target="Size", option="Large")
    assert two.error is not None and two.error.code == "AMBIGUOUS_TARGET", two.error
    assert "shows 2 options named 'Large'" in two.error.message, two.error.message
    assert await page.inner_text("#size") == "Pick"


EMPTY = """<span id="size-label">Size</span>
<button id="size" role="combobox" aria-haspopup="listbox" aria-labelledby="size-label">Pick</button>
<ul role="listbox" id="sizes" hidden></ul>
<script>size.onclick = () => { sizes.hidden = false; };</script>"""


async def test_a_list_that_shows_no_options_fails_saying_so(page: Page, call: Call) -> None:
    await page.set_content(EMPTY)
    none = await call("select_option", target="Size", option="Large")
    assert none.error is not None and none.error.code == "ELEMENT_NOT_FOUND", none.error
    assert none.error.message.endswith("; it showed no options"), none.error.message
    assert "options shown" not in none.error.message, none.error.message
