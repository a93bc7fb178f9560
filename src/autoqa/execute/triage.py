"""Failure triage: every spec that does not pass gets ONE class, with the evidence line that justified it.

The table below (:data:`CLASS_OF`) is the only place that maps evidence to a class. Evidence is read
from the spec's result — its outcome, the guardrail that tripped, the flag that failed a step under a
strict setting, the failing tool call's error code and message, the verdict's reason — or handed in by
the runner where only it knows the cause (the browser died, the page crashed, no setup state, a
browser that would not start): :func:`known`. What each class *does* to the run (fail / warn / heal) is
configuration, applied by the runner (``autoqa.runner.disposition``).

Order of the checks (the first that applies wins), so that a cause beats its symptoms:

1. a refused spec (``needs_agent``): an unusable step cache, else the spec itself;
2. a guardrail trip: a time limit on a spec no model drove is the environment's (the app was slow),
   any other trip is the agent's — except a step whose attempts ran out on the app's answers (``failed``),
   judged by its last call that ran;
3. the flag that failed a step under ``strict_drift`` / ``strict_negative_checks``;
4. a step cache that could not be replayed;
5. ``report_bug``, and "no evidence for step N";
6. the failing tool call: its code, sharpened by what its message says (HTTP 5xx on the document, a
   similar element that is visible, a navigation that timed out);
7. the agent's own ``finish(failed)``; an agent session that broke (model API error, no finish);
8. anything else: ``error`` is the environment's, ``failed`` the app's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum

from autoqa.results import (
    NOT_PASSING,
    ExecutorKind,
    FailureClass,
    FlagKind,
    Outcome,
    SpecResult,
    StepResult,
    ToolCall,
    Triage,
)
from autoqa.tools.result import REFUSED_CODES, ErrorCode


class Evidence(StrEnum):
    """A kind of evidence a failure class is decided from. Each has one class (:data:`CLASS_OF`)."""

    # app bug
    ASSERTION_MISMATCH = "an assertion saw other content"
    BUG_REPORTED = "the agent reported a bug"
    AGENT_REPORTED_FAILURE = "the agent reported the spec failed"
    TARGET_MISSING = "the element the step names is not on the page and nothing similar is"
    NOT_INTERACTABLE = "the element is there but cannot be used (disabled, covered)"
    STATE_TIMEOUT = "the page did not reach the stated state in time"
    INVARIANT_VIOLATED = "an invariant of the page does not hold"
    VISUAL_MISMATCH = "the page differs from its visual baseline"
    UNEXPLAINED_FAILURE = "the spec failed"
    # app change
    SIMILAR_ELEMENT = "the target is gone but a similar element is visible"
    DRIFT = "a replayed element no longer carries the name the step quotes (drift)"
    # test authoring
    SPEC_REFUSED = "the spec was refused: a step is neither plain grammar nor in the step cache"
    AMBIGUOUS_TARGET = "the step's target matches several elements equally well"
    VACUOUS_NEGATIVE = "a negative check whose subject never matched (strict_negative_checks)"
    NO_EVIDENCE = "a step that claims something has no passing assertion"
    INVALID_STEP = "the step asks for something the tools refuse"
    ORIGIN_BLOCKED = "the spec goes to an origin outside allowed_origins"
    BASELINE_MISSING = "a visual check has no committed baseline to compare with (missing_baselines = error)"
    # environment
    APP_UNREACHABLE = "the app was unreachable"
    HTTP_5XX = "the page answered an HTTP 5xx error"
    NAVIGATION_TIMEOUT = "a page did not load in time"
    BROWSER_CRASH = "the browser process exited"
    PAGE_CRASH = "the page crashed or was closed"
    SPEC_TIMEOUT = "the spec ran out of time with no model driving it"
    NO_SETUP_STATE = "its setup spec did not pass, so there was no logged-in state"
    INFRASTRUCTURE = "the browser or the tools broke"
    # agent or cache
    GUARDRAIL = "a guardrail tripped"
    MODEL_API_ERROR = "the model API answered an error"
    AGENT_SESSION = "the agent session did not end with a verdict"
    CACHE_INVALID = "the step cache could not be used"


CLASS_OF: Mapping[Evidence, FailureClass] = {
    Evidence.ASSERTION_MISMATCH: FailureClass.APP_BUG,
    Evidence.BUG_REPORTED: FailureClass.APP_BUG,
    Evidence.AGENT_REPORTED_FAILURE: FailureClass.APP_BUG,
    Evidence.TARGET_MISSING: FailureClass.APP_BUG,
    Evidence.NOT_INTERACTABLE: FailureClass.APP_BUG,
    Evidence.STATE_TIMEOUT: FailureClass.APP_BUG,
    Evidence.INVARIANT_VIOLATED: FailureClass.APP_BUG,
    Evidence.VISUAL_MISMATCH: FailureClass.APP_BUG,
    Evidence.UNEXPLAINED_FAILURE: FailureClass.APP_BUG,
    Evidence.SIMILAR_ELEMENT: FailureClass.APP_CHANGE,
    Evidence.DRIFT: FailureClass.APP_CHANGE,
    Evidence.SPEC_REFUSED: FailureClass.TEST_AUTHORING,
    Evidence.AMBIGUOUS_TARGET: FailureClass.TEST_AUTHORING,
    Evidence.VACUOUS_NEGATIVE: FailureClass.TEST_AUTHORING,
    Evidence.NO_EVIDENCE: FailureClass.TEST_AUTHORING,
    Evidence.INVALID_STEP: FailureClass.TEST_AUTHORING,
    Evidence.ORIGIN_BLOCKED: FailureClass.TEST_AUTHORING,
    Evidence.BASELINE_MISSING: FailureClass.TEST_AUTHORING,
    Evidence.APP_UNREACHABLE: FailureClass.ENVIRONMENT,
    Evidence.HTTP_5XX: FailureClass.ENVIRONMENT,
    Evidence.NAVIGATION_TIMEOUT: FailureClass.ENVIRONMENT,
    Evidence.BROWSER_CRASH: FailureClass.ENVIRONMENT,
    Evidence.PAGE_CRASH: FailureClass.ENVIRONMENT,
    Evidence.SPEC_TIMEOUT: FailureClass.ENVIRONMENT,
    Evidence.NO_SETUP_STATE: FailureClass.ENVIRONMENT,
    Evidence.INFRASTRUCTURE: FailureClass.ENVIRONMENT,
    Evidence.GUARDRAIL: FailureClass.AGENT_OR_CACHE,
    Evidence.MODEL_API_ERROR: FailureClass.AGENT_OR_CACHE,
    Evidence.AGENT_SESSION: FailureClass.AGENT_OR_CACHE,
    Evidence.CACHE_INVALID: FailureClass.AGENT_OR_CACHE,
}
"""Evidence → class: the whole classification, in one table."""

CODE_EVIDENCE: Mapping[ErrorCode, Evidence] = {
    ErrorCode.ASSERTION_FAILED: Evidence.ASSERTION_MISMATCH,
    ErrorCode.ELEMENT_NOT_FOUND: Evidence.TARGET_MISSING,  # SIMILAR_ELEMENT when something similar is visible
    ErrorCode.ELEMENT_NOT_INTERACTABLE: Evidence.NOT_INTERACTABLE,
    ErrorCode.TIMEOUT: Evidence.STATE_TIMEOUT,  # NAVIGATION_TIMEOUT when a page load timed out
    ErrorCode.INVARIANT_VIOLATED: Evidence.INVARIANT_VIOLATED,
    ErrorCode.VISUAL_MISMATCH: Evidence.VISUAL_MISMATCH,
    ErrorCode.BASELINE_MISSING: Evidence.BASELINE_MISSING,
    ErrorCode.AMBIGUOUS_TARGET: Evidence.AMBIGUOUS_TARGET,
    ErrorCode.INVALID_INPUT: Evidence.INVALID_STEP,
    ErrorCode.UNSUPPORTED: Evidence.INVALID_STEP,
    ErrorCode.NAVIGATION_BLOCKED: Evidence.ORIGIN_BLOCKED,
    ErrorCode.NAVIGATION_FAILED: Evidence.APP_UNREACHABLE,
    ErrorCode.PAGE_CLOSED: Evidence.PAGE_CRASH,
    ErrorCode.INTERNAL_ERROR: Evidence.INFRASTRUCTURE,
    ErrorCode.CIRCUIT_OPEN: Evidence.GUARDRAIL,
    ErrorCode.GUARDRAIL_TRIPPED: Evidence.GUARDRAIL,
    ErrorCode.SESSION_FINISHED: Evidence.AGENT_SESSION,
    ErrorCode.ASK_USER_UNAVAILABLE: Evidence.AGENT_SESSION,
}
"""A failing tool call's code → its evidence (every :class:`ErrorCode` has one; a test checks it)."""

