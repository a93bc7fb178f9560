"""An export refused after a pass is visible (console, result.json) and leaves no stale test behind."""

from __future__ import annotations

from pathlib import Path

from cli_runs import run_project

PAGE = '<!doctype html><meta charset="utf-8"><title>Form</title><label>Name <input id="n"></label>'


def _run(project: Path, url: str, value: str) -> tuple[int, dict[str, object], str]:
    (project / "specs" / "form.md").write_text(
        f'# Form\n## Preconditions\n- none\n## Steps\n1. Open /form.html\n2. Fill "Name" with "{value}"\n'
    )
    return run_project(project, url, AUTOQA_PASSWORD="s3cret-value-9")


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


def test_a_step_cache_that_cannot_be_written_is_a_problem_not_a_failure(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "form.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / ".autoqa").write_text("a file where the cache folder should be")
    code, run, stderr = _run(project, url, "Ada")
    assert code == 0, stderr
    spec = run["specs"][0]  # type: ignore[index]
    assert spec["outcome"] == "passed"
    # run.json keeps its documented shape: a problem sits among the artifacts under `<kind>_error`.
    assert "step_cache" not in spec["artifacts"] and spec["artifacts"]["step_cache_error"]
    assert spec["artifacts"]["exported_test"].endswith("test_specs_form.py")
    report = next((project / "out").glob("*/report.html")).read_text()
    assert "Step cache not written" in report
