"""Clicks in a pagination ('Click page "2" in the pagination', "Click Next in the pager", "Click page 1"): the
control in the one region the page names a pagination (by class: "pager", "paginator", "pagination"), never a
"2", a "1" or a "Next" elsewhere on the page — here a quantity stepper's buttons and a carousel's "Next". It
runs plain, passes on the working page and fails at its own step on each broken build; its exported test
does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Results</title>
<main><h1>Results</h1>
<p>Quantity <button onclick="location.hash='qty-1'">1</button>
<button onclick="location.hash='qty-2'">2</button></p>
<div class="carousel"><p>Spring sale</p><button onclick="location.hash='slide-2'">Next</button></div>
<ul><li>Result A</li><li>Result B</li></ul>
<nav class="pager"><a href="#page-1">1</a> <a href="#page-2">2</a> <a href="#page-3">Next</a></nav></main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click page "2" in the pagination
3. Verify the URL contains "#page-2"
4. Click Next in the pager
5. Verify the URL contains "#page-3"
6. Click page 1
7. Verify the URL contains "#page-1"
"""

BROKEN = {
    # the pager has no "2": the stepper's "2" must not be clicked instead
    "no_two": ('<a href="#page-2">2</a>', "", 2),
    # the pager's "2" goes to page 5
    "two": ('<a href="#page-2">2</a>', '<a href="#page-5">2</a>', 3),
    # the pager's Next goes to page 9; the carousel's Next is still there
    "next": ('<a href="#page-3">Next</a>', '<a href="#page-9">Next</a>', 5),
    # the pager's "1" goes to page 4; the stepper's "1" is still there
    "one": ('<a href="#page-1">1</a>', '<a href="#page-4">1</a>', 7),
}


@pytest.mark.parametrize(
    ("written", "target"),
    [
        ('Click page "2" in the pagination', '2 in "pagination"'),
        ("Click Next in the pager", 'Next in "pagination"'),
        ('Click "Previous" in the paginator', 'Previous in "pagination"'),
        ("Go to page 3 in the pagination links", '3 in "pagination"'),
        ("Click page 12", '12 in "pagination"'),
    ],
)
def test_a_click_in_the_pagination_is_scoped_to_it(written: str, target: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [("click", {"target": target})]


@pytest.mark.timeout(480)
def test_each_pagination_click_passes_on_the_page_and_fails_on_its_broken_build_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="pager", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
