"""A lone UTF-16 surrogate from the page or from --var never crashes a writer: the run finishes, run.json,
junit.xml and the report are written, later specs run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

PAGE = """<!doctype html><meta charset="utf-8"><title>x</title>
<script>document.title = 'abcd\\ud800efgh';</script><p>Café</p>"""


def test_lone_surrogates_from_page_and_var_are_written_safely(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "odd.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "a.md").write_text(
        '# Odd\n## Preconditions\n- none\n## Steps\n1. Open /odd.html\n2. Verify the title contains "abcd"\n'
        '3. Verify "{{X}}" is not visible\n'
    )
    (project / "specs" / "b.md").write_text(
        "# Later\n## Preconditions\n- none\n## Steps\n1. Open /odd.html\n"
    )
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "CI"))}
    environ["AUTOQA_BASE_URL"] = url
    done = subprocess.run(
        [sys.executable, "-m", "autoqa", "run", "specs", "--agent", "never", "--output", "out",
         "--var", "X=caf\udce9", "--json"],
        cwd=project, env=environ, capture_output=True, timeout=180,
    )  # fmt: skip
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    assert "Traceback" not in stderr
    json.loads(done.stdout)
    run_dir = next(p for p in (project / "out").iterdir() if p.is_dir() and not p.is_symlink())
    data = json.loads((run_dir / "run.json").read_text())
    assert data["status"] == "finished" and [s["outcome"] for s in data["specs"]] == ["passed", "passed"]
    ET.parse(run_dir / "junit.xml")
    assert (run_dir / "report.html").is_file()
