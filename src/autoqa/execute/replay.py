"""Replay runs: a spec's cached tool calls, on the shared step loop, with no model — then, when the replay
stops and healing is allowed, the agent takes over from that step, seeing the failure and its screenshot.

Replay stops at the first step it cannot do (a cached call fails, or the step is not in the cache) and
says which, with the failing :class:`ToolResult` and the :class:`SpecResult` so far. The verdict of a
healed spec is the replay's steps before the hand-over plus the agent's judgement of the rest; only the
step that failed on replay is marked healed. A step that failed because the app broke an invariant is not
handed over: no other way through the page can heal that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from autoqa.events import EventSink, NullSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.step_loop import OPTIONAL_WAIT_MS, AfterCall, Miss, PlannedCall, run_steps
from autoqa.execute.take_over import HealBackend, MayHeal, may_take_over, take_over
from autoqa.execute.verdict import planned_step_problem
from autoqa.replay.cache import CachePlan, render_args
from autoqa.replay.cache_file import CachedCall
from autoqa.results import ExecutorKind, Heal, SpecResult
from autoqa.spec.model import Spec, Step
from autoqa.tools.context import ToolContext
from autoqa.tools.result import ToolResult

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


async def replay_plan(
    spec: Spec,
    plan: CachePlan,
    caller: RecordingCaller,
    *,
    ctx: ToolContext | None = None,
    events: EventSink | None = None,
    slug: str = "",
    optional_wait_ms: float = OPTIONAL_WAIT_MS,
    after_call: AfterCall | None = None,
    strict_flags: bool = False,
) -> ReplayResult:
    """Replay ``plan`` (``StepCache.lookup(spec)``) for ``spec`` through ``caller``.

    Example::

        replay = await replay_plan(spec, cache.lookup(spec), caller, ctx=ctx)
        if not replay.completed:
            ...  # hand over to the agent from replay.hand_over_from, or report replay.spec_result
    """

    def calls(step: Step) -> Sequence[PlannedCall] | Miss:
        cached = plan.step(step.index)
        if cached is None:
            return Miss(f"step {step.index} is not in the step cache ({plan.reason or 'not cached'})")
        problem = planned_step_problem(step, [(c.tool, c.args) for c in cached.calls])
        if problem is not None:  # a hand edit or a weak recording: reported, never replayed
            return Miss(f"cache file {plan.cache_path}: step {step.index} {problem}; it is not replayed")
        return [PlannedCall(c.tool, render_args(c.args, spec), source=c) for c in cached.calls]

    loop = await run_steps(
        spec,
        calls,
        caller,
        executor=ExecutorKind.REPLAY,
        ctx=ctx,
        events=events or NullSink(),
        slug=slug,
        optional_wait_ms=optional_wait_ms,
        after_call=after_call,
        strict_flags=strict_flags,
    )
    stop = loop.stop
    if stop is None:
        return ReplayResult(loop.result, plan)
    if stop.kind == "missing":
        return ReplayResult(loop.result, plan, stop.step, "uncached")
    failed_call = stop.call.source if stop.call is not None else None
    return ReplayResult(loop.result, plan, stop.step, "failed", stop.failure, failed_call)


async def replay_then_heal(
    spec: Spec,
    plan: CachePlan,
    caller: RecordingCaller,
    *,
    ctx: ToolContext,
    events: EventSink,
    slug: str,
    redact: Callable[[str], str],
    heal: HealBackend | None,
    after_call: AfterCall | None = None,
    strict_flags: bool = False,
    may_heal: MayHeal | None = None,
) -> tuple[SpecResult, ReplayResult]:
    """Replay, then let ``heal`` do the rest from where the replay stopped. ``may_heal`` (given the
    failing call's result) can keep a failed replay step from the agent: the spec then ends there."""
    replay = await replay_plan(
        spec,
        plan,
        caller,
        ctx=ctx,
        events=events,
        slug=slug,
        after_call=after_call,
        strict_flags=strict_flags,
    )
    result = replay.spec_result
    if replay.completed or heal is None or replay.stopped_at is None:
        return result, replay
    failed = replay.stop_reason == "failed"
    if not may_take_over(failed, replay.failure, may_heal):
        return result, replay
    start = replay.stopped_at
    failure = replay.failure
    if failed and failure is not None and failure.error is not None:
        reason = (
            f"replaying step {start} failed: {failure.tool} {failure.error.code}: {failure.error.message}"
        )
    elif failed:
        reason = f"replaying step {start} failed: {replay.spec_result.reason}"
    else:
        reason = replay.spec_result.reason or f"step {start} is not in the step cache"
    merged = await take_over(
        spec,
        result,
        heal,
        start=start,
        failed=failed,
        failure=failure,
        reason=reason,
        executor=ExecutorKind.REPLAY_THEN_AGENT,
        after="replay",
        events=events,
        slug=slug,
        redact=redact,
    )
    return merged, replay


def with_heal_details(
    result: SpecResult, changes: Sequence[dict[str, str | int | None]], explanation: str | None
) -> SpecResult:
    """Put each healed step's old and new locator and the model's explanation on the step itself."""
    by_step = {change["step"]: change for change in changes}
    steps = []
    for step in result.steps:
        if step.healed:
            change = by_step.get(step.index, {})
            old, new = change.get("old_locator"), change.get("new_locator")
            heal = Heal(
                old_locator=str(old) if old is not None else None,
                new_locator=str(new) if new is not None else None,
                explanation=explanation,
            )
            step = replace(step, heal=heal)
        steps.append(step)
    return replace(result, steps=tuple(steps))
