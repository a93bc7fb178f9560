"""Run folders to merge into one run (``autoqa report merge``): read each ``run.json``, check that the
runs are parts of one suite, and pick the result each spec keeps.

``run.json`` is the source of truth: a spec's outcome, failure class, flaky state, attempts and the
paths of its files are read from it, never judged again. Runs are parts of one suite when:

* each folder is a run folder (it holds ``run.json``) or an output folder whose ``latest`` pointer
  names one (what ``actions/download-artifact`` gives back of an uploaded ``--output`` folder);
* every ``run.json`` parses, is of our schema, and was written by the same autoqa version;
* no run is given twice;
* either every run is a shard (``--shard i/n``) of the same ``n``, each ``i`` from 1 to ``n`` is there
  exactly once, and a spec has the same position in every shard it ran in (one spec list was sharded);
  or no run is a shard and no spec ran in two of them (their specs are numbered in the order given).

A spec found in several shards is a setup spec (``setup:``) that specs of other shards started from
(see :func:`autoqa.runner.planning.shard`): the merged run keeps its most severe copy, its home shard's
on a tie, so a login that failed in one shard is not hidden by its passes in the others.

Anything else is a :class:`~autoqa.errors.UsageError` naming the folder (exit 2): runs that do not
belong together would report a partial or doubled suite as a whole one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from autoqa.artifacts.latest import read_latest
from autoqa.artifacts.run_dir import RUN_SCHEMA
from autoqa.artifacts.runs import run_status
from autoqa.artifacts.serialize import run_result_from_dict
from autoqa.errors import UsageError
from autoqa.results import Outcome, RunResult, SpecResult

_SHARD = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
# Which copy of a spec run in several shards the merged run keeps: the one that tells the most.
_SEVERITY = {
    Outcome.ERROR: 5,
    Outcome.FAILED: 4,
    Outcome.FLAKY: 3,
    Outcome.NEEDS_AGENT: 2,
    Outcome.PASSED: 1,
    Outcome.SKIPPED: 0,
}


@dataclass(frozen=True, slots=True)
class PartRun:
    """One run folder given to the merge, as its ``run.json`` records it."""

    folder: Path
    """The run folder (``<output>/<run-id>``)."""
    document: dict[str, Any]
    run: RunResult
    status: str
    """``finished``, ``interrupted``, ``incomplete`` (killed) or ``running``."""
    shard: tuple[int, int] | None
    """``(i, n)`` of ``--shard i/n``, or None for a run of the whole selection."""

    @property
    def label(self) -> str:
        return f"shard {self.shard[0]}/{self.shard[1]}" if self.shard else f"run {self.run.run_id}"

    def is_home(self, spec: SpecResult) -> bool:
        """Whether the round-robin partition put ``spec`` in this shard (not a setup spec it needed)."""
        return self.shard is None or spec.index % self.shard[1] == self.shard[0] - 1

    def record(self) -> dict[str, Any]:
        """Its entry in the merged run.json's ``merged_from``."""
        return {
            "run_id": self.run.run_id,
            "folder": str(self.folder),
            "shard": f"{self.shard[0]}/{self.shard[1]}" if self.shard else None,
            "status": self.status,
            "host": self.document.get("host"),
            "started_at": self.document.get("started_at"),
            "duration_ms": self.run.duration_ms,
            "specs": len(self.run.specs),
        }


@dataclass(frozen=True, slots=True)
class KeptSpec:
    result: SpecResult
    """The copy kept (its ``index``: the position in the merged run)."""
    part: PartRun
    """The run folder its files are in."""


@dataclass(frozen=True, slots=True)
class MergePlan:
    parts: tuple[PartRun, ...]
    """In shard order (or as given)."""
    specs: tuple[KeptSpec, ...]
    """Each spec once, in run order."""

    @property
    def unfinished(self) -> tuple[PartRun, ...]:
        """Parts that did not finish (interrupted, killed, still running): the merged run is interrupted."""
        return tuple(p for p in self.parts if p.status != "finished")

    @property
    def started_ts(self) -> float | None:
        starts = [p.document.get("started_ts") for p in self.parts]
        numbers = [float(s) for s in starts if isinstance(s, (int, float))]
        return min(numbers) if numbers else None

    @property
    def duration_ms(self) -> float:
        """The longest part's: the wall time of the suite when its parts run side by side."""
        return max((p.run.duration_ms for p in self.parts), default=0.0)


