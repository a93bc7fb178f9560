"""Hand-written equivalent of specs/05-long-list.md."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_reach_the_end_of_a_long_list(page: Page) -> None:
    page.goto("/list.html")
    page.get_by_text("Item 200", exact=True).scroll_into_view_if_needed()
    expect(page.get_by_text("Item 200", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Back to top")).to_be_visible()
