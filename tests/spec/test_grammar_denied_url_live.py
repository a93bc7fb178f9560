"""The URL or the title denied, as testers check a redirect away from a page: 'Verify the URL no longer
contains "/login"', 'Verify the page title is not "Sign in"'. Waited for like a match (the app navigates
after the click), exported as ``not_to_have_url`` / ``not_to_have_title``; passes on the page and fails at
its own step on each broken build, run and export."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Sign in</title>
<main><h1>Welcome</h1><button id="go">Sign in</button></main>
<script>
document.getElementById('go').onclick = () => {
  setTimeout(() => {
    location.hash = '#/home';
    document.title = 'Home';
  }, 100);
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html#/login
2. Click "Sign in"
3. Verify the URL no longer contains "/login"
4. Verify the page title is not "Sign in"
"""

BROKEN = {
    # signing in leaves the user on the login route
    "stays": ("location.hash = '#/home';", "", 3),
    # the page still calls itself "Sign in"
    "title": ("document.title = 'Home';", "", 4),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Verify the URL does not contain "/login"',
            [("assert_url", {"expected": "/login", "match": "contains", "negate": True})],
        ),
        (
            'url should not include "/login"',
            [("assert_url", {"expected": "/login", "match": "contains", "negate": True})],
        ),
        (
            'Verify the URL is not "/login"',
            [("assert_url", {"expected": "/login", "match": "equals", "negate": True})],
        ),
        (
            'Verify the URL does not match "/tickets/\\d+"',
            [("assert_url", {"expected": "/tickets/\\d+", "match": "regex", "negate": True})],
        ),
        (
            'Verify the page title does not contain "Error"',
            [("assert_title", {"expected": "Error", "match": "contains", "negate": True})],
        ),
    ],
)
def test_denied_url_and_title_wordings_read_plain(
    written: str, calls: list[tuple[str, dict[str, object]]]
) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == calls


@pytest.mark.timeout(300)
def test_a_redirect_away_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="away", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert "not_to_have_url(" in source and "not_to_have_title(" in source