def find_run_folder(folder: Path) -> Path:
    """``folder`` itself when it holds a run.json, else the run its ``latest`` pointer names, else its
    only run folder.

    Raises:
        UsageError: no such folder, or no run in it (or several and no pointer).
    """
    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder")
    if (folder / "run.json").is_file():
        return folder
    latest = read_latest(folder)
    if latest is not None and (folder / latest / "run.json").is_file():
        return folder / latest
    runs = sorted(
        p for p in folder.iterdir() if p.is_dir() and not p.is_symlink() and (p / "run.json").is_file()
    )
    if len(runs) == 1:
        return runs[0]
    if runs:
        raise UsageError(
            f"{folder} holds {len(runs)} runs and no latest pointer",
            hint="pass the run folders themselves (<output>/<run-id>)",
        )
    raise UsageError(
        f"{folder} holds no run.json: it is not an autoqa run folder",
        hint="pass the folder a shard's `autoqa run --output` wrote, or a <run-id> folder in it",
    )


def read_part(folder: Path) -> PartRun:
    """Read one run folder's ``run.json``. Raises :class:`UsageError` naming the file and the problem."""
    run_dir = find_run_folder(folder)
    path = run_dir / "run.json"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path} is not UTF-8 text: {exc.reason}") from None
    except ValueError as exc:
        raise UsageError(f"{path} is not valid JSON: {exc}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not isinstance(document, dict) or document.get("schema") != RUN_SCHEMA:
        raise UsageError(f"{path} is not an autoqa run.json (schema {RUN_SCHEMA})")
    specs = document.get("specs")
    if not isinstance(specs, list) or not all(isinstance(s, dict) for s in specs):
        raise UsageError(f"{path}: 'specs' is not a list of spec results")
    if not isinstance(document.get("run_id"), str) or not document["run_id"]:
        raise UsageError(f"{path}: no run_id")
    try:
        run = run_result_from_dict(document, run_dir)
    except (ValueError, TypeError, AttributeError) as exc:
        raise UsageError(f"{path}: a spec result cannot be read: {exc}") from None
    return PartRun(run_dir, document, run, run_status(document), _shard_of(document, path))


def _shard_of(document: dict[str, Any], path: Path) -> tuple[int, int] | None:
    config = document.get("config")
    values = config.get("values") if isinstance(config, dict) else None
    value = values.get("shard") if isinstance(values, dict) else None
    if value is None:
        return None
    match = _SHARD.match(str(value))
    if match is None or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise UsageError(f"{path}: config shard {value!r} is not 'i/n' with 1 <= i <= n")
    return int(match.group(1)), int(match.group(2))


def plan_merge(folders: Sequence[Path]) -> MergePlan:
    """Read and check the runs in ``folders`` and pick each spec's result (see the module docstring).

    Raises:
        UsageError: a folder is not a readable run, or the runs are not parts of one suite.
    """
    if not folders:
        raise UsageError("no run folders to merge")
    parts = [read_part(folder) for folder in folders]
    _check_distinct(parts)
    _check_versions(parts)
    sharded = [p for p in parts if p.shard is not None]
    if sharded and len(sharded) != len(parts):
        whole = next(p for p in parts if p.shard is None)
        raise UsageError(
            f"{whole.folder} is a run of the whole selection, {sharded[0].folder} is "
            f"{sharded[0].label}: merge the shards of one run"
        )
    if sharded:
        parts = _check_shards(parts)
        return MergePlan(tuple(parts), _shard_specs(parts))
    return MergePlan(tuple(parts), _disjoint_specs(parts))


def _check_distinct(parts: Sequence[PartRun]) -> None:
    seen: dict[str, PartRun] = {}
    for part in parts:
        other = seen.setdefault(part.run.run_id, part)
        if other is not part:
            raise UsageError(f"{other.folder} and {part.folder} are the same run ({part.run.run_id})")


def _check_versions(parts: Sequence[PartRun]) -> None:
    def version(part: PartRun) -> str | None:
        versions = part.document.get("versions")
        return str(versions.get("autoqa")) if isinstance(versions, dict) and versions.get("autoqa") else None

    found = [(version(p), p) for p in parts if version(p)]
    for found_version, part in found[1:]:
        if found_version != found[0][0]:
            raise UsageError(
                f"{found[0][1].folder} was written by autoqa {found[0][0]}, {part.folder} by "
                f"{found_version}: the parts of one run use one version"
            )


def _check_shards(parts: Sequence[PartRun]) -> list[PartRun]:
    """The parts in shard order, after checking they are shards 1..n of one ``n``, each once."""
    first = parts[0]
    assert first.shard is not None
    count = first.shard[1]
    by_index: dict[int, PartRun] = {}
    for part in parts:
        assert part.shard is not None
        index, total = part.shard
        if total != count:
            raise UsageError(
                f"{first.folder} is {first.label}, {part.folder} is {part.label}: not shards of one run"
            )
        other = by_index.setdefault(index, part)
        if other is not part:
            raise UsageError(
                f"{part.label} is given twice: {other.folder} (run {other.run.run_id}) and {part.folder} "
                f"(run {part.run.run_id})",
                hint="merge one run of each shard",
            )
    missing = [f"{i}/{count}" for i in range(1, count + 1) if i not in by_index]
    if missing:
        raise UsageError(
            f"shard {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing (got "
            f"{', '.join(f'{i}/{count}' for i in sorted(by_index))}): the merged run would report part of "
            "the suite as all of it"
        )
    return [by_index[i] for i in sorted(by_index)]


def _shard_specs(parts: Sequence[PartRun]) -> tuple[KeptSpec, ...]:
    copies: dict[int, list[tuple[SpecResult, PartRun]]] = {}
    position: dict[str, tuple[int, PartRun]] = {}
    for part in parts:
        if len({spec.index for spec in part.run.specs}) != len(part.run.specs):
            raise UsageError(f"{part.folder / 'run.json'} lists a spec position twice")
        for spec in part.run.specs:
            path = spec.path.as_posix()
            known = copies.setdefault(spec.index, [])
            if known and known[0][0].path.as_posix() != path:
                raise UsageError(
                    f"{known[0][1].folder} and {part.folder} are not shards of one spec list: position "
                    f"{spec.index} is {known[0][0].path.as_posix()} in one and {path} in the other"
                )
            index, other = position.setdefault(path, (spec.index, part))
            if index != spec.index:
                raise UsageError(
                    f"{path} is at position {index} in {other.folder} and {spec.index} in {part.folder}: "
                    "not shards of one spec list"
                )
            known.append((spec, part))
    kept = []
    for index in sorted(copies):
        found = copies[index]
        spec, part = max(found, key=lambda c: (_SEVERITY.get(c[0].outcome, 0), c[1].is_home(c[0])))
        kept.append(KeptSpec(spec, part))
    return tuple(kept)


def _disjoint_specs(parts: Sequence[PartRun]) -> tuple[KeptSpec, ...]:
    seen: dict[str, PartRun] = {}
    kept: list[KeptSpec] = []
    for part in parts:
        for spec in sorted(part.run.specs, key=lambda s: s.index):
            path = spec.path.as_posix()
            other = seen.setdefault(path, part)
            if other is not part:
                raise UsageError(
                    f"{path} ran in both {other.folder} and {part.folder}",
                    hint="merge runs of different specs, or the shards of one run (--shard i/n)",
                )
            kept.append(KeptSpec(replace(spec, index=len(kept)), part))
    return tuple(kept)
