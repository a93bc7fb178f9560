"""The step loop plain and replay runs share: events, the ``Optional:`` probe, the evidence rule, failure
reasons and not-run filling. Each executor only says which tool calls a step is made of (its plan).

The first step that fails or cannot be done from the plan ends the loop; later steps are ``not_run``.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from autoqa.events import EventSink, NullSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.verdict import outcome_for_code, step_problem
from autoqa.results import ExecutorKind, Outcome, SpecResult, StepFlag, StepResult, StepStatus
from autoqa.spec.model import Spec, Step
from autoqa.tools.context import ToolContext, probing
from autoqa.tools.result import ABSENT_CODES, ErrorCode, ToolResult

OPTIONAL_WAIT_MS = 500
"""How long an ``Optional:`` step's target gets to appear before the step is skipped."""


@dataclass(frozen=True, slots=True)
class PlannedCall:
    tool: str
    args: Mapping[str, Any] = field(hash=False)
    optional: bool = False
    """The first call of a step that may be absent (``Optional:``)."""
    source: Any = None
    """What the call came from (a cached call for replay), handed back when it fails."""


@dataclass(frozen=True, slots=True)
class Miss:
    """The plan has no calls for this step: replay hands over here (or the spec is an error)."""

    reason: str


StepPlan = Callable[[Step], Sequence[PlannedCall] | Miss]
AfterCall = Callable[[Step, PlannedCall, ToolResult], Awaitable[StepFlag | None]]
"""Looks at a call that passed (replay: did the element drift?) and may flag the step."""


@dataclass(frozen=True, slots=True)
class LoopStop:
    step: int
    kind: Literal["failed", "missing"]
    reason: str
    failure: ToolResult | None = None
    call: PlannedCall | None = None


@dataclass(frozen=True, slots=True)
class LoopResult:
    result: SpecResult
    stop: LoopStop | None = None


@dataclass(slots=True)
class _StepRun:
    status: StepStatus
    reason: str | None = None
    outcome: Outcome = Outcome.PASSED
    failure: ToolResult | None = None
    call: PlannedCall | None = None
    flags: list[StepFlag] = field(default_factory=list)


async def run_steps(
    spec: Spec,
    plan: StepPlan,
    caller: RecordingCaller,
    *,
    executor: ExecutorKind,
    ctx: ToolContext | None = None,
    events: EventSink | None = None,
    slug: str = "",
    optional_wait_ms: float = OPTIONAL_WAIT_MS,
    after_call: AfterCall | None = None,
    strict_flags: bool = False,
) -> LoopResult:
    """Run ``spec``'s steps through ``caller`` as ``plan`` says. ``ctx`` (the caller's context) lets
    optional steps use a short wait for their element. With ``strict_flags`` a flag from ``after_call``
    fails its step."""
    events = events or NullSink()
    started = time.monotonic()
    results: list[StepResult] = []
    stop: LoopStop | None = None
    outcome = Outcome.PASSED
    for step in spec.steps:
        if stop is not None:
            results.append(StepResult(step.index, step.text, StepStatus.NOT_RUN))
            continue
        planned = plan(step)
        if isinstance(planned, Miss):
            stop = LoopStop(step.index, "missing", planned.reason)
            outcome = Outcome.ERROR
            results.append(StepResult(step.index, step.text, StepStatus.NOT_RUN, reason=planned.reason))
            continue
        events.emit("step.started", spec=slug, step=step.index, text=step.text)
        step_started = time.monotonic()
        first_call = len(caller.calls)
        run = await _run_step(step, planned, caller, ctx, optional_wait_ms, after_call, strict_flags)
        if run.status is StepStatus.PASSED:
            problem = step_problem(step, caller.calls[first_call:])
            if problem is not None:  # the same evidence rule as an agent run: a claim needs an assertion
                run.status, run.reason, run.outcome = StepStatus.FAILED, problem, Outcome.FAILED
        duration = round((time.monotonic() - step_started) * 1000, 1)
        results.append(
            StepResult(step.index, step.text, run.status, duration, run.reason, flags=tuple(run.flags))
        )
        events.emit(
            "step.finished",
            spec=slug,
            step=step.index,
            status=str(run.status),
            reason=run.reason,
            duration_ms=duration,
        )
        if run.status is StepStatus.FAILED:
            stop = LoopStop(step.index, "failed", run.reason or "", run.failure, run.call)
            outcome = run.outcome
    return LoopResult(
        SpecResult(
            path=spec.path,
            title=spec.title,
            outcome=outcome,
            executor=executor,
            duration_ms=round((time.monotonic() - started) * 1000, 1),
            reason=stop.reason if stop is not None else None,
            failed_step=stop.step if stop is not None else None,
            steps=tuple(results),
            tags=spec.tags,
        ),
        stop,
    )


async def _run_step(
    step: Step,
    calls: Sequence[PlannedCall],
    caller: RecordingCaller,
    ctx: ToolContext | None,
    optional_wait_ms: float,
    after_call: AfterCall | None,
    strict_flags: bool,
) -> _StepRun:
    run = _StepRun(StepStatus.PASSED)
    if not calls and step.optional:
        return _StepRun(StepStatus.SKIPPED, "optional step: nothing to do (it was absent when recorded)")
    for position, call in enumerate(calls):
        # Only the first call decides presence: once an optional step has started, it must finish.
        probe = (step.optional or call.optional) and position == 0
        with probing(ctx if probe else None, optional_wait_ms):
            result = await caller(call.tool, call.args, step=step.index)
        if result.ok:
            flag = await after_call(step, call, result) if after_call is not None else None
            if flag is not None:
                run.flags.append(flag)
                if strict_flags:
                    return _StepRun(StepStatus.FAILED, flag.message, Outcome.FAILED, result, call, run.flags)
            continue
        error = result.error
        code = error.code if error else ErrorCode.INTERNAL_ERROR
        message = error.message if error else "tool failed without an error"
        if probe and code in ABSENT_CODES:
            return _StepRun(StepStatus.SKIPPED, f"optional step skipped: {message}", flags=run.flags)
        reason = f"{call.tool} failed ({code}): {message}"
        return _StepRun(StepStatus.FAILED, reason, outcome_for_code(code), result, call, run.flags)
    return run
