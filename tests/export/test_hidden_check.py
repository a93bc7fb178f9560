"""``expect_target_hidden``, what an exported "… is not visible" check of an element the run never found
calls: it looks the description up as the tool does, so it fails while such an element shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from autoqa.export.hidden_check import expect_target_hidden

from .sync_page import sync_page

PAGE = """<!doctype html><meta charset="utf-8"><title>Requests</title><main>
<table><tr><td>Taras Melnyk</td><td><button type="button" id="approve">Approve</button></td></tr></table>
<a href="#help">Reject</a>
<button type="button" id="later" hidden>Archive</button>
</main><script>
document.getElementById('approve').onclick = (e) => setTimeout(() => e.target.remove(), 300);
</script>"""


@pytest.fixture
def requests_page(site: tuple[Path, str]) -> Iterator[Page]:
    with sync_page(site, {"requests.html": PAGE}, "requests.html") as page:
        yield page


def test_it_fails_while_the_described_element_shows_and_passes_once_it_is_gone(requests_page: Page) -> None:
    page = requests_page
    with pytest.raises(AssertionError, match=r"expected '\"Approve\" button' to be hidden, but 'Approve'"):
        expect_target_hidden(page, '"Approve" button', timeout_ms=300)
    page.click("#approve")
    expect_target_hidden(page, '"Approve" button', timeout_ms=3000)  # waits for the removal


def test_it_reads_the_description_as_the_tool_does(requests_page: Page) -> None:
    page = requests_page
    # role words filter: a link "Reject" is no button; a hidden button is hidden; a row scope is honoured
    expect_target_hidden(page, '"Reject" button', timeout_ms=300)
    expect_target_hidden(page, '"Archive" button', timeout_ms=300)
    with pytest.raises(AssertionError):
        expect_target_hidden(page, '"Reject" link', timeout_ms=300)
    with pytest.raises(AssertionError):
        expect_target_hidden(page, 'Approve in "Taras Melnyk"', timeout_ms=300)
    expect_target_hidden(page, 'Approve in "Ivan Petrenko"', timeout_ms=300)
