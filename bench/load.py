"""Load: 50 specs replayed from the step cache with 2 workers; fds, processes and memory as specs end.

The same run as ``tests/reliability/test_load.py`` (whose ``load_probe`` module builds the project,
records the step cache once with the agent against the fake model, and samples the CLI process at every
``spec.finished``), reported as figures instead of asserted: what a long suite costs per spec.
Run from the repository root (``python -m bench load``), so ``tests.reliability`` is importable.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from autoqa.demo_app.server import DemoServer

SPECS = 50
WORKERS = 2


def run(specs: int = SPECS, workers: int = WORKERS) -> dict[str, Any]:
    from tests.reliability.load_probe import figures, load_project, record_step_cache, run_load

    with tempfile.TemporaryDirectory(prefix="autoqa-bench-load-") as tmp, DemoServer() as server:
        project = load_project(Path(tmp) / "project", specs)
        started = time.perf_counter()
        record_step_cache(project, server.url, specs)
        record_s = time.perf_counter() - started
        load, probe = run_load(project, server.url, specs, workers, Path(tmp) / "tmp")
        found = figures(probe.samples, workers)
        outcomes = [s["outcome"] for s in load.run_json["specs"]]
    return {
        "specs": specs,
        "workers": workers,
        "passed": outcomes.count("passed"),
        "exit_code": load.returncode,
        "record_cache_s": round(record_s, 1),
        "wall_s": round(load.seconds, 1),
        "s_per_spec": round(load.seconds / specs, 2),
        "leftover_processes": len(load.leftovers),
        **{key: value for key, value in asdict(found).items() if key != "specs"},
        "cli_growth_mb": round(found.cli_growth_mb, 1),
        "tree_growth_pct": round(found.tree_growth * 100, 1),
    }


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:28} {value}")
