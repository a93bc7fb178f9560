"""Native dialogs in exported tests: 'A confirm dialog says "Delete this file?"' passes in the run (the tools
answer the confirm and record its message) and must pass in the exported test too — which sees the message
because the ``autoqa_live_regions`` fixture records native dialogs and answers them as the run did (accept,
until 'Dismiss the next dialog'). It fails where the tool fails: no dialog, another message, the text only
in a status message, no alert; and a confirm whose answer the app reads the other way takes the other path.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from autoqa.browser import resolve_browser
from autoqa.export.appeared_check import LiveRegions
from cli_runs import run_project

from . import exported_suites
from .test_exported_run import _pytest

PAGE = """<!doctype html><meta charset="utf-8"><title>Files</title><main>
<h1>Files</h1>
<button id="delete">Delete</button> <button id="save">Save</button>
<p id="result"></p><div role="status" id="status"></div>
<script>
document.getElementById("delete").onclick = () => setTimeout(() => {
  const ok = confirm("Delete this file?");
  document.getElementById("result").textContent = ok ? "File deleted" : "Kept the file";
}, 400);
document.getElementById("save").onclick = () => setTimeout(() => { alert("Saved"); }, 400);
</script></main>"""

SPEC = """# Delete a file
## Preconditions
- none
## Steps
1. Open /files.html
2. Click "Delete"
3. A confirm dialog says "Delete this file?"
4. Verify the page shows "File deleted"
5. Click "Save"
6. Verify the alert "Saved" appeared
7. Dismiss the next dialog
8. Click "Delete"
9. Verify the page shows "Kept the file"
"""

CONFIRM = 'const ok = confirm("Delete this file?");'
BROKEN = {
    # Deletes without asking: the page is right afterwards, but no dialog appeared.
    "no-dialog": (CONFIRM, "const ok = true;"),
    "other-message": (CONFIRM, 'const ok = confirm("Delete all files?");'),
    # The question in a status message and the confirm asking another: 'A confirm dialog says' is a
    # dialog's text (the rest of the spec passes on this build).
    "status-not-dialog": (
        CONFIRM,
        'document.getElementById("status").textContent = "Delete this file?"; const ok = confirm("Delete?");',
    ),
    "no-alert": ('alert("Saved");', 'document.getElementById("result").textContent = "Saved";'),
    # The app reads the answer the other way: the accepted confirm keeps the file.
    "inverted": ('ok ? "File deleted" : "Kept the file"', 'ok ? "Kept the file" : "File deleted"'),
}


@pytest.mark.timeout(480)
def test_a_native_dialog_exports_as_a_check_that_sees_it(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "files.html").write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "files.md").write_text(SPEC)

    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_files.py"
    assert exported.is_file(), output
    source = exported.read_text()
    assert (
        'autoqa_live_regions.expect_appeared("Delete this file?", since=appeared_since_2, dialog=True)'
        in source
    ), source
    assert 'autoqa_live_regions.expect_appeared("Saved", since=appeared_since_5)' in source, source
    assert "# expects a confirm dialog: Delete this file?" in source, source
    # One answer, as the run gave it: from step 7 on dialogs are dismissed (no per-click handler).
    assert source.count('autoqa_live_regions.answer_dialogs("dismiss")') == 1, source
    assert 'page.once("dialog"' not in source, source

    out = exported_suites.on_broken_builds(
        exported, tmp_path, site, page=PAGE, page_name="files", builds=BROKEN
    )
    assert f"{len(BROKEN)} failed, 1 passed" in out, out
    missing = "'Delete this file?' did not appear in a dialog; what appeared:"
    assert f"{missing} nothing" in out  # no-dialog
    assert f"{missing} 'Delete all files?' (dialog)" in out
    # The confirm opens before the watcher's observer reads the status region (it blocks the script).
    assert f"{missing} 'Delete?' (dialog); 'Delete this file?' (status)" in out
    assert "'Saved' did not appear in a live region or dialog; what appeared: nothing" in out
    assert 'get_by_text("File deleted")' in out  # inverted: step 4 fails after the accepted confirm


def test_the_fixture_answers_a_prompt_as_told_and_masks_secrets_it_lists(
    site: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``answer_dialogs("accept", text)`` (a ``dialogs`` step with a prompt answer) answers a prompt with it,
    and a failing check names what appeared without the spec's secret values."""
    folder, url = site
    (folder / "ask.html").write_text(
        "<button onclick=\"document.body.append(prompt('Name?') || 'none'); alert('Key s3cr3t-key')\">"
        "Ask</button>"
    )
    monkeypatch.setenv("AUTOQA_API_KEY", "s3cr3t-key")
    path = resolve_browser().path
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**({"executable_path": path} if path else {}))
        try:
            page = browser.new_page()
            watch = LiveRegions(page)
            watch.answer_dialogs("accept", "Ada")
            page.goto(f"{url}/ask.html")
            page.click("button")
            watch.expect_appeared("name?", dialog=True, timeout_ms=2000)
            assert "Ada" in page.inner_text("body")
            with pytest.raises(AssertionError) as failure:
                watch.expect_appeared("Saved", timeout_ms=300, secrets=["AUTOQA_API_KEY"])
        finally:
            browser.close()
    assert "'Key <secret:AUTOQA_API_KEY>' (dialog)" in str(failure.value), failure.value
    assert "s3cr3t" not in str(failure.value)


SIGN_IN = """<!doctype html><meta charset="utf-8"><title>Sign in</title><main><h1>Sign in</h1>
<label for="pw">Password</label><input id="pw" type="password"> <button id="go">Sign in</button>
<script>
document.getElementById("go").onclick = () => setTimeout(() => { alert("Signed in"); }, 200);
</script></main>"""

SIGN_IN_SPEC = """# Sign in
## Preconditions
- none
## Steps
1. Open /signin.html
2. Fill "Password" with "{{PASSWORD}}"
3. Click "Sign in"
4. Verify the alert "Signed in" appeared
"""


@pytest.mark.timeout(300)
def test_the_exported_check_masks_the_specs_secrets_in_what_appeared(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    """The exported check is given the spec's secrets: on a build whose alert shows the password, its failure
    lists what appeared with the value masked."""
    folder, url = site
    (folder / "signin.html").write_text(SIGN_IN, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "signin.md").write_text(SIGN_IN_SPEC)
    code, run, output = run_project(project, url, AUTOQA_PASSWORD="s3cr3t-pw")
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_signin.py"
    source = exported.read_text()
    assert 'secrets=["AUTOQA_PASSWORD"]' in source, source
    (folder / "signin.html").write_text(
        SIGN_IN.replace(
            'alert("Signed in")', 'alert("Wrong password " + document.getElementById("pw").value)'
        ),
        encoding="utf-8",
    )
    env = {**exported_suites._env(), "AUTOQA_PASSWORD": "s3cr3t-pw"}
    process = _pytest(exported.parent, "--base-url", url, env=env)
    out, _ = process.communicate(timeout=140)
    assert "1 failed" in out, out
    assert "'Wrong password <secret:AUTOQA_PASSWORD>' (dialog)" in out, out
    assert "s3cr3t" not in out, out
