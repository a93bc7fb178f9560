"""The library catalogue (a search field beside a "Search" button, a results table with Edit / Delete in
every row) as a plain spec run through the real ``autoqa run --agent never``: it passes on the working
build and fails at the step that checks the broken behaviour on each ``library-*`` build."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autoqa.demo_app import KNOWN_BUGS
from autoqa.demo_app.server import DemoServer
from cli_runs import run_project

SPEC = Path(__file__).parent / "library_specs" / "library.md"

FIRST_FAILURE = {
    "library-search": 6,  # Verify the table has 2 rows (after searching "dune")
    "library-delete": 13,  # Verify "SPQR" is not visible (after its row's Delete)
}


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    shutil.copy(SPEC, project / "specs" / SPEC.name)
    return project


def test_every_library_bug_is_covered_by_a_step() -> None:
    assert set(FIRST_FAILURE) == {name for name in KNOWN_BUGS if name.startswith("library-")}


def test_the_spec_is_plain_grammar_only(tmp_path: Path) -> None:
    project = _project(tmp_path)
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    done = subprocess.run(
        [sys.executable, "-m", "autoqa", "specs", "validate", "--plain-only", "specs"],
        cwd=project, env=environ, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("bug", [None, *FIRST_FAILURE])
def test_passes_on_the_working_build_and_fails_at_the_right_step_on_each_broken_one(
    tmp_path: Path, bug: str | None
) -> None:
    with DemoServer(bugs=(bug,) if bug else ()) as server:
        code, run, output = run_project(_project(tmp_path), server.url)
    spec = run["specs"][0]
    if bug is None:
        assert code == 0 and spec["outcome"] == "passed", output
        return
    assert code == 1 and spec["outcome"] == "failed", output
    assert spec["failed_step"] == FIRST_FAILURE[bug], output
