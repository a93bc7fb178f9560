"""Replay a spec from its step cache; when the replay stops and healing is allowed, the agent takes over
from that step, seeing the failure and its screenshot. The verdict of the whole spec is the replay's
steps before the hand-over plus the agent's judgement of the rest."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from autoqa.results import Outcome, SpecResult
from autoqa.runner.jobs import SpecJob
from autoqa.runner.recording_caller import RecordingCaller
from autoqa.tools import ToolContext

if TYPE_CHECKING:
    from autoqa.replay import ReplayResult
    from autoqa.runner.spec_runner import RunEnvironment


async def run_replay(
    job: SpecJob, ctx: ToolContext, caller: RecordingCaller, env: RunEnvironment, transcript: Any = None
) -> tuple[SpecResult, ReplayResult]:
    from autoqa.replay import ReplayExecutor

    assert job.cache_plan is not None
    assert env.step_cache is not None
    executor = ReplayExecutor(env.step_cache)
    replay = await executor.replay_spec(
        job.spec, caller, ctx=ctx, events=env.events, slug=job.slug, plan=job.cache_plan
    )
    result = replace(replay.spec_result, executor="replay")
    if replay.completed or not job.heal or replay.stopped_at is None or env.agent_options is None:
        return result, replay
    return await _heal(job, ctx, caller, env, replay, transcript), replay


async def _heal(
    job: SpecJob,
    ctx: ToolContext,
    caller: RecordingCaller,
    env: RunEnvironment,
    replay: ReplayResult,
    transcript: Any,
) -> SpecResult:
    from autoqa.agent import run_agent_spec
    from autoqa.agent.handover import Handover

    start = replay.stopped_at
    assert start is not None
    failure = replay.failure
    if replay.stop_reason == "failed" and failure is not None and failure.error is not None:
        reason = (
            f"replaying step {start} failed: {failure.tool} {failure.error.code}: {failure.error.message}"
        )
    else:
        reason = f"step {start} is not in the step cache ({replay.plan.reason or 'not recorded'})"
    shot = failure.screenshot.data if failure is not None and failure.screenshot is not None else None
    env.events.emit("replay.handover", spec=job.slug, step=start, reason=job.secrets.redact(reason))
    agent = await run_agent_spec(
        job.spec,
        ctx,
        env.agent_options,
        caller=caller,
        events=env.events,
        secrets=job.secrets,
        transcript=transcript,
        handover=Handover(start_step=start, reason=job.secrets.redact(reason), screenshot_jpeg=shot),
    )
    replayed = tuple(step for step in replay.spec_result.steps if step.index < start)
    healed = tuple(replace(step, healed=True) for step in agent.steps)
    return replace(
        agent,
        path=job.spec.path,
        title=job.spec.title,
        executor="replay+agent",
        steps=replayed + healed,
        duration_ms=replay.spec_result.duration_ms + agent.duration_ms,
        reason=agent.reason if agent.outcome is not Outcome.PASSED else None,
    )
