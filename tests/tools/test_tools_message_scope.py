"""``assert_text_present(in_message=True)``: "the flash message contains "x"" holds only when a message
shows the words — a live region, an open dialog, or an element whose class, id or test id says it is one
(``autoqa.message_scope``) — never on the words in a heading or a list."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from .tools_helpers import Call


@pytest.mark.parametrize(
    "message",
    [
        '<div id="flash" class="flash success">You logged into a secure area! <a href="#">×</a></div>',
        '<ul class="messagelist"><li class="success">The book “SPQR” was added successfully.</li></ul>',
        '<div class="alert alert-danger">Your card was declined.</div>',
        '<p role="status">Saved 3 drafts</p>',
        '<div aria-live="polite"><span>Copied to clipboard</span></div>',
        '<h3 data-test="error">Epic sadface: Username is required</h3>',
        '<p id="result">You clicked: Ok</p>',
        "<dialog open>Delete this file?</dialog>",
        '<div class="Toast-body">Order placed</div>',
    ],
)
async def test_a_message_of_any_usual_kind_holds_the_words(page: Page, call: Call, message: str) -> None:
    words = {
        "flash": "logged into", "messagelist": "was added", "alert-danger": "card was declined",
        "status": "3 drafts", "aria-live": "copied", "data-test": "username is required",
        "result": "clicked: Ok", "dialog": "this file", "Toast": "order placed",
    }  # fmt: skip
    text = next(v for k, v in words.items() if k in message)
    await page.set_content(f"<main><h1>Shop</h1>{message}</main>")
    result = await call("assert_text_present", text=text, in_message=True)
    assert result.ok, result.error


async def test_the_words_outside_any_message_are_no_evidence(page: Page, call: Call) -> None:
    await page.set_content(
        "<main><h1>You logged into a secure area!</h1><ul><li>You logged into a secure area!</li></ul>"
        '<div class="flash error">Wrong password!</div></main>'
    )
    anywhere = await call("assert_text_present", text="logged into a secure")
    assert anywhere.ok, anywhere.error
    result = await call("assert_text_present", text="logged into a secure", in_message=True)
    assert result.error is not None and result.error.code == "ASSERTION_FAILED"
    assert "shown, but in no message" in result.error.message, result.error.message
    assert "in a message" in result.error.message


async def test_a_hidden_message_does_not_count(page: Page, call: Call) -> None:
    await page.set_content(
        '<div class="flash success" hidden>Saved your changes</div><p>Saved your changes</p>'
    )
    result = await call("assert_text_present", text="saved your changes", in_message=True)
    assert result.error is not None and "not visible" in result.error.message, result.error


async def test_a_message_that_appears_later_is_waited_for(page: Page, call: Call) -> None:
    await page.set_content(
        '<div id="m" class="notice"></div>'
        "<script>setTimeout(() => { m.textContent = 'Profile updated' }, 300)</script>"
    )
    result = await call("assert_text_present", text="Profile updated", in_message=True)
    assert result.ok, result.error
