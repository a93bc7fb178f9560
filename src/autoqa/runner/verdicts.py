"""How a failed tool call in a deterministic run turns into an outcome.

The app not behaving as specified (an assertion fails, an element the spec names is missing or unusable)
is ``failed``. Anything that keeps us from judging (the browser died, the app is unreachable, the spec's
arguments are invalid, a navigation outside the allow-list) is ``error``.
"""

from __future__ import annotations

from autoqa.results import Outcome
from autoqa.tools import ErrorCode

APP_FAILURE_CODES = frozenset(
    {
        ErrorCode.ASSERTION_FAILED,
        ErrorCode.ELEMENT_NOT_FOUND,
        ErrorCode.AMBIGUOUS_TARGET,
        ErrorCode.ELEMENT_NOT_INTERACTABLE,
        ErrorCode.TIMEOUT,
    }
)

# Codes that an ``Optional:`` step treats as "not present here": the step is skipped, not failed.
ABSENT_CODES = frozenset({ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.TIMEOUT, ErrorCode.ELEMENT_NOT_INTERACTABLE})


def outcome_for_code(code: ErrorCode | str | None) -> Outcome:
    try:
        parsed = ErrorCode(code) if code is not None else ErrorCode.INTERNAL_ERROR
    except ValueError:
        return Outcome.ERROR
    return Outcome.FAILED if parsed in APP_FAILURE_CODES else Outcome.ERROR
