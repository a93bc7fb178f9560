"""A failing step is located where it was written: an included step in its ``steps/`` file, in the
console line, the GitHub annotation and result.json."""

from __future__ import annotations

from pathlib import Path

from cli_runs import run_project

PAGE = '<!doctype html><meta charset="utf-8"><title>L</title><h1>todos</h1>'


def test_an_included_step_that_fails_points_at_its_own_file_and_line(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "l.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "steps").mkdir()
    (project / "steps" / "open.md").write_text(
        '# Open it\n\n1. Open /l.html\n2. Verify "nope nope" is visible\n'
    )
    (project / "specs" / "inc.md").write_text(
        '# Inc\n## Preconditions\n- none\n## Steps\n1. include: open\n2. Verify "todos" is visible\n'
    )
    code, run, output = run_project(project, url, GITHUB_ACTIONS="true")
    assert code == 1, output
    assert "— step 2 (steps/open.md:4): assert_text_present failed" in output
    assert "::error file=steps/open.md,line=4," in output
    steps = run["specs"][0]["steps"]
    assert [(s["source"], s["line"]) for s in steps] == [
        ("steps/open.md", 3),
        ("steps/open.md", 4),
        ("specs/inc.md", 6),
    ]
