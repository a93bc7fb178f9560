"""``autoqa run`` as a user runs it, in a project folder of a test's own: exit code, run.json, output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_project(
    project: Path,
    base_url: str,
    *extra: str,
    paths: tuple[str, ...] = ("specs",),
    output: str = "out",
    **env: str,
) -> tuple[int, dict[str, Any], str]:
    """Run ``paths`` (``specs/`` by default) of ``project`` with no model (``--agent never``) into
    ``project/<output>``; returns the exit code, the newest run.json and stdout + stderr."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CI"))}
    environ.update(AUTOQA_BASE_URL=base_url, **env)
    done = subprocess.run(
        [sys.executable, "-m", "autoqa", "run", *paths, "--agent", "never", "--output", output, *extra],
        cwd=project,
        env=environ,
        capture_output=True,
        text=True,
        timeout=180,
    )
    runs = sorted(p for p in (project / output).glob("*") if p.is_dir() and not p.is_symlink())
    assert runs, done.stdout + done.stderr
    return done.returncode, json.loads((runs[-1] / "run.json").read_text()), done.stdout + done.stderr
