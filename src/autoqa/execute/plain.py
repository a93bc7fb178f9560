"""Plain runs: a spec whose every step parses in the plain grammar runs with no model, on the shared step
loop."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from autoqa.events import EventSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.step_loop import PlannedCall, run_steps
from autoqa.results import ExecutorKind, SpecResult
from autoqa.spec.grammar import PlainAction, parse_plain_step
from autoqa.spec.model import Spec, Step
from autoqa.tools.context import ToolContext


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


async def run_plain(
    spec: Spec,
    plan: PlainPlan,
    caller: RecordingCaller,
    *,
    events: EventSink | None = None,
    slug: str = "",
    ctx: ToolContext | None = None,
) -> SpecResult:
    """Execute ``plan``; the first failing non-optional step ends the spec (later steps are not run)."""
    by_index = dict(zip((s.index for s in spec.steps), plan.actions, strict=True))

    def calls(step: Step) -> Sequence[PlannedCall]:
        return [PlannedCall(a.tool, a.args, optional=a.optional) for a in by_index[step.index]]

    loop = await run_steps(
        spec, calls, caller, executor=ExecutorKind.PLAIN, ctx=ctx, events=events, slug=slug
    )
    return loop.result
