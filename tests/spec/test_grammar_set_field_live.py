"""'Set "Genre" to "History"', 'Change the Status to "Published"': a change form (as an admin site draws one)
sets each field whatever control it is — a dropdown to that option, a text field to that text — so the same
sentence works on both, and a dropdown that lacks the option, or a save that drops the value, fails at its
own step, in the run and in its exported test alike (which select the option and fill the field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Change book</title>
<main><h1>Change book</h1>
<form id="book">
<label>Title <input name="title"></label>
<label>Genre <select name="genre"><option value="">---------</option><option value="1">Science</option>
<option value="2">History</option></select></label>
<label>Status <select name="status"><option>Draft</option><option>Published</option></select></label>
<label>Pages <input name="pages" type="number"></label>
<button>Save</button></form>
<p id="saved"></p></main>
<script>
document.getElementById('book').onsubmit = (e) => {
  e.preventDefault();
  const f = e.target;
  const genre = f.genre.selectedOptions[0].textContent;
  const STATUS = f.status.value;
  document.getElementById('saved').textContent =
    `Saved ${f.title.value} (${genre}, ${STATUS}, ${f.pages.value} pages)`;
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Set "Title" to "SPQR"
3. Set "Genre" to "History"
4. Change the Status to Published
5. Set Pages to 608
6. Click "Save"
7. Verify "Saved SPQR (History, Published, 608 pages)" is visible
"""

BROKEN = {
    # the genre list lacks the option the step sets
    "no-history": ('<option value="2">History</option>', "", 3),
    # the save keeps the default status whatever is chosen
    "status-dropped": ("const STATUS = f.status.value;", "const STATUS = 'Draft';", 7),
}


@pytest.mark.timeout(480)
def test_set_takes_each_control_as_it_is_and_fails_on_a_missing_option_or_dropped_value_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="book", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert source.count(".select_option(label=") == 2 and source.count(".fill(") == 2, source
