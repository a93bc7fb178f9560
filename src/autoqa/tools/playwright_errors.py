"""Turning Playwright exceptions into short, actionable :class:`ToolError` values.

A model reads these messages, so they are one line: Playwright's first line without the ``Call log``
noise, plus the one call-log line that explains a timeout ("element is not visible"). The full text stays
in ``details["playwright_message"]`` for humans.
"""

from __future__ import annotations

import asyncio
import re

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from autoqa.tools.page_health import describe_load_failure
from autoqa.tools.result import ErrorCode, ToolError

# TargetClosedError is not exported by playwright.async_api; its class name and message identify it.
_TARGET_CLOSED_CLASS = "TargetClosedError"

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_API_PREFIX = re.compile(r"^[A-Z][A-Za-z]*\.[a-z_]+:\s*(Error:\s*)?")
_DETAIL_LIMIT = 2_000

_CRASHED = ("target crashed", "page crashed")
_CLOSED = ("target closed", "target page, context or browser has been closed", "browser has been closed")
_NOT_INTERACTABLE = (
    "not visible",
    "not enabled",
    "not editable",
    "detached",
    "not attached",
    "intercepts pointer events",
    "outside of the viewport",
    # The wrong kind of element for the action (fill on a heading, check on a button).
    "is not an <input>",
    "not a checkbox or radio button",
    "not a <select> element",
)
# Call-log lines that say why an action kept waiting; the last one is the reason worth reporting.
_WAIT_REASON = re.compile(
    r"(element is not [a-z]+|.+ intercepts pointer events|element is outside of the viewport"
    r"|element is not attached to the DOM|waiting for (?:locator|get_by|frame).*)",
)


def clean_message(text: str) -> str:
    """Playwright's message without ANSI codes."""
    return _ANSI.sub("", text)


def first_line(text: str) -> str:
    line = clean_message(text).strip().splitlines()[0] if text.strip() else ""
    return _API_PREFIX.sub("", line).strip()


def timeout_reason(text: str) -> str | None:
    """The last call-log line explaining what a timed-out action was waiting for."""
    reasons = [m.group(1).strip() for m in _WAIT_REASON.finditer(clean_message(text))]
    if not reasons:
        return None
    reason = reasons[-1]
    if reason.startswith("waiting for"):
        return "no element matched (" + reason + ")"
    return reason


def map_playwright_error(exc: BaseException) -> ToolError:
    """Classify an exception raised by Playwright (or by a bounded wait) as a :class:`ToolError`.

    ``TimeoutError`` → TIMEOUT; strict-mode violation → AMBIGUOUS_TARGET; not visible / enabled /
    editable / attached, covered, outside the viewport → ELEMENT_NOT_INTERACTABLE; ``net::ERR_*`` →
    NAVIGATION_FAILED; a closed or crashed page, context or browser → PAGE_CLOSED; anything else
    INTERNAL_ERROR.
    """
    raw = clean_message(str(exc)) or type(exc).__name__
    lowered = raw.lower()
    details = {"exception": type(exc).__name__, "playwright_message": raw[:_DETAIL_LIMIT]}
    closed_class = type(exc).__name__ == _TARGET_CLOSED_CLASS
    if any(marker in lowered for marker in _CRASHED):
        # The tab's renderer process died (out of memory, killed): the page cannot be used any more.
        return ToolError.of(
            ErrorCode.PAGE_CLOSED,
            "the page crashed (its renderer process died); it cannot be used any more",
            **details,
        )
    if closed_class or any(marker in lowered for marker in _CLOSED):
        return ToolError.of(
            ErrorCode.PAGE_CLOSED,
            "the page, context or browser has been closed; use tabs(action='list') to see open tabs",
            **details,
        )
    if isinstance(exc, PlaywrightTimeoutError | asyncio.TimeoutError | TimeoutError):
        message = first_line(raw) or "timed out"
        reason = timeout_reason(raw)
        return ToolError.of(ErrorCode.TIMEOUT, f"{message} ({reason})" if reason else message, **details)
    if "strict mode violation" in lowered:
        return ToolError.of(ErrorCode.AMBIGUOUS_TARGET, first_line(raw), **details)
    if "did not change its state" in lowered:
        # set_checked clicked and the page put the box back (a handler that refuses or reverts the change):
        # the page did not do what the step asks, which is a finding about the page, not a tool fault.
        return ToolError.of(
            ErrorCode.ELEMENT_NOT_INTERACTABLE,
            f"{first_line(raw)}: the page kept its old state (a script refused or reverted the change)",
            **details,
        )
    if any(marker in lowered for marker in _NOT_INTERACTABLE):
        return ToolError.of(ErrorCode.ELEMENT_NOT_INTERACTABLE, first_line(raw), **details)
    if "execution context was destroyed" in lowered:
        return ToolError.of(
            ErrorCode.ELEMENT_NOT_INTERACTABLE,
            "the page navigated while the tool ran; take a new snapshot and retry",
            **details,
        )
    if "net::err_" in lowered:
        code = re.search(r"net::ERR_[A-Z_]+", raw)
        url = re.search(r"net::ERR_[A-Z_]+ at (\S+)", raw)
        if code and url:
            message = describe_load_failure(url.group(1), code.group(0))
        else:
            message = f"navigation failed: {code.group(0) if code else first_line(raw)}"
        return ToolError.of(ErrorCode.NAVIGATION_FAILED, message, **details)
    label = (
        first_line(raw) if isinstance(exc, PlaywrightError) else f"{type(exc).__name__}: {first_line(raw)}"
    )
    return ToolError.of(ErrorCode.INTERNAL_ERROR, label, **details)
