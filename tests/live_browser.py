"""The session's shared test browser, relaunched when it is gone."""

from __future__ import annotations

from playwright.async_api import Browser, Playwright

from autoqa.browser import BrowserChoice, launch_browser


class LiveBrowser:
    """The session's shared Chromium, relaunched when it is gone: one browser that dies (a crash, the OOM
    killer on a busy machine) fails the test it died in, never every test after it."""

    def __init__(self, playwright: Playwright, choice: BrowserChoice) -> None:
        self.playwright = playwright
        self.choice = choice
        self._browser: Browser | None = None

    async def get(self) -> Browser:
        if self._browser is None or not self._browser.is_connected():
            self._browser = await launch_browser(self.playwright, self.choice)
        return self._browser

    async def close(self) -> None:
        if self._browser is not None and self._browser.is_connected():
            await self._browser.close()
