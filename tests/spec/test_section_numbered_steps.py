"""Formal test scripts number their steps by section: "1.1 Navigate to …", "2.10 Verify …". A spec written
so has its steps (the Markdown reader takes such a line as an ordered item, the number not part of the
step), and a section number pasted into a step's text ("2.9 Click "Save".", "Step 1.2: …") is read as
the step number it is. The run below passes on the demo shop and fails where the page disagrees."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoqa
from autoqa.demo_app.server import DemoServer
from autoqa.spec.loader import load_spec

from .grammar_calls import Call
from .grammar_calls import calls as _calls

SPEC = """# Log in (test script TS-04)

## Preconditions
- The demo shop runs

## Steps
1.1 Navigate to /login.html
1.2 Enter "{{{{USERNAME}}}}" in the "Username" field.
1.3 Enter "{{{{PASSWORD}}}}" in the "Password" field.
1.4 Click the "Log in" button.
2.1 Verify that the URL contains "/products.html".
2.2 Verify that "{heading}" is displayed.
"""


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        ('2.9 Click "Save".', [("click", {"target": "Save"})]),
        ('Step 1.2: Click "Save"', [("click", {"target": "Save"})]),
        (
            '1.3 Enter "Harb0ur#View" in the "Password" field.',
            [("fill", {"target": '"Password" field', "value": "Harb0ur#View"})],
        ),
        ('3.2.1. Verify "Saved" is visible', [("assert_text_present", {"text": "Saved"})]),
    ],
)
def test_a_section_number_before_a_step_is_its_number(written: str, calls: list[Call]) -> None:
    assert _calls(written) == calls


@pytest.mark.parametrize("written", ["2.5 seconds later it is done", "1.5 kg of flour"])
def test_a_number_that_is_not_a_step_number_does_not_make_a_plain_step(written: str) -> None:
    assert _calls(written) is None


def test_a_spec_numbered_by_section_has_its_steps(tmp_path: Path) -> None:
    path = tmp_path / "ts.md"
    path.write_text(SPEC.format(heading="Products"), encoding="utf-8")
    spec = load_spec(path, variables={"USERNAME": "demo", "PASSWORD": "x"}, root=tmp_path)
    assert [s.text for s in spec.steps] == [
        "Navigate to /login.html",
        'Enter "demo" in the "Username" field.',
        'Enter "{{PASSWORD}}" in the "Password" field.',
        'Click the "Log in" button.',
        'Verify that the URL contains "/products.html".',
        'Verify that "Products" is displayed.',
    ]
    assert [s.line for s in spec.steps] == [7, 8, 9, 10, 11, 12]
    # A line without a number continues the step before it; a stray decimal elsewhere stays text.
    path.write_text(
        "# T\nThe limit is 2.5 s.\n\n## Preconditions\n- none\n\n## Steps\n1.1 Navigate to /login.html\n"
        '1.2 Verify that "Log in"\n    is displayed.\n',
        encoding="utf-8",
    )
    spec = load_spec(path, variables={}, root=tmp_path)
    assert [s.text for s in spec.steps] == ["Navigate to /login.html", 'Verify that "Log in" is displayed.']


@pytest.mark.parametrize(("heading", "outcome"), [("Products", "passed"), ("Order history", "failed")])
async def test_a_spec_numbered_by_section_runs_plain(
    tmp_path: Path, demo_server: DemoServer, heading: str, outcome: str
) -> None:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "ts.md").write_text(SPEC.format(heading=heading), encoding="utf-8")
    environ = {
        "AUTOQA_USERNAME": demo_server.credentials.username,
        "AUTOQA_PASSWORD": demo_server.credentials.password,
    }
    result = await autoqa.run(
        ["specs"],
        root=tmp_path,
        environ=environ,
        base_url=demo_server.url,
        agent="never",
        artifacts="none",
        export_on_pass=False,
        assertion_timeout_ms=1_000,
    )
    (spec,) = result.specs
    assert spec.outcome == outcome and spec.executor == "plain", spec.reason
    if outcome == "failed":
        assert spec.failed_step == 6 and "Order history" in (spec.reason or "")