# Wording of other modules this reads (pinned by tests that produce each one for real).
_HTTP_5XX = re.compile(r"the page answered HTTP (5\d\d)")  # tools/page_health.py
_SIMILAR = "; closest: "  # tools/locate.py: ELEMENT_NOT_FOUND naming the closest similar elements
_CACHE_PROBLEM = re.compile(  # replay/cache.py and execute/replay.py
    r"cache file .+? (?:is invalid|is unreadable|has version \d+)"
    r"|cache file .+?: step \d+ .*it is not replayed"
)
_BUG_REPORTED = "bug reported at step"  # execute/verdict.py
_NO_EVIDENCE = "no evidence for step"
_AGENT_FAILED = "agent reported failure"
_NOT_EXECUTED = "was not executed (no tool call for it)"
_MODEL_API = "model API error"  # agent/session.py
_NAVIGATION_TOOLS = frozenset({"navigate", "history"})
_TIME_LIMITS = frozenset({"spec_timeout_s", "budget.seconds"})
_AGENT_EXECUTORS = frozenset(
    {ExecutorKind.AGENT, ExecutorKind.REPLAY_THEN_AGENT, ExecutorKind.PLAIN_THEN_AGENT}
)
_APP_CLASSES = frozenset({FailureClass.APP_BUG, FailureClass.APP_CHANGE})
_LINE_LIMIT = 300


