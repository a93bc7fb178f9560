"""'Verify the alert says "I am a JS Alert"', 'An alert "Saved" is shown': an alert may be the browser's own
(answered at once, so never on the page), a live region, or a message drawn without one. The claim passes
on the text appearing in a dialog or live region since the step's action, or shown on the page now — and
fails when it is none of them. The run and its exported test both pass on the page and fail at their own
step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_broken_builds
from cli_runs import run_project
from export import exported_suites

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


@pytest.mark.timeout(300)
def test_alerts_pass_on_the_page_and_fail_on_broken_builds(tmp_path: Path, site: tuple[Path, str]) -> None:
    check_broken_builds(
        tmp_path / "project",
        site,
        name="alerts",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )


@pytest.mark.timeout(480)
def test_the_exported_alert_checks_fail_where_the_run_fails(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "jsalerts.html").write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "jsalerts.md").write_text(SPEC.replace("{page}", "jsalerts"))
    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_jsalerts.py"
    source = exported.read_text()
    assert source.count("or_shown=True") == 2, source
    builds = {name: (good, bad) for name, (good, bad, _) in BROKEN.items()}
    out = exported_suites.on_broken_builds(
        exported, tmp_path, site, page=PAGE, page_name="jsalerts", builds=builds, fast=True
    )
    assert f"{len(builds)} failed, 1 passed" in out, out + source
