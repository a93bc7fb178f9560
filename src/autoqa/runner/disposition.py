"""What a finished spec does to the run: its failure class (:mod:`autoqa.execute.triage`), the action the
``[triage]`` table gives that class, quarantine, flakiness, and the spec's own budget.

The outcome is never changed here: a warned or quarantined failure stays ``failed`` / ``error`` in every
report; :attr:`SpecResult.fails_run` (which the exit code reads) is what these decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from autoqa.config.quarantine import Quarantine
from autoqa.config.settings import Settings
from autoqa.execute.triage import CLASS_OF, Evidence, call_evidence, classify
from autoqa.results import (
    Attempt,
    FailureClass,
    GuardrailTrip,
    Outcome,
    SpecResult,
    ToolCall,
    Triage,
    TriageAction,
)
from autoqa.spec.model import Spec
from autoqa.tools.result import ToolResult

RETRIED_CLASSES = frozenset({FailureClass.APP_BUG, FailureClass.APP_CHANGE, FailureClass.ENVIRONMENT})
"""What ``retries`` runs again: the app or its environment may behave differently the next time. A test
authoring problem or an agent/cache problem (a guardrail, an invalid cache) is deterministic, and a
refused or skipped spec never ran."""


def should_retry(result: SpecResult) -> bool:
    """Whether a finished attempt is worth another one in a fresh context."""
    if result.outcome not in (Outcome.FAILED, Outcome.ERROR):
        return False
    triage = classify(result)
    if triage is None or triage.evidence.startswith(str(Evidence.NO_SETUP_STATE)):
        return False  # its setup spec did not pass in this run: another attempt cannot change that
    return triage.failure_class in RETRIED_CLASSES


def as_attempt(result: SpecResult, number: int) -> Attempt:
    return Attempt(
        number=number,
        outcome=result.outcome,
        reason=result.reason,
        failed_step=result.failed_step,
        duration_ms=result.duration_ms,
        triage=result.triage or classify(result),
        artifacts=dict(result.artifacts),
    )


def with_attempts(result: SpecResult, earlier: Sequence[SpecResult]) -> SpecResult:
    """The last attempt's result with the earlier ones (their cost included); a pass after a failure is
    ``flaky``, with the first failed attempt's class."""
    if not earlier:
        return result
    attempts = tuple(as_attempt(r, number) for number, r in enumerate(earlier, start=1))
    usage = result.usage
    for retired in earlier:
        usage = usage + retired.usage
    duration = round(result.duration_ms + sum(r.duration_ms for r in earlier), 1)  # time spent on the spec
    result = replace(result, attempts=attempts, usage=usage, duration_ms=duration)
    if result.outcome is not Outcome.PASSED:
        return result
    first = attempts[0]
    why = f"attempt {first.number} {first.outcome}: {first.reason}" if first.reason else str(first.outcome)
    return replace(
        result,
        outcome=Outcome.FLAKY,
        reason=f"passed on attempt {len(attempts) + 1}; {why}",
        triage=first.triage,
        failed_step=None,  # the last attempt passed every step; the attempt keeps where it failed
    )


_RENAMED = {"spec_timeout_s": "seconds", "max_budget_usd": "usd"}


def with_budget(result: SpecResult, spec: Spec) -> SpecResult:
    """Attach the spec's own ``budget:``; a trip of a limit it set is named ``budget.seconds`` /
    ``budget.usd`` (the spec's limit, not the run's setting)."""
    budget = spec.budget
    if budget is None:
        return result
    result = replace(result, budget=budget)
    trip = result.guardrail
    field = _RENAMED.get(trip.name) if trip is not None else None
    if trip is None or field is None or getattr(budget, field) is None:
        return result
    renamed = GuardrailTrip(f"budget.{field}", trip.limit, trip.actual, trip.step)
    reason = (result.reason or "").replace(trip.reason, renamed.reason)
    if renamed.reason not in reason:
        reason = f"{renamed.reason}; {reason}" if reason else renamed.reason
    return replace(result, guardrail=renamed, reason=reason)


def settle(result: SpecResult, settings: Settings, quarantine: Quarantine | None) -> SpecResult:
    """Classify a spec that did not pass, give its class the configured action (a flaky spec's is
    ``flaky_fails``), and mark it quarantined if the quarantine file names it."""
    triage = classify(result)
    if triage is not None:
        triage = replace(triage, action=_action(result, triage, settings))
    reason = quarantine.reason_for(result.path) if quarantine is not None else None
    return replace(result, triage=triage, quarantined=reason)


def _action(result: SpecResult, triage: Triage, settings: Settings) -> TriageAction:
    if result.outcome is Outcome.FLAKY:
        return TriageAction.FAIL if settings.flaky_fails else TriageAction.WARN
    return settings.triage.action(triage.failure_class)


def heal_allowed(settings: Settings, failure: ToolResult | None) -> bool:
    """Whether a replay that stopped on ``failure`` may hand over to the agent. A stop that proves an app
    change (the element is gone but a similar one is there; drift under ``strict_drift``, where the call
    itself passed) heals only when ``triage.app_change`` is ``heal``; other stops keep the default
    (the agent takes over and judges)."""
    if failure is None:
        return True
    if failure.ok or failure.error is None:
        evidence = Evidence.DRIFT
    else:
        error = failure.error
        call = ToolCall(failure.tool, {}, False, error_code=str(error.code), error_message=error.message)
        evidence = call_evidence(call)
    if CLASS_OF[evidence] is not FailureClass.APP_CHANGE:
        return True
    return settings.triage.action(FailureClass.APP_CHANGE) is TriageAction.HEAL
