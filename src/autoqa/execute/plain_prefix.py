"""A spec the plain grammar reads only in part: its plain steps before the first one that needs the model
run as a plain spec's do — deterministic, no model, a failure final — and the model takes over from that
step, as it takes over a replay (``autoqa.agent.handover``), judged on the remaining steps only.

"Open /login", "Log in as {{USERNAME}}" or 'Click "Books"' then cost a browser call instead of a model turn
and cannot drift, and a step only the plain grammar can do (a drag, "Set … to …", "Click outside", a sorted
list) works in such a spec too, as long as it comes before the first agent step."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from autoqa.events import EventSink
from autoqa.execute.plain import PlainPlan, run_plain
from autoqa.execute.recording import RecordingCaller
from autoqa.results import ExecutorKind, Outcome, SpecResult, StepResult, StepStatus
from autoqa.spec.model import Spec
from autoqa.tools.context import ToolContext


def plain_prefix_end(spec: Spec, plan: PlainPlan) -> int | None:
    """The index of the first step the model must do, when plain steps come before it; else None (a spec
    that is all plain, or whose first step already needs the model)."""
    first = plan.first_unparsed
    if first is None or not spec.steps or first.index == spec.steps[0].index:
        return None
    return first.index


async def plain_then_agent(
    spec: Spec,
    plan: PlainPlan,
    caller: RecordingCaller,
    *,
    start: int,
    agent: Callable[[], Awaitable[SpecResult]],
    ctx: ToolContext | None = None,
    events: EventSink | None = None,
    slug: str = "",
) -> SpecResult:
    """Run the steps before ``start`` plain, then ``agent()`` (a session that knows those steps are done).
    A plain step that fails ends the spec there, as in a plain spec: the model never sees it."""
    prefix = dataclasses.replace(spec, steps=tuple(s for s in spec.steps if s.index < start))
    done = await run_plain(prefix, PlainPlan(plan.actions), caller, events=events, slug=slug, ctx=ctx)
    rest = tuple(s for s in spec.steps if s.index >= start)
    if done.outcome is not Outcome.PASSED:
        not_run = tuple(StepResult(s.index, s.text, StepStatus.NOT_RUN) for s in rest)
        return dataclasses.replace(
            done, path=spec.path, title=spec.title, executor=ExecutorKind.PLAIN, steps=done.steps + not_run
        )
    result = await agent()
    return dataclasses.replace(
        result,
        path=spec.path,
        title=spec.title,
        executor=ExecutorKind.PLAIN_THEN_AGENT,
        steps=done.steps + result.steps,
        duration_ms=done.duration_ms + result.duration_ms,
    )
