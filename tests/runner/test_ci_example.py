"""The README's GitHub Actions example works: its structure lines up, and its commands, run on this machine
(``ci_example`` in conftest.py), shard the suite three ways and merge the shards into one run that says
what a run of the whole suite says."""

from __future__ import annotations

import fnmatch
import json
import re
from pathlib import Path
from typing import Any

from local_actions import LocalRunner, load_workflow, workflow_block

README = Path(__file__).resolve().parents[2] / "README.md"
SHARD_RUN = re.compile(r"--shard \$\{\{ matrix\.shard \}\}/(\d+)")


def _jobs() -> tuple[str, dict[str, Any], str, dict[str, Any]]:
    jobs = load_workflow(workflow_block(README.read_text(encoding="utf-8")))["jobs"]
    shard = [
        name for name, job in jobs.items() if "shard" in ((job.get("strategy") or {}).get("matrix") or {})
    ]
    merge = [
        name for name, job in jobs.items() if any("report merge" in s.get("run", "") for s in job["steps"])
    ]
    assert len(shard) == 1 and len(merge) == 1, (shard, merge)
    return shard[0], jobs[shard[0]], merge[0], jobs[merge[0]]


def _uses(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [s for s in job["steps"] if str(s.get("uses", "")).startswith(action + "@")]


def test_the_workflow_lines_up() -> None:
    shard_name, shard_job, _, merge_job = _jobs()
    matrix = shard_job["strategy"]["matrix"]["shard"]
    counts = [int(m.group(1)) for s in shard_job["steps"] for m in SHARD_RUN.finditer(s.get("run", ""))]
    assert len(counts) == 1, "one step runs `autoqa run --shard ${{ matrix.shard }}/n`"
    assert matrix == list(range(1, counts[0] + 1)), f"matrix {matrix} is not shards 1..{counts[0]}"
    assert shard_job["strategy"].get("fail-fast") is False, "a failing shard must not cancel the others"
    needs = merge_job.get("needs")
    assert shard_name in ([needs] if isinstance(needs, str) else needs or []), (
        "the merge job needs the shards"
    )
    # Failed shards are uploaded and merged: that is when the report matters most.
    (upload,) = _uses(shard_job, "actions/upload-artifact")
    assert "!cancelled()" in upload.get("if", "") and "!cancelled()" in merge_job.get("if", "")
    (download,) = _uses(merge_job, "actions/download-artifact")
    names = [upload["with"]["name"].replace("${{ matrix.shard }}", str(i)) for i in matrix]
    assert len(set(names)) == len(matrix), f"each shard uploads under its own name: {names}"
    assert fnmatch.filter(names, download["with"]["pattern"]) == names, "the merge job downloads every shard"
    (merge_step,) = [s for s in merge_job["steps"] if "report merge" in s.get("run", "")]
    assert f"report merge {download['with']['path']}/*" in merge_step["run"]
    (kept,) = [s for s in _uses(merge_job, "actions/upload-artifact") if s.get("if")]
    assert f"--output {kept['with']['path'].rstrip('/')}" in merge_step["run"], "the merged run is uploaded"


def test_the_workflow_runs_and_its_merged_run_says_what_the_shards_said(ci_example: LocalRunner) -> None:
    shard_name, shard_job, merge_name, _ = _jobs()
    run_step = next(s["name"] for s in shard_job["steps"] if SHARD_RUN.search(s.get("run", "")))
    shards = [
        ci_example.step(f"{shard_name} (shard={i})", run_step.replace("${{ matrix.shard }}", str(i)))
        for i in (1, 2, 3)
    ]
    # Shard 3 holds the checkout, which the demo's `total` bug fails; the others pass.
    assert [s.returncode for s in shards] == [0, 0, 1], [s.output for s in shards]
    assert "::error" in shards[2].output  # the shard's job annotates its failure ...
    merge = next(
        s for s in ci_example.steps if s.job == merge_name and s.command and "report merge" in s.command
    )
    assert merge.returncode == 1, merge.output  # ... and the merge job fails as a whole run would,
    assert "::error" not in merge.output  # without annotating it a second time
    assert not any(s.skipped for s in ci_example.steps if s.job == merge_name)

    shard_runs = [_run_json(ci_example.store / f"autoqa-shard-{i}") for i in (1, 2, 3)]
    merged_dir = _only_run(ci_example.workdir / "jobs" / merge_name / "merged")
    merged = json.loads((merged_dir / "run.json").read_text())
    by_path = {}
    for run in shard_runs:
        for spec in run["specs"]:
            assert by_path.setdefault(spec["path"], spec["outcome"]) == spec["outcome"]
    paths = [s["path"] for s in merged["specs"]]
    assert sorted(paths) == sorted(by_path) and len(paths) == len(set(paths)) == 4
    assert {s["path"]: s["outcome"] for s in merged["specs"]} == by_path
    assert by_path["specs/03-checkout.md"] == "failed" and merged["summary"]["failed"] == 1
    assert merged["summary"]["total"] == 4 and merged["status"] == "finished"
    assert [p["shard"] for p in merged["merged_from"]] == ["1/3", "2/3", "3/3"]
    assert merged["specs"][2]["triage"]["class"] == "app_bug"

    junit = (merged_dir / "junit.xml").read_text()
    cases = re.findall(r'<testcase [^>]*name="([^"]+)"', junit)
    assert len(cases) == len(set(cases)) == 4 and 'failures="1"' in junit
    html = (merged_dir / "report.html").read_text()
    shown = re.findall(r'data-outcome="(\w+)"[^\n]*\n<summary>.*?<span class="muted">([^<]+?) · ', html)
    assert {path: outcome for outcome, path in shown} == by_path and len(shown) == 4
    for link in re.findall(r'href="([^"#]+)"', html):  # the copied files are where the report says
        assert (merged_dir / link).is_file(), link
    assert "autoqa failed" in (ci_example.workdir / "jobs" / merge_name / "step-summary.md").read_text()


def _only_run(output: Path) -> Path:
    runs = [p for p in output.iterdir() if p.is_dir() and not p.is_symlink() and (p / "run.json").is_file()]
    assert len(runs) == 1, runs
    return runs[0]


def _run_json(artifact: Path) -> dict[str, Any]:
    return json.loads((_only_run_or_latest(artifact) / "run.json").read_text())


def _only_run_or_latest(artifact: Path) -> Path:
    latest = (artifact / "LATEST").read_text().strip()
    return artifact / latest
