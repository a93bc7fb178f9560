"""Replay vs exported pytest vs hand-written pytest-playwright, on the demo suite. (A benchmark, not a test.)

One run records the five plain demo specs once (through the tool layer, with the recorder), writes the
step cache and exports pytest files from that recording, then times three ways of running the suite
again, each in a fresh process, interleaved, ``repeats`` times:

* ``replay``:      a Python process that replays every spec from the step cache (no model) through the
                   tool layer — what ``autoqa run --agent never`` does once the cache is wired in;
* ``exported``:    ``pytest`` on the exported files (pytest-playwright);
* ``handwritten``: ``pytest`` on ``bench/handwritten/`` — the same suite written by hand.

The two pytest variants run with the same command line, plugins and ``conftest.py`` (the generated one,
copied next to both), so they differ only in the test files. Each figure is the median wall time of the
process; ``inner`` figures exclude interpreter and pytest start-up. Targets: replay <= 1.3x and exported
<= 1.1x the hand-written time.

Usage: ``python bench/replay_bench.py [repeats]``; ``run()`` returns the figures as a dict.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from autoqa.demo_app import SPECS_DIR
from bench.user_process import user_environ, write_bytecode

HERE = Path(__file__).resolve().parent
DEMO_SPECS = SPECS_DIR
SUITE = ("01-login.md", "02-bad-password.md", "03-checkout.md", "04-playground.md", "05-long-list.md")
TARGETS = {"replay": 1.3, "exported": 1.1}


# --- driving the tool layer (recording and the replay worker) -----------------------------------------


def _variables(url: str, password: str) -> dict[str, str]:
    return {"BASE_URL": url, "USERNAME": "demo", "PASSWORD": password}


async def _record(url: str, password: str, cache_dir: Path, export_dir: Path) -> None:
    from playwright.async_api import async_playwright

    from autoqa.browser import launch_browser, resolve_browser
    from autoqa.execute.plain import plan_plain, run_plain
    from autoqa.execute.recording import RecordingCaller
    from autoqa.export import SetupRecording, export_spec
    from autoqa.record import Recorder
    from autoqa.replay import StepCache
    from autoqa.secrets import SecretSet
    from autoqa.spec.loader import load_spec
    from autoqa.tools import ToolContext

    cache = StepCache(cache_dir, root=DEMO_SPECS)
    async with async_playwright() as playwright:
        browser = await launch_browser(playwright, resolve_browser())
        state: Any = None
        login: SetupRecording | None = None
        for name in SUITE:
            spec = load_spec(DEMO_SPECS / name, variables=_variables(url, password), root=DEMO_SPECS)
            for _attempt in range(3):
                context = await browser.new_context(base_url=url, storage_state=state if spec.auth else None)
                ctx = ToolContext(
                    context=context,
                    page=await context.new_page(),
                    base_url=url,
                    secrets={"PASSWORD": password},
                )
                recorder = Recorder(ctx, spec_path=spec.path)
                result = await run_plain(
                    spec,
                    plan_plain(spec),
                    RecordingCaller(recorder.ctx, secrets=SecretSet(), recorder=recorder),
                )
                if spec.setup and result.outcome == "passed":
                    state = await context.storage_state()
                await context.close()
                if result.outcome == "passed":
                    break
            else:
                raise RuntimeError(f"could not record {name}: {result.reason}")
            cache.update(spec, recorder.records, result)
            if spec.setup:
                login = SetupRecording(spec, recorder.records)
            export_spec(
                spec,
                recorder.records,
                export_dir,
                root=DEMO_SPECS,
                base_url=url,
                setup=login if spec.auth else None,
            )
        await browser.close()


async def _replay_worker(cache_dir: Path, url: str, password: str) -> dict[str, Any]:
    """The ``replay`` variant, run in its own process: every spec from the cache, fresh context each."""
    from playwright.async_api import async_playwright

    from autoqa.browser import launch_browser, resolve_browser
    from autoqa.execute import RecordingCaller, replay_plan
    from autoqa.replay import StepCache
    from autoqa.secrets import SecretSet
    from autoqa.spec.loader import load_spec
    from autoqa.tools import ToolContext

    started = time.perf_counter()
    cache = StepCache(cache_dir, root=DEMO_SPECS)
    outcomes: dict[str, str] = {}
    async with async_playwright() as playwright:
        browser = await launch_browser(playwright, resolve_browser())
        state: Any = None
        for name in SUITE:
            spec = load_spec(DEMO_SPECS / name, variables=_variables(url, password), root=DEMO_SPECS)
            context = await browser.new_context(base_url=url, storage_state=state if spec.auth else None)
            ctx = ToolContext(
                context=context, page=await context.new_page(), base_url=url, secrets={"PASSWORD": password}
            )
            caller = RecordingCaller(ctx, secrets=SecretSet({"PASSWORD": password}))
            replay = await replay_plan(spec, cache.lookup(spec), caller, ctx=ctx)
            outcomes[name] = str(replay.spec_result.outcome)
            if spec.setup:
                state = await context.storage_state()
            await context.close()
        await browser.close()
    return {"inner_s": round(time.perf_counter() - started, 3), "outcomes": outcomes}


# --- the three variants as processes -----------------------------------------------------------------


def _environ(url: str, password: str) -> dict[str, str]:
    return user_environ(("AUTOQA_", "PYTEST_"), AUTOQA_PASSWORD=password, AUTOQA_USERNAME="demo")


def _pytest_command(folder: Path, url: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pytest",
        str(folder),
        "-p",
        "playwright",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:asyncio",
        "-p",
        "no:hypothesispytest",
        "-q",
        "--base-url",
        url,
    ]


def _timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, str, int]:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    return time.perf_counter() - started, done.stdout + done.stderr, done.returncode


def _pytest_inner(output: str) -> float | None:
    found = re.search(r" in ([\d.]+)s", output)
    return float(found.group(1)) if found else None


def run(repeats: int = 3) -> dict[str, Any]:
    """Record once, then time replay / exported / hand-written ``repeats`` times each (interleaved)."""
    from autoqa.demo_app.server import DemoServer
    from autoqa.export import write_conftest

    write_bytecode()
    with DemoServer(bugs=()) as server, tempfile.TemporaryDirectory(prefix="autoqa-bench-") as tmp:
        url, password = server.url, server.credentials.password
        base = Path(tmp)
        cache_dir, exported, handwritten = base / "cache", base / "exported", base / "handwritten"
        asyncio.run(_record(url, password, cache_dir, exported))
        handwritten.mkdir()
        for test in (HERE / "handwritten").glob("test_*.py"):
            shutil.copy(test, handwritten / test.name)
        write_conftest(handwritten)  # the very conftest the exported suite got
        env = _environ(url, password)
        commands = {
            "replay": [sys.executable, str(Path(__file__).resolve()), "--replay-worker", str(cache_dir), url],
            "exported": _pytest_command(exported, url),
            "handwritten": _pytest_command(handwritten, url),
        }
        wall: dict[str, list[float]] = {name: [] for name in commands}
        inner: dict[str, list[float]] = {name: [] for name in commands}
        failures: list[str] = []
        for round_index in range(repeats):
            names = list(commands)
            order = names[round_index % 3 :] + names[: round_index % 3]
            for name in order:
                seconds, output, code = _timed(commands[name], base, env)
                wall[name].append(seconds)
                if name == "replay":
                    report = json.loads(output.strip().splitlines()[-1]) if code == 0 else {}
                    inner[name].append(report.get("inner_s", seconds))
                    bad = {k: v for k, v in report.get("outcomes", {}).items() if v != "passed"}
                    if code != 0 or bad:
                        failures.append(f"replay round {round_index}: {bad or output[-500:]}")
                else:
                    inner[name].append(_pytest_inner(output) or seconds)
                    if code != 0:
                        failures.append(f"{name} round {round_index}: {output[-500:]}")
    median = {name: round(statistics.median(values), 2) for name, values in wall.items()}
    median_inner = {name: round(statistics.median(values), 2) for name, values in inner.items()}
    ratios = {name: round(median[name] / median["handwritten"], 2) for name in ("replay", "exported")}
    inner_ratios = {
        name: round(median_inner[name] / median_inner["handwritten"], 2) for name in ("replay", "exported")
    }
    return {
        "specs": len(SUITE),
        "repeats": repeats,
        "wall_s": median,
        "inner_s": median_inner,
        "ratio_to_handwritten": ratios,
        "inner_ratio_to_handwritten": inner_ratios,
        "targets": TARGETS,
        "meets_targets": all(ratios[name] <= limit for name, limit in TARGETS.items()),
        "failures": failures,
    }


def main(argv: list[str]) -> None:
    if argv[:1] == ["--replay-worker"]:
        cache_dir, url = Path(argv[1]), argv[2]
        print(json.dumps(asyncio.run(_replay_worker(cache_dir, url, os.environ["AUTOQA_PASSWORD"]))))
        return
    repeats = int(argv[0]) if argv else 3
    figures = run(repeats)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
