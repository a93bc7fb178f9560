"""'Log in as "standard_user" with password "secret_sauce"': the step QA suites open most tests with, as one
plain step — the login form's user field, its password field, its submit button (the form that holds a
password field: a newsletter form's email field and button are not the login's). It runs plain on a login
page with a header search box, a sign-up link and a newsletter form, passes, and fails at its own step on
each broken build; its exported test does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import LOGIN_PASSWORD, LOGIN_SUBMIT, LOGIN_USER, parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Swag Labs</title>
<header><input type="search" placeholder="Search" aria-label="Search"><a href="#signup">Sign up</a></header>
<main><form id="login"><h1>Swag Labs</h1>
<input id="user-name" name="user-name" placeholder="Username" autocomplete="username">
<input id="password" name="password" type="password" placeholder="Password">
<input type="submit" id="login-button" value="Login"></form>
<p id="error" role="alert"></p></main>
<footer><form><input type="email" placeholder="Your email"><button>Subscribe</button></form></footer>
<script>
const USER = 'standard_user';
document.getElementById('login').onsubmit = (event) => {
  event.preventDefault();
  const form = event.target;
  const user = form.elements['user-name'].value, password = form.elements['password'].value;
  if (user === USER && password === 'secret_sauce') {
    location.hash = 'inventory';
    document.querySelector('main').innerHTML = '<h1>Products</h1>';
  } else {
    document.getElementById('error').textContent = 'Epic sadface: Username and password do not match';
  }
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Log in with standard_user / secret_sauce
3. Verify the URL contains "#inventory"
4. Verify the heading "Products" is visible
"""

BROKEN = {
    # the form reads the password as the user name: the login is refused
    "fields": ("form.elements['user-name'].value, password", "form.elements['password'].value, password", 3),
    # the account was renamed
    "user": ("const USER = 'standard_user';", "const USER = 'standard-user';", 3),
    # a sign-up form's second password field: which one is the login's is not said
    "two_passwords": (
        '<input type="submit" id="login-button"',
        '<input type="password" placeholder="Repeat password"><input type="submit" id="login-button"',
        2,
    ),
}


@pytest.mark.parametrize(
    ("written", "user", "password"),
    [
        ('Log in as "standard_user" with password "secret_sauce"', "standard_user", "secret_sauce"),
        ('Log in with username "admin" and password {{PASSWORD}}', "admin", "{{PASSWORD}}"),
        ('Sign in as "tomsmith" / "SuperSecretPassword!"', "tomsmith", "SuperSecretPassword!"),
        ('Sign in with email "ada@example.com" and password "pw"', "ada@example.com", "pw"),
        # both given, unquoted: each one word is the value itself
        ("Log in with standard_user / secret_sauce", "standard_user", "secret_sauce"),
        ("Log in as admin with password admin123", "admin", "admin123"),
        ("Log in with the username admin and the password {{PASSWORD}}", "admin", "{{PASSWORD}}"),
    ],
)
def test_a_login_reads_as_the_forms_three_calls(written: str, user: str, password: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [
        ("fill", {"target": LOGIN_USER, "value": user}),
        ("fill", {"target": LOGIN_PASSWORD, "value": password}),
        ("click", {"target": LOGIN_SUBMIT}),
    ]


@pytest.mark.parametrize(
    "written",
    [
        "Login as admin",
        'Log in as "admin"',
        "Log in as member 20456",
        "Log in as a valid user with password x",  # a description of a user, not one
        # a last "!" or "." may be the password's or the sentence's: quoted only
        "Login as tomsmith / SuperSecretPassword!",
        "Log in as bob with password secret.",
    ],
)
def test_a_login_without_a_password_is_not_plain(written: str) -> None:
    assert parse_plain_actions(written) is None


@pytest.mark.timeout(480)
def test_a_login_page_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    # The export pins the password field the run used, as it pins every element: a second one beside it
    # makes the step ambiguous for a run, not that element another one.
    check_run_and_export(
        tmp_path,
        site,
        name="login",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        pinned=("two_passwords",),
    )
