"""Load: many specs replayed from the step cache, with the CLI's resources sampled as each spec ends.

Used by ``test_load.py`` and by ``python -m bench load`` (which imports it as ``tests.reliability``).

Why the specs are agent specs recorded once: a spec whose every step parses as plain grammar always runs
on the plain executor and never touches the replay cache (``runner/planning.py``). Replay is for specs
the agent had to run. So the project holds ``count`` copies of a spec whose steps are *not* plain
grammar; the real claude-agent-sdk CLI runs the first copy once against the scripted fake model, and that
passing run writes its step cache. The cache keys hash only each step's position and text (see
``replay/keys.py``), so the other copies' cache files are that file with their own ``spec`` and
``title`` — exactly what recording each copy would have written, without 49 more agent runs (~5 s each).
The load run itself uses ``--agent never``: every spec must replay, and no model is reachable.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use
from autoqa.testing.processes import descendants, rss_kb

from .harness import (
    CampaignRun,
    Trigger,
    campaign_environ,
    live_run_pid,
    on_event,
    run_autoqa,
    write_project,
)

LOAD_SPEC = """---
title: Playground settings {n:02d}
---
# Playground settings {n:02d}

## Preconditions
- The demo shop is up

## Steps
1. Open the playground page
2. Open the settings
3. Verify the settings say they opened
"""
"""Only the agent or its replay cache can run it: the grammar reads step 1 as a click on a "playground"
link, which the page does not have, so the model takes that step over (and steps 2-3 are not plain)."""

_AGENT_SCRIPT = (
    tool_use("navigate", {"url": "/playground.html", "step": 1}),
    tool_use("click", {"target": "Settings", "step": 2}),
    tool_use("assert_text_present", {"text": "Settings opened", "step": 3}),
    tool_use("finish", {"status": "passed", "summary": "the settings opened"}),
    text("done"),
)
_CACHE = Path("specs/.autoqa")


def spec_name(n: int) -> str:
    return f"load-{n:02d}.md"


def spec_slug(n: int) -> str:
    return f"specs-load-{n:02d}"


def load_project(root: Path, count: int) -> Path:
    return write_project(root, {spec_name(n): LOAD_SPEC.format(n=n) for n in range(count)})


def record_step_cache(project: Path, base_url: str, count: int) -> CampaignRun:
    """Let the agent pass the first spec (fake model), then give every copy that run's step cache."""
    with FakeAnthropic() as fake:
        fake.script(*_AGENT_SCRIPT)
        env = campaign_environ(base_url, **offline_env(fake.url, str(project.parent / "claude-config")))
        recorded = run_autoqa(["run", f"specs/{spec_name(0)}"], project=project, env=env)
    first = project / _CACHE / f"{spec_slug(0)}.json"
    if recorded.returncode != 0 or not first.is_file():
        raise AssertionError(
            f"recording the step cache failed (exit {recorded.returncode})\n{recorded.stderr}"
        )
    cache = json.loads(first.read_text())
    for n in range(1, count):
        copy = {**cache, "spec": f"specs/{spec_name(n)}", "title": f"Playground settings {n:02d}"}
        (project / _CACHE / f"{spec_slug(n)}.json").write_text(json.dumps(copy, indent=2) + "\n")
    return recorded


# --- sampling ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """The CLI process as one spec ended (in the order specs ended)."""

    fds: int
    children: int
    """Live descendant processes: Playwright's driver, each browser and its helpers and renderers."""
    cli_rss_kb: int
    tree_rss_kb: int
    """The CLI plus every descendant (shared pages counted per process: a trend, not a total)."""


@dataclass
class LoadProbe:
    """Samples the ``autoqa`` process of the campaign run in progress."""

    samples: list[Sample] = field(default_factory=list)

    def triggers(self, count: int) -> list[Trigger]:
        """One trigger per spec (a trigger fires once): sample when that spec's ``spec.finished`` arrives."""
        return [Trigger(on_event("spec.finished", spec=spec_slug(n)), self.sample) for n in range(count)]

    def sample(self) -> None:
        pid = live_run_pid()
        if pid is None:
            return
        try:
            fds = len(os.listdir(f"/proc/{pid}/fd"))
        except OSError:
            return
        children = descendants(pid)
        cli = rss_kb(pid)
        self.samples.append(Sample(fds, len(children), cli, cli + sum(rss_kb(c) for c in children)))


# --- figures -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadFigures:
    """Medians over windows of samples, so one sample that lands mid-way through a renderer's start or a
    file write does not decide anything.

    * first: specs 2-6 (spec 1 still pays start-up);
    * end, for fds and the CLI's RSS: the last 5 specs;
    * end, for children and the tree's RSS: the last 10 specs but the last ``workers`` (a worker that has
      no spec left closes its browser, so the very last samples have fewer processes);
    * "at 10": specs 8-12.
    """

    specs: int
    fds_first: float
    fds_last: float
    children_first: float
    children_last: float
    cli_rss_mb_at_10: float
    cli_rss_mb_at_end: float
    cli_growth_kb_per_spec: float
    tree_rss_mb_at_10: float
    tree_rss_mb_at_end: float

    @property
    def cli_growth_mb(self) -> float:
        return self.cli_rss_mb_at_end - self.cli_rss_mb_at_10

    @property
    def tree_growth(self) -> float:
        """Relative growth of the process tree's RSS from spec 10 to the end window."""
        return self.tree_rss_mb_at_end / self.tree_rss_mb_at_10 - 1


def figures(samples: list[Sample], workers: int) -> LoadFigures:
    n = len(samples)
    if n < 20:
        raise AssertionError(f"only {n} samples: too few to judge growth")

    def median(values: list[int]) -> float:
        return float(statistics.median(values))

    first, at_10, last = samples[1:6], samples[7:12], samples[-5:]
    busy_end = samples[n - 10 : n - workers]
    cli_10, cli_end = median([s.cli_rss_kb for s in at_10]), median([s.cli_rss_kb for s in last])
    return LoadFigures(
        specs=n,
        fds_first=median([s.fds for s in first]),
        fds_last=median([s.fds for s in last]),
        children_first=median([s.children for s in first]),
        children_last=median([s.children for s in busy_end]),
        cli_rss_mb_at_10=round(cli_10 / 1024, 1),
        cli_rss_mb_at_end=round(cli_end / 1024, 1),
        # Windows centred on spec 10 and on spec n-2.
        cli_growth_kb_per_spec=round((cli_end - cli_10) / (n - 2 - 10), 1),
        tree_rss_mb_at_10=round(median([s.tree_rss_kb for s in at_10]) / 1024, 1),
        tree_rss_mb_at_end=round(median([s.tree_rss_kb for s in busy_end]) / 1024, 1),
    )


def run_load(
    project: Path, base_url: str, count: int, workers: int, tmpdir: Path
) -> tuple[CampaignRun, LoadProbe]:
    """``autoqa run specs -j <workers> --agent never`` with the probe; ``TMPDIR`` points at ``tmpdir`` so
    temporary files the run (or Chromium) leaves behind can be found."""
    probe = LoadProbe()
    shutil.rmtree(tmpdir, ignore_errors=True)
    tmpdir.mkdir(parents=True)
    env = campaign_environ(
        base_url,
        TMPDIR=str(tmpdir),
    )
    run = run_autoqa(
        ["run", "specs", "-j", str(workers), "--agent", "never"],
        project=project,
        env=env,
        triggers=probe.triggers(count),
        timeout=240,
    )
    return run, probe
