"""A sync Playwright page on a fixture page of the ``site`` server, for tests of the helpers exported tests
import (they run on pytest-playwright's sync API)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from autoqa.browser import resolve_browser


@contextlib.contextmanager
def sync_page(site: tuple[Path, str], pages: dict[str, str], start: str) -> Iterator[Page]:
    """Write ``pages`` (file name → HTML) into the site, open ``start`` in a fresh browser, yield the page."""
    folder, url = site
    for name, html in pages.items():
        (folder / name).write_text(html, encoding="utf-8")
    path = resolve_browser().path
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**({"executable_path": path} if path else {}))
        try:
            page = browser.new_page()
            page.goto(f"{url}/{start}")
            yield page
        finally:
            browser.close()
