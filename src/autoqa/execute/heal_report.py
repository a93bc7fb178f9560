"""Healing reports: which locators changed when the agent redid a step a stale cache could not replay.

Only steps that were valid in the cache count (an edited step is re-recorded, not healed). Each entry is
``{"step": n, "old_locator": …, "new_locator": …}`` with locators as pytest-playwright code (iframe
scope included), so the change can be reviewed like a diff rather than passing silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from autoqa.execute.replay import ReplayResult
from autoqa.record.ir import IRRecord
from autoqa.replay.cache import CachePlan


def healed_steps(replay: ReplayResult, records: Sequence[IRRecord]) -> tuple[dict[str, Any], ...]:
    """Entries for the step the replay failed at whose element locators the new run changed."""
    if replay.stopped_at is None or replay.stop_reason != "failed":
        return ()
    return _changes(replay.plan, records, step=replay.stopped_at)


def _changes(plan: CachePlan, records: Sequence[IRRecord], *, step: int) -> tuple[dict[str, Any], ...]:
    cached = plan.step(step)
    if cached is None:
        return ()
    old = [call for call in cached.calls if call.locator or "target" in call.args]
    new = [r for r in sorted(records, key=lambda r: r.seq) if r.step == step and r.element is not None]
    entries: list[dict[str, Any]] = []
    for before, after in zip(old, new, strict=False):
        element = after.element
        new_code = (element.locator_code() or element.replay_target) if element else None
        old_code = before.locator or str(before.args.get("target"))
        if new_code and new_code != old_code:
            entries.append({"step": step, "old_locator": old_code, "new_locator": new_code})
    return tuple(entries)
