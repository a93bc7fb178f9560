"""Why a page may not show what a step expects: the app was unreachable, or it answered an HTTP error.

A click that leads to a dead server leaves Chromium's empty error page behind, and every later check
would fail with "element not found" — blaming the app's behaviour for what is really an outage. And a
check that fails on a page the server answered with HTTP 500 is clearer when it says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Page

from autoqa.tools.deadlines import bounded
from autoqa.tools.pages import PageTracker
from autoqa.tools.result import ErrorCode, ToolError, ToolResult

# Network-level failures: the request never got an HTTP answer, so the spec cannot be judged.
_NET_WORDS = {
    "ERR_CONNECTION_REFUSED": "connection refused",
    "ERR_CONNECTION_RESET": "connection reset",
    "ERR_CONNECTION_CLOSED": "the connection closed without an answer",
    "ERR_EMPTY_RESPONSE": "the connection closed without an answer",
    "ERR_CONNECTION_FAILED": "the connection failed",
    "ERR_CONNECTION_TIMED_OUT": "the connection timed out",
    "ERR_TIMED_OUT": "the connection timed out",
    "ERR_NAME_NOT_RESOLVED": "DNS lookup failed (unknown host)",
    "ERR_NAME_RESOLUTION_FAILED": "DNS lookup failed",
    "ERR_ADDRESS_UNREACHABLE": "the address is unreachable",
    "ERR_INTERNET_DISCONNECTED": "the network is down",
    "ERR_NETWORK_CHANGED": "the network changed",
}

# Codes a failing check reports when the page lacks what the step expects: on an error page or an
# HTTP error answer, these are symptoms, not the cause.
_SYMPTOM_CODES = frozenset(
    {
        ErrorCode.ELEMENT_NOT_FOUND,
        ErrorCode.AMBIGUOUS_TARGET,
        ErrorCode.ELEMENT_NOT_INTERACTABLE,
        ErrorCode.TIMEOUT,
        ErrorCode.ASSERTION_FAILED,
    }
)

_STATUS_SCRIPT = "() => performance.getEntriesByType('navigation')[0]?.responseStatus ?? 0"
_STATUS_BOUND_MS = 1_000
ERROR_PAGE_PREFIX = "chrome-error://"


def describe_load_failure(url: str, net_error: str) -> str:
    """ "the app at http://host:port is unreachable: connection refused (net::ERR_… loading /path)"."""
    code = net_error.removeprefix("net::").strip() or "unknown error"
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else url
    shown = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    detail = f"net::{code} loading {shown}" if parts.netloc else f"net::{code}"
    words = _NET_WORDS.get(code)
    if words is None and code.startswith(("ERR_CERT_", "ERR_SSL_")):
        words = "its TLS certificate or handshake was rejected"
    if words is None:
        return f"{url or 'the page'} could not be loaded ({detail})"
    return f"the app at {origin} is unreachable: {words} ({detail})"


# A new tab's about:blank with nothing in it: no page was opened yet, and nothing appears there by itself. A
# tab a script wrote into (a popup, ``set_content``) keeps that URL but has content, and is read as usual.
_EMPTY_DOCUMENT = (
    "() => !document.body || (!document.body.childElementCount && !document.body.textContent.trim())"
)
_NOTHING_OPENED = (
    "the page is blank (about:blank): nothing has been opened yet, so there is nothing to find or check "
    "on it; navigate to a page first (a spec's first step is usually 'Navigate to /…')"
)
_BLANK_CODES = {"action": ErrorCode.ELEMENT_NOT_FOUND, "control": ErrorCode.TIMEOUT}


_LOOKING_KEYS = ("target", "ref", "text", "to_target")


def looks_for_content(kind: str, args: Mapping[str, Any]) -> bool:
    """A call of a tool of ``kind`` that waits for an element or a text to be on the page (a look,
    ``snapshot``, never waits): on the blank tab a spec starts on, it can only fail."""
    return kind != "observe" and any(args.get(key) for key in _LOOKING_KEYS)


async def nothing_opened(page: Page) -> bool:
    """True when ``page`` is still the empty about:blank a tab starts on."""
    if page.url != "about:blank":
        return False
    try:
        return bool(await bounded(page.evaluate(_EMPTY_DOCUMENT), 2_000))
    except Exception:  # closed or busy: the call itself will say what is wrong
        return False


def before_any_page(kind: str) -> ToolResult:
    """The failure of a call that looks for an element or a text in a tab nothing was opened in: what that
    kind of call reports when its element or text is missing, at once (waiting cannot help)."""
    code = _BLANK_CODES.get(kind, ErrorCode.ASSERTION_FAILED)
    return ToolResult(ok=False, error=ToolError(code=code, message=_NOTHING_OPENED, retriable=False))


def on_error_page(page: Page) -> bool:
    """True when ``page`` shows the browser's own error page (a load failed at the network level)."""
    return page.url.startswith(ERROR_PAGE_PREFIX)


async def explain_failure(
    page: Page, track: PageTracker, tool: str, result: ToolResult, *, was_on_error_page: bool
) -> ToolResult:
    """``result``, reclassified when the app is unreachable, or with the page's HTTP error status added.

    - The page is on the browser's error page: a check that failed there, or a call that led there,
      becomes NAVIGATION_FAILED naming the failed load (an outage is an error, not the app's fault).
    - A check failed on a page the server answered with HTTP >= 400: the message says so.
    """
    if on_error_page(page):
        if result.ok and was_on_error_page:
            return result  # looking at an error page (snapshot, tabs) is fine; the earlier call was blamed
        if not result.ok and (result.error is None or result.error.code not in _SYMPTOM_CODES):
            return result
        url, net_error = track.failed_load(page) or ("", "")
        message = describe_load_failure(url, net_error)
        if result.ok:
            message = f"{tool} went through, but the page it led to did not load: {message}"
        details = {"symptom": result.error.message} if result.error else {}
        return result.model_copy(
            update={"ok": False, "error": ToolError.of(ErrorCode.NAVIGATION_FAILED, message, **details)}
        )
    if result.ok or result.error is None or result.error.code not in _SYMPTOM_CODES:
        return result
    if tool == "navigate":  # it reports the status of the page it opened itself
        return result
    status = await _document_status(page)
    if status < 400:
        return result
    error = result.error.model_copy(
        update={"message": f"{result.error.message}; the page answered HTTP {status}"}
    )
    return result.model_copy(update={"error": error})


async def _document_status(page: Page) -> int:
    """The HTTP status of the page's current document (0 when unknown). Never raises but cancellation."""
    try:
        status = await bounded(page.evaluate(_STATUS_SCRIPT), _STATUS_BOUND_MS)
    except asyncio.CancelledError:
        raise
    except Exception:  # crashed, closed or navigating: nothing to add
        return 0
    return status if isinstance(status, int) else 0
