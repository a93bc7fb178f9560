"""The agent takes over a spec a model-free executor could not finish: from the step where a replay failed
or missed (a heal), or where a mixed spec's plain steps end or one of them failed (``plain_prefix``).

One rule for both: what may be handed over (never a broken invariant: no other way through the page can
heal that; a failure the run's triage keeps from healing), what the model is told (the stop and its
screenshot), and how the verdict is merged (the steps done before the stop, then the agent's judgement of
the rest; a step that failed without the model and then passed is marked healed).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from autoqa.events import EventSink
from autoqa.results import ExecutorKind, Heal, Outcome, SpecResult, StepStatus
from autoqa.spec.model import Spec
from autoqa.tools.result import ErrorCode, ToolResult

HealBackend = Callable[[int, str, bytes | None], Awaitable[SpecResult]]
"""``heal(start_step, reason, screenshot_jpeg)``: the agent does the spec from ``start_step`` on."""

MayHeal = Callable[[ToolResult | None], bool]
"""Given the failing call's result (None when the step failed without one), whether the agent may take it."""


def may_take_over(failed: bool, failure: ToolResult | None, may_heal: MayHeal | None) -> bool:
    """A step that was only missing (not cached, not in the plain grammar) is always the agent's; a failed
    one is, unless the app broke an invariant or ``may_heal`` says no."""
    if not failed:
        return True
    error = failure.error if failure is not None else None
    if error is not None and error.code is ErrorCode.INVARIANT_VIOLATED:
        return False
    return may_heal is None or may_heal(failure)


async def take_over(
    spec: Spec,
    done: SpecResult,
    heal: HealBackend,
    *,
    start: int,
    failed: bool,
    failure: ToolResult | None,
    reason: str,
    executor: ExecutorKind,
    after: str,
    events: EventSink,
    slug: str,
    redact: Callable[[str], str],
    heal_note: str | None = None,
) -> SpecResult:
    """Hand ``spec`` over from step ``start`` (``done`` holds the steps before it) and merge the verdict.
    ``after`` names what ran before ("replay", "plain") in the ``agent.handover`` event; ``heal_note``, what
    a healed step says of itself (a replay's heal gets its locators later, from the recordings)."""
    shot = failure.screenshot.data if failure is not None and failure.screenshot is not None else None
    events.emit("agent.handover", spec=slug, step=start, after=after, reason=redact(reason))
    agent = await heal(start, redact(reason), shot)
    before = tuple(step for step in done.steps if step.index < start)
    healed_step = start if failed else None  # a step only missing is simply done by the agent
    note = Heal(None, None, redact(heal_note)) if heal_note else None
    steps = tuple(
        replace(step, healed=True, heal=note)
        if step.index == healed_step and step.status is StepStatus.PASSED
        else step
        for step in agent.steps
    )
    return replace(
        agent,
        path=spec.path,
        title=spec.title,
        executor=executor,
        steps=before + steps,
        duration_ms=done.duration_ms + agent.duration_ms,
        reason=agent.reason if agent.outcome is not Outcome.PASSED else None,
    )
