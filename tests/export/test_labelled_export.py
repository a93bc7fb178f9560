"""'Verify the price shown is "…"', 'Assignee should be displayed as "…"': a value the page labels exports
as a check on that labelled value, by the tool's own lookup, so the exported test passes on the page the run
passed on and fails on a build that shows the claimed value only somewhere else on the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runs import run_project

from . import exported_suites

PAGE = """<!doctype html><meta charset="utf-8"><title>Home</title><main>
<dl><dt>Price</dt><dd>£425,000</dd><dt>Bedrooms</dt><dd>3</dd></dl>
<p>Assignee: Ada Lovelace</p></main>"""

SPEC = """# Home
## Preconditions
- none
## Steps
1. Open /home.html
2. Verify the price shown is "£425,000"
3. Assignee should be displayed as "Ada Lovelace"
"""

# Each build still shows the claimed value, but not as the labelled one.
BROKEN = {
    "price": ("<dd>£425,000</dd>", "<dd>£399,000</dd><dd>was £425,000</dd>"),
    # a number matched whole, as the tool matches it
    "price_more": ("<dd>£425,000</dd>", "<dd>£425,000,000</dd>"),
    "assignee": ("<p>Assignee: Ada Lovelace</p>", "<p>Assignee: Grace Hopper</p><p>Ada Lovelace</p>"),
    # A hidden edit form still holds the old price; the page shows another.
    "price-hidden": (
        "<dl><dt>Price</dt><dd>£425,000</dd>",
        '<form hidden><label>Price <input value="£425,000"></label></form>'
        "<dl><dt>Price</dt><dd>£399,000</dd>",
    ),
}


@pytest.mark.timeout(480)
def test_a_labelled_value_exports_as_a_check_on_that_value(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "home.html").write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "home.md").write_text(SPEC)

    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_home.py"
    source = exported.read_text()
    compact = "".join(source.split())
    assert 'expect_column_text(page.locator("body"),"price","£425,000")' in compact, source
    assert 'expect_column_text(page.locator("body"),"Assignee","AdaLovelace")' in compact, source

    out = exported_suites.on_broken_builds(
        exported, tmp_path, site, page=PAGE, page_name="home", builds=BROKEN
    )
    assert f"{len(BROKEN)} failed, 1 passed" in out, out
    assert "to contain '£425,000', but it shows '£399,000'" in out, out
    assert "to contain 'Ada Lovelace', but it shows 'Grace Hopper'" in out, out
