"""An optional step the agent skipped with ``skip_step(step, reason, target?)``: how the skip is recorded
and what later runs do with it.

The skip is one IR record of the tool :data:`SKIP_TOOL` (``args``: ``reason`` and, when the model named
it, ``target`` — the element it looked for and did not find). The step cache and export turn it into the
same "do it if present" probe an ``Optional:`` step gets (:func:`probe_actions`): replay clicks the element
when it shows up after all, and skips the step when it does not; exported code does the same behind
``_is_shown``. Without a target (and without plain-grammar wording) there is nothing to probe for.
"""

from __future__ import annotations

from collections.abc import Sequence

from autoqa.record.ir import IRRecord
from autoqa.spec.grammar import PlainAction, parse_plain_step
from autoqa.spec.model import Step

SKIP_TOOL = "skip_step"


def skip_target(records: Sequence[IRRecord]) -> str | None:
    """The element the last skip among ``records`` (one step's records) says the model looked for."""
    skips = [r for r in records if r.tool == SKIP_TOOL]
    target = skips[-1].args.get("target") if skips else None
    return target.strip() or None if isinstance(target, str) else None


def without_skips(records: Sequence[IRRecord]) -> list[IRRecord]:
    """The records of calls that ran (a skip record runs nothing)."""
    return [r for r in records if r.tool != SKIP_TOOL]


def probe_actions(step: Step, target: str | None) -> tuple[PlainAction, ...]:
    """The calls that redo an optional step skipped when recorded, if its element shows up later: the
    plain grammar's reading of the step's own words first, else a click on the target the agent named
    (optional steps are nearly always dismissals: accept, close, no thanks); () when neither exists."""
    plain = parse_plain_step(step)
    if plain is not None:
        return plain.actions
    if target:
        return (PlainAction("click", {"target": target}, optional=True),)
    return ()
