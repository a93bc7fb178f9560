"""An export refused after a pass is visible (console, result.json) and leaves no stale test behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PAGE = '<!doctype html><meta charset="utf-8"><title>Form</title><label>Name <input id="n"></label>'


def _run(project: Path, url: str, value: str) -> tuple[int, dict[str, object], str]:
    (project / "specs" / "form.md").write_text(
        f'# Form\n## Preconditions\n- none\n## Steps\n1. Open /form.html\n2. Fill "Name" with "{value}"\n'
    )
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    environ.update(AUTOQA_BASE_URL=url, AUTOQA_PASSWORD="s3cret-value-9")
    done = subprocess.run(
        [sys.executable, "-m", "autoqa", "run", "specs", "--agent", "never", "--output", "out"],
        cwd=project,
        env=environ,
        capture_output=True,
        text=True,
        timeout=180,
    )
    latest = sorted(p for p in (project / "out").iterdir() if p.is_dir() and not p.is_symlink())[-1]
    return done.returncode, json.loads((latest / "run.json").read_text()), done.stderr


def test_a_refused_export_is_reported_and_the_stale_file_removed(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "form.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    exported = project / "tests" / "autoqa" / "test_specs_form.py"

    code, _, stderr = _run(project, url, "Ada")
    assert code == 0 and exported.is_file(), stderr

    # The secret's value typed literally: the spec passes, but its export is refused (it would leak).
    code, run, stderr = _run(project, url, "s3cret-value-9")
    assert code == 0, stderr
    spec = run["specs"][0]  # type: ignore[index]
    assert spec["outcome"] == "passed" and spec["artifacts"]["export_error"]
    assert "export refused" in stderr
    assert not exported.exists(), "yesterday's test must not look like today's"
