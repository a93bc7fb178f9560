"""'Click the Delete icon for "Alden"': an icon button named by its label (aria-label, no text) inside the row
that holds "Alden", never another row's. A table whose delete removes some other row, or whose icons have
lost their names, fails at the step that shows it, in the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

ICON = '<svg width="12" height="12" aria-hidden="true"><rect width="12" height="12"></rect></svg>'
ROW = (
    '<tr><td>{name}</td><td><button aria-label="Edit">' + ICON + "</button>"
    '<button aria-label="Delete" class="del">' + ICON + "</button></td></tr>"
)
PAGE = f"""<!doctype html><meta charset="utf-8"><title>Web Tables</title>
<main><h1>Web Tables</h1><table><thead><tr><th>First Name</th><th>Action</th></tr></thead><tbody>
{ROW.format(name="Cierra")}{ROW.format(name="Alden")}{ROW.format(name="Kierra")}
</tbody></table></main>
<script>
const ROW_OF = (button) => button.closest('tr');
for (const b of document.querySelectorAll('.del')) b.onclick = () => ROW_OF(b).remove();
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the Delete icon for "Alden"
3. Verify "Alden" is not visible
4. Verify "Cierra" is visible
5. Verify "Kierra" is visible
"""

BROKEN = {
    # a delete removes the first row, whichever was clicked
    "first-row": (
        "const ROW_OF = (button) => button.closest('tr');",
        "const ROW_OF = () => document.querySelector('tbody tr');",
        3,
    ),
}


@pytest.mark.timeout(480)
def test_an_icon_in_a_row_is_clicked_in_that_row_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="tables", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
