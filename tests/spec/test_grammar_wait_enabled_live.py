"""Waiting for a control the page enables later, as QA suites say it ('Wait up to 4 seconds until the
"Name" field is enabled', 'Wait up to 2 seconds for "It's enabled!" to appear'): the wait is for that
state of that element within the step's own limit, so a page that enables it too late fails at the wait,
in the run and in its exported test alike (a wait for it to be shown would pass at once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Dynamic Controls</title>
<main><h1>Dynamic Controls</h1>
<label>Name <input id="name" disabled></label><button id="enable">Enable</button><p id="msg"></p></main>
<script>
const DELAY_MS = 300;
const SAYS = "It's enabled!";
document.getElementById('enable').onclick = () => setTimeout(() => {
  document.getElementById('name').disabled = false;
  document.getElementById('msg').textContent = SAYS;
}, DELAY_MS);
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Enable"
3. Wait up to 4 seconds until the "Name" field is enabled
4. Wait up to 2 seconds for "It's enabled!" to appear
5. Type "Ada" in the "Name" field
6. Verify the "Name" field contains "Ada"
"""

BROKEN = {
    # enabled, but only after 9 s: later than the step allows
    "slow": ("const DELAY_MS = 300;", "const DELAY_MS = 9000;", 3),
    # enabled in time, but the page says something else
    "silent": ('const SAYS = "It\'s enabled!";', "const SAYS = 'Ready';", 4),
}


@pytest.mark.timeout(480)
def test_a_wait_for_enabled_passes_in_time_and_fails_when_late_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="controls", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert ".to_be_enabled(timeout=4000" in source, source
