"""A field's own message ('Verify the "Email" field shows the error "Enter a valid email"', 'An error
"Required" is shown under the Password field'): the text must be the field's — what it names with
aria-describedby or the form group only it sits in — so the same error shown for another field is no
evidence. The run passes on the working page and fails at its own step on each broken build, and so does
its exported test."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Sign up</title><main><h1>Sign up</h1>
<form onsubmit="event.preventDefault(); check()">
<div class="group"><label for="email">Email</label><input id="email">
<p class="error" id="email-error"></p></div>
<div class="group"><label for="pw">Password</label><input id="pw" type="password" aria-describedby="pw-err">
</div><p id="pw-err"></p>
<button>Create account</button></form></main>
<script>
function check() {
  const email = document.querySelector('#email').value, pw = document.querySelector('#pw').value;
  document.querySelector('#email-error').textContent = email.includes('@') ? '' : 'Enter a valid email';
  document.querySelector('#pw-err').textContent = pw.length >= 8 ? '' : 'Use 8 or more characters';
}
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Enter "ada" in the Email field
3. Enter "short" in the Password field
4. Click "Create account"
5. Verify the "Email" field shows the error "Enter a valid email"
6. An error "Use 8 or more characters" is shown under the Password field
"""

BROKEN = {
    # The email error is shown under the password: the text is on the page, not the field's.
    "swapped": (
        "document.querySelector('#email-error').textContent",
        "document.querySelector('#pw-err').textContent",
        5,
    ),
    # The password error is no longer the field's: its description points nowhere.
    "undescribed": ('aria-describedby="pw-err"', 'aria-describedby="none"', 6),
    # A longer minimum: another message.
    "other_message": ("'Use 8 or more characters'", "'Use 12 or more characters'", 6),
}


@pytest.mark.parametrize(
    "written",
    [
        'Verify the "Email" field shows the error "Enter a valid email"',
        'Verify the Email field has the error "Enter a valid email"',
        'Verify the error "Enter a valid email" is shown under the Email field',
        'An error message "Enter a valid email" is displayed next to the Email field',
        'Verify "Enter a valid email" is shown below the "Email" field',
    ],
)
def test_a_fields_error_reads_as_its_own_message(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1, written
    assert actions[0].args == {"target": '"Email" field', "text": "Enter a valid email", "note": True}


# One `autoqa run` of the page and its builds checks the run, and wrote the exported test checked after it.
@pytest.mark.timeout(480)
def test_each_field_message_passes_on_the_page_and_fails_on_its_broken_build_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, out = check_run_and_export(
        tmp_path,
        site,
        name="signup",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
    assert source.count("expect_field_note(") == 2, source
    # the password's group holds only its label once its description points nowhere
    assert "to contain 'Use 8 or more characters', but it shows 'Password'" in out, out
