"""Throughput of a 20-spec plain suite with 1 and 2 workers, and peak memory of the browser processes.

Same specs, same demo app, same process, run back to back: the ratio is what matters, not the seconds.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from autoqa.results import Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from autoqa.testing.processes import descendants, rss_kb

DEMO_SPECS = SPECS_DIR
PLAIN = ("02-bad-password.md", "04-playground.md", "05-long-list.md")


def _suite(root: Path, count: int = 20) -> Path:
    specs = root / "specs"
    shutil.copytree(DEMO_SPECS / "steps", specs / "steps")
    for n in range(count):
        source = DEMO_SPECS / PLAIN[n % len(PLAIN)]
        (specs / f"{n:02d}-{source.name}").write_text(source.read_text())
    return root


class _MemorySampler:
    """Peak summed RSS of this process's descendants (driver + browsers), sampled every 50 ms."""

    def __init__(self) -> None:
        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.is_set():
            total = sum(rss_kb(p) for p in descendants(os.getpid()))
            self.peak_kb = max(self.peak_kb, total)
            self._stop.wait(0.05)

    def __enter__(self) -> _MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


async def _run(project: Path, server: DemoServer, workers: int) -> tuple[float, int, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    env.update(AUTOQA_USERNAME=server.credentials.username, AUTOQA_PASSWORD=server.credentials.password)
    request = RunRequest(
        paths=("specs",),
        root=project,
        cli={"base_url": server.url, "workers": workers, "artifacts": "none"},
        cli_vars={},
        keyword=None,
        environ=env,
        project_root=project,
    )
    prepared = prepare_run(request)
    with _MemorySampler() as sampler:
        started = time.perf_counter()
        run = await execute_run(prepared)
        elapsed = time.perf_counter() - started
    passed = run.count(Outcome.PASSED)
    return elapsed, passed, sampler.peak_kb


def run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp, DemoServer() as server:
        project = _suite(Path(tmp))
        one, passed_one, mem_one = asyncio.run(_run(project, server, 1))
        two, passed_two, mem_two = asyncio.run(_run(project, server, 2))
    figures = {
        "specs": 20,
        "workers_1_s": round(one, 2),
        "workers_2_s": round(two, 2),
        "speedup_2_workers": round(one / two, 2),
        "passed": [passed_one, passed_two],
        "peak_rss_mb_1_worker": round(mem_one / 1024, 1),
        "peak_rss_mb_2_workers": round(mem_two / 1024, 1),
        "peak_rss_mb_per_worker": round(mem_two / 2 / 1024, 1),
    }
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:28} {value}")