def _line(evidence: Evidence, detail: str | None) -> str:
    detail = " ".join((detail or "").split())
    text = f"{evidence}: {detail}" if detail else str(evidence)
    return text if len(text) <= _LINE_LIMIT else text[: _LINE_LIMIT - 1] + "…"


def known(evidence: Evidence, detail: str | None = None) -> Triage:
    """The triage for a cause the caller knows first-hand (the runner saw the browser die)."""
    return Triage(CLASS_OF[evidence], _line(evidence, detail))


def _failed_step(result: SpecResult) -> StepResult | None:
    return next((s for s in result.steps if s.index == result.failed_step), None)


def failing_call(result: SpecResult) -> ToolCall | None:
    """The last failed call of the failed step, else the last failed call of the spec."""
    step = _failed_step(result)
    if step is not None:
        failed = [c for c in step.tool_calls if not c.ok]
        # A call the guardrails refused never ran: the last one that did is what the page said.
        found = next((c for c in reversed(failed) if c.error_code not in REFUSED_CODES), None)
        if found is not None or failed:
            return found or failed[-1]
    calls = [c for s in result.steps for c in s.tool_calls if not c.ok]
    return calls[-1] if calls else None


def _describe(call: ToolCall) -> str:
    where = f"step {call.step}: " if call.step is not None else ""
    return f"{where}{call.tool} {call.error_code}: {call.error_message or ''}"


