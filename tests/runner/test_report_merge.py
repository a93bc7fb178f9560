"""``autoqa report merge`` refuses runs that are not the shards of one run (exit 2, naming the folder,
writing nothing), and what it writes passes the run's redaction again. The shards are the ones the
README's workflow produced (``ci_example``); the merge that succeeds is checked in test_ci_example.py."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from autoqa.testing.secret_scan import files_containing
from local_actions import LocalRunner

from .conftest import run_cli

SECRET = "merge-time-Secret-4711"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "GITHUB_"))}
    return {**env, **extra}


@pytest.fixture
def shards(ci_example: LocalRunner, tmp_path: Path) -> list[Path]:
    """Copies of the three shard artifacts, as download-artifact gives them back."""
    out = []
    for i in (1, 2, 3):
        target = tmp_path / f"autoqa-shard-{i}"
        shutil.copytree(ci_example.store / f"autoqa-shard-{i}", target)
        out.append(target)
    return out


def _run_folder(artifact: Path) -> Path:
    return artifact / (artifact / "LATEST").read_text().strip()


def _merge(tmp_path: Path, *folders: Path, **env: str) -> tuple[int, str, Path]:
    done = run_cli(
        ["report", "merge", *map(str, folders), "--output", "merged"],
        cwd=tmp_path,
        env=_env(**env),
        timeout=60,
    )
    return done.returncode, done.stdout + done.stderr, tmp_path / "merged"


def _rerun(tmp_path: Path, artifact: Path, name: str) -> Path:
    """Another run of the same shard (a re-run job): the same files under another run id."""
    copy = tmp_path / name
    shutil.copytree(_run_folder(artifact), copy)
    data = json.loads((copy / "run.json").read_text())
    data["run_id"] += "-rerun"
    (copy / "run.json").write_text(json.dumps(data))
    return copy


def test_runs_that_are_not_the_shards_of_one_run_are_refused(tmp_path: Path, shards: list[Path]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    corrupt = tmp_path / "corrupt"
    shutil.copytree(_run_folder(shards[1]), corrupt)
    (corrupt / "run.json").write_text('{"schema": 1, "run_id": "x", "specs": [')
    newer = _rerun(tmp_path, shards[1], "newer")
    data = json.loads((newer / "run.json").read_text())
    data["versions"]["autoqa"] = "99.0"
    (newer / "run.json").write_text(json.dumps(data))
    cases = [
        ((empty, shards[1], shards[2]), f"{empty.name} holds no run.json"),
        ((shards[0], shards[0], shards[1], shards[2]), "are the same run"),
        ((shards[0], _rerun(tmp_path, shards[0], "again"), shards[1], shards[2]), "shard 1/3 is given twice"),
        ((shards[0], shards[2]), "shard 2/3 is missing"),
        ((shards[0], corrupt, shards[2]), f"{corrupt.name}/run.json is not valid JSON"),
        ((shards[0], newer, shards[2]), "by 99.0: the parts of one run use one version"),
    ]
    for folders, message in cases:
        code, output, merged = _merge(tmp_path, *folders)
        assert code == 2, (message, output)
        assert message in output and "Traceback" not in output, output
        assert not merged.exists(), f"{message}: a refused merge wrote {list(merged.iterdir())}"


def test_the_merged_run_is_redacted_again(tmp_path: Path, shards: list[Path]) -> None:
    # A shard whose files hold a secret its own run did not know (one only the merge job is given):
    # in its run.json (the source of truth), a text file and a trace member of the failed spec.
    run = _run_folder(shards[2])
    data = json.loads((run / "run.json").read_text())
    checkout = next(s for s in data["specs"] if s["path"] == "specs/03-checkout.md")
    checkout["reason"] += f" (typed {SECRET})"
    (run / "run.json").write_text(json.dumps(data))
    folder = run / checkout["artifacts"]["dir"]
    (folder / "snapshots").mkdir()
    (folder / "snapshots" / "001-page.aria.yaml").write_text(f"- textbox: {SECRET}\n")
    with zipfile.ZipFile(folder / "trace.zip", "a") as trace:
        trace.writestr("resources/typed.txt", f"password={SECRET}")
    (folder / "attempt-1").mkdir()  # an earlier attempt's trace that cannot be read, let alone scrubbed
    (folder / "attempt-1" / "trace.zip").write_bytes(b"PK\x03\x04 cut short " + SECRET.encode())

    code, output, merged = _merge(tmp_path, *shards, AUTOQA_PASSWORD=SECRET)
    assert code == 1, output
    assert files_containing(merged, SECRET) == []
    (merged_run,) = [p for p in merged.iterdir() if p.is_dir() and not p.is_symlink()]
    specs = json.loads((merged_run / "run.json").read_text())["specs"]
    reason = next(s["reason"] for s in specs if s["path"] == "specs/03-checkout.md")
    assert "(typed <secret:" in reason
    kept = merged_run / next(s["artifacts"]["dir"] for s in specs if s["path"] == "specs/03-checkout.md")
    assert "<secret:" in (kept / "snapshots" / "001-page.aria.yaml").read_text()
    with zipfile.ZipFile(kept / "trace.zip") as trace:  # scrubbed, still a trace with every member
        assert "resources/typed.txt" in trace.namelist() and "trace.trace" in trace.namelist()
    artifacts = next(s["artifacts"] for s in specs if s["path"] == "specs/03-checkout.md")
    assert not (kept / "attempt-1" / "trace.zip").exists() and "trace not kept" in artifacts["trace_error"]
    assert (merged_run / artifacts["trace"]).is_file()


def test_a_setup_spec_keeps_its_worst_copy(tmp_path: Path, shards: list[Path]) -> None:
    # The login ran in shard 1 (its home) and in shard 3 (for the checkout). Had it failed in shard 3
    # only, its passing home copy must not hide that: the merged run fails as that shard did.
    run = _run_folder(shards[2])
    data = json.loads((run / "run.json").read_text())
    login = next(s for s in data["specs"] if s["path"] == "specs/01-login.md")
    login.update(outcome="failed", reason="step 3: the login page did not answer")
    (run / "run.json").write_text(json.dumps(data))
    code, output, merged = _merge(tmp_path, *shards)
    assert code == 1, output
    (merged_run,) = [p for p in merged.iterdir() if p.is_dir() and not p.is_symlink()]
    specs = json.loads((merged_run / "run.json").read_text())["specs"]
    assert [s["outcome"] for s in specs if s["path"] == "specs/01-login.md"] == ["failed"]


def test_a_shard_that_did_not_finish_makes_the_merged_run_interrupted(
    tmp_path: Path, shards: list[Path]
) -> None:
    run = _run_folder(shards[1])
    data = json.loads((run / "run.json").read_text())
    data["status"] = "interrupted"  # its specs all passed: only the status says the shard is partial
    (run / "run.json").write_text(json.dumps(data))
    code, output, merged = _merge(tmp_path, *shards)
    assert code == 130, output
    assert "shard 2/3" in output and "did not finish: interrupted" in output
    (merged_run,) = [p for p in merged.iterdir() if p.is_dir() and not p.is_symlink()]
    assert json.loads((merged_run / "run.json").read_text())["status"] == "interrupted"


def test_runs_list_and_stats_see_the_merged_run_once(tmp_path: Path, shards: list[Path]) -> None:
    # Shards merged inside their own output folder: `runs list` shows the merged run; `runs stats`
    # reads it once instead of reading its specs again in the shards.
    output = tmp_path / "merged"
    for artifact in shards:
        shutil.copytree(_run_folder(artifact), output / _run_folder(artifact).name)
    parts = sorted(p for p in output.iterdir())
    code, text, _ = _merge(tmp_path, *parts)
    assert code == 1, text
    listed = run_cli(["runs", "list", "--output", "merged"], cwd=tmp_path, env=_env()).stdout.splitlines()
    assert len(listed) == 4 and any("3 passed, 1 failed" in line and "(latest)" in line for line in listed)
    stats = run_cli(["runs", "stats", "--json", "--output", "merged"], cwd=tmp_path, env=_env())
    read = json.loads(stats.stdout)
    assert len(read["runs"]) == 1 and all(spec["runs"] == 1 for spec in read["specs"]), read


def test_runs_without_shards_merge_when_no_spec_ran_in_two(tmp_path: Path, shards: list[Path]) -> None:
    # The same three runs as runs of their own selections (no --shard): 1 and 2 share no spec and merge,
    # numbered in the order given; 1 and 3 both ran the login.
    for artifact in shards:
        run = _run_folder(artifact)
        data = json.loads((run / "run.json").read_text())
        data["config"]["values"]["shard"] = None
        (run / "run.json").write_text(json.dumps(data))
    code, output, merged = _merge(tmp_path, shards[1], shards[0])
    assert code == 0, output
    (merged_run,) = [p for p in merged.iterdir() if p.is_dir() and not p.is_symlink()]
    specs = json.loads((merged_run / "run.json").read_text())["specs"]
    assert [(s["index"], s["path"]) for s in specs] == [
        (0, "specs/02-bad-password.md"),
        (1, "specs/01-login.md"),
        (2, "specs/05-long-list.md"),
    ]
    shutil.rmtree(merged)
    code, output, merged = _merge(tmp_path, shards[0], shards[2])
    assert code == 2 and "specs/01-login.md ran in both" in output, output
    assert not merged.exists()
