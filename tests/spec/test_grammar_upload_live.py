"""'Upload "report.txt"' names no field: the page's one shown file input gets the file, though an upload
widget keeps a hidden input of its own (here first on the page, as a drop-zone script may put it); two shown
file inputs are ambiguous and the step fails rather than pick one. It runs plain, passes on the working page
and fails at its own step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Import</title>
<input type="file" class="dz-hidden-input" hidden>
<main><h1>Import</h1>
<label>Contacts file <input type="file" id="pick"></label>
<p id="out">No file yet</p></main>
<script>
const NAME = (f) => f.name;
pick.onchange = () => { out.textContent = 'Imported ' + NAME(pick.files[0]); };
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Upload "report.txt"
3. Verify "Imported report.txt" is visible
"""

BROKEN = {
    # a second file input is shown (a logo): which one gets the file is not said
    "second": ('<p id="out">', '<label>Logo <input type="file"></label><p id="out">', 2),
    # the import names another file
    "name": ("const NAME = (f) => f.name;", "const NAME = (f) => 'untitled.txt';", 3),
}


@pytest.mark.timeout(240)
def test_an_upload_naming_no_field_passes_and_each_broken_build_fails(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    project = tmp_path / "project"
    (project / "fixtures").mkdir(parents=True)
    (project / "fixtures" / "report.txt").write_text("name,email\n")
    (project / "autoqa.toml").write_text('upload_dir = "fixtures"\n')
    check_broken_builds(
        project, site, name="import", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
