"""A spec whose steps scope their targets to rows ('"Add to cart" for "Backpack"', 'the checkbox in the
"buy milk" row', '"Delete" link in the row "SPQR"') and check local storage passes live, and its exported
pytest-playwright test finds the same elements through the same rows — exact row text, so "Backpack" is not
"Backpack Deluxe" — and makes the same storage and state checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runs import run_project

from . import exported_suites

PAGE = """<!doctype html><meta charset="utf-8"><title>Rows</title>
<script>function did(what) {
  document.getElementById('log').textContent = what;
  const log = JSON.parse(localStorage.getItem('log') || '[]');
  localStorage.setItem('log', JSON.stringify([...log, what]));
}</script>
<p id="log">nothing yet</p>
<div role="tablist"><button role="tab" aria-selected="true">Books</button>
<button role="tab" aria-selected="false">Films</button></div>
<nav><a href="#all" class="selected">All</a> <a href="#new">New</a></nav>
<ul>
  <li><h3>Backpack Deluxe</h3><button onclick="did('added Backpack Deluxe')">Add to cart</button></li>
  <li><h3>Backpack</h3><button onclick="did('added Backpack')">Add to cart</button></li>
</ul>
<table><tbody>
  <tr><td>Kindred</td><td><a href="#k" onclick="did('delete Kindred')">Delete</a></td></tr>
  <tr><td>SPQR</td><td><a href="#s" onclick="did('delete SPQR')">Delete</a></td></tr>
</tbody></table>
<ul><li><input type="checkbox"><label>feed the cat</label></li>
<li><input type="checkbox"><label>buy milk</label></li></ul>
"""

SPEC = """# Rows
## Preconditions
- none
## Steps
1. Open /rows.html
2. Click "Add to cart" for "Backpack"
3. Verify "added Backpack" is visible
4. Click the "Delete" link in the row "SPQR"
5. Verify "delete SPQR" is visible
6. Check the checkbox in the "buy milk" row
7. Verify the checkbox in the "buy milk" row is checked
8. Verify the checkbox next to "feed the cat" is not checked
9. Verify local storage "log" contains "delete SPQR"
10. Verify local storage "log" has 2 items
11. Clear local storage
12. Verify local storage "log" is not set
13. Verify the "Films" tab is not selected
14. Verify the "All" filter is selected
15. Verify the "SPQR" row shows "Delete"
16. Verify "Backpack" is shown in the "Backpack" item
17. Go back
18. Verify the URL ends with "/rows.html"
"""

# Broken builds of the page, each breaking what one group of steps checks: the exported test must fail on
# every one of them (an exported check that cannot fail would pass them all).
BROKEN = {
    "row": (
        "<li><h3>Backpack</h3><button onclick=\"did('added Backpack')\">Add to cart</button></li>",
        "<li><h3>Backpack</h3></li>",
    ),  # only Backpack Deluxe's button is left
    "table-row": ('<td><a href="#s" onclick="did(\'delete SPQR\')">Delete</a></td>', "<td></td>"),
    "checkbox": (
        '<li><input type="checkbox"><label>feed the cat</label></li>',
        '<li><input type="checkbox" checked><label>feed the cat</label></li>',
    ),
    "storage": ("localStorage.setItem('log', JSON.stringify([...log, what]));", ""),
    "aria-state": ('aria-selected="false">Films', ">Films"),  # says nothing: "not selected" unproved
    "class-state": ('class="selected">All', ">All"),
    "history": (
        "onclick=\"did('delete SPQR')\"",
        "onclick=\"did('delete SPQR'); history.pushState({}, '', '#x')\"",
    ),
}


@pytest.mark.timeout(480)
def test_scoped_steps_pass_live_and_exported(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "rows.html").write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "rows.md").write_text(SPEC)

    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_rows.py"
    assert exported.is_file(), output
    source = exported.read_text()
    compact = "".join(source.split())  # the exported file is formatted: compare without line breaks
    for expected in (
        'page.get_by_role("listitem").filter(has=page.get_by_text("Backpack", exact=True))'
        '.get_by_role("button", name="Add to cart", exact=True).click()',
        'page.get_by_role("row").filter(has=page.get_by_text("SPQR", exact=True))'
        '.get_by_role("link", name="Delete", exact=True).click()',
    ):
        assert "".join(expected.split()) in compact, source

    # The exported test against the working page and each broken build (one pytest process): the working
    # page passes, every build fails.
    out = exported_suites.on_broken_builds(
        exported, tmp_path, site, page=PAGE, page_name="rows", builds=BROKEN, fast=True
    )
    for name in BROKEN:
        assert f"test_broken_{name.replace('-', '_')}.py::" in out and "FAILED" in out, out
    assert f"{len(BROKEN)} failed, 1 passed" in out, out
