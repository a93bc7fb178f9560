"""Hand-written equivalent of specs/04-playground.md."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_widgets_that_trip_browser_agents(page: Page) -> None:
    page.goto("/playground.html")
    cookies = page.get_by_role("button", name="Accept cookies")
    try:  # optional banner: a short wait, then go on without it
        cookies.wait_for(state="visible", timeout=500)
        cookies.click()
    except Exception:
        pass
    page.get_by_role("button", name="Load data").click()
    expect(page.get_by_text("Data loaded: 42 records")).to_be_visible()
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Continued")).to_be_visible()
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_text("Settings opened")).to_be_visible()
    page.get_by_role("button", name="Show toast").click()
    expect(page.get_by_text("Saved!")).to_be_visible()
    expect(page.get_by_text("Saved!")).to_be_hidden(timeout=10_000)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete item").click()
    expect(page.get_by_text("Item deleted")).to_be_visible()
    newsletter = page.frame_locator("iframe[title=Newsletter]")
    newsletter.get_by_label("Email").fill("qa@example.com")
    newsletter.get_by_role("button", name="Subscribe").click()
    expect(newsletter.get_by_text("Subscribed: qa@example.com")).to_be_visible()
    with page.expect_popup() as popup_info:
        page.get_by_role("link", name="Open help").click()
    help_page = popup_info.value
    expect(help_page.get_by_role("heading", name="Help center")).to_be_visible()
