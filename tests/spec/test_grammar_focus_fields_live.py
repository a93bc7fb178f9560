"""The sentences for leaving a field (click outside, blur, Tab to move on, not focused), field readouts,
badges, a value named by its row ("the due date for "Dune""), a page named by a bracketed URL and "should"
statements pass on a page that does what they say and fail on a build that breaks it, each at its own step."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Issue</title>
<main>
<p id="log">nothing saved</p>
<label>Summary <input id="summary"></label>
<label>Title <input id="title"></label>
<label>Notes <input id="notes"></label>
<label>Status <input id="status" value="Open" readonly></label>
<span class="badge">Closed as duplicate</span>
<table><tr><th>Book</th><th>Due date</th><th>Created</th></tr>
<tr><td>Dune</td><td>2026-12-24</td><td>2026-11-01</td></tr>
<tr><td>Kindred</td><td>2026-12-31</td><td>2026-11-02</td></tr></table>
<button disabled>Continue</button>
<label>Display name <input id="dn"></label>
</main>
<script>
for (const id of ['summary', 'title']) document.getElementById(id).addEventListener('blur', (e) => {
  document.getElementById('log').textContent = 'saved ' + e.target.value; });
</script>
"""

STEPS = """1. Verify the Notes field is not focused
2. Type "Crash" into the Summary field
3. Click outside the Summary field
4. Verify "saved Crash" is visible
5. Verify the Summary field is not focused
6. Type "Again" into the Title field
7. Blur the Title field
8. Verify "saved Again" is visible
9. Type "More" into the Summary field
10. Press Tab to move focus out of the Summary field
11. Verify the Title field is focused
12. Verify the Status field shows "Open"
13. Verify the status badge reads "Closed as duplicate"
14. Verify the due date for "Dune" shows "2026-12-24"
15. The user stays on the issue page (URL contains "issue")
16. The Continue button should be disabled
17. Change the Display name to "Grace"
18. Verify the Display name field contains "Grace"
"""

_REFOCUS = ' onblur="setTimeout(() => this.focus())"'
# Each broken build breaks what one sentence does or claims: (the change, the step that must fail; the step
# numbers count the Open step as 1).
BROKEN = {
    "not-focused": (('<input id="notes">', '<input id="notes" autofocus>'), 2),
    "outside": (('<input id="summary">', f'<input id="summary"{_REFOCUS}>'), 4),
    "blur": (('<input id="title">', f'<input id="title"{_REFOCUS}>'), 8),
    "tab": (
        (
            '<input id="summary">',
            '<input id="summary" onkeydown="if (event.key === \'Tab\') event.preventDefault()">',
        ),
        12,
    ),
    "field": (('value="Open"', 'value="Opened"'), 13),
    "badge": (('<span class="badge">Closed as duplicate</span>', '<span class="badge">Open</span>'), 14),
    "row": (("<td>Dune</td><td>2026-12-24</td>", "<td>Dune</td><td>2026-12-31</td>"), 15),
    # Another cell of Dune's row shows the date: the due date cell is what the step claims.
    "column": (
        (
            "<td>Dune</td><td>2026-12-24</td><td>2026-11-01</td>",
            "<td>Dune</td><td>2027-01-15</td><td>2026-12-24</td>",
        ),
        15,
    ),
    "no-column": (("<th>Due date</th>", "<th>Return date</th>"), 15),
    "url": (("</main>", "</main><script>history.replaceState(null, '', 'elsewhere.html')</script>"), 16),
    "should": (("<button disabled>Continue</button>", "<button>Continue</button>"), 17),
    "contains": (('<input id="dn">', '<input id="dn" maxlength="3">'), 19),
}


def _spec(page: str) -> str:
    return f"# {page}\n## Preconditions\n- none\n## Steps\n1. Open /{page}.html\n" + "".join(
        f"{int(number) + 1}.{rest}\n"
        for number, _, rest in (line.partition(".") for line in STEPS.splitlines())
    )


@pytest.mark.timeout(300)
def test_each_sentence_passes_on_a_working_page_and_fails_on_its_broken_build(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    builds = {build: (good, bad, step) for build, ((good, bad), step) in BROKEN.items()}
    check_broken_builds(tmp_path / "project", site, name="issue", page=PAGE, builds=builds, spec=_spec)
