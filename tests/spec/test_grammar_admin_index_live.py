"""An admin site as QA suites walk it, unquoted: 'Click Add next to Books' (the index lists each model with
its own Add link: the one in the Books row), 'Verify the form title "Add book" is shown' (words that say what
the quoted text is), 'Set Title to "Kindred"', 'Click Save and add another' (a four-word button). A link that
opens another model's form, or a save that says nothing, fails at the step that checks it — in the run and
in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Site administration</title>
<main><h1>Site administration</h1>
<table><caption>Catalogue</caption>
<tr><th scope="row">Authors</th><td><a href="#add-author" class="addlink">Add</a></td>
<td><a href="#authors" class="changelink">Change</a></td></tr>
<tr><th scope="row">Books</th><td><a href="#add-book" class="addlink">Add</a></td>
<td><a href="#books" class="changelink">Change</a></td></tr>
</table>
<section id="form" hidden><h2 id="form-title"></h2>
<label>Title <input id="title"></label>
<button id="save">Save</button> <button id="another">Save and add another</button></section>
<ul id="messages"></ul></main>
<script>
const BOOKS_ADD = '#add-book';
document.querySelectorAll('tr')[1].querySelector('.addlink').setAttribute('href', BOOKS_ADD);
const show = () => {
  const which = location.hash === '#add-book' ? 'book' : location.hash === '#add-author' ? 'author' : null;
  document.getElementById('form').hidden = !which;
  document.getElementById('form-title').textContent = which ? 'Add ' + which : '';
};
window.addEventListener('hashchange', show);
const SAYS = true;
document.getElementById('another').onclick = () => {
  const title = document.getElementById('title').value;
  if (SAYS) {
    document.getElementById('messages').innerHTML =
      '<li>The book “' + title + '” was added successfully. You may add another book below.</li>';
  }
  document.getElementById('title').value = '';
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click Add next to Books
3. Verify the form title "Add book" is shown
4. Set Title to "Kindred"
5. Click Save and add another
6. Verify the success message "The book “Kindred” was added successfully." is displayed
"""

BROKEN = {
    # the Books row's Add link opens the author form
    "wrong-form": ("const BOOKS_ADD = '#add-book';", "const BOOKS_ADD = '#add-author';", 3),
    # the save says nothing
    "silent": ("const SAYS = true;", "const SAYS = false;", 6),
}


@pytest.mark.timeout(480)
def test_an_admin_walked_unquoted_passes_and_each_broken_build_fails_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="admin", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert 'name="Save and add another"' in source, source
