from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer

DEMO_SPECS = SPECS_DIR


@pytest.fixture
def demo_project(tmp_path: Path) -> Path:
    """A project folder holding a copy of the bundled demo specs (and their steps/ library)."""
    import shutil

    project = tmp_path / "project"
    shutil.copytree(DEMO_SPECS, project / "specs")
    (project / "autoqa.toml").write_text('artifacts = "fail"\n')
    return project


def demo_environ(server: DemoServer, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    env.update(
        AUTOQA_BASE_URL=server.url,
        AUTOQA_USERNAME=server.credentials.username,
        AUTOQA_PASSWORD=server.credentials.password,
    )
    env.update(extra)
    return env


def run_cli(
    args: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autoqa", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
