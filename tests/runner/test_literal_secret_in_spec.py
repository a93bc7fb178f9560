"""A secret's value written literally into a step (not ``{{NAME}}``): the run warns where it is, and the
committed step cache holds the placeholder, never the value."""

from __future__ import annotations

from pathlib import Path

from cli_runs import run_project

SECRET = "s3cret-value-9"
PAGE = '<!doctype html><meta charset="utf-8"><title>Form</title><label>Name <input id="n"></label>'


def test_a_literal_secret_is_warned_about_and_kept_out_of_the_cache(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "form.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "form.md").write_text(
        f'# Form\n## Preconditions\n- none\n## Steps\n1. Open /form.html\n2. Fill "Name" with "{SECRET}"\n'
        f'3. Verify the "Name" field has value "{SECRET}"\n'
    )
    code, run, output = run_project(project, url, AUTOQA_PASSWORD=SECRET)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    warning = "specs/form.md: step 2 holds the value of a secret as written; write {{PASSWORD}} instead"
    assert warning in output
    assert "step 3 holds the value" in output
    assert SECRET not in output

    cache = project / "specs" / ".autoqa" / "specs-form.json"
    text = cache.read_text()
    assert SECRET not in text
    assert "{{PASSWORD}}" in text
    # The run's events record the warning too (a CI log reader sees it without the console).
    events = next((project / "out").glob("*/events.jsonl")).read_text()
    assert '"run.warning"' in events
