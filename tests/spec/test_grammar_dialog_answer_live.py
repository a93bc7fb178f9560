"""'Click "Delete file" and dismiss the confirm': the browser's own confirm is answered the moment it opens,
so the answer the step gives is set up before the click that opens it — else the default answer (accept)
would already have deleted the file. The same page is then answered the other way ('… and accept the
confirm'). It runs plain, passes on the working page and fails at its own step on each broken build; its
exported test does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Files</title>
<main><h1>report.pdf</h1><button id="delete">Delete file</button><p id="result"></p></main>
<script>
document.getElementById('delete').onclick = () => {
  const ok = confirm('Delete report.pdf?');
  document.getElementById('result').textContent = ok ? 'Deleted' : 'Kept';
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Delete file" and dismiss the confirm
3. Verify the result says "Kept"
4. Click "Delete file" and accept the confirm
5. Verify the result says "Deleted"
"""

BROKEN = {
    # no confirm: the file is deleted whatever the answer
    "no_confirm": ("const ok = confirm('Delete report.pdf?');", "const ok = true;", 3),
    # the answer is read the wrong way round
    "reversed": ("ok ? 'Deleted' : 'Kept'", "ok ? 'Kept' : 'Deleted'", 3),
    # accepting does nothing
    "stuck": ("ok ? 'Deleted' : 'Kept'", "'Kept'", 5),
}


@pytest.mark.timeout(480)
def test_a_confirm_answered_either_way_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="confirms", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
