"""A click or key press repeated as QA suites say it ('Click "Add Element" 3 times', 'Press Tab twice'): the
same call that many times, each its own call, so a page that takes only some of them fails at the step that
counts what they did, in the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Add/Remove Elements</title>
<main><h1>Add/Remove Elements</h1><button id="add">Add Element</button><div id="added"></div>
<label>First <input id="a"></label><label>Second <input id="b"></label><label>Third <input id="c"></label>
</main>
<script>
let added = 0;
const LIMIT = 99;
add.onclick = () => {
  if (added >= LIMIT) return;
  added += 1;
  const b = document.createElement('button');
  b.textContent = 'Delete';
  b.onclick = () => { b.remove(); added -= 1; };
  document.getElementById('added').append(b);
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Add Element" 3 times
3. Verify there are 3 "Delete" buttons
4. Click "First"
5. Press Tab twice
6. Verify the "Third" field is focused
"""

BROKEN = {
    # the page stops adding after two
    "two-only": ("const LIMIT = 99;", "const LIMIT = 2;", 3),
    # the second field leaves the tab order: two presses land past the third
    "skips": ('<input id="b">', '<input id="b" tabindex="-1">', 6),
}


@pytest.mark.timeout(480)
def test_repeated_clicks_and_presses_run_that_many_times_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="adder", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    step = source.split("# Step 2:")[1].split("# Step 3:")[0]
    assert step.count(".click()") == 3, source
