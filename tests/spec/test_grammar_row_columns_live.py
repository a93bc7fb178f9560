"""'Verify the due date for "Dune" shows "…"' claims one cell: run with no model, it passes when Dune's due
date shows the text, on a table (the cell under the "Due date" header) and on cards (the field labelled
"Due date"), and fails when only another cell or field of Dune's row shows it, or when the row has no such
column — saying so, with the columns it has."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runs import run_project

TABLE = """<!doctype html><meta charset="utf-8"><title>Loans</title><main><table>
<tr><th>Title</th><th>Due date</th><th>Created</th></tr>
<tr><td>Kindred</td><td>2026-12-24</td><td>2026-11-02</td></tr>
<tr><td>Dune</td><td>{due}</td><td>2026-12-24</td></tr></table></main>"""

CARDS = """<!doctype html><meta charset="utf-8"><title>Loans</title><main><ul>
<li><h3>Kindred</h3><dl><dt>Due date</dt><dd>2026-12-24</dd><dt>Created</dt><dd>2026-11-02</dd></dl></li>
<li><h3>Dune</h3><dl><dt>Due date</dt><dd>{due}</dd><dt>Created</dt><dd>2026-12-24</dd></dl></li>
</ul></main>"""

STEP = 'Verify the due date for "Dune" shows "2026-12-24"'
# page name → (html, whether the step passes)
PAGES = {
    "table": (TABLE.format(due="2026-12-24"), True),
    "table-created-only": (TABLE.format(due="2027-01-15"), False),
    "table-no-column": (TABLE.format(due="2026-12-24").replace("Due date", "Return date"), False),
    "cards": (CARDS.format(due="2026-12-24"), True),
    "cards-created-only": (CARDS.format(due="2027-01-15"), False),
    "cards-no-field": (CARDS.format(due="2026-12-24").replace("Due date", "Return date"), False),
}


@pytest.mark.timeout(300)
def test_the_step_reads_the_named_column_of_the_row(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    for name, (html, _) in PAGES.items():
        (folder / f"{name}.html").write_text(html, encoding="utf-8")
        spec = f"# {name}\n## Preconditions\n- none\n## Steps\n1. Open /{name}.html\n2. {STEP}\n"
        (project / "specs" / f"{name}.md").write_text(spec, encoding="utf-8")

    code, run, output = run_project(project, url, "--workers", "2", AUTOQA_ASSERTION_TIMEOUT_MS="2500")
    assert code == 1, output
    results = {Path(spec["path"]).stem: spec for spec in run["specs"]}
    for name, (_, passes) in PAGES.items():
        spec = results[name]
        assert spec["executor"] == "plain", (name, output)
        statuses = [s["status"] for s in spec["steps"]]
        assert statuses == ["passed", "passed" if passes else "failed"], (name, statuses, output)
    assert "no column or field named 'due date' in the row of 'Dune'; columns: Title, Return date" in output
    assert "no column or field named 'due date' in the row of 'Dune'; fields: Return date, Created" in output
    assert "the 'due date' cell of the row of 'Dune'" in output and "2027-01-15" in output
