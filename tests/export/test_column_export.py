"""'Verify the due date for "Dune" shows "…"' exports as a check on that cell of the row (the column's
header in a table, the labelled field of a card): the exported test passes on the page the run passed on,
and fails where the tool fails — when only another cell of the row shows the date, or the row has no such
column — never on the row's text alone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli_runs import run_project

from .test_exported_run import _pytest

PAGE = """<!doctype html><meta charset="utf-8"><title>Loans</title><main>
<table><tr><th>Title</th><th>Due date</th><th>Created</th></tr>
<tr><td>Dune</td><td>2026-12-24</td><td>2026-11-01</td></tr></table>
<ul><li><h3>Kindred</h3><dl><dt>Due date</dt><dd>2026-12-31</dd><dt>Created</dt><dd>2026-11-02</dd></dl></li>
</ul></main>"""

SPEC = """# Loans
## Preconditions
- none
## Steps
1. Open /loans.html
2. Verify the due date for "Dune" shows "2026-12-24"
3. Verify the due date for "Kindred" is "2026-12-31"
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
    assert source.count("expect_column_text(") == 2, source
    compact = "".join(source.split())
    assert 'page.get_by_role("row").filter(has=page.get_by_text("Dune",exact=True)),"duedate"' in compact, (
        source
    )

    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    process = _pytest(exported.parent, "--base-url", url, env=env)
    out, _ = process.communicate(timeout=140)
    assert process.returncode == 0 and "1 passed" in out, out + "\n" + source

    broken_dir = tmp_path / "broken"
    broken_dir.mkdir()
    for helper in exported.parent.glob("*.py"):  # the exported suite's conftest (browser, base URL)
        if not helper.name.startswith("test_"):
            (broken_dir / helper.name).write_text(helper.read_text())
    for name, (good, bad) in BROKEN.items():
        assert PAGE.count(good) == 1, name
        (folder / f"loans-{name}.html").write_text(PAGE.replace(good, bad), encoding="utf-8")
        (broken_dir / f"test_broken_{name.replace('-', '_')}.py").write_text(
            source.replace("/loans.html", f"/loans-{name}.html")
        )
    process = _pytest(broken_dir, "--base-url", url, "--timeout", "60", env=env)
    out, _ = process.communicate(timeout=400)
    assert f"{len(BROKEN)} failed" in out and "passed" not in out, out
    assert "expected the 'due date' cell of the row to contain '2026-12-24', but it shows '2027-01-15'" in out
    assert "no column or field named 'due date' in the row; columns: Title, Return date, Created" in out
    assert "but it shows '2027-02-01'" in out
