"""A spec the plain grammar reads only in part: the plain steps before the first one that needs the model
run as a plain spec's do — deterministic, no model turn — and the agent takes over from the first step
that is not in the grammar, or from a plain step that failed (``autoqa.execute.take_over``), judged on
the remaining steps only.

"Open /login", "Log in as {{USERNAME}}" or 'Click "Books"' then cost a browser call instead of a model
turn, and a step only the plain grammar can do (a drag, "Set … to …", "Click outside", a sorted list)
works in such a spec too, as long as it comes before the first agent step. A plain reading that does not
fit the page (an "Open the playground page" that the grammar reads as a link the page does not have) is
not final: the model takes that step over, told how it failed, as it takes over a replay that failed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from autoqa.events import EventSink
from autoqa.execute.plain import PlainPlan
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.step_loop import Miss, PlannedCall, run_steps
from autoqa.execute.take_over import HealBackend, MayHeal, may_take_over, take_over
from autoqa.results import ExecutorKind, SpecResult
from autoqa.spec.model import Spec, Step
from autoqa.tools.context import ToolContext
from autoqa.tools.page_health import looks_for_content
from autoqa.tools.registry import TOOLS


def plain_prefix_end(spec: Spec, plan: PlainPlan) -> int | None:
    """The index of the first step the model must do, when plain steps come before it; else None (a spec
    that is all plain, or whose first step already needs the model)."""
    first = plan.first_unparsed
    if first is None or not spec.steps or first.index == spec.steps[0].index:
        return None
    opening = plan.actions[0][0] if plan.actions and plan.actions[0] else None
    if opening is not None and looks_for_content(TOOLS[opening.tool].kind, opening.args):
        return None  # the tab starts blank: the step could only fail there, so the model starts the spec
    return first.index


def not_in_grammar(step: int) -> str:
    """The hand-over reason of the first step the grammar does not read."""
    return f"step {step} is not in the plain grammar"


async def plain_then_agent(
    spec: Spec,
    plan: PlainPlan,
    caller: RecordingCaller,
    heal: HealBackend,
    *,
    ctx: ToolContext,
    events: EventSink,
    slug: str,
    redact: Callable[[str], str],
    may_heal: MayHeal | None = None,
) -> SpecResult:
    """Run the plain steps, then ``heal`` from the first step that is not plain or that failed. A failure
    the agent may not take (a broken invariant, or what ``may_heal`` refuses) ends the spec there, as in a
    plain spec."""
    by_index = dict(zip((s.index for s in spec.steps), plan.actions, strict=False))

    def calls(step: Step) -> Sequence[PlannedCall] | Miss:
        actions = by_index.get(step.index)
        if actions is None:
            return Miss(not_in_grammar(step.index))
        return [PlannedCall(a.tool, a.args, optional=a.optional) for a in actions]

    loop = await run_steps(
        spec, calls, caller, executor=ExecutorKind.PLAIN, ctx=ctx, events=events, slug=slug
    )
    stop = loop.stop
    if stop is None:  # pragma: no cover - a plan with a first unparsed step always stops there
        return loop.result
    failed = stop.kind == "failed"
    if not may_take_over(failed, stop.failure, may_heal):
        return loop.result
    failure = stop.failure
    how = None
    if failed and failure is not None and failure.error is not None:
        error = failure.error
        how = f"{failure.tool} {error.code}"
        reason = f"step {stop.step}, run as a plain step, failed: {how}: {error.message}"
    elif failed:
        reason = f"step {stop.step}, run as a plain step, failed: {stop.reason}"
    else:
        reason = not_in_grammar(stop.step)
    # said under the spec's line when the model does it: the plain reading of this step does not fit the page
    note = f"run as a plain step it failed ({how or stop.reason}); the model did it" if failed else None
    return await take_over(
        spec,
        loop.result,
        heal,
        start=stop.step,
        failed=failed,
        failure=failure,
        reason=reason,
        executor=ExecutorKind.PLAIN_THEN_AGENT,
        after="plain",
        events=events,
        slug=slug,
        redact=redact,
        heal_note=note,
    )
