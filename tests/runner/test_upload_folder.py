"""Uploads read only from the configured upload folder; with none configured they are refused, so a spec
(or a page talking the agent into it) cannot send the project's .env to a web page."""

from __future__ import annotations

from pathlib import Path

from cli_runs import run_project

PAGE = """<!doctype html><title>Upload</title>
<label>File <input type="file" id="file" onchange="
  const r = new FileReader(); r.onload = () => document.querySelector('#echo').textContent = r.result;
  r.readAsText(this.files[0]);"></label>
<pre id="echo"></pre>
"""

SPEC = """# Upload
## Preconditions
- none
## Steps
1. Open /upload.html
2. Upload ".env" to "File"
"""


def test_without_an_upload_folder_uploads_are_refused(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "upload.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "upload.md").write_text(SPEC)
    (project / ".env").write_text("DATABASE_URL=postgres://admin:hunter2@db/prod\n")
    code, run, output = run_project(project, url)
    spec = run["specs"][0]  # type: ignore[index]
    assert spec["outcome"] == "error" and code == 3, output
    assert "upload" in spec["reason"] and "not enabled" in spec["reason"]


def test_an_upload_folder_relative_to_the_project_is_used(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "upload.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "upload.md").write_text(SPEC)
    (project / "fixtures").mkdir()
    (project / "fixtures" / ".env").write_text("harmless=1\n")
    (project / "autoqa.toml").write_text('upload_dir = "fixtures"\n')
    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output  # type: ignore[index]
