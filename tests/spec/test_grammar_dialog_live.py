"""Steps about the open dialog ('Click "Confirm" in the dialog', 'Verify "Are you sure?" is shown in the
dialog', "Close the dialog"): the element is looked for in the one open dialog, modal or popup, never
elsewhere on the page — a page-level "Confirm" button or a "Close account" link is not the dialog's. Each
runs plain, passes on the working page and fails at its own step on each broken build; its exported test
does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Files</title>
<main><h1>report.pdf</h1><p id="status">Ready</p>
<p class="help">Are you sure? Deleting is permanent.</p>
<form><label>Email <input name="email"></label><button type="button">Confirm</button></form>
<button id="delete">Delete file</button> <button id="rename">Rename</button>
<a href="#account">Close account</a></main>
<div role="dialog" aria-modal="true" id="ask" hidden><p>Are you sure?</p>
<button id="yes">Confirm</button> <button>Cancel</button></div>
<dialog id="rename-dialog"><button aria-label="Close" id="x">×</button>
<label>New name <input></label></dialog>
<script>
const ask = document.getElementById('ask');
document.getElementById('delete').onclick = () => { ask.hidden = false; };
document.getElementById('yes').onclick = () => {
  ask.hidden = true;
  document.getElementById('status').textContent = 'File deleted';
};
document.getElementById('rename').onclick = () => document.getElementById('rename-dialog').showModal();
document.getElementById('x').onclick = () => document.getElementById('rename-dialog').close();
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Delete file"
3. Verify "Are you sure?" is shown in the dialog
4. Click "Confirm" in the dialog
5. Verify "File deleted" is shown
6. Click "Rename"
7. Close the dialog
8. Verify the dialog is closed
"""

BROKEN = {
    # the dialog asks something else; "Are you sure?" is still in the page's help text
    "text": ("<p>Are you sure?</p>", "<p>Delete report.pdf?</p>", 3),
    # the dialog's button is "OK"; the page's own "Confirm" button must not be clicked instead
    "button": ('<button id="yes">Confirm</button>', '<button id="yes">OK</button>', 4),
    # the rename dialog has no close button; "Close account" is on the page
    "no_close": ('<button aria-label="Close" id="x">×</button>', "", 7),
    # its close button does nothing
    "stuck": (
        "document.getElementById('x').onclick = () => document.getElementById('rename-dialog').close();",
        "",
        8,
    ),
}


@pytest.mark.parametrize(
    ("written", "tool", "target"),
    [
        ('Click "Confirm" in the dialog', "click", 'Confirm in "dialog"'),
        ('Click "Cancel" in the modal', "click", 'Cancel in "dialog"'),
        ('Type "notes.pdf" in the "New name" field in the dialog', "fill", '"New name" field in "dialog"'),
        ("Close the popup", "click", 'Close in "dialog"'),
        ('Verify "Saved" is shown in the dialog', "assert_text_in", "region=dialog"),
        ('The modal should contain "Are you sure?"', "assert_text_in", "region=dialog"),
    ],
)
def test_steps_about_the_open_dialog_are_scoped_to_it(written: str, tool: str, target: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1, written
    assert (actions[0].tool, actions[0].args["target"]) == (tool, target)


@pytest.mark.timeout(480)
def test_each_dialog_step_passes_on_the_page_and_fails_on_its_broken_build_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="dialogs", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert 'get_by_role("dialog")' in source, source  # the dialog's Confirm, not the page's
