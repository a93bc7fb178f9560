"""ToolResult: what every browser tool returns instead of raising."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ErrorCode(StrEnum):
    """Failure codes a tool can return. ``RETRIABLE`` says whether trying again can help."""

    INVALID_INPUT = "INVALID_INPUT"
    ELEMENT_NOT_FOUND = "ELEMENT_NOT_FOUND"
    AMBIGUOUS_TARGET = "AMBIGUOUS_TARGET"
    ELEMENT_NOT_INTERACTABLE = "ELEMENT_NOT_INTERACTABLE"
    TIMEOUT = "TIMEOUT"
    NAVIGATION_FAILED = "NAVIGATION_FAILED"
    NAVIGATION_BLOCKED = "NAVIGATION_BLOCKED"
    ASSERTION_FAILED = "ASSERTION_FAILED"
    PAGE_CLOSED = "PAGE_CLOSED"
    UNSUPPORTED = "UNSUPPORTED"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    CIRCUIT_OPEN = "CIRCUIT_OPEN"
    ASK_USER_UNAVAILABLE = "ASK_USER_UNAVAILABLE"
    GUARDRAIL_TRIPPED = "GUARDRAIL_TRIPPED"
    """A limit of the run ended the session (the agent's guardrails)."""
    SESSION_FINISHED = "SESSION_FINISHED"
    """A tool call after ``finish`` or ``report_bug``."""
    VISUAL_MISMATCH = "VISUAL_MISMATCH"
    """The page (or element) does not look like its visual baseline: the app's answer, like a failed
    assertion."""
    BASELINE_MISSING = "BASELINE_MISSING"
    """A visual check has no baseline to compare with and may not write one (``missing_baselines =
    "error"``, the default in CI): nothing was judged."""
    INVARIANT_VIOLATED = "INVARIANT_VIOLATED"
    """The call did what it was asked, but the app broke an invariant meanwhile (a console error, an
    uncaught exception, a failed request, error text): the app's fault, and the step fails on it."""


# Retriable means "the same call may succeed later": the page was still loading or busy (a timeout, a
# covered or disabled element, a failed navigation). Everything else has already waited its full timeout
# and saw what it saw: an assertion that found other content, a target that is not on the page or is
# ambiguous, a stale ref — repeating the call cannot help; a different call, or report_bug, may.
RETRIABLE: dict[ErrorCode, bool] = {
    ErrorCode.INVALID_INPUT: False,
    ErrorCode.ELEMENT_NOT_FOUND: False,
    ErrorCode.AMBIGUOUS_TARGET: False,
    ErrorCode.ELEMENT_NOT_INTERACTABLE: True,
    ErrorCode.TIMEOUT: True,
    ErrorCode.NAVIGATION_FAILED: True,
    ErrorCode.NAVIGATION_BLOCKED: False,
    ErrorCode.ASSERTION_FAILED: False,
    ErrorCode.PAGE_CLOSED: False,
    ErrorCode.UNSUPPORTED: False,
    ErrorCode.INTERNAL_ERROR: False,
    ErrorCode.CIRCUIT_OPEN: False,
    ErrorCode.ASK_USER_UNAVAILABLE: False,
    ErrorCode.GUARDRAIL_TRIPPED: False,
    ErrorCode.SESSION_FINISHED: False,
    ErrorCode.VISUAL_MISMATCH: False,
    ErrorCode.BASELINE_MISSING: False,
    ErrorCode.INVARIANT_VIOLATED: False,
}

REFUSED_CODES = frozenset({ErrorCode.CIRCUIT_OPEN, ErrorCode.GUARDRAIL_TRIPPED})
"""Calls the agent's guardrails refused: they never ran, so they say nothing about the page."""

ABSENT_CODES = frozenset({ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.TIMEOUT, ErrorCode.ELEMENT_NOT_INTERACTABLE})
"""Codes that an ``Optional:`` step treats as "not present here": the step is skipped, not failed."""


class ToolError(BaseModel):
    model_config = ConfigDict(frozen=True)

    code: ErrorCode
    message: str
    """What went wrong, in words a person reads in a report (no refs, no tool advice)."""
    retriable: bool
    details: dict[str, Any] | None = None
    advice: str | None = None
    """What the model may do next (use a ref, take a snapshot): sent to the model, not shown to people."""

    @classmethod
    def of(cls, code: ErrorCode, message: str, *, advice: str | None = None, **details: Any) -> ToolError:
        return cls(
            code=code, message=message, retriable=RETRIABLE[code], details=details or None, advice=advice
        )


class Screenshot(BaseModel):
    """A screenshot held in memory (``data``); the artifacts layer decides whether it becomes a file."""

    model_config = ConfigDict(frozen=True)

    mime: str = "image/jpeg"
    width: int
    height: int
    data: bytes | None = Field(default=None, repr=False, exclude=True)
    path: str | None = None
    note: str | None = None


class EvidenceImage(BaseModel):
    """An image a check attaches besides its screenshot (a visual baseline's ``expected``, ``actual`` and
    ``diff``); the runner saves it with the run's artifacts, by policy."""

    model_config = ConfigDict(frozen=True)

    kind: str
    data: bytes = Field(repr=False, exclude=True)
    mime: str = "image/png"


class ToolResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    ok: bool
    tool: str = ""
    data: dict[str, Any] = Field(default_factory=dict)
    error: ToolError | None = None
    screenshot: Screenshot | None = None
    screenshot_note: str | None = None
    duration_ms: float = 0.0
    images: tuple[EvidenceImage, ...] = ()
    """Full-size evidence images (kept as files, shown side by side in report.html)."""

    @classmethod
    def success(cls, tool: str = "", **data: Any) -> ToolResult:
        return cls(ok=True, tool=tool, data=data)

    @classmethod
    def failure(cls, code: ErrorCode, message: str, tool: str = "", **details: Any) -> ToolResult:
        return cls(ok=False, tool=tool, error=ToolError.of(code, message, **details))


class ToolFailure(Exception):
    """Raised inside a tool (or a helper it calls) to end the call with this error.

    Never escapes :func:`autoqa.tools.call_tool`, which turns it into a failed :class:`ToolResult`.
    """

    def __init__(self, code: ErrorCode, message: str, *, advice: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.error = ToolError.of(code, message, advice=advice, **details)
