"""Past runs in an output folder: ``runs list`` and ``runs clean --keep N`` as library functions.

A run is a sub-folder holding a ``run.json``; anything else in the output folder is left alone. A run
whose ``run.json`` still says ``running`` although its process is gone is reported as ``incomplete`` (it
was killed; its ``run.json`` holds the specs that finished).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autoqa.artifacts.latest import LATEST_FILE, LATEST_LINK, point_latest, read_latest
from autoqa.artifacts.run_dir import RUN_MARKER, RUN_SCHEMA
from autoqa.errors import UsageError


@dataclass(frozen=True, slots=True)
class RunSummary:
    run_id: str
    path: Path
    status: str
    """``running``, ``finished``, ``interrupted``, ``incomplete`` (killed) or ``unreadable``."""
    started_at: str | None = None
    duration_ms: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)
    """Specs by outcome, plus ``total``."""
    cost_usd: float = 0.0
    latest: bool = False
    started_ts: float = 0.0
    """Start time in seconds since the epoch (orders runs started within the same second)."""
    merged_from: tuple[str, ...] = ()
    """A merged run's parts (``autoqa report merge``), by run id."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    except OSError:
        return False
    return True


def run_status(data: dict[str, Any]) -> str:
    """A run.json's status, with ``running`` turned into ``incomplete`` when its process is gone."""
    status = str(data.get("status", "unreadable"))
    if status != "running":
        return status
    pid, host = data.get("pid"), data.get("host")
    if isinstance(pid, int) and host == socket.gethostname() and not _alive(pid):
        return "incomplete"
    return status


def _summary(folder: Path, latest: str | None) -> RunSummary:
    try:
        data = json.loads((folder / "run.json").read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("run.json is not an object")
    except (OSError, ValueError):
        return RunSummary(folder.name, folder, "unreadable", latest=folder.name == latest)
    usage: dict[str, Any] = data["usage"] if isinstance(data.get("usage"), dict) else {}
    summary: dict[str, Any] = data["summary"] if isinstance(data.get("summary"), dict) else {}
    return RunSummary(
        run_id=str(data.get("run_id") or folder.name),
        path=folder,
        status=run_status(data),
        started_at=data.get("started_at"),
        duration_ms=float(data.get("duration_ms") or 0.0),
        counts={str(k): int(v) for k, v in summary.items() if isinstance(v, int)},
        cost_usd=float(usage.get("cost_usd") or 0.0),
        latest=folder.name == latest,
        started_ts=float(data.get("started_ts") or 0.0),
        merged_from=_merged_from(data.get("merged_from")),
    )


def _merged_from(parts: Any) -> tuple[str, ...]:
    """The run ids a merged run names (``merged_from``); none for an ordinary run."""
    if not isinstance(parts, list):
        return ()
    return tuple(str(p["run_id"]) for p in parts if isinstance(p, dict) and p.get("run_id"))


def _sort_key(run: RunSummary) -> tuple[float, str]:
    started = run.started_ts
    if not started:
        try:
            started = (run.path / "run.json").stat().st_mtime
        except OSError:
            started = 0.0
    return (started, run.run_id)


def list_runs(output_root: Path) -> list[RunSummary]:
    """Every run under ``output_root``, newest first. A missing folder has no runs."""
    if not output_root.is_dir():
        return []
    latest = read_latest(output_root)
    runs = [
        _summary(folder, latest)
        for folder in output_root.iterdir()
        if folder.is_dir() and not folder.is_symlink() and (folder / "run.json").exists()
    ]
    return sorted(runs, key=_sort_key, reverse=True)


def clean_runs(output_root: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest runs; returns the deleted folders.

    Runs still in progress are never deleted. The ``latest`` pointer moves to the newest remaining run
    (or is removed when none remains).

    Raises:
        UsageError: ``keep`` is negative.
    """
    if keep < 0:
        raise UsageError(f"--keep must be 0 or more, got {keep}")
    runs = [run for run in list_runs(output_root) if _written_by_autoqa(run.path)]
    removed = []
    for run in runs[keep:]:
        if run.status == "running":
            continue
        shutil.rmtree(run.path)
        removed.append(run.path)
    if removed:
        _repoint_latest(output_root)
    return removed


def _written_by_autoqa(folder: Path) -> bool:
    """Only folders autoqa wrote are deleted: our marker naming the folder, and a run.json of our schema
    with that run id. A folder that merely holds a file called run.json (someone's data next to the runs)
    is left alone; links are never followed."""
    if folder.is_symlink():
        return False
    try:
        marker = (folder / RUN_MARKER).read_text(encoding="utf-8").strip()
        data = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    ours = isinstance(data, dict) and data.get("schema") == RUN_SCHEMA and data.get("run_id") == marker
    return ours and marker == folder.name


def _repoint_latest(output_root: Path) -> None:
    if read_latest(output_root) is not None:
        return
    remaining = list_runs(output_root)
    if remaining:
        point_latest(output_root, remaining[0].run_id)
        return
    for name in (LATEST_LINK, LATEST_FILE):
        pointer = output_root / name
        if pointer.is_symlink() or pointer.is_file():
            with contextlib.suppress(OSError):
                pointer.unlink()
