"""Honest verdicts: the outcome of an agent spec is decided from the evidence we recorded, not from what the
model says about itself.

Rules, applied in this order:

1. The session ended abnormally (a guardrail, an API error, the CLI failing) → ``error``.
2. ``report_bug(step, expected, actual)`` → ``failed`` at that step, with the model's reason.
3. ``finish(status="failed")`` → ``failed`` with the model's summary.
4. ``finish(status="passed")`` → ``passed`` only if every step holds up, checked step by step in order;
   the first step with a problem fails the spec:

   - a **failed assertion not cleared**: an assertion tool call tagged with the step failed with
     ``ASSERTION_FAILED`` and no later call of the *same* assertion tool on that step with the *same
     expected values* passed. Only the element locator (``ref``/``target``) may change on the retry;
     changing what is expected (text, url, value, count, ...) never clears a failure, so an assertion
     cannot be weakened into passing;
   - **missing evidence**: a step that needs evidence (a Verify step, or one with ``Expected:`` clauses)
     needs ``max(1, number of Expected clauses)`` distinct passing assertion calls tagged with it
     (distinct = different tool or arguments) → "no evidence for step N";
   - **not executed**: a non-optional step with no tool call tagged with it;
   - **not done**: a non-optional step whose every tool call failed.

5. The stream ended without ``finish`` or ``report_bug``: ``failed`` if a failed assertion was never
   cleared (the app is wrong whatever the agent did next), otherwise ``error`` ("the agent stopped
   without calling finish").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from autoqa.results import Outcome, StepResult, StepStatus, ToolCall
from autoqa.spec.model import Step

ASSERTION_FAILED = "ASSERTION_FAILED"
LOCATOR_KEYS = frozenset({"ref", "target", "step"})


@dataclass(frozen=True, slots=True)
class Finish:
    status: Literal["passed", "failed"]
    summary: str


@dataclass(frozen=True, slots=True)
class BugReport:
    step: int
    expected: str
    actual: str


@dataclass(frozen=True, slots=True)
class Aborted:
    """The session could not finish normally: guardrail, API error, CLI failure, isolation failure."""

    reason: str


@dataclass(frozen=True, slots=True)
class NoFinish:
    """The model ended its turn without calling finish or report_bug."""

    detail: str = ""


Ending = Finish | BugReport | Aborted | NoFinish


@dataclass(frozen=True, slots=True)
class Verdict:
    outcome: Outcome
    reason: str | None
    failed_step: int | None
    steps: tuple[StepResult, ...]


def expectation_key(call: ToolCall) -> str:
    """What an assertion checks, without where the element is: retries may relocate, never re-expect."""
    rest = {k: v for k, v in call.args.items() if k not in LOCATOR_KEYS}
    return call.tool + " " + json.dumps(rest, sort_keys=True, default=str)


def evidence_key(call: ToolCall) -> str:
    rest = {k: v for k, v in call.args.items() if k != "step"}
    return call.tool + " " + json.dumps(rest, sort_keys=True, default=str)


def required_evidence(step: Step) -> int:
    return max(1, len(step.expected)) if step.needs_evidence else 0


@dataclass(frozen=True, slots=True)
class _StepFacts:
    calls: tuple[ToolCall, ...]
    uncleared: ToolCall | None
    """The first failed assertion that no later identical expectation passed."""
    evidence: int
    """Distinct passing assertion calls."""


def _facts(calls: Sequence[ToolCall], kinds: Mapping[str, str]) -> _StepFacts:
    def is_assertion(call: ToolCall) -> bool:
        return kinds.get(call.tool) == "assertion"

    uncleared: ToolCall | None = None
    for i, call in enumerate(calls):
        if is_assertion(call) and not call.ok and call.error_code == ASSERTION_FAILED:
            key = expectation_key(call)
            cleared = any(
                is_assertion(later) and later.ok and expectation_key(later) == key for later in calls[i + 1 :]
            )
            if not cleared:
                uncleared = call
                break
    evidence = len({evidence_key(c) for c in calls if is_assertion(c) and c.ok})
    return _StepFacts(tuple(calls), uncleared, evidence)


def _problem(step: Step, facts: _StepFacts) -> str | None:
    if facts.uncleared is not None:
        call = facts.uncleared
        return (
            f"step {step.index}: {call.tool} failed and never passed: {call.error_message or call.error_code}"
        )
    need = required_evidence(step)
    if facts.evidence < need:
        return (
            f"no evidence for step {step.index}: it needs {need} passing assertion"
            f"{'s' if need > 1 else ''}, found {facts.evidence}"
        )
    if step.optional:
        return None
    if not facts.calls:
        return f"step {step.index} was not executed (no tool call for it)"
    if not any(c.ok for c in facts.calls):
        return f"step {step.index}: every tool call failed ({facts.calls[-1].error_code})"
    return None


def _step_result(step: Step, facts: _StepFacts, status: StepStatus, reason: str | None) -> StepResult:
    return StepResult(
        index=step.index,
        text=step.text,
        status=status,
        duration_ms=round(sum(c.duration_ms for c in facts.calls), 1),
        reason=reason,
        tool_calls=facts.calls,
        healed=status is StepStatus.PASSED and any(not c.ok for c in facts.calls),
    )


def decide(
    steps: Sequence[Step],
    calls: Sequence[ToolCall],
    kinds: Mapping[str, str],
    ending: Ending,
) -> Verdict:
    """Apply the rules of the module docstring. ``kinds`` maps tool name → ToolSpec kind."""
    by_step: dict[int, list[ToolCall]] = {s.index: [] for s in steps}
    for call in calls:
        if call.step in by_step:
            by_step[call.step].append(call)
    facts = {s.index: _facts(by_step[s.index], kinds) for s in steps}
    problems = {s.index: _problem(s, facts[s.index]) for s in steps}

    def statuses(failed_at: int | None, failed_reason: str | None, judged: bool) -> tuple[StepResult, ...]:
        out: list[StepResult] = []
        for step in steps:
            f = facts[step.index]
            if step.index == failed_at:
                out.append(_step_result(step, f, StepStatus.FAILED, failed_reason))
            elif not f.calls:
                status = StepStatus.SKIPPED if step.optional and judged else StepStatus.NOT_RUN
                out.append(_step_result(step, f, status, None))
            elif (judged and problems[step.index] is not None) or f.uncleared is not None:
                out.append(_step_result(step, f, StepStatus.FAILED, problems[step.index]))
            elif any(c.ok for c in f.calls):
                out.append(_step_result(step, f, StepStatus.PASSED, None))
            else:
                out.append(_step_result(step, f, StepStatus.FAILED, problems[step.index]))
        return tuple(out)

    first_uncleared = next((s.index for s in steps if facts[s.index].uncleared is not None), None)

    if isinstance(ending, Aborted):
        return Verdict(Outcome.ERROR, ending.reason, None, statuses(None, None, judged=False))
    if isinstance(ending, BugReport):
        reason = f"bug reported at step {ending.step}: expected {ending.expected}; actual {ending.actual}"
        return Verdict(Outcome.FAILED, reason, ending.step, statuses(ending.step, reason, judged=False))
    if isinstance(ending, Finish) and ending.status == "failed":
        failed_at = first_uncleared or next((i for i, p in problems.items() if p is not None), None)
        reason = f"agent reported failure: {ending.summary}"
        return Verdict(Outcome.FAILED, reason, failed_at, statuses(failed_at, reason, judged=False))
    if isinstance(ending, Finish):
        for step in steps:
            problem = problems[step.index]
            if problem is not None:
                return Verdict(
                    Outcome.FAILED, problem, step.index, statuses(step.index, problem, judged=True)
                )
        return Verdict(Outcome.PASSED, None, None, statuses(None, None, judged=True))
    # NoFinish
    if first_uncleared is not None:
        reason = problems[first_uncleared] or "an assertion failed"
        return Verdict(
            Outcome.FAILED, reason, first_uncleared, statuses(first_uncleared, reason, judged=False)
        )
    reason = "the agent stopped without calling finish" + (f": {ending.detail}" if ending.detail else "")
    return Verdict(Outcome.ERROR, reason, None, statuses(None, None, judged=False))


def summarize_ending(ending: Ending) -> dict[str, Any]:
    """A JSON-friendly description of how the session ended (for events and transcripts)."""
    if isinstance(ending, Finish):
        return {"kind": "finish", "status": ending.status, "summary": ending.summary}
    if isinstance(ending, BugReport):
        return {
            "kind": "report_bug",
            "step": ending.step,
            "expected": ending.expected,
            "actual": ending.actual,
        }
    if isinstance(ending, Aborted):
        return {"kind": "aborted", "reason": ending.reason}
    return {"kind": "no_finish", "detail": ending.detail}
