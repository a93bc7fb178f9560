"""``assert_text_in`` with ``absent``: a text NOT shown inside one element ("Spin 45" is no longer listed
under "Upcoming") — the same text elsewhere on the page is no failure, the element must be found and shown (a
text missing from nothing, or from what nobody can see, proves nothing), and a text that leaves after an
action is waited for."""

from __future__ import annotations

from playwright.async_api import Page

from autoqa.target_region import region_target

from .tools_helpers import Call, failed, ok

BOOKINGS = """<!doctype html><meta charset="utf-8"><main><h1>My bookings</h1>
<section aria-labelledby="up"><h2 id="up">Upcoming</h2><ul>
<li>Spin 45 <button onclick="setTimeout(() => this.parentElement.remove(), 300)">Cancel</button></li>
<li>Yoga Flow</li></ul></section>
<section aria-labelledby="past"><h2 id="past">Past</h2><ul><li>HIIT 30</li></ul></section>
<section aria-labelledby="wait" hidden><h2 id="wait">Waitlist</h2><ul><li>Pilates</li></ul></section>
</main>"""

UPCOMING = region_target("Upcoming")


async def test_a_text_shown_elsewhere_is_not_in_the_region(page: Page, call: Call) -> None:
    await page.set_content(BOOKINGS)
    # seen elsewhere on the page: no check of a subject that never showed (the verdict flags those)
    assert ok(await call("assert_text_in", target=UPCOMING, text="HIIT 30", absent=True)).data["subject_seen"]
    typo = ok(await call("assert_text_in", target=UPCOMING, text="HIIT 03", absent=True))
    assert typo.data["subject_seen"] is False, typo.data
    result = failed(
        await call("assert_text_in", target=UPCOMING, text="Yoga Flow", absent=True), "ASSERTION_FAILED"
    )
    assert result.error is not None, result
    assert "not to contain 'Yoga Flow', but its text is" in result.error.message, result.error
    # a text that leaves after the click is waited for
    await page.get_by_role("button", name="Cancel").click()
    ok(await call("assert_text_in", target=UPCOMING, text="Spin 45", absent=True))


async def test_a_missing_or_hidden_region_proves_nothing(page: Page, call: Call) -> None:
    await page.set_content(BOOKINGS)
    failed(
        await call("assert_text_in", target=region_target("Cancelled"), text="Spin 45", absent=True),
        "ELEMENT_NOT_FOUND",
    )
    hidden = await call("assert_text_in", target=region_target("Waitlist"), text="Spin 45", absent=True)
    assert not hidden.ok and hidden.error is not None, hidden
    assert hidden.error.code == "ELEMENT_NOT_FOUND", hidden.error
    # an element a step points at outright (a CSS escape hatch) may be hidden: its empty text is no evidence
    hidden = await call("assert_text_in", target="css=section[hidden]", text="Spin 45", absent=True)
    assert not hidden.ok and hidden.error is not None, hidden
    assert "is not shown: a text missing from a hidden element proves nothing" in hidden.error.message, hidden


async def test_absent_reads_the_whole_text_only(page: Page, call: Call) -> None:
    await page.set_content(BOOKINGS)
    for extra in ({"exact": True}, {"column": "Status"}, {"note": True}):
        result = await call("assert_text_in", target=UPCOMING, text="x", absent=True, **extra)
        assert not result.ok and result.error is not None and result.error.code == "INVALID_INPUT", result
