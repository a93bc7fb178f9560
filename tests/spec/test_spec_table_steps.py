"""Steps written as a Markdown table, as test-management tools export a test case: a header row, a rule, one
row per step. A step number column is dropped; the other cells (action, expected result) are the step, in
order, each line pointing at its row. Runs plain against a fixture page and fails at its row's step."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.errors import SpecError
from autoqa.spec.spec_parser import parse_spec_text
from cli_runs import run_project

TABLE_SPEC = """# Sign in
## Preconditions
- none
## Steps
| # | Action | Expected result |
|---|--------|-----------------|
| 1 | Go to /{page}.html | Page title is "Sign in" |
| 2 | Type "ada" into "Username" | Field shows "ada" |
| 3 | Click the "Sign in" button | "Welcome, ada" is shown |
| 4 | Press Escape | - |
"""


HEAD = "# T\n## Preconditions\n- none\n## Steps\n"


def test_a_table_of_steps_reads_as_one_step_per_row() -> None:
    parsed = parse_spec_text(TABLE_SPEC.replace("{page}", "login"), "specs/sign-in.md")
    assert [(s.line, s.text.text) for s in parsed.steps] == [
        (7, 'Go to /login.html | Page title is "Sign in"'),
        (8, 'Type "ada" into "Username" | Field shows "ada"'),
        (9, 'Click the "Sign in" button | "Welcome, ada" is shown'),
        (10, "Press Escape"),  # an empty expected result ("-") says nothing
    ]


@pytest.mark.parametrize(
    ("table", "texts"),
    [
        # no number column; a "Step" column with numbers; an escaped pipe inside a cell
        ('| Action | Expected |\n| --- | --- |\n| Click "A" | "B" is shown |', ['Click "A" | "B" is shown']),
        ('| Step | Action |\n|:-:|:--|\n| 1 | Click "A" |\n| 2 | Click "B" |', ['Click "A"', 'Click "B"']),
        ('| Action |\n|---|\n| Type "a \\| b" into "Notes" |', ['Type "a | b" into "Notes"']),
    ],
)
def test_table_shapes(table: str, texts: list[str]) -> None:
    parsed = parse_spec_text(f"{HEAD}{table}\n", "t.md")
    assert [s.text.text for s in parsed.steps] == texts


def test_a_table_without_its_rule_row_is_no_table_of_steps() -> None:
    with pytest.raises(SpecError, match="no numbered steps"):
        parse_spec_text(HEAD + '| Action |\n| Click "A" |\n', "t.md")


PAGE = """<!doctype html><meta charset="utf-8"><title>Sign in</title>
<main><label for="u">Username</label> <input id="u"><button type="button" id="go">Sign in</button>
<p role="status" id="out"></p></main>
<script>document.getElementById('go').onclick = () => {
  document.getElementById('out').textContent = 'Welcome, ' + document.getElementById('u').value;
};</script>"""


@pytest.mark.timeout(240)
def test_a_table_spec_runs_plain_and_fails_at_its_row(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "login.html").write_text(PAGE, encoding="utf-8")
    (folder / "login-broken.html").write_text(PAGE.replace("'Welcome, '", "'Hello, '"), encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    for name in ("login", "login-broken"):
        (project / "specs" / f"{name}.md").write_text(TABLE_SPEC.replace("{page}", name), encoding="utf-8")
    code, run, output = run_project(project, url, "--trace", "off")
    results = {Path(s["path"]).stem: s for s in run["specs"]}
    assert results["login"]["outcome"] == "passed" and results["login"]["executor"] == "plain", output
    broken = results["login-broken"]
    assert broken["outcome"] == "failed", output
    assert [s["status"] for s in broken["steps"]][:3] == ["passed", "passed", "failed"], output
    assert "specs/login-broken.md:9" in output  # the failure points at the row
    assert code == 1


def test_a_checklist_of_steps_reads_as_its_items() -> None:
    # a GitHub task list: the box is a checklist's mark, not words of the step
    parsed = parse_spec_text(HEAD + '- [ ] Go to /login.html\n- [x] Click "Sign in"\n', "t.md")
    assert [(s.line, s.text.text) for s in parsed.steps] == [(5, "Go to /login.html"), (6, 'Click "Sign in"')]
    numbered = parse_spec_text(HEAD + "1. [ ] Go to /login.html\n", "t.md")
    assert [s.text.text for s in numbered.steps] == ["Go to /login.html"]


def test_bullets_that_are_not_a_checklist_are_still_refused() -> None:
    with pytest.raises(SpecError, match="numbered list"):
        parse_spec_text(HEAD + "- [ ] Go to /login.html\n- Click Sign in\n", "t.md")
