"""Scale-out: a replayed suite on 1 and 2 workers, and its projected wall time on N CI shards.

``python -m bench.scale_out [SPECS [ROUNDS]]``. The default, 100 specs and one round, takes about four
minutes on 2 cores; the README's figure is ``python -m bench.scale_out 200 2`` (about 15 minutes at load
6-10): at ~1 s per replayed spec on one worker, a 200-spec round is most of the time.

The suite is generated from three demo specs that need no login and include no steps library (a refused
login: 6 steps, the long list: 4, the task list: 20): each step is reworded so the plain grammar no longer
reads it ("Next, navigate to …"), so only the agent or its step cache can run the spec. The agent runs
each of the three once, through the real SDK and CLI against the scripted fake model (the script is the
tool calls the plain grammar makes of the original steps), and that passing run writes its step cache;
every copy then gets that cache with its own ``spec``, as ``tests/reliability/load_probe.py`` does. The
suite runs as ``autoqa run specs --agent never``: every spec replayed, no model reachable, the default
artifact policy, each run from the cache as recorded (a checkout's).

Measured: whole processes (``python -m autoqa``, spawn to exit), 1 and 2 workers interleaved (1, 2, 1,
2 …) for ``ROUNDS`` rounds; medians. Each round also times the fixed cost ``F`` a process pays whatever
its share (interpreter, Playwright, browser launch, run folder and reports): a run of one short spec per
worker, minus that spec's own duration.

Projection, per worker count: a shard's wall is ``F`` plus its share of the rest; round robin over copies
gives equal shares, so on ``N`` shards side by side ``T(N) = F + (wall − F) / N``. One shard is measured
to check the model (``--shard 1/8``, 1 worker). Not in the figure: the CI job's own start (machine,
checkout, install, browser), which adds the same to every shard.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from bench.user_process import user_environ, write_bytecode

SPECS = 100
ROUNDS = 1
SHARDS = (1, 2, 4, 8, 16)
CHECKED_SHARD = (1, 8)
TEMPLATES = ("02-bad-password.md", "05-long-list.md", "07-tasks.md")
CACHE = Path("specs/.autoqa")


def _reworded(text: str) -> str:
    """A step the plain grammar does not read (checked in :func:`_template`)."""
    return "Next, " + text[0].lower() + text[1:]


def _template(name: str, variables: dict[str, str]) -> tuple[str, list[Any]]:
    """The demo spec ``name`` with every step reworded, and the fake model's script for it: the tool calls
    the plain grammar makes of the original steps, then ``finish``."""
    from autoqa.execute.plain import plan_plain
    from autoqa.spec.loader import load_spec
    from autoqa.testing.fake_anthropic import text, tool_use

    source = SPECS_DIR / name
    spec = load_spec(source, variables=variables, root=SPECS_DIR)
    plan = plan_plain(spec)
    assert plan.runnable, f"{name} is not plain grammar"
    body = source.read_text(encoding="utf-8")
    script: list[Any] = []
    for step, actions in zip(spec.steps, plan.actions, strict=True):
        raw = step.raw_text or step.text
        body, found = re.subn(
            rf"(?m)^{step.index}\. {re.escape(raw)}$", f"{step.index}. {_reworded(raw)}", body
        )
        assert found == 1, f"{name}: step {step.index} not found as written"
        script += [tool_use(a.tool, {**a.args, "step": step.index}) for a in actions]
    script += [tool_use("finish", {"status": "passed", "summary": "every step done"}), text("done")]
    return body, script


def _environ(base_url: str, **extra: str) -> dict[str, str]:
    return user_environ(("AUTOQA_", "ANTHROPIC_", "CLAUDE_"), AUTOQA_BASE_URL=base_url, **extra)


def _autoqa(project: Path, args: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "autoqa", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return time.perf_counter() - started, done.returncode, done.stdout + done.stderr


def build_suite(root: Path, server: DemoServer, count: int = SPECS) -> Path:
    """``root/project`` with ``count`` replayable specs and their step cache (recorded once per template)."""
    from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env

    project = root / "project"
    shutil.copytree(SPECS_DIR / "steps", project / "specs" / "steps")
    (project / "autoqa.toml").write_text("")
    variables = {"BASE_URL": server.url, "USERNAME": server.credentials.username}
    login = {"AUTOQA_USERNAME": server.credentials.username, "AUTOQA_PASSWORD": server.credentials.password}
    caches = []
    for n, name in enumerate(TEMPLATES):
        body, script = _template(name, variables)
        first = f"{n:03d}-{name}"
        (project / "specs" / first).write_text(body)
        with FakeAnthropic() as fake:
            fake.script(*script)
            env = _environ(server.url, **login, **offline_env(fake.url, str(root / "claude-config")))
            _, code, output = _autoqa(project, ["run", f"specs/{first}"], env)
        cache = project / CACHE / f"specs-{Path(first).stem}.json"
        if code != 0 or not cache.is_file():
            raise RuntimeError(f"recording {name} with the fake model failed (exit {code}):\n{output}")
        caches.append((body, json.loads(cache.read_text())))
    for n in range(len(TEMPLATES), count):
        body, cache = caches[n % len(TEMPLATES)]
        name = f"{n:03d}-{TEMPLATES[n % len(TEMPLATES)]}"
        (project / "specs" / name).write_text(body)
        copy = {**cache, "spec": f"specs/{name}"}
        (project / CACHE / f"specs-{Path(name).stem}.json").write_text(json.dumps(copy, indent=2) + "\n")
    return project


def _restore_cache(project: Path) -> None:
    # A replayed pass may rewrite each spec's cache file (fresher locators); CI starts each run from the
    # committed cache, and so does every timed run, so all rounds replay the same calls.
    pristine = project.parent / "cache-as-recorded"
    if not pristine.exists():
        shutil.copytree(project / CACHE, pristine)
    shutil.rmtree(project / CACHE)
    shutil.copytree(pristine, project / CACHE)


@dataclass(frozen=True)
class Timed:
    wall_s: float
    spec_s: float
    """The specs' own durations, summed (run.json)."""
    longest_spec_s: float
    passed: int
    specs: int
    exit_code: int


