"""The same plain specs through the pytest plugin and through ``autoqa run``: whole processes, interleaved.
(A benchmark, not a test.)

Twelve specs: six of the demo's plain specs (log-in, bad password, checkout, long list, the shadow-DOM
task list and its filters) and six more copies of them under other names (never of the log-in, the one
``setup:`` spec). Each
round runs, in a fresh project folder each time (no step cache), ``pytest --autoqa specs -p no:xdist``
and ``autoqa run specs --agent never``, alternating which goes first. Target (issue 17): the plugin
within 1.15x of ``autoqa run``.

Usage: ``python -m bench plugin_vs_run`` or ``python -m bench.plugin_vs_run [repeats]``.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.replay_bench import _environ, _timed
from bench.user_process import write_bytecode

TARGET = 1.15
SPECS = (
    "01-login.md",
    "02-bad-password.md",
    "03-checkout.md",
    "05-long-list.md",
    "07-tasks.md",
    "08-tasks-filter-edit.md",
)
COPIES = (*SPECS[1:], "07-tasks.md")


def _project(folder: Path) -> Path:
    from autoqa.demo_app import SPECS_DIR

    specs = folder / "specs"
    specs.mkdir(parents=True)
    for name in SPECS:
        shutil.copy(SPECS_DIR / name, specs / name)
    for number, name in enumerate(COPIES, start=11):
        shutil.copy(SPECS_DIR / name, specs / f"{number}-{name[3:]}")
    shutil.copytree(SPECS_DIR / "steps", specs / "steps")
    return folder


def run(repeats: int = 3) -> dict[str, Any]:
    from autoqa.demo_app.server import DemoServer

    commands = {
        "pytest_plugin": [sys.executable, "-m", "pytest", "specs", "--autoqa", "-q", "-p", "no:xdist"],
        "autoqa_run": [sys.executable, "-m", "autoqa", "run", "specs", "--agent", "never"],
    }
    wall: dict[str, list[float]] = {name: [] for name in commands}
    failures: list[str] = []
    write_bytecode()
    with DemoServer(bugs=()) as server, tempfile.TemporaryDirectory(prefix="autoqa-plugin-bench-") as tmp:
        env = {**_environ(server.url, server.credentials.password), "AUTOQA_BASE_URL": server.url}
        env = {k: v for k, v in env.items() if k != "CI"}
        specs = len(list((_project(Path(tmp) / "count") / "specs").glob("*.md")))
        for round_index in range(repeats):
            names = list(commands) if round_index % 2 == 0 else list(reversed(commands))
            for name in names:
                project = _project(Path(tmp) / f"round-{round_index}-{name}")
                seconds, output, code = _timed(commands[name], project, env)
                wall[name].append(seconds)
                if code != 0:
                    failures.append(f"{name} round {round_index}: exit {code}: {output[-400:]}")
    median = {name: round(statistics.median(values), 2) for name, values in wall.items()}
    ratio = round(median["pytest_plugin"] / median["autoqa_run"], 2)
    return {
        "specs": specs,
        "repeats": repeats,
        "wall_s": median,
        "plugin_over_run": ratio,
        "target": TARGET,
        "meets_target": ratio <= TARGET,
        "failures": failures,
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 3), indent=2))
