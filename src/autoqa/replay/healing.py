"""Healing reports: which locators changed when the agent redid steps a stale cache could not replay.

Only steps that were valid in the cache count (an edited step is re-recorded, not healed). Each entry is
``{"step": n, "old_locator": …, "new_locator": …}`` with locators as pytest-playwright code, so the
change can be reviewed like a diff rather than passing silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from autoqa.record.ir import IRRecord
from autoqa.replay.cache import CachePlan
from autoqa.replay.executor import ReplayResult


def healed_steps(replay: ReplayResult, records: Sequence[IRRecord]) -> tuple[dict[str, Any], ...]:
    """Entries for cached steps from ``replay.stopped_at`` on whose element locators the new run changed."""
    if replay.stopped_at is None or replay.stop_reason != "failed":
        return ()
    return _changes(replay.plan, records, since=replay.stopped_at)


def _changes(plan: CachePlan, records: Sequence[IRRecord], *, since: int) -> tuple[dict[str, Any], ...]:
    entries: list[dict[str, Any]] = []
    for cached in plan.steps:
        if cached.index < since:
            continue
        old = [call for call in cached.calls if call.locator or "target" in call.args]
        new = [
            r
            for r in sorted(records, key=lambda r: r.seq)
            if r.step == cached.index and r.element is not None
        ]
        for before, after in zip(old, new, strict=False):
            chosen = after.element.chosen if after.element else None
            new_code = chosen.code() if chosen else (after.element.replay_target if after.element else None)
            old_code = before.locator or str(before.args.get("target"))
            if new_code and new_code != old_code:
                entries.append({"step": cached.index, "old_locator": old_code, "new_locator": new_code})
    return tuple(entries)
