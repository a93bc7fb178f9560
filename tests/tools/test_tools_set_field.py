"""``set_field``: 'Set "Genre" to "History"' sets whatever control the page draws for that field — a
``<select>`` to the option of that label (or value), a text field or a range slider to the text — and says
which it did (``set_as``); an option the list lacks, or an element that is no field, fails and sets
nothing."""

from __future__ import annotations

from playwright.async_api import Page

from autoqa.tools.set_field import as_done

from .tools_helpers import Call

PAGE = """<label>Title <input id="title"></label>
<label>Genre <select id="genre"><option value="">---------</option><option value="sci">Science</option>
<option value="hist">History</option></select></label>
<label>Rating <input type="range" id="rating" min="0" max="5" step="1" value="0"></label>
<label><input type="checkbox" id="featured"> Featured</label>"""


async def _values(page: Page) -> list[object]:
    return await page.evaluate(
        "() => ['title', 'genre', 'rating'].map((id) => document.getElementById(id).value)"
        ".concat(document.getElementById('featured').checked)"
    )


async def test_a_field_is_filled_a_dropdown_gets_its_option_and_a_slider_its_value(
    page: Page, call: Call
) -> None:
    await page.set_content(PAGE)
    title = await call("set_field", target="Title", value="SPQR")
    genre = await call("set_field", target="Genre", value="History")
    rating = await call("set_field", target="Rating", value="4")
    assert title.ok and genre.ok and rating.ok, (title.error, genre.error, rating.error)
    assert (title.data["set_as"], genre.data["set_as"], rating.data["set_as"]) == (
        "fill",
        "select_option",
        "fill",
    )
    assert genre.data["selected"] == "History"
    assert await _values(page) == ["SPQR", "hist", "4", False]
    # by its value too, as select_option takes it
    assert (await call("set_field", target="Genre", value="sci")).ok
    assert await _values(page) == ["SPQR", "sci", "4", False]


async def test_an_option_the_list_lacks_or_a_checkbox_fails_and_sets_nothing(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    missing = await call("set_field", target="Genre", value="Poetry")
    assert missing.error is not None and missing.error.code == "ELEMENT_NOT_FOUND", missing.error
    assert "'Science', 'History'" in missing.error.message, missing.error.message
    box = await call("set_field", target="Featured", value="yes")
    assert box.error is not None and box.error.code == "ELEMENT_NOT_INTERACTABLE", box.error
    assert "form field" in box.error.message, box.error.message
    assert await _values(page) == ["", "", "0", False]
    # a slider that snaps the value to its step took another one: the call fails, as fill's does
    snapped = await call("set_field", target="Rating", value="4.5")
    assert snapped.error is not None and snapped.error.code == "ASSERTION_FAILED", snapped.error


def test_the_call_is_kept_as_the_action_it_was() -> None:
    assert as_done({"target": "Genre", "value": "History"}, {"set_as": "select_option"}) == (
        "select_option",
        {"target": "Genre", "option": "History"},
    )
    assert as_done({"ref": "e4", "value": "SPQR"}, {"set_as": "fill"}) == (
        "fill",
        {"ref": "e4", "value": "SPQR"},
    )
