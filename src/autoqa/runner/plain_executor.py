"""Run a spec whose every step parses in the plain grammar: no model call, same tool layer."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from autoqa.events import EventSink, NullSink
from autoqa.results import Outcome, SpecResult, StepResult, StepStatus
from autoqa.runner.verdicts import ABSENT_CODES, outcome_for_code
from autoqa.spec.grammar import PlainAction, parse_plain_step
from autoqa.spec.model import Spec, Step
from autoqa.tools.caller import ToolCaller
from autoqa.tools.context import ToolContext, short_target_wait
from autoqa.tools.result import ErrorCode


@dataclass(frozen=True, slots=True)
class PlainPlan:
    """The parsed actions of every step, or the first step that is not in the plain grammar."""

    actions: tuple[tuple[PlainAction, ...], ...]
    first_unparsed: Step | None = None

    @property
    def runnable(self) -> bool:
        return self.first_unparsed is None


def plan_plain(spec: Spec) -> PlainPlan:
    per_step: list[tuple[PlainAction, ...]] = []
    for step in spec.steps:
        parsed = parse_plain_step(step)
        if parsed is None:
            return PlainPlan(tuple(per_step), first_unparsed=step)
        per_step.append(tuple(parsed.actions))
    return PlainPlan(tuple(per_step))


OPTIONAL_WAIT_MS = 500
"""How long an ``Optional:`` step's target gets to appear before the step is skipped."""


async def run_plain(
    spec: Spec,
    plan: PlainPlan,
    caller: ToolCaller,
    *,
    events: EventSink | None = None,
    slug: str = "",
    ctx: ToolContext | None = None,
) -> SpecResult:
    """Execute ``plan``; the first failing non-optional step ends the spec (later steps are not run)."""
    events = events or NullSink()
    started = time.monotonic()
    results: list[StepResult] = []
    outcome = Outcome.PASSED
    reason: str | None = None
    failed_step: int | None = None
    for step, actions in zip(spec.steps, plan.actions, strict=True):
        if outcome is not Outcome.PASSED:
            results.append(StepResult(step.index, step.text, StepStatus.NOT_RUN))
            continue
        events.emit("step.started", spec=slug, step=step.index, text=step.text)
        step_started = time.monotonic()
        status, step_reason, step_outcome = await _run_step(step, actions, caller, ctx)
        duration = (time.monotonic() - step_started) * 1000
        results.append(StepResult(step.index, step.text, status, round(duration, 1), step_reason))
        events.emit(
            "step.finished",
            spec=slug,
            step=step.index,
            status=str(status),
            reason=step_reason,
            duration_ms=round(duration, 1),
        )
        if status is StepStatus.FAILED:
            outcome, reason, failed_step = step_outcome, step_reason, step.index
    return SpecResult(
        path=spec.path,
        title=spec.title,
        outcome=outcome,
        executor="plain",
        duration_ms=round((time.monotonic() - started) * 1000, 1),
        reason=reason,
        failed_step=failed_step,
        steps=tuple(results),
        tags=spec.tags,
    )


async def _run_step(
    step: Step, actions: Sequence[PlainAction], caller: ToolCaller, ctx: ToolContext | None
) -> tuple[StepStatus, str | None, Outcome]:
    for position, action in enumerate(actions):
        probing = (step.optional or action.optional) and position == 0
        with short_target_wait(ctx if probing else None, OPTIONAL_WAIT_MS):
            result = await caller(action.tool, action.args, step=step.index)
        if result.ok:
            continue
        error = result.error
        code = error.code if error else ErrorCode.INTERNAL_ERROR
        message = error.message if error else "tool failed without an error"
        # Only the first action decides presence: once an optional step has started, it must finish.
        if (step.optional or action.optional) and position == 0 and code in ABSENT_CODES:
            return StepStatus.SKIPPED, f"optional step skipped: {message}", Outcome.PASSED
        return StepStatus.FAILED, f"{action.tool} failed ({code}): {message}", outcome_for_code(code)
    return StepStatus.PASSED, None, Outcome.PASSED
