"""Browser storage as a QA team's todo and settings specs check it: a key written unquoted as developers name
it ('local storage todos-v2 contains "Pay rent"'), a key with its value ('Local storage has the key "theme"
with value "dark"'), the area itself ('Session storage has 1 item', 'Local storage is empty') and one key or
cookie removed while the rest stays ('Delete the cookie settings_seen', 'Remove "theme" from local
storage'). Passes on the page and fails at its own step on each broken build, run and export."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Settings</title>
<main>
<h1>Settings</h1>
<p id="news" hidden>What's new in settings</p>
<button id="save">Save settings</button>
</main>
<script>
if (!localStorage.getItem('todos-v2')) {
  localStorage.setItem('todos-v2', JSON.stringify([{title: 'Pay rent', done: false}]));
}
if (!document.cookie.includes('settings_seen=')) document.getElementById('news').hidden = false;
document.getElementById('save').onclick = () => {
  localStorage.setItem('theme', 'dark');
  sessionStorage.setItem('draft', '1');
  document.cookie = 'settings_seen=1; path=/';
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Save settings"
3. Local storage has the key "theme" with value "dark"
4. Session storage has 1 item
5. Verify local storage todos-v2 contains "Pay rent"
6. Delete the cookie settings_seen
7. Reload the page
8. Verify "What's new in settings" is visible
9. Remove "theme" from local storage
10. Local storage has 1 item
11. Clear session storage
12. Session storage is empty
"""

BROKEN = {
    # the theme saved is not the one chosen
    "theme": ("localStorage.setItem('theme', 'dark');", "localStorage.setItem('theme', 'light');", 3),
    # a second session key left behind
    "session": (
        "sessionStorage.setItem('draft', '1');",
        "sessionStorage.setItem('draft', '1'); sessionStorage.setItem('x', '2');",
        4,
    ),
    # the todo list saved without the todo
    "todos": ("{title: 'Pay rent', done: false}", "{title: 'Pay bills', done: false}", 5),
    # the page sets the cookie again on every load, so "what's new" never shows again
    "cookie": (
        "if (!document.cookie.includes('settings_seen=')) document.getElementById('news').hidden = false;",
        "document.cookie = 'settings_seen=1; path=/';",
        8,
    ),
    # saving also writes a backup key, which stays when the theme is removed
    "backup": (
        "localStorage.setItem('theme', 'dark');",
        "localStorage.setItem('theme', 'dark'); localStorage.setItem('theme-backup', 'dark');",
        10,
    ),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'local storage todos-v2 contains "Pay rent"',
            [("assert_storage", {"area": "local", "key": "todos-v2", "contains": "Pay rent"})],
        ),
        (
            'Local storage has the key theme with value "dark"',
            [("assert_storage", {"area": "local", "key": "theme", "equals": "dark"})],
        ),
        ("Session storage has 1 item", [("assert_storage", {"area": "session", "count": 1})]),
        ("Local storage has 2 keys", [("assert_storage", {"area": "local", "count": 2})]),
        ("Local storage is empty", [("assert_storage", {"area": "local", "state": "empty"})]),
        ("Verify there are no cookies", [("assert_storage", {"area": "cookie", "state": "empty"})]),
        (
            "The cookie settings_seen should not exist",
            [("assert_storage", {"area": "cookie", "key": "settings_seen", "state": "unset"})],
        ),
        ("Delete the cookie settings_seen", [("clear_storage", {"area": "cookies", "key": "settings_seen"})]),
        ('Remove "cart" from local storage', [("clear_storage", {"area": "local", "key": "cart"})]),
        ('Delete the session storage key "token"', [("clear_storage", {"area": "session", "key": "token"})]),
        ("Clear local storage", [("clear_storage", {"area": "local"})]),
        # an ordinary word after "cookie" is no key: a banner, not storage
        ("Delete the cookie banner", None),
        ("Verify the cookie is set", None),
    ],
)
def test_storage_wordings_read_plain(written: str, calls: list[tuple[str, dict[str, object]]] | None) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls


@pytest.mark.timeout(300)
def test_storage_keys_areas_and_removals_pass_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="store", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert "clear_cookies(name=" in source and "removeItem" in source and ".length" in source
