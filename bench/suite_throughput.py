"""Throughput of a 20-spec plain suite with 1 and 2 workers, and peak memory of the browser processes.

Same specs, same demo app, same process, run back to back: the ratio is what matters, not the seconds.
That in-process figure shares one interpreter with the demo app's server thread. ``whole_processes``
measures what a user runs (issue 17's target, 2 workers ≥ 1.7×): ``python -m autoqa run specs --agent
never --workers N`` spawned to exit, the demo app in a process of its own, 1 and 2 workers interleaved
for ``rounds`` rounds, medians. ``python -m bench.suite_throughput [--processes ROUNDS]``.
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
from bench.user_process import user_environ, write_bytecode

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


_SERVE = """
import time
from autoqa.demo_app.server import DemoServer
with DemoServer() as server:
    print(server.url, server.credentials.username, server.credentials.password, flush=True)
    time.sleep(86_400)
"""


def whole_processes(rounds: int = 3) -> dict[str, Any]:
    """``autoqa run`` of the 20-spec suite as whole processes, 1 vs 2 workers interleaved; medians."""
    import statistics
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-c", _SERVE], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url, user, password = server.stdout.readline().split()
        write_bytecode()
        env = user_environ(("AUTOQA_", "ANTHROPIC_", "CI"))
        env.update(AUTOQA_BASE_URL=url, AUTOQA_USERNAME=user, AUTOQA_PASSWORD=password)
        walls: dict[int, list[float]] = {1: [], 2: []}
        for round_index in range(rounds):
            order = (1, 2) if round_index % 2 == 0 else (2, 1)
            for workers in order:
                with tempfile.TemporaryDirectory() as tmp:
                    project = _suite(Path(tmp))
                    started = time.perf_counter()
                    command = [sys.executable, "-m", "autoqa", "run", "specs", "--agent", "never"]
                    done = subprocess.run(
                        [*command, "--workers", str(workers)],
                        cwd=project,
                        env=env,
                        capture_output=True,
                        text=True,
                        timeout=900,
                        check=False,
                    )
                    walls[workers].append(time.perf_counter() - started)
                    if done.returncode != 0:
                        raise RuntimeError(f"autoqa run --workers {workers} exited {done.returncode}")
    finally:
        server.kill()
        server.wait()
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    return {
        "specs": 20,
        "rounds": rounds,
        "whole_1_worker_s": round(one, 2),
        "whole_2_workers_s": round(two, 2),
        "whole_speedup_2_workers": round(one / two, 2),
        "walls": {str(k): [round(v, 2) for v in vs] for k, vs in walls.items()},
    }


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--processes"]:
        figures = whole_processes(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
    else:
        figures = run()
    for key, value in figures.items():
        print(f"{key:28} {value}")
