"""Per-spec history over past runs (``autoqa runs stats``): how often each spec passes, is flaky, is
healed, how long it takes and what it costs — read from the run folders' ``run.json`` files.

A spec is counted in a run when it ran there (passed, failed, error or flaky); skipped and refused specs
did not run and only show up as ``not_run``. Runs still in progress and unreadable ones are left out.
The shards a merged run in the same folder was made of (``autoqa report merge``) are read once, as that
run. Quarantine proposals (:func:`propose`) follow one rule: flaky in at least ``min_flaky`` of the runs
read.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autoqa.artifacts.runs import list_runs

RAN = ("passed", "failed", "error", "flaky")
DEFAULT_LAST = 10
DEFAULT_MIN_FLAKY = 2


@dataclass(frozen=True, slots=True)
class SpecStats:
    path: str
    """As run.json records it (relative to the project)."""
    title: str
    runs: int
    """Runs in which the spec ran."""
    outcomes: dict[str, int] = field(default_factory=dict)
    """Outcome → how many of the runs read."""
    healed: int = 0
    """Runs in which a step was healed by the agent."""
    durations_ms: tuple[float, ...] = ()
    cost_usd: float = 0.0
    classes: dict[str, int] = field(default_factory=dict)
    """Failure class → runs it did not pass with that class (a flaky run: its failed attempt's class)."""
    last_outcome: str | None = None
    """In the newest run read."""

    def rate(self, outcome: str) -> float:
        return self.outcomes.get(outcome, 0) / self.runs if self.runs else 0.0

    @property
    def pass_rate(self) -> float:
        return self.rate("passed")

    @property
    def flaky_rate(self) -> float:
        return self.rate("flaky")

    @property
    def heal_rate(self) -> float:
        return self.healed / self.runs if self.runs else 0.0

    @property
    def median_duration_ms(self) -> float:
        return statistics.median(self.durations_ms) if self.durations_ms else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "runs": self.runs,
            "outcomes": dict(self.outcomes),
            "pass_rate": round(self.pass_rate, 4),
            "flaky_rate": round(self.flaky_rate, 4),
            "heal_rate": round(self.heal_rate, 4),
            "median_duration_ms": round(self.median_duration_ms, 1),
            "cost_usd": round(self.cost_usd, 6),
            "classes": dict(self.classes),
            "last_outcome": self.last_outcome,
        }


@dataclass(frozen=True, slots=True)
class HistoryStats:
    runs_read: tuple[str, ...]
    """Run ids, newest first."""
    specs: tuple[SpecStats, ...]


@dataclass(slots=True)
class _Tally:
    title: str = ""
    runs: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    healed: int = 0
    durations: list[float] = field(default_factory=list)
    cost: float = 0.0
    classes: dict[str, int] = field(default_factory=dict)
    last: str | None = None


def _specs_of(run_json: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(run_json.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    specs = data.get("specs") if isinstance(data, dict) else None
    return [s for s in specs if isinstance(s, dict)] if isinstance(specs, list) else []


def _add(tally: _Tally, spec: dict[str, Any], newest: bool) -> None:
    outcome = str(spec.get("outcome", ""))
    tally.title = tally.title or str(spec.get("title") or "")
    tally.outcomes[outcome] = tally.outcomes.get(outcome, 0) + 1
    if newest:
        tally.last = outcome
    if outcome not in RAN:
        return
    tally.runs += 1
    steps: Any = spec.get("steps")
    steps = steps if isinstance(steps, list) else []
    tally.healed += any(isinstance(s, dict) and s.get("healed") for s in steps)
    tally.durations.append(float(spec.get("duration_ms") or 0.0))
    usage: Any = spec.get("usage")
    tally.cost += float(usage.get("cost_usd") or 0.0) if isinstance(usage, dict) else 0.0
    triage: Any = spec.get("triage")
    if isinstance(triage, dict) and outcome != "passed":
        name = str(triage.get("class") or "")
        tally.classes[name] = tally.classes.get(name, 0) + 1


def history_stats(output_root: Path, *, last: int = DEFAULT_LAST) -> HistoryStats:
    """Statistics of every spec over the ``last`` finished runs in ``output_root`` (newest first)."""
    listed = list_runs(output_root)
    # A run merged from shards in the same folder counts once: as the merged run, not again per shard.
    merged = {run_id for run in listed for run_id in run.merged_from}
    runs = [
        r for r in listed if r.status in ("finished", "interrupted", "incomplete") and r.run_id not in merged
    ]
    runs = runs[: max(0, last)]
    tallies: dict[str, _Tally] = {}
    for run in runs:
        seen: set[str] = set()
        for spec in _specs_of(run.path / "run.json"):
            path = str(spec.get("path") or "")
            if not path or path in seen:
                continue
            seen.add(path)
            first = path not in tallies  # runs go newest first: the first sighting is the newest
            _add(tallies.setdefault(path, _Tally()), spec, newest=first)
    specs = tuple(
        SpecStats(
            path=path,
            title=t.title,
            runs=t.runs,
            outcomes=dict(t.outcomes),
            healed=t.healed,
            durations_ms=tuple(t.durations),
            cost_usd=t.cost,
            classes=dict(t.classes),
            last_outcome=t.last,
        )
        for path, t in sorted(tallies.items())
    )
    return HistoryStats(tuple(r.run_id for r in runs), specs)


@dataclass(frozen=True, slots=True)
class Proposal:
    path: str
    reason: str


def propose(
    stats: HistoryStats, *, min_flaky: int = DEFAULT_MIN_FLAKY, exclude: Iterable[str] = ()
) -> list[Proposal]:
    """Specs to quarantine: flaky in at least ``min_flaky`` of the runs read (``exclude``: already there)."""
    skip = set(exclude)
    return [
        Proposal(
            spec.path,
            f"flaky in {spec.outcomes.get('flaky', 0)} of the last {len(stats.runs_read)} runs "
            "(autoqa runs stats --propose)",
        )
        for spec in stats.specs
        if spec.outcomes.get("flaky", 0) >= min_flaky and spec.path not in skip
    ]


def stats_table(stats: HistoryStats) -> list[str]:
    """Text rows for a terminal: one line per spec, with a header."""
    rows = [("spec", "runs", "pass", "flaky", "heal", "median", "cost", "last")]
    for spec in stats.specs:
        rows.append(
            (
                spec.path,
                str(spec.runs),
                f"{spec.pass_rate:.0%}",
                f"{spec.flaky_rate:.0%}",
                f"{spec.heal_rate:.0%}",
                f"{spec.median_duration_ms / 1000:.1f}s",
                f"${spec.cost_usd:.4f}",
                spec.last_outcome or "-",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if column in (0, 7) else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def stats_json(stats: HistoryStats, proposals: Sequence[Proposal] = ()) -> dict[str, Any]:
    return {
        "runs": list(stats.runs_read),
        "specs": [spec.as_dict() for spec in stats.specs],
        "proposals": [{"path": p.path, "reason": p.reason} for p in proposals],
    }
