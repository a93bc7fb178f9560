"""autoqa's exported checks wait as long as ``expect`` does: a suite that gives expect more time for a slow
app gives it to them too, and one that gives expect less fails them sooner."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from autoqa.browser import resolve_browser
from autoqa.export.expect_timeout import EXPECT_DEFAULT_MS, expect_timeout_ms
from autoqa.export.region_locator import named_region

# The region the check looks for appears 3 s after the page loads.
PAGE = """<!doctype html><meta charset="utf-8"><title>Slow</title><main><h1>Orders</h1></main>
<script>setTimeout(() => {
  const s = document.createElement('section');
  s.setAttribute('aria-label', 'Results');
  s.textContent = 'Three results';
  document.querySelector('main').append(s);
}, 3000);</script>"""


def _find_region(url: str, expect_ms: float | None) -> tuple[bool, float]:
    """In a thread of its own (the sync API wants no running event loop): whether ``named_region`` found
    the region with expect's timeout set to ``expect_ms``, and how long it took."""
    choice = resolve_browser()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=choice.path) if choice.path else p.chromium.launch()
        try:
            page = browser.new_page()
            page.goto(url)
            expect.set_options(timeout=expect_ms)
            started = time.monotonic()
            try:
                named_region(page, "Results")
                found = True
            except AssertionError:
                found = False
            return found, time.monotonic() - started
        finally:
            expect.set_options(timeout=None)
            browser.close()


def test_the_exported_checks_follow_expects_timeout() -> None:
    assert expect_timeout_ms() == EXPECT_DEFAULT_MS
    assert expect_timeout_ms(250) == 250  # a call's own timeout wins
    try:
        expect.set_options(timeout=12_000)
        assert expect_timeout_ms() == 12_000
    finally:
        expect.set_options(timeout=None)
    assert expect_timeout_ms() == EXPECT_DEFAULT_MS


@pytest.mark.timeout(120)
def test_a_region_that_appears_late_is_found_with_expects_time_and_missed_without_it(
    site: tuple[Path, str],
) -> None:
    folder, url = site
    (folder / "slow.html").write_text(PAGE, encoding="utf-8")
    with ThreadPoolExecutor(1) as pool:
        found, waited = pool.submit(_find_region, f"{url}/slow.html", 300).result()
        assert not found and waited < 2.5, waited  # expect's 0.3 s, not a fixed 5 s
        found, _ = pool.submit(_find_region, f"{url}/slow.html", 10_000).result()
        assert found
