"""map_playwright_error: every row of the table, driven by exceptions real Playwright raised."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError

from autoqa.tools import RETRIABLE, ErrorCode, map_playwright_error

PAGE = """
<button id=hidden style="display:none">Hidden</button>
<input id=disabled disabled>
<button id=offscreen style="position:fixed;left:-500px;top:-500px">Off</button>
<button id=covered>Covered</button><div style="position:fixed;inset:0"></div>
<button class=twin>One</button><button class=twin>Two</button>
"""

Raiser = Callable[[Page, BrowserContext], Awaitable[object]]


async def _detached(page: Page, _: BrowserContext) -> object:
    handle = await page.query_selector("#covered")
    assert handle is not None
    await page.evaluate("document.getElementById('covered').remove()")
    return await handle.click(timeout=500)


async def _closed(page: Page, context: BrowserContext) -> object:
    other = await context.new_page()
    await other.close()
    return await other.locator("button").click(timeout=500)


async def _navigation_destroyed(page: Page, _: BrowserContext) -> object:
    return await asyncio.gather(
        page.evaluate("new Promise(r => setTimeout(r, 3000))"), page.goto("data:text/html,<p>elsewhere</p>")
    )


CASES: list[tuple[str, Raiser, ErrorCode, str]] = [
    ("timeout", lambda p, c: p.locator("#missing").click(timeout=200), ErrorCode.TIMEOUT, "Timeout 200ms"),
    (
        "strict mode",
        lambda p, c: p.locator(".twin").click(timeout=500),
        ErrorCode.AMBIGUOUS_TARGET,
        "strict mode",
    ),
    (
        "not visible",
        lambda p, c: p.locator("#hidden").click(force=True, timeout=500),
        ErrorCode.ELEMENT_NOT_INTERACTABLE,
        "not visible",
    ),
    (
        "outside viewport",
        lambda p, c: p.locator("#offscreen").click(force=True, timeout=500),
        ErrorCode.ELEMENT_NOT_INTERACTABLE,
        "outside of the viewport",
    ),
    ("detached", _detached, ErrorCode.ELEMENT_NOT_INTERACTABLE, "not attached"),
    (
        "net error",
        lambda p, c: p.goto("http://127.0.0.1:9/", timeout=5_000),
        ErrorCode.NAVIGATION_FAILED,
        "net::ERR_",
    ),
    ("target closed", _closed, ErrorCode.PAGE_CLOSED, "closed"),
    ("navigation destroyed context", _navigation_destroyed, ErrorCode.ELEMENT_NOT_INTERACTABLE, "navigated"),
    (
        "script error",
        lambda p, c: p.evaluate("() => { throw new Error('boom') }"),
        ErrorCode.INTERNAL_ERROR,
        "boom",
    ),
    ("unknown key", lambda p, c: p.keyboard.press("NoSuchKey"), ErrorCode.INTERNAL_ERROR, "Unknown key"),
]


@pytest.mark.parametrize(("name", "raiser", "code", "fragment"), CASES, ids=[c[0] for c in CASES])
async def test_real_playwright_errors_map_to_codes(
    page: Page, context: BrowserContext, name: str, raiser: Raiser, code: ErrorCode, fragment: str
) -> None:
    await page.set_content(PAGE)
    with pytest.raises(Exception) as caught:
        await raiser(page, context)
    error = map_playwright_error(caught.value)
    assert error.code is code, (name, str(caught.value)[:300])
    assert error.retriable is RETRIABLE[code]
    shown = error.message + " " + str((error.details or {}).get("playwright_message", ""))
    assert fragment.lower() in shown.lower()
    # Short for a model: one line, no call log, no ANSI colour codes.
    assert "\n" not in error.message
    assert "Call log" not in error.message
    assert "\x1b[" not in error.message


async def test_timeout_message_names_the_reason_from_the_call_log(page: Page) -> None:
    await page.set_content('<input id=d disabled value="x">')
    with pytest.raises(Exception) as caught:
        await page.locator("#d").fill("y", timeout=300)
    error = map_playwright_error(caught.value)
    assert error.code is ErrorCode.TIMEOUT
    assert "element is not enabled" in error.message


async def test_covered_element_timeout_reports_what_intercepts(page: Page) -> None:
    await page.set_content(PAGE)
    with pytest.raises(Exception) as caught:
        await page.locator("#covered").click(timeout=400)
    error = map_playwright_error(caught.value)
    assert error.code is ErrorCode.TIMEOUT
    assert "intercepts pointer events" in error.message


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("Element is not editable", ErrorCode.ELEMENT_NOT_INTERACTABLE),
        ("Element is not enabled", ErrorCode.ELEMENT_NOT_INTERACTABLE),
        ("<div class=overlay> intercepts pointer events", ErrorCode.ELEMENT_NOT_INTERACTABLE),
        ("Target closed", ErrorCode.PAGE_CLOSED),
        ("Target page, context or browser has been closed", ErrorCode.PAGE_CLOSED),
        (
            "\x1b[31mnet::ERR_NAME_NOT_RESOLVED\x1b[39m at https://nowhere.invalid/",
            ErrorCode.NAVIGATION_FAILED,
        ),
        ("something nobody expected", ErrorCode.INTERNAL_ERROR),
    ],
)
def test_message_rows_without_a_cheap_real_trigger(message: str, code: ErrorCode) -> None:
    # Playwright raises these only under races (an element turning read-only mid-action); the class is real.
    error = map_playwright_error(PlaywrightError(message))
    assert error.code is code
    assert "\x1b[" not in error.message


def test_builtin_timeout_and_foreign_exceptions() -> None:
    assert map_playwright_error(TimeoutError()).code is ErrorCode.TIMEOUT
    error = map_playwright_error(ValueError("bad thing"))
    assert error.code is ErrorCode.INTERNAL_ERROR
    assert error.message == "ValueError: bad thing"


def test_retriable_means_the_same_call_may_succeed_later() -> None:
    # Waited in full and saw other content, or no such element: repeating the call cannot help.
    never_later = (ErrorCode.ASSERTION_FAILED, ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS_TARGET)
    assert not any(RETRIABLE[code] for code in never_later)
    # The page was loading or busy: the very same call may pass in a moment.
    later = (ErrorCode.TIMEOUT, ErrorCode.ELEMENT_NOT_INTERACTABLE, ErrorCode.NAVIGATION_FAILED)
    assert all(RETRIABLE[code] for code in later)
