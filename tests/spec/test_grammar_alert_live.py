"""'Verify the alert says "I am a JS Alert"', 'An alert "Saved" is shown': an alert may be the browser's own
(answered at once, so never on the page), a live region, or a message drawn without one. The claim passes
on the text appearing in a dialog or live region since the step's action, or shown on the page now — and
fails when it is none of them. The run and its exported test both pass on the page and fail at their own
step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Alerts</title><main><h1>Alerts</h1>
<button onclick="alert('I am a JS Alert'); document.querySelector('#result').textContent = 'Clicked'">
Click for JS Alert</button>
<button onclick="document.querySelector('#note').innerHTML = '<div class=alert>Saved</div>'">Save</button>
<p id="result"></p><div id="note"></div></main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Click for JS Alert"
3. Verify the alert says "I am a JS Alert"
4. Click "Save"
5. An alert "Saved" is shown
"""

BROKEN = {
    "other_message": ("alert('I am a JS Alert')", "alert('Something else')", 3),
    "no_alert": ("alert('I am a JS Alert'); ", "", 3),
    "not_saved": ("'<div class=alert>Saved</div>'", "'<div class=alert>Failed</div>'", 5),
}


@pytest.mark.parametrize(
    "written",
    [
        'Verify the alert says "I am a JS Alert"',
        'The alert should say "I am a JS Alert"',
        'Verify the alert text is "I am a JS Alert"',
        'An alert "I am a JS Alert" appears',
        'Verify an alert with text "I am a JS Alert" is displayed',
    ],
)
def test_an_alert_reads_as_appeared_or_shown(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None
    assert (actions[0].tool, actions[0].args) == (
        "assert_appeared",
        {"text": "I am a JS Alert", "or_shown": True},
    )


# One `autoqa run` of the page and its builds checks the run, and wrote the exported test checked after it.
@pytest.mark.timeout(480)
def test_alerts_pass_on_the_page_and_fail_on_broken_builds_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="alerts",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
    assert source.count("or_shown=True") == 2, source
