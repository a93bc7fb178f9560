"""An order claimed inside the main list ('Verify "Dune" appears before "Dune Messiah" in the results
list') on a search page whose "Recently viewed" sidebar, earlier on the page, lists the same titles the
other way round: the claim reads the main list, so the page passes (read over the whole page, the
sidebar's order would fail it) and a build whose results come in another order fails. Run plain and
exported alike. The parse-level cases are in tests/spec/test_grammar_twentyfirst.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Search</title>
<aside aria-label="Recently viewed"><h2>Recently viewed</h2>
<ol><li>Children of Dune</li><li>Dune Messiah</li><li>Dune</li></ol></aside>
<main><h1>Results for "dune"</h1><ul id="results">
<li><a href="#dune">Dune</a> <span>Frank Herbert</span></li>
<li><a href="#messiah">Dune Messiah</a> <span>Frank Herbert</span></li>
<li><a href="#children">Children of Dune</a> <span>Frank Herbert</span></li>
<li><a href="#companion">The Dune Encyclopedia</a> <span>Willis McNelly</span></li>
</ul></main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify "Dune" appears before "Dune Messiah" in the results list
3. Expected: "Dune Messiah" comes before "Children of Dune" in the list
4. Verify "Children of Dune" is listed above "The Dune Encyclopedia" in the results
"""

BROKEN = {
    # the sequel comes first
    "sequel_first": (
        '<li><a href="#dune">Dune</a> <span>Frank Herbert</span></li>\n'
        '<li><a href="#messiah">Dune Messiah</a> <span>Frank Herbert</span></li>',
        '<li><a href="#messiah">Dune Messiah</a> <span>Frank Herbert</span></li>\n'
        '<li><a href="#dune">Dune</a> <span>Frank Herbert</span></li>',
        2,
    ),
    # the third book is missing from the results
    "no_children": ('<li><a href="#children">Children of Dune</a> <span>Frank Herbert</span></li>', "", 3),
    # the companion book is listed first too (and still last): its first place is before "Children of Dune"
    "companion_first": (
        '<ul id="results">\n',
        '<ul id="results">\n<li><a href="#x">The Dune Encyclopedia</a> <span>Willis McNelly</span></li>\n',
        4,
    ),
}


@pytest.mark.timeout(300)
def test_an_order_inside_the_main_list_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="orderin", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