def timed_run(project: Path, server: DemoServer, *args: str) -> Timed:
    """One whole ``autoqa run`` from the step cache as recorded (what a CI checkout holds: a passing run
    rewrites the cache, see :func:`_restore_cache`)."""
    _restore_cache(project)
    output = project / "out"
    shutil.rmtree(output, ignore_errors=True)
    env = _environ(
        server.url,
        AUTOQA_USERNAME=server.credentials.username,
        AUTOQA_PASSWORD=server.credentials.password,
    )
    wall, code, text = _autoqa(project, ["run", "specs", "--agent", "never", "--output", "out", *args], env)
    runs = [p for p in output.iterdir() if p.is_dir() and not p.is_symlink()] if output.is_dir() else []
    if len(runs) != 1:
        raise RuntimeError(f"no run folder (exit {code}):\n{text[-2000:]}")
    specs = json.loads((runs[0] / "run.json").read_text())["specs"]
    return Timed(
        wall_s=wall,
        spec_s=sum(s["duration_ms"] for s in specs) / 1000,
        longest_spec_s=max((s["duration_ms"] for s in specs), default=0.0) / 1000,
        passed=sum(s["outcome"] == "passed" for s in specs),
        specs=len(specs),
        exit_code=code,
    )


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def projected(fixed_s: float, wall_s: float, shards: int) -> float:
    """The suite's wall time on ``shards`` machines side by side: each pays the fixed cost and runs its
    equal share of the rest."""
    return round(fixed_s + (wall_s - fixed_s) / shards, 1)


def run(specs: int = SPECS, rounds: int = ROUNDS) -> dict[str, Any]:
    write_bytecode()
    with tempfile.TemporaryDirectory(prefix="autoqa-bench-scale-") as tmp, DemoServer() as server:
        started = time.perf_counter()
        project = build_suite(Path(tmp), server, specs)
        build_s = time.perf_counter() - started
        loads = [_load()]
        full: dict[int, list[Timed]] = {1: [], 2: []}
        starts: dict[int, list[Timed]] = {1: [], 2: []}
        for _ in range(rounds):
            for workers in (1, 2):
                # The fixed cost: ``workers`` specs of the shortest flow, one per worker.
                few = ",".join(f"{n:03d}-{TEMPLATES[1]}" for n in range(1, 3 * workers, 3))
                starts[workers].append(timed_run(project, server, "-j", str(workers), "-k", few))
                full[workers].append(timed_run(project, server, "-j", str(workers)))
                loads.append(_load())
        index, count = CHECKED_SHARD
        shard = timed_run(project, server, "--shard", f"{index}/{count}")
        loads.append(_load())
    figures: dict[str, Any] = {
        "specs": specs,
        "rounds": rounds,
        "build_suite_s": round(build_s, 1),
        "load_avg_1min": loads,
        "cpus": os.cpu_count(),
    }
    walls: dict[int, float] = {}
    fixed: dict[int, float] = {}
    for workers, timed in full.items():
        walls[workers] = statistics.median(t.wall_s for t in timed)
        fixed[workers] = statistics.median(t.wall_s - t.longest_spec_s for t in starts[workers])
        figures[f"workers_{workers}"] = {
            "wall_s": [round(t.wall_s, 1) for t in timed],
            "s_per_spec": round(walls[workers] / specs, 3),
            "fixed_s": round(fixed[workers], 1),
            "fixed_runs_wall_s": [round(t.wall_s, 1) for t in starts[workers]],
            "spec_s_summed": [round(t.spec_s, 1) for t in timed],
            "passed": [t.passed for t in timed],
            "exit_codes": [t.exit_code for t in timed],
        }
    figures["speedup_2_workers"] = round(walls[1] / walls[2], 2)
    for workers in (1, 2):
        figures[f"projected_wall_s_{workers}_worker"] = {
            f"{n}_shards": projected(fixed[workers], walls[workers], n) for n in SHARDS
        }
    predicted = projected(fixed[1], walls[1], count)
    figures[f"shard_{index}_of_{count}_1_worker"] = {
        "specs": shard.specs,
        "passed": shard.passed,
        "measured_wall_s": round(shard.wall_s, 1),
        "projected_wall_s": predicted,
        "measured_over_projected": round(shard.wall_s / predicted, 2),
    }
    return figures


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else SPECS
    print(json.dumps(run(count, int(sys.argv[2]) if len(sys.argv) > 2 else ROUNDS), indent=2))
