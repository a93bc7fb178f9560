"""A message read whole while its close button sits in it ('Verify the flash message reads "Saved!"' on
"Saved! ×"): the button's "×" is no word of the message, so the check passes; only that glyph comes off,
so "Not saved ×" does not read "saved". It runs plain, passes on the working page and fails at its own step
on each broken build; its exported test (a regex, the tools' rule) does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Settings</title>
<main><h1>Settings</h1>
<div class="flash">Saved! <button aria-label="Close" type="button">×</button></div>
<div class="autosave">saved <a class="close" href="#" aria-label="Dismiss">×</a></div>
<label>Name <input value="Ada"></label></main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the flash message reads "Saved!"
3. Verify the message reads "saved"
"""

BROKEN = {
    # the flash says something else; its close button still reads "×"
    "flash": ('Saved! <button aria-label="Close"', 'Failed! <button aria-label="Close"', 2),
    # "Not saved ×" ends with "saved ×": it does not read "saved"
    "not_saved": ('>saved <a class="close"', '>Not saved <a class="close"', 3),
}


@pytest.mark.timeout(480)
def test_a_read_past_a_close_glyph_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="closeglyph", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert source.count("get_by_text(re.compile(") == 2, source  # both whole-text reads, as regexes
