"""Text inside one of the page's landmarks ("Verify "Saved" appears in the header", "Verify the sidebar shows
"Drafts"", "Verify the footer contains "© 2026""): the check reads that region, so the same text elsewhere on
the page is no evidence. A card's own <header> is no page header; two navigations are ambiguous. Each runs
plain, passes on the working page and fails at its own step on each broken build, and its exported test
does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Mail</title>
<header><h1>Mail</h1><p id="state">Saved</p></header>
<nav aria-label="Folders"><a href="#inbox">Inbox</a> <a href="#sent">Sent</a></nav>
<main><article><header>Re: Saved searches</header><p>Drafts are kept for 30 days.</p></article>
<p>Welcome back</p></main>
<aside><h2>Folders</h2><p>Drafts</p></aside>
<footer><p>© 2026 Mail Co</p></footer>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify "Saved" appears in the header
3. Verify the sidebar shows "Drafts"
4. Verify "Sent" is shown in the navigation bar
5. The main content should show "Welcome back"
6. Verify the footer contains "© 2026"
"""

BROKEN = {
    # Not saved; "Saved" is still in the page, in an article's own header.
    "state": ('<p id="state">Saved</p>', '<p id="state">Saving…</p>', 2),
    # The sidebar lost its drafts; "Drafts" is still in the main content.
    "drafts": ("<h2>Folders</h2><p>Drafts</p>", "<h2>Folders</h2><p>Trash</p>", 3),
    # Two navigations: which one the step means is not said.
    "two_navs": ("</nav>", '</nav><nav aria-label="Tabs"><a href="#sent">Sent</a></nav>', 4),
    # The greeting moved to the header.
    "welcome": ("<p>Welcome back</p></main>", "</main>", 5),
    "footer": ("© 2026 Mail Co", "© 2025 Mail Co", 6),
}

EXPORT_BROKEN = {name: (good, bad) for name, (good, bad, _) in BROKEN.items() if name != "two_navs"}


@pytest.mark.parametrize(
    ("written", "landmark"),
    [
        ('Verify "Saved" appears in the header', "header"),
        ('Make sure "Logout" is visible in the header', "header"),
        ('Verify the sidebar shows "Drafts"', "aside"),
        ('Verify the footer contains "© 2026"', "footer"),
        ('Verify "Home" is shown in the navigation bar', "nav"),
        ('The main content should show "Welcome"', "main"),
    ],
)
def test_a_landmark_is_read_as_its_region(written: str, landmark: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1 and actions[0].tool == "assert_text_in"
    assert actions[0].args["target"].startswith(f"css={landmark}")


def test_a_landmark_word_is_no_label() -> None:
    # "the sidebar" is a region, never the value a page labels "Sidebar"
    actions = parse_plain_actions('Verify the sidebar shows "Drafts"')
    assert actions is not None and "column" not in actions[0].args


# One `autoqa run` of the page and its builds checks the run, and wrote the exported test checked after it.
@pytest.mark.timeout(480)
def test_each_landmark_check_passes_on_the_page_and_fails_on_its_broken_build_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="mail",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        export_builds=EXPORT_BROKEN,
    )
