"""'Press Enter in the search box': the key goes to the page's one search field (the field "Search for"
fills), never to whichever element has the focus, so a search that only a button submits, or a key that
lands elsewhere, fails at the step that reads the results — in the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Books</title>
<main><h1>Books</h1>
<form id="search" role="search"><input type="search" name="q" aria-label="Search books"></form>
<label>Notes <input id="notes"></label>
<p id="count"></p></main>
<script>
const BOOKS = ['Cosmos', 'Kindred', 'SPQR'];
document.getElementById('search').onsubmit = (e) => {
  e.preventDefault();
  const q = e.target.q.value.toLowerCase();
  const n = BOOKS.filter((b) => b.toLowerCase().includes(q)).length;
  document.getElementById('count').textContent = n + (n === 1 ? ' result' : ' results');
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Type "Kindred" in the search box
3. Click "Notes"
4. Press Enter in the search box
5. Verify the result counter says "1 result"
"""

BROKEN = {
    # the search form ignores what is submitted
    "no-submit": ("const q = e.target.q.value.toLowerCase();", "return;", 5),
    # the counter always says "results"
    "plural": ("(n === 1 ? ' result' : ' results')", "' results'", 5),
}


@pytest.mark.timeout(480)
def test_enter_in_the_search_box_submits_the_search_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="books", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert '.press("Enter")' in source and "keyboard.press" not in source, source
