"""``assert_text_in(note=True)``: "the Email field shows the error "Required"" reads the field's own message —
what it names with aria-describedby / aria-errormessage, and the wrapper only it sits in — so the same error
shown for another field, or anywhere else on the page, is no evidence; a field with no message area of its
own (a flat form) fails and says so."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

FORM = """<!doctype html><meta charset="utf-8"><form><div class="row">
<div class="group"><label for="email">Email</label><input id="email"><p class="error">Required</p></div>
<div class="group"><label for="pw">Password</label><input id="pw" type="password">
<p class="hint">8 or more</p></div></div>
<label for="code">Code</label><input id="code" aria-describedby="code-err">
<label for="zip">Zip</label><input id="zip">
<p id="code-err">This code has expired</p><p>Zip is required</p></form>"""


async def test_a_fields_message_is_read_from_its_own_group_or_description(page: Page, call: Call) -> None:
    await page.set_content(FORM)
    assert (await call("assert_text_in", target='"Email" field', text="Required", note=True)).ok
    assert (await call("assert_text_in", target='"Code" field', text="This code has expired", note=True)).ok
    # "Required" is Email's error, not Password's (the row around both is no field's own)
    other = await call("assert_text_in", target='"Password" field', text="Required", note=True)
    assert other.error is not None and other.error.code == "ASSERTION_FAILED"
    assert "8 or more" in other.error.message
    # the flat part of the form gives Zip no message of its own: its error text is just text nearby
    flat = await call("assert_text_in", target='"Zip" field', text="Zip is required", note=True)
    assert flat.error is not None and flat.error.code == "ASSERTION_FAILED"
    assert "no message of its own" in flat.error.message
