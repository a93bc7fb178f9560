"""The shared test browser survives a browser that dies: the next test gets a live one (a busy CI machine
once turned one dead browser into 165 errors)."""

from __future__ import annotations

from playwright.async_api import Browser, Page

from live_browser import LiveBrowser


async def test_a_dead_browser_is_replaced_for_the_next_user(browsers: LiveBrowser) -> None:
    first = await browsers.get()
    await first.close()  # as if it crashed: disconnected under the session
    assert not first.is_connected()
    second = await browsers.get()
    assert second is not first and second.is_connected()


async def test_the_next_test_gets_a_working_page(browser: Browser, page: Page, demo_url: str) -> None:
    assert browser.is_connected()
    await page.goto(demo_url + "/login.html")
    assert await page.title()
