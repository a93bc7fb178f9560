"""'Verify the due date for "Dune" shows "…"' exports as a check on that cell of the row (the column's
header in a table, the labelled field of a card): the exported test passes on the page the run passed on,
and fails where the tool fails — when only another cell of the row shows the date, or the row has no such
column, or when it shows a longer word ("Adam" for "Ada") — never on the row's text alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runs import run_project

from . import exported_suites

PAGE = """<!doctype html><meta charset="utf-8"><title>Loans</title><main>
<table><tr><th>Title</th><th>Due date</th><th>Created</th><th>Owner</th></tr>
<tr><td>Dune</td><td>2026-12-24</td><td>2026-11-01</td><td>Ada</td></tr></table>
<ul><li><h3>Kindred</h3><dl><dt>Due date</dt><dd>2026-12-31</dd><dt>Created</dt><dd>2026-11-02</dd></dl></li>
</ul></main>"""

SPEC = """# Loans
## Preconditions
- none
## Steps
1. Open /loans.html
2. Verify the due date for "Dune" shows "2026-12-24"
3. Verify the due date for "Kindred" is "2026-12-31"
4. Verify the owner for "Dune" shows "Ada"
"""

# Each build keeps the date the step names in the row, in another cell: the exported check must fail.
BROKEN = {
    "created-only": (
        "<td>2026-12-24</td><td>2026-11-01</td>",
        "<td>2027-01-15</td><td>2026-12-24</td>",
    ),
    "no-column": ("<th>Due date</th>", "<th>Return date</th>"),
    "card": (
        "<dd>2026-12-31</dd><dt>Created</dt><dd>2026-11-02</dd>",
        "<dd>2027-02-01</dd><dt>Created</dt><dd>2026-12-31</dd>",
    ),
    # A value under a column is a whole word: "Adam" is not "Ada".
    "longer-word": ("<td>Ada</td>", "<td>Adam</td>"),
}


@pytest.mark.timeout(480)
def test_the_column_check_exports_as_a_check_on_that_cell(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "loans.html").write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "loans.md").write_text(SPEC)

    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_loans.py"
    assert exported.is_file(), output
    source = exported.read_text()
    assert source.count("expect_column_text(") == 3, source
    compact = "".join(source.split())
    assert 'page.get_by_role("row").filter(has=page.get_by_text("Dune",exact=True)),"duedate"' in compact, (
        source
    )

    out = exported_suites.on_broken_builds(
        exported, tmp_path, site, page=PAGE, page_name="loans", builds=BROKEN
    )
    assert f"{len(BROKEN)} failed, 1 passed" in out, out
    assert "expected the 'due date' cell of the row to contain '2026-12-24', but it shows '2027-01-15'" in out
    assert "no column or field named 'due date' in the row; columns: Title, Return date, Created, Owner" in (
        out
    )
    assert "but it shows '2027-02-01'" in out
    assert "expected the 'owner' cell of the row to contain 'Ada', but it shows 'Adam'" in out
