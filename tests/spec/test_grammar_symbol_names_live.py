"""Unquoted names that start with a symbol ("Click the £25 button", "The °F button is pressed", "the #random
link"): read as the quoted name before the role word, as "the Save button" is. The run passes on the page
and fails at its own step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Donate</title><main><h1>Donate</h1>
<div role="group" aria-label="Amount"><button aria-pressed="true">£10</button>
<button aria-pressed="false">£25</button></div>
<div role="group" aria-label="Units"><button aria-pressed="true">°C</button>
<button aria-pressed="false">°F</button></div></main>
<script>for (const group of document.querySelectorAll('[role=group]')) {
  group.addEventListener('click', (e) => { if (e.target.localName !== 'button') return;
    for (const b of group.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(b === e.target)); } });
}</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the £25 button
3. The £25 button should be pressed
4. Click the °F button
5. The °F button is pressed
6. The °C button is not pressed
"""

BROKEN = {
    # The amount buttons ignore clicks.
    "amount_stuck": (
        "group.addEventListener",
        "if (group.getAttribute('aria-label') === 'Units') group.addEventListener",
        3,
    ),
    # The unit buttons both stay pressed.
    "both_pressed": ("String(b === e.target)", "String(b === e.target || b.textContent === '°C')", 6),
}


@pytest.mark.parametrize(
    ("written", "target"),
    [
        ("Click the £25 button", '"£25" button'),
        ("The °F button is pressed", '"°F" button'),
        ("Verify the #random link is visible", '"#random" link'),
        ("The $5 button should be selected", '"$5" button'),
    ],
)
def test_a_name_starting_with_a_symbol_reads_as_quoted(written: str, target: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and actions[0].args["target"] == target


def test_a_bare_number_is_no_name() -> None:
    assert parse_plain_actions("Click the 25 button") is None


@pytest.mark.timeout(300)
def test_symbol_named_buttons_run_and_fail_on_broken_builds(tmp_path: Path, site: tuple[Path, str]) -> None:
    check_broken_builds(
        tmp_path / "project",
        site,
        name="donate",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
