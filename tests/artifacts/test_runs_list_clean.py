from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from autoqa.artifacts import RunArtifacts, clean_runs, list_runs
from autoqa.artifacts.latest import read_latest
from autoqa.errors import UsageError
from autoqa.results import Outcome, RunResult, SpecResult
from autoqa.runner.reporting import finish_and_report

ResultFactory = Callable[..., SpecResult]
RunFactory = Callable[..., RunArtifacts]


def _finished_run(make_run: RunFactory, make_result: ResultFactory, run_id: str, outcome: Outcome) -> Path:
    run = make_run(run_id=run_id)
    result = run.finish_spec(run.open_spec("s", 1), make_result(outcome, slug="s"))
    finish_and_report(run, RunResult(run_id, (result,), duration_ms=10.0), env={})
    return run.path


def test_list_runs_newest_first_with_status_and_counts(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path
) -> None:
    root = tmp_path / "artifacts"
    assert list_runs(root) == []
    _finished_run(make_run, make_result, "run-a", Outcome.PASSED)
    _finished_run(make_run, make_result, "run-b", Outcome.FAILED)
    live = make_run(run_id="run-c")  # still running in this process
    (root / "notes").mkdir()  # not a run: no run.json
    (root / "broken").mkdir()
    (root / "broken" / "run.json").write_text("{ not json")

    runs = list_runs(root)

    by_id = {r.run_id: r for r in runs}
    assert set(by_id) == {"run-a", "run-b", "run-c", "broken"}
    assert [r.run_id for r in runs if r.status != "unreadable"] == ["run-c", "run-b", "run-a"]
    assert by_id["run-a"].status == "finished" and by_id["run-a"].counts["passed"] == 1
    assert by_id["run-b"].counts["failed"] == 1
    assert by_id["run-c"].status == "running" and by_id["run-c"].latest
    assert by_id["broken"].status == "unreadable"
    assert live.path == by_id["run-c"].path


def test_a_run_whose_process_died_is_incomplete(make_run: RunFactory, tmp_path: Path) -> None:
    run = make_run(run_id="dead")
    data = json.loads((run.path / "run.json").read_text())
    data["pid"] = 2**22 + 12345  # above Linux's pid_max default: no such process
    (run.path / "run.json").write_text(json.dumps(data))
    (summary,) = list_runs(tmp_path / "artifacts")
    assert summary.status == "incomplete"


def test_clean_keeps_the_newest_and_never_touches_other_folders(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path
) -> None:
    root = tmp_path / "artifacts"
    paths = [_finished_run(make_run, make_result, f"run-{i}", Outcome.PASSED) for i in range(4)]
    (root / "notes").mkdir()
    (root / "notes" / "keep.txt").write_text("mine")

    removed = clean_runs(root, keep=2)

    assert removed == [paths[1], paths[0]]
    assert not paths[0].exists() and not paths[1].exists()
    assert paths[2].is_dir() and paths[3].is_dir()
    assert (root / "notes" / "keep.txt").read_text() == "mine"
    assert read_latest(root) == "run-3"
    assert clean_runs(root, keep=2) == []


def test_clean_all_skips_a_live_run_and_repoints_latest(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path
) -> None:
    root = tmp_path / "artifacts"
    old = _finished_run(make_run, make_result, "old", Outcome.PASSED)
    live = make_run(run_id="live")
    newest = _finished_run(make_run, make_result, "newest", Outcome.PASSED)

    removed = clean_runs(root, keep=0)

    assert sorted(removed) == sorted([old, newest])
    assert live.path.is_dir(), "a run in progress is never deleted"
    assert read_latest(root) == "live"
    assert (root / "latest").resolve() == live.path.resolve()


def test_clean_everything_removes_the_pointer(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path
) -> None:
    root = tmp_path / "artifacts"
    _finished_run(make_run, make_result, "only", Outcome.PASSED)
    clean_runs(root, keep=0)
    assert read_latest(root) is None
    assert not (root / "latest").is_symlink() and not (root / "LATEST").exists()


def test_negative_keep_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="--keep"):
        clean_runs(tmp_path, keep=-1)


def test_clean_never_deletes_a_folder_autoqa_did_not_write(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path
) -> None:
    root = tmp_path / "artifacts"
    ours = _finished_run(make_run, make_result, "run-x", Outcome.PASSED)
    mydata = root / "mydata"  # someone's data that happens to hold a run.json
    mydata.mkdir()
    (mydata / "run.json").write_text(json.dumps({"schema": 1, "run_id": "mydata", "status": "finished"}))
    (mydata / "thesis.tex").write_text("\\documentclass{article}")
    removed = clean_runs(root, keep=0)
    assert removed == [ours]
    assert (mydata / "thesis.tex").is_file()
