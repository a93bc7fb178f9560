"""A range slider set as QA suites say it ('Set the "Volume" slider to "3.5"', "Move the slider to 4"): fill
sets the range input and reads it back, so a slider whose step or bounds take another value fails at the
step that moved it, in the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Mixer</title>
<main><h1>Mixer</h1>
<label>Volume <input type="range" id="vol" min="0" max="5" step="0.5" value="0"></label>
<p id="readout">Volume: 0</p></main>
<script>
const SHOWN = (v) => v;
vol.oninput = () => { readout.textContent = 'Volume: ' + SHOWN(vol.value); };
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Set the "Volume" slider to "3.5"
3. Verify "Volume: 3.5" is visible
4. Move the slider to 5
5. Verify "Volume: 5" is visible
"""

BROKEN = {
    # whole steps only: 3.5 snaps to 4
    "step": ('step="0.5"', 'step="1"', 2),
    # the readout rounds what it shows
    "readout": ("const SHOWN = (v) => v;", "const SHOWN = (v) => Math.round(v);", 3),
    # the slider stops at 4
    "bound": ('max="5"', 'max="4"', 4),
}


@pytest.mark.timeout(480)
def test_a_slider_page_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="mixer", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert '.input_value()) == float("3.5")' in source, source


# No readout to check after the move: the value only goes to the server on "Save". The read-back is all that
# tells a slider that took another value, in the run and in the exported test alike.
SETTINGS = """<!doctype html><meta charset="utf-8"><title>Display</title>
<main><h1>Display</h1>
<label>Brightness <input type="range" id="level" min="0" max="100" step="1" value="50"></label>
<button id="save">Save</button><p id="note"></p></main>
<script>
save.onclick = () => { note.textContent = 'Saved'; };
</script>"""

SETTINGS_SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Set the "Brightness" slider to "37"
3. Click "Save"
4. Verify "Saved" is visible
"""

SETTINGS_BROKEN = {
    # tens only: 37 snaps to 40
    "step": ('step="1"', 'step="10"', 2),
    # the slider stops at 30
    "bound": ('max="100"', 'max="30"', 2),
}


@pytest.mark.timeout(480)
def test_a_slider_saved_unseen_fails_run_and_export_where_it_took_another_value(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="display",
        page=SETTINGS,
        builds=SETTINGS_BROKEN,
        spec=lambda n: SETTINGS_SPEC.replace("{page}", n),
    )
