"""Replaying cached steps through the tool layer, with no model call.

Replay stops at the first step it cannot do — a cached call fails, or the step is not in the cache — and
says which, with the failing :class:`ToolResult` (it carries the failure screenshot) and the
:class:`SpecResult` so far. The runner decides what happens next (``--agent never|on-miss|always``):
report the failure, or let the agent continue from ``hand_over_from`` ("heal").

``Optional:`` steps are performed when their element shows up within ``optional_wait_ms`` and skipped
(not failed) when it does not; later calls of a started optional step must succeed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Literal

from autoqa.events import EventSink, NullSink
from autoqa.replay.cache import CachePlan, StepCache, render_args
from autoqa.replay.cache_file import CachedCall, CachedStep
from autoqa.results import Outcome, SpecResult, StepResult, StepStatus
from autoqa.runner.verdicts import ABSENT_CODES, outcome_for_code
from autoqa.spec.model import Spec, Step
from autoqa.tools.caller import ToolCaller
from autoqa.tools.context import ToolContext, short_target_wait
from autoqa.tools.result import ErrorCode, ToolResult

StopReason = Literal["failed", "uncached"]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    spec_result: SpecResult
    """Passed when every step replayed; otherwise the steps so far, the stopping step and NOT_RUN after it."""
    plan: CachePlan
    stopped_at: int | None = None
    """The first step not done; None when the whole spec replayed."""
    stop_reason: StopReason | None = None
    failure: ToolResult | None = None
    """For ``failed``: the failing call's result (with its screenshot)."""
    failed_call: CachedCall | None = None

    @property
    def completed(self) -> bool:
        return self.stopped_at is None

    @property
    def hand_over_from(self) -> int | None:
        """Where an agent would continue (the stopping step); None when nothing is left to do."""
        return self.stopped_at


@dataclass(frozen=True, slots=True)
class _StepOutcome:
    status: StepStatus
    reason: str | None = None
    failure: ToolResult | None = None
    call: CachedCall | None = None


class ReplayExecutor:
    """Replays specs from a :class:`StepCache`.

    Example::

        executor = ReplayExecutor(StepCache("specs/.autoqa"))
        replay = await executor.replay_spec(spec, caller, ctx=ctx)
        if not replay.completed:
            ...  # hand over to the agent from replay.hand_over_from, or report replay.spec_result
    """

    def __init__(self, cache: StepCache, *, optional_wait_ms: float = 500) -> None:
        self.cache = cache
        self.optional_wait_ms = optional_wait_ms

    async def replay_spec(
        self,
        spec: Spec,
        caller: ToolCaller,
        *,
        ctx: ToolContext | None = None,
        events: EventSink | None = None,
        slug: str = "",
        plan: CachePlan | None = None,
    ) -> ReplayResult:
        plan = plan if plan is not None else self.cache.lookup(spec)
        return await replay_plan(
            spec, plan, caller, ctx=ctx, events=events, slug=slug, optional_wait_ms=self.optional_wait_ms
        )


async def replay_plan(
    spec: Spec,
    plan: CachePlan,
    caller: ToolCaller,
    *,
    ctx: ToolContext | None = None,
    events: EventSink | None = None,
    slug: str = "",
    optional_wait_ms: float = 500,
) -> ReplayResult:
    """Replay ``plan`` for ``spec`` through ``caller``. ``ctx`` (the caller's context) lets optional steps
    use a short wait for their element; without it they wait as long as any target does."""
    events = events or NullSink()
    started = time.monotonic()
    steps: list[StepResult] = []
    stop: tuple[int, StopReason, _StepOutcome | None] | None = None
    for step in spec.steps:
        if stop is not None:
            steps.append(StepResult(step.index, step.text, StepStatus.NOT_RUN))
            continue
        cached = plan.step(step.index)
        if cached is None:
            stop = (step.index, "uncached", None)
            steps.append(StepResult(step.index, step.text, StepStatus.NOT_RUN, reason=plan.reason))
            continue
        events.emit("step.started", spec=slug, step=step.index, text=step.text)
        step_started = time.monotonic()
        outcome = await _replay_step(spec, step, cached, caller, ctx, optional_wait_ms)
        duration = round((time.monotonic() - step_started) * 1000, 1)
        steps.append(StepResult(step.index, step.text, outcome.status, duration, outcome.reason))
        events.emit(
            "step.finished",
            spec=slug,
            step=step.index,
            status=str(outcome.status),
            reason=outcome.reason,
            duration_ms=duration,
        )
        if outcome.status is StepStatus.FAILED:
            stop = (step.index, "failed", outcome)
    result = SpecResult(
        path=spec.path,
        title=spec.title,
        outcome=Outcome.PASSED,
        executor="replay",
        duration_ms=round((time.monotonic() - started) * 1000, 1),
        steps=tuple(steps),
        tags=spec.tags,
    )
    if stop is None:
        return ReplayResult(result, plan)
    index, why, failed = stop
    if why == "uncached":
        reason = f"step {index} is not in the step cache ({plan.reason or 'not cached'})"
        result = replace(result, outcome=Outcome.ERROR, reason=reason, failed_step=index)
        return ReplayResult(result, plan, index, why)
    assert failed is not None and failed.failure is not None
    error = failed.failure.error
    result = replace(
        result,
        outcome=outcome_for_code(error.code if error else None),
        reason=failed.reason,
        failed_step=index,
    )
    return ReplayResult(result, plan, index, why, failed.failure, failed.call)


async def _replay_step(
    spec: Spec,
    step: Step,
    cached: CachedStep,
    caller: ToolCaller,
    ctx: ToolContext | None,
    optional_wait_ms: float,
) -> _StepOutcome:
    if not cached.calls:
        return _StepOutcome(StepStatus.SKIPPED, "optional step: nothing to replay (absent when recorded)")
    for position, call in enumerate(cached.calls):
        args = render_args(call.args, spec)
        probing = step.optional and position == 0
        with short_target_wait(ctx if probing else None, optional_wait_ms):
            result = await caller(call.tool, args, step=step.index)
        if result.ok:
            continue
        code = result.error.code if result.error else ErrorCode.INTERNAL_ERROR
        message = result.error.message if result.error else "tool failed without an error"
        if probing and code in ABSENT_CODES:
            return _StepOutcome(StepStatus.SKIPPED, f"optional step skipped: {message}")
        return _StepOutcome(StepStatus.FAILED, f"{call.tool} failed ({code}): {message}", result, call)
    return _StepOutcome(StepStatus.PASSED)
