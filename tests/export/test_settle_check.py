"""``settled(page)``, what an exported test wraps each action in: after the block, the work the action
started is done, as in the run (``tools/settle.py``), through the sync API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from autoqa.export.settle_check import SETTLE_CAP_MS, settled

from .sync_page import sync_page

FORM = """<!doctype html><meta charset="utf-8"><title>Permit</title><main>
<label for="type">Permit type</label>
<select id="type"><option>Resident</option><option>Visitor</option></select>
<button id="go">Continue</button> <button id="tick">Start clock</button> <span id="clock">0</span>
</main><script>
const $ = (id) => document.getElementById(id);
// the app sets the choice back a moment after it was made
$('type').onchange = () => { setTimeout(() => { $('type').value = 'Resident'; }, 100); };
// and goes on to the next page a moment after the click
$('go').onclick = () => { setTimeout(() => { location.href = 'next.html'; }, 100); };
// a clock the click starts and never stops
$('tick').onclick = () => { setInterval(() => { $('clock').textContent = String(Date.now()); }, 20); };
</script>"""

NEXT = """<!doctype html><meta charset="utf-8"><title>Next</title><main><h1>Applicant details</h1></main>"""


@pytest.fixture
def permit(site: tuple[Path, str]) -> Iterator[Page]:
    with sync_page(site, {"permit.html": FORM, "next.html": NEXT}, "permit.html") as page:
        yield page


def test_after_the_block_a_value_the_app_sets_back_is_what_the_page_shows(permit: Page) -> None:
    page = permit
    page.select_option("#type", label="Visitor")
    assert page.input_value("#type") == "Visitor"  # without settling: read before the app sets it back
    page.wait_for_function("document.getElementById('type').value === 'Resident'")
    with settled(page):
        page.select_option("#type", label="Visitor")
    assert page.input_value("#type") == "Resident"


def test_a_navigation_the_action_starts_later_is_awaited_until_the_new_document_is_in(permit: Page) -> None:
    page = permit
    with settled(page):
        page.click("#go")
    assert page.url.endswith("/next.html")
    assert page.evaluate("document.querySelector('h1') && document.querySelector('h1').textContent") == (
        "Applicant details"
    )


def test_a_page_that_never_stops_changing_costs_the_cap_not_a_hang(permit: Page) -> None:
    page = permit
    started = time.monotonic()
    with settled(page):
        page.click("#tick")
    # the cap is 1 s; the bound leaves room for a busy machine and still tells a cap from a hang
    assert time.monotonic() - started < SETTLE_CAP_MS / 1000 + 9


def test_an_action_that_fails_inside_the_block_raises_as_it_would_without_it(permit: Page) -> None:
    page = permit
    with pytest.raises(Exception, match="Timeout"), settled(page):
        page.click("#missing", timeout=300)
    with settled(page):  # and the page is still usable afterwards
        page.select_option("#type", label="Visitor")
    assert page.input_value("#type") == "Resident"
