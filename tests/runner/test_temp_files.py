"""A run leaves nothing in the system's temp folder: the folder for setup specs' storage states exists
only while one is saved, and goes with the run (it holds live session cookies)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runs import run_project

PAGE = '<!doctype html><meta charset="utf-8"><title>T</title><h1>Home</h1>'
SETUP = "---\nsetup: home\n---\n# Setup\n## Preconditions\n- none\n## Steps\n1. Open /t.html\n"
USES = (
    "---\nauth: home\n---\n# Uses\n## Preconditions\n- none\n## Steps\n"
    '1. Open /t.html\n2. Verify "Home" is visible\n'
)


@pytest.mark.parametrize("bad_browser", [False, True], ids=["normal", "browser-launch-fails"])
def test_no_autoqa_folder_is_left_in_tmp(tmp_path: Path, site: tuple[Path, str], bad_browser: bool) -> None:
    folder, url = site
    (folder / "t.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "a-setup.md").write_text(SETUP)
    (project / "specs" / "b-uses.md").write_text(USES)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    extra = ("--browser-path", "/no/such/chrome") if bad_browser else ()
    code, _, output = run_project(project, url, *extra, TMPDIR=str(tmp))
    assert code == (3 if bad_browser else 0), output
    assert [p.name for p in tmp.iterdir() if p.name.startswith("autoqa-")] == []
