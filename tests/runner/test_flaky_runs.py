"""Retries, the flaky outcome, run history and quarantine, end to end: ``autoqa run`` on the demo shop's
flaky widget, which fails the loads a test chooses (deterministically, by a token of its own)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

from autoqa.demo_app.server import DemoServer
from cli_runs import run_project

FLAKY = """# Flaky widget
## Preconditions
- The demo shop runs
## Steps
1. Navigate to /flaky.html?token={{TOKEN}}&fails={{FAILS}}
2. Verify "Widget ready" is visible
"""
STEADY = """# Help
## Preconditions
- The demo shop runs
## Steps
1. Navigate to /help.html
2. Verify "Help center" is visible
"""


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "flaky.md").write_text(FLAKY)
    (project / "autoqa.toml").write_text("assertion_timeout_ms = 1500\n")
    return project


def _run(project: Path, server: DemoServer, fails: int, *extra: str) -> tuple[int, dict, str]:
    token = uuid.uuid4().hex  # a fresh count on the server for every run
    return run_project(project, server.url, *extra, AUTOQA_TOKEN=token, AUTOQA_FAILS=str(fails))


def _autoqa(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autoqa", *args], cwd=project, capture_output=True, text=True, timeout=60
    )


def test_a_spec_that_passes_on_a_retry_is_flaky_and_keeps_its_failed_attempt(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = _project(tmp_path)
    code, run, out = _run(project, demo_server, 1)
    assert code == 1 and run["specs"][0]["outcome"] == "failed", out  # no retries: the failure stands

    code, run, out = _run(project, demo_server, 1, "--retries", "1")
    spec = run["specs"][0]
    assert code == 0, out  # flaky_fails is off by default
    assert spec["outcome"] == "flaky" and run["summary"]["flaky"] == 1
    assert spec["triage"]["class"] == "app_bug" and spec["triage"]["action"] == "warn"
    assert spec["reason"].startswith("passed on attempt 2; attempt 1 failed:")
    [attempt] = spec["attempts"]
    assert attempt["outcome"] == "failed" and attempt["failed_step"] == 2
    assert "Widget failed to load (load 1)" in attempt["reason"]
    folder = Path(run["root"]) / "out" / run["run_id"]
    kept = folder / attempt["artifacts"]["dir"]
    assert kept == folder / spec["slug"] / "attempt-1"
    assert (kept / "result.json").is_file() and any((kept / "screenshots").iterdir())
    assert re.search(r"RETRY +\S+flaky\.md \([\d.]+s\) \[app_bug\] — attempt 1 failed: step 2", out), out
    assert re.search(r"FLAKY +\S+flaky\.md .*\[app_bug; not failing the run: flaky_fails is off\]", out)
    case = next(ET.parse(folder / "junit.xml").iter("testcase"))
    assert case.find("failure") is None and case.find("flakyFailure") is not None

    code, run, out = _run(project, demo_server, 1, "--retries", "1", "--flaky-fails")
    assert code == 1 and run["specs"][0]["outcome"] == "flaky", out

    code, run, out = _run(project, demo_server, 2, "--retries", "1")  # fails both attempts
    spec = run["specs"][0]
    assert code == 1 and spec["outcome"] == "failed" and len(spec["attempts"]) == 1, out
    assert "(load 2)" in spec["reason"]


def test_retries_with_workers_and_fail_fast_which_stops_on_a_flaky_spec_only_with_flaky_fails(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = _project(tmp_path)
    (project / "specs" / "flaky-too.md").write_text(FLAKY.replace("# Flaky widget", "# Flaky widget too"))
    # Both specs share one token: whichever loads first fails once, and passes on its retry.
    code, run, out = _run(project, demo_server, 1, "--retries", "1", "-j", "2", "-x")
    assert code == 0, out
    assert sorted(spec["outcome"] for spec in run["specs"]) == ["flaky", "passed"], out
    # With flaky_fails a flaky spec fails the run, so --fail-fast stops after it (one worker: in order).
    code, run, out = _run(project, demo_server, 1, "--retries", "1", "-x", "--flaky-fails")
    assert code == 1, out
    assert [spec["outcome"] for spec in run["specs"]] == ["flaky", "skipped"], out


def test_runs_stats_reads_the_history_proposes_a_quarantine_and_a_quarantined_failure_passes_the_run(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = _project(tmp_path)
    (project / "specs" / "steady.md").write_text(STEADY)
    for _ in range(2):
        code, _, out = _run(project, demo_server, 1, "--retries", "1")
        assert code == 0, out

    stats = _autoqa(project, "runs", "stats", "--output", "out", "--json")
    assert stats.returncode == 0, stats.stderr
    data = json.loads(stats.stdout)
    by_path = {spec["path"]: spec for spec in data["specs"]}
    assert len(data["runs"]) == 2
    assert by_path["specs/flaky.md"]["runs"] == 2 and by_path["specs/flaky.md"]["flaky_rate"] == 1.0
    assert by_path["specs/flaky.md"]["classes"] == {"app_bug": 2}
    assert by_path["specs/steady.md"]["pass_rate"] == 1.0 and by_path["specs/steady.md"]["flaky_rate"] == 0
    assert by_path["specs/steady.md"]["median_duration_ms"] > 0

    table = _autoqa(project, "runs", "stats", "--output", "out", "--last", "1")
    assert re.search(r"specs/flaky\.md +1 +0% +100% +0%", table.stdout), table.stdout
    proposed = _autoqa(project, "runs", "stats", "--output", "out", "--propose", "--write")
    proposal = proposed.stdout.split("# proposed for", 1)[1]
    assert 'path = "specs/flaky.md"' in proposal and "steady" not in proposal, proposed.stdout
    quarantine = project / "specs" / ".autoqa" / "quarantine.toml"
    assert "flaky in 2 of the last 2 runs" in quarantine.read_text()

    code, run, out = _run(project, demo_server, 9)  # now it fails for good, with no retries
    flaky = next(spec for spec in run["specs"] if spec["path"] == "specs/flaky.md")
    assert code == 0, out
    assert flaky["outcome"] == "failed" and flaky["quarantined"].startswith("flaky in 2 of the last 2 runs")
    assert "not failing the run: quarantined" in out

    quarantine.write_text('[[spec]]\npath = "specs/flaky.md"\nreasn = "typo"\n')
    code, _, out = _run(project, demo_server, 0)
    assert code == 2 and f"{quarantine}:3: unknown key 'reasn'" in out, out
