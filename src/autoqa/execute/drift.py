"""Drift: a replayed element that no longer carries the name its step quotes.

A cache may find an element by a recorded locator (a test id, a CSS hint) that still resolves after the
app renamed the control: ``Fill "Postal code" …`` replays into a field now labelled "Zip code". Replay
passing there would be green on a spec that no longer describes the app. A step is checked only where the
quote named the element when it was recorded (the recorded element carried the quoted name); a step that
quotes a test id is never compared with names.
"""

from __future__ import annotations

import re

from autoqa.execute.step_loop import PlannedCall
from autoqa.replay.cache_file import CachedCall
from autoqa.results import FlagKind, StepFlag
from autoqa.spec.grammar import parse_plain_step
from autoqa.spec.model import Step
from autoqa.text_match import fold
from autoqa.tools.result import ToolResult
from autoqa.tools.targets import parse_target

_NAME = re.compile(r'"(.*)"\s*$', re.DOTALL)


def quoted_name(step: Step) -> str | None:
    """The name the step's own target quotes (``Postal code`` for ``Fill "Postal code" with "1"``)."""
    plain = parse_plain_step(step)
    if plain is None:
        return None
    target = plain.action.args.get("target")
    return parse_target(target).name if isinstance(target, str) else None


def _name_of(element: str) -> str:
    """``textbox "Zip code"`` → ``Zip code`` (the whole label when it has no quoted name)."""
    match = _NAME.search(element)
    return match.group(1) if match else element


async def drift_flag(step: Step, call: PlannedCall, result: ToolResult) -> StepFlag | None:
    """The replay loop's after-call check (see :data:`autoqa.execute.step_loop.AfterCall`)."""
    cached = call.source
    now = result.data.get("element")
    if not isinstance(cached, CachedCall) or not cached.element or not isinstance(now, str):
        return None
    quoted = quoted_name(step)
    if not quoted:
        return None
    wanted = fold(quoted)
    if wanted not in fold(_name_of(cached.element)) or wanted in fold(_name_of(now)):
        return None
    return StepFlag(
        FlagKind.DRIFT,
        f'step {step.index} quotes "{quoted}" but the replayed element is now {now} '
        f"(recorded as {cached.element}): the app changed under the step cache",
    )