def call_evidence(call: ToolCall) -> Evidence:
    """What one failed call proves, from its code and what its message adds."""
    message = call.error_message or ""
    try:
        code = ErrorCode(call.error_code) if call.error_code else ErrorCode.INTERNAL_ERROR
    except ValueError:
        return Evidence.INFRASTRUCTURE
    evidence = CODE_EVIDENCE[code]
    if CLASS_OF[evidence] in _APP_CLASSES and _HTTP_5XX.search(message):
        return Evidence.HTTP_5XX  # a check that failed on a server error page: the server, not the app logic
    if code is ErrorCode.ELEMENT_NOT_FOUND and _SIMILAR in message:
        return Evidence.SIMILAR_ELEMENT
    if code is ErrorCode.TIMEOUT and call.tool in _NAVIGATION_TOOLS:
        return Evidence.NAVIGATION_TIMEOUT
    return evidence


def _flag_evidence(result: SpecResult) -> tuple[Evidence, str] | None:
    step = _failed_step(result)
    reason = result.reason or ""
    for flag in step.flags if step is not None else ():
        if flag.message and flag.message in reason:
            kind = Evidence.DRIFT if flag.kind is FlagKind.DRIFT else Evidence.VACUOUS_NEGATIVE
            return kind, f"step {step.index if step else ''}: {flag.message}"
    return None


def _find(result: SpecResult) -> tuple[Evidence, str | None]:
    reason = result.reason or ""
    agent = result.executor in _AGENT_EXECUTORS
    cache_problem = _CACHE_PROBLEM.search(reason)
    if result.outcome is Outcome.NEEDS_AGENT:
        return (
            (Evidence.CACHE_INVALID, reason[cache_problem.start() :])
            if cache_problem
            else (
                Evidence.SPEC_REFUSED,
                reason,
            )
        )
    trip = result.guardrail
    # A step whose attempts ran out on the app's answers is failed (the verdict decided): judge that answer.
    exhausted = trip is not None and trip.name == "max_retries_per_step" and result.outcome is Outcome.FAILED
    if trip is not None and not exhausted:
        slow = trip.name in _TIME_LIMITS and not agent  # plain or replay: no model was driving
        return (Evidence.SPEC_TIMEOUT if slow else Evidence.GUARDRAIL), trip.reason
    flagged = _flag_evidence(result)
    if flagged is not None:
        return flagged
    if cache_problem:
        return Evidence.CACHE_INVALID, reason[cache_problem.start() :]
    if reason.startswith(_BUG_REPORTED):
        return Evidence.BUG_REPORTED, reason
    if _NO_EVIDENCE in reason:
        return Evidence.NO_EVIDENCE, reason
    call = failing_call(result)
    if call is not None:
        evidence = call_evidence(call)
        environment = CLASS_OF[evidence] is FailureClass.ENVIRONMENT
        # An error is not a verdict on the app; an agent's error is the session's unless the page went away.
        if result.outcome is Outcome.FAILED or environment or (not agent and evidence not in _APP_EVIDENCE):
            return evidence, _describe(call)
    if reason.startswith(_AGENT_FAILED):
        return Evidence.AGENT_REPORTED_FAILURE, reason
    if agent and (result.outcome is Outcome.ERROR or _NOT_EXECUTED in reason):
        return (Evidence.MODEL_API_ERROR if _MODEL_API in reason else Evidence.AGENT_SESSION), reason
    if result.outcome is Outcome.FAILED:
        return Evidence.UNEXPLAINED_FAILURE, reason
    return Evidence.INFRASTRUCTURE, reason


_APP_EVIDENCE = frozenset(e for e, c in CLASS_OF.items() if c in _APP_CLASSES)


def classify(result: SpecResult) -> Triage | None:
    """The class of a spec that did not pass (action ``fail``: the runner applies the policy); None for
    passed and skipped specs. A triage the result already carries (set where the cause was known) stays."""
    if result.outcome not in NOT_PASSING or result.outcome is Outcome.FLAKY:
        return result.triage
    if result.triage is not None:
        return result.triage
    evidence, detail = _find(result)
    return known(evidence, detail)
