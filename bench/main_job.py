"""The main job as a user runs it: ``autoqa run`` of the plain demo specs with default settings, against the
same suite written by hand in pytest-playwright (``bench/handwritten``). (A benchmark, not a test.)

Whole processes, interleaved, ``repeats`` times each, in a fresh project folder per run (so no step cache
or earlier run helps): ``autoqa run specs --agent never`` with nothing else set, and ``pytest`` on the
hand-written files with the conftest autoqa's export writes. Also ``autoqa run --trace off`` and
``--workers 2``, to show what the trace default and the second worker cost or buy. Target (issue 17):
defaults ≤ 1.1× the hand-written wall time.

Usage: ``python -m bench main_job`` or ``python -m bench.main_job [repeats] [--against SRC]``. With
``--against``, the defaults also run from another checkout's ``src`` folder (``autoqa_against``, e.g. a
``git worktree add --detach`` of the previous commit), interleaved with the rest, and the paired
differences per round are reported: the before / after of a change on a machine whose load moves.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.replay_bench import SUITE, _environ, _pytest_command, _timed
from bench.user_process import write_bytecode

HERE = Path(__file__).resolve().parent
TARGET = 1.1


def run(repeats: int = 5, against: str | None = None) -> dict[str, Any]:
    from autoqa.demo_app import SPECS_DIR
    from autoqa.demo_app.server import DemoServer
    from autoqa.export import write_conftest

    write_bytecode(*([against] if against else []))
    with DemoServer(bugs=()) as server, tempfile.TemporaryDirectory(prefix="autoqa-main-job-") as tmp:
        url, password = server.url, server.credentials.password
        base = Path(tmp)
        handwritten = base / "handwritten"
        handwritten.mkdir()
        for test in (HERE / "handwritten").glob("test_*.py"):
            shutil.copy(test, handwritten / test.name)
        write_conftest(handwritten)
        env = {**_environ(url, password), "AUTOQA_BASE_URL": url}
        env = {k: v for k, v in env.items() if k != "CI"}
        variants: dict[str, list[str]] = {
            "autoqa_defaults": [],
            "autoqa_trace_off": ["--trace", "off"],
            "autoqa_2_workers": ["--workers", "2"],
        }
        if against:
            variants["autoqa_against"] = []
        wall: dict[str, list[float]] = {name: [] for name in (*variants, "handwritten")}
        failures: list[str] = []
        for round_index in range(repeats):
            names = list(wall)
            order = names[round_index % len(names) :] + names[: round_index % len(names)]
            for name in order:
                project = base / f"project-{round_index}-{name}"
                if name == "handwritten":
                    seconds, output, code = _timed(_pytest_command(handwritten, url), base, env)
                else:
                    (project / "specs").mkdir(parents=True)
                    for spec in SUITE:
                        shutil.copy(SPECS_DIR / spec, project / "specs" / spec)
                    shutil.copytree(SPECS_DIR / "steps", project / "specs" / "steps")
                    command = [
                        sys.executable,
                        "-m",
                        "autoqa",
                        "run",
                        "specs",
                        "--agent",
                        "never",
                        *variants[name],
                    ]
                    extra = {"PYTHONPATH": against} if name == "autoqa_against" and against else {}
                    seconds, output, code = _timed(command, project, {**env, **extra})
                wall[name].append(seconds)
                if code != 0:
                    failures.append(f"{name} round {round_index}: {output[-400:]}")
    median = {name: round(statistics.median(values), 2) for name, values in wall.items()}
    ratios = {name: round(median[name] / median["handwritten"], 2) for name in variants}
    paired: dict[str, Any] = {}
    if against:
        pairs = zip(wall["autoqa_defaults"], wall["autoqa_against"], strict=True)
        diffs = [round(a - b, 2) for a, b in pairs]
        paired = {"defaults_minus_against_s": diffs, "median_s": round(statistics.median(diffs), 2)}
    return {
        "specs": len(SUITE),
        "repeats": repeats,
        "wall_s": median,
        "ratio_to_handwritten": ratios,
        "target": TARGET,
        "meets_target": ratios["autoqa_defaults"] <= TARGET,
        "failures": failures,
        **({"paired": paired} if paired else {}),
    }


if __name__ == "__main__":
    args = sys.argv[1:]
    against = None
    if "--against" in args:
        at = args.index("--against")
        against = str(Path(args[at + 1]).resolve())
        del args[at : at + 2]
    print(json.dumps(run(int(args[0]) if args else 5, against), indent=2))
