"""``set_checked`` on a box that leaves the page the moment it is clicked: unticking an item in a "Completed"
view (the list is drawn again without it), or a framework drawing a new box in place of the old one. The
click is what a person does; the step passes when the box was in the other state before it and left right
after it (said in the result), and it never acts twice: a retry would find whatever box now sits where the
first one was, and tick or untick that one too. A box that stays and keeps its state still fails."""

from __future__ import annotations

from playwright.async_api import Page

from filtered_todos import TODOS

from .tools_helpers import Call, failed, ok


async def _states(page: Page) -> dict[str, bool]:
    return dict(
        await page.eval_on_selector_all(
            "#list li", "items => items.map((li) => [li.innerText.trim(), li.querySelector('input').checked])"
        )
    )


async def test_unticked_in_a_completed_view_the_box_leaves_and_no_other_box_is_touched(
    page: Page, call: Call
) -> None:
    await page.set_content(TODOS)
    await page.evaluate("location.hash = '#/completed'")
    await page.wait_for_function("document.querySelectorAll('#list li').length === 2")
    result = ok(await call("set_checked", target="Call mom", checked=False))
    assert result.data["left_page"] is True, result.data
    # "Pay rent" took the row "Call mom" had: it is still completed
    assert await _states(page) == {"Pay rent": True}
    await page.evaluate("location.hash = '#/'")
    assert await _states(page) == {"Call mom": False, "Pay rent": True, "Walk dog": False}
    assert await page.inner_text("#left") == "2 items left"


async def test_a_box_named_by_position_is_judged_by_the_box_that_left(page: Page, call: Call) -> None:
    # "the first checkbox" of the completed view: after the untick, the first is another item's box, still
    # ticked as it should be — no sign that the click did not take
    await page.set_content(TODOS)
    await page.evaluate("location.hash = '#/completed'")
    await page.wait_for_function("document.querySelectorAll('#list li').length === 2")
    result = ok(await call("set_checked", target="first checkbox", checked=False))
    assert result.data["left_page"] is True, result.data
    assert await _states(page) == {"Pay rent": True}


async def test_a_box_drawn_again_in_its_new_state_is_done(page: Page, call: Call) -> None:
    await page.set_content(TODOS)
    result = ok(await call("set_checked", target="Walk dog"))
    assert result.data["left_page"] is True, result.data
    assert await _states(page) == {"Call mom": True, "Pay rent": True, "Walk dog": True}
    # already as wanted: nothing is clicked, and nothing left
    again = ok(await call("set_checked", target="Walk dog"))
    assert "left_page" not in again.data
    assert await _states(page) == {"Call mom": True, "Pay rent": True, "Walk dog": True}


async def test_a_box_that_stays_as_it_was_still_fails(page: Page, call: Call) -> None:
    # the page puts the box back the way it was and draws nothing: the click changed nothing
    await page.set_content(TODOS.replace("/*@@CHANGE@@*/", "box.checked = !box.checked; return; "))
    result = failed(await call("set_checked", target="Walk dog"), "ELEMENT_NOT_INTERACTABLE")
    assert result.error is not None, result
    assert "did not check it: the page kept its old state" in result.error.message, result.error
    assert await _states(page) == {"Call mom": True, "Pay rent": True, "Walk dog": False}


async def test_a_box_drawn_again_as_it_was_fails(page: Page, call: Call) -> None:
    # the page draws the list again on the click and forgets the change: a new box, in the old state
    await page.set_content(TODOS.replace("/*@@CHANGE@@*/", "draw(); return; "))
    result = failed(await call("set_checked", target="Walk dog"), "ELEMENT_NOT_INTERACTABLE")
    assert result.error is not None, result
    assert "drew it again unchecked: the page kept its old state" in result.error.message, result.error
    await page.evaluate("location.hash = '#/completed'")
    await page.wait_for_function("document.querySelectorAll('#list li').length === 2")
    result = failed(await call("set_checked", target="Pay rent", checked=False), "ELEMENT_NOT_INTERACTABLE")
    assert result.error is not None and "drew it again checked" in result.error.message, result.error


async def test_a_radio_is_never_unchecked_by_a_click(page: Page, call: Call) -> None:
    await page.set_content(
        '<fieldset><legend>Size</legend><label><input type="radio" name="s" checked> Small</label>'
        '<label><input type="radio" name="s"> Large</label></fieldset>'
    )
    result = failed(await call("set_checked", target="Small", checked=False), "ELEMENT_NOT_INTERACTABLE")
    assert result.error is not None and "radio" in result.error.message, result.error
    assert await page.is_checked("text=Small")
    ok(await call("set_checked", target="Large"))
    assert await page.is_checked("text=Large") and not await page.is_checked("text=Small")
