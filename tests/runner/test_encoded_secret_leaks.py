"""A secret in the spellings a browser gives it (encodeURIComponent in a pushState URL, a GET form's
query) reaches no file, zip member or console line of the run (issue: encoded spellings leaked)."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

from autoqa.testing.secret_scan import files_containing
from cli_runs import run_project

SECRET = "P@ssw0rd! x~*"
PAGE = """<!doctype html><meta charset="utf-8"><title>Search</title>
<label>Query <input id="q"
  oninput="history.pushState({}, '', '?q=' + encodeURIComponent(this.value))"></label>
<form action="/search.html" method="get"><label>Term <input name="user_input"></label>
<button>Go</button></form>"""


def _spellings() -> list[str]:
    js = urllib.parse.quote(SECRET, safe="!~*'()")  # what encodeURIComponent gives
    form = urllib.parse.quote_plus(SECRET, safe="*-._")  # what a GET form gives (Chromium)
    return [SECRET, js, form, urllib.parse.quote_plus(SECRET)]


def test_encoded_spellings_of_a_secret_are_redacted_everywhere(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "search.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "search.md").write_text(
        "# Search\n## Preconditions\n- none\n## Steps\n1. Open /search.html\n"
        '2. Fill "Query" with "{{PASSWORD}}"\n3. Fill "Term" with "{{PASSWORD}}"\n4. Click "Go"\n'
        '5. Verify "No such result text" is visible\n'  # fails: every artifact is kept
    )
    code, run, output = run_project(project, url, "--artifacts", "all", AUTOQA_PASSWORD=SECRET)
    assert code == 1 and run["specs"][0]["failed_step"] == 5, output
    for spelling in _spellings():
        assert spelling not in output
        assert files_containing(project / "out", spelling) == [], spelling
    assert files_containing(project / "out", "<secret:PASSWORD>"), "the value was there to redact"
