"""The natural sentences the grammar reads since the real-suite work (unquoted clicks, "Open the book",
"Mark … as completed", "Choose … shipping", readouts, "are sorted", the current page, column headers) pass on
a page that does what they say and fail on builds that break it, each at its own step. A sentence whose
reading could not fail would pass every broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Shop</title>
<script>
function say(what) { document.getElementById('status').textContent = what; }
function sortByPrice() {
  const body = document.getElementById('rows');
  const price = (row) => Number(row.cells[0].textContent);
  [...body.rows].sort((a, b) => price(a) - price(b)).forEach((r) => body.append(r));
}
</script>
<nav aria-label="Main"><a href="#home">Home</a> <a href="#books" aria-current="page">Books</a></nav>
<main>
<p id="status">signed out</p>
<button onclick="say('signed in')">Log in</button>
<button onclick="say('signed out again')">Log out</button>
<p><a href="#spqr" onclick="say('reading SPQR')">SPQR</a></p>
<ul><li><input type="checkbox" id="m"><label for="m">buy milk</label></li>
<li><input type="checkbox" id="f" checked><label for="f">feed the cat</label></li></ul>
<span class="todo-count">2 items left</span>
<fieldset><legend>Shipping</legend>
<label><input type="radio" name="ship" value="s" checked> Standard</label>
<label><input type="radio" name="ship" value="e"> Express</label></fieldset>
<table><thead><tr><th><button onclick="sortByPrice()">Price</button></th><th>Product</th></tr></thead>
<tbody id="rows"><tr><td>3</td><td>Cherry</td></tr><tr><td>1</td><td>Apple</td></tr>
<tr><td>2</td><td>Banana</td></tr></tbody></table>
<form role="search" onsubmit="event.preventDefault(); say('results for ' + this.q.value)">
<input type="search" name="q" placeholder="Search books"></form>
<label><input type="checkbox" onchange="say(this.checked ? 'terms accepted' : 'no')">
I accept the terms and conditions</label>
<p class="error">This field is required.</p>
<button onclick="say('added')">Add to cart</button> <a href="#cart" onclick="say('the cart')">Cart (2)</a>
<button disabled>Save</button>
<div style="height: 3000px"></div>
<dialog id="welcome" open><p>Welcome</p><button onclick="welcome.close()">Close</button></dialog>
</main>
<script>
addEventListener('scroll', () => {
  if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) say('at the bottom');
});
</script>
"""

STEPS = """1. Click Log in
2. Verify "signed in" is visible
3. Log out
4. Verify "signed out again" is visible
5. Open the book "SPQR"
6. Verify "reading SPQR" is visible
7. Mark "buy milk" as completed
8. Verify "buy milk" is checked
9. Mark "feed the cat" as not completed
10. Verify "feed the cat" is not checked
11. Verify the counter reads "2 items left"
12. Choose "Express" shipping
13. Verify "Express" is checked
14. Click the "Price" column header
15. Verify the products are sorted "Apple", "Banana", "Cherry"
16. Verify the current page in the navigation is "Books"
17. Search for "Cosmos"
18. Verify "results for Cosmos" is visible
19. Accept the terms
20. Verify "terms accepted" is visible
21. An error message "This field is required." is displayed
22. Scroll to the bottom of the page
23. Verify "at the bottom" is visible
24. Verify the dialog is open
25. Click "Close"
26. Verify the dialog is closed
27. Go to the cart
28. Verify "the cart" is visible
29. Verify the Save button is disabled
"""

# Each broken build breaks what one sentence does or claims: (the change, the step that must fail; the step
# numbers count the Open step as 1).
BROKEN = {
    "login": ((">Log in</button>", ">Sign in</button>"), 2),
    "logout": (("<button onclick=\"say('signed out again')\">Log out</button>", ""), 4),
    "book": (('<a href="#spqr" onclick="say(\'reading SPQR\')">SPQR</a>', '<a href="#spqr">SPQR</a>'), 7),
    "mark": (('id="m">', 'id="m" onclick="return false">'), 8),
    "unmark": (('id="f" checked>', 'id="f" checked onclick="return false">'), 10),
    "counter": (("2 items left", "12 items left"), 12),
    "radio": (('value="e">', 'value="e" onclick="return false">'), 13),
    "sort": (('<button onclick="sortByPrice()">Price</button>', "<button>Price</button>"), 16),
    "current": (
        (
            '<a href="#home">Home</a> <a href="#books" aria-current="page">',
            '<a href="#home" aria-current="page">Home</a> <a href="#books">',
        ),
        17,
    ),
    "search": (
        ('<input type="search" name="q" placeholder="Search books">', '<input name="q" placeholder="Name">'),
        18,
    ),
    "terms": (('<input type="checkbox" onchange', "<span onchange"), 20),
    "error": (("This field is required.", "This field is optional."), 22),
    "scroll": (('<div style="height: 3000px"></div>', ""), 24),
    "dialog": (('onclick="welcome.close()"', ""), 27),
    "save": (("<button disabled>Save</button>", "<button>Save</button>"), 30),
    "cart": (
        ('<a href="#cart" onclick="say(\'the cart\')">Cart (2)</a>', ""),
        28,
    ),  # "Add to cart" is no cart
}


def _spec(page: str) -> str:
    return f"# {page}\n## Preconditions\n- none\n## Steps\n1. Open /{page}.html\n" + "".join(
        f"{int(number) + 1}.{rest}\n"
        for number, _, rest in (line.partition(".") for line in STEPS.splitlines())
    )


@pytest.mark.timeout(300)
def test_each_sentence_passes_on_a_working_page_and_fails_on_its_broken_build(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    builds = {build: (good, bad, step) for build, ((good, bad), step) in BROKEN.items()}
    check_broken_builds(tmp_path / "project", site, name="shop", page=PAGE, builds=builds, spec=_spec)
