"""LocatorSpec: Python code, parsing normalize()'s code back, and tool-layer targets."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autoqa.record.locator_spec import LocatorSpec


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (LocatorSpec(kind="test_id", value="add-backpack"), 'page.get_by_test_id("add-backpack")'),
        (
            LocatorSpec(kind="role", role="button", value="Log in"),
            'page.get_by_role("button", name="Log in", exact=True)',
        ),
        (LocatorSpec(kind="role", role="combobox", value=""), 'page.get_by_role("combobox")'),
        (LocatorSpec(kind="label", value="Email"), 'page.get_by_label("Email", exact=True)'),
        (LocatorSpec(kind="placeholder", value="Search", exact=False), 'page.get_by_placeholder("Search")'),
        (LocatorSpec(kind="text", value='Say "hi"'), 'page.get_by_text("Say \\"hi\\"", exact=True)'),
        (LocatorSpec(kind="css", value="#checkout"), 'page.locator("#checkout")'),
    ],
)
def test_code_is_pytest_playwright_style(spec: LocatorSpec, code: str) -> None:
    assert spec.code() == code
    ast.parse(code)


def test_code_in_a_frame_scope() -> None:
    spec = LocatorSpec(kind="test_id", value="email")
    scope = "page.frame_locator('iframe[title=\"Newsletter\"]')"
    assert spec.code(scope) == f'{scope}.get_by_test_id("email")'


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            'get_by_role("button", name="Load data")',
            LocatorSpec(kind="role", role="button", value="Load data", exact=False),
        ),
        ('get_by_test_id("username")', LocatorSpec(kind="test_id", value="username")),
        (
            'locator("[data-testid=\\"newsletter-frame\\"]").content_frame.get_by_test_id("email")',
            LocatorSpec(kind="test_id", value="email"),
        ),
        ('get_by_label("Email", exact=True)', LocatorSpec(kind="label", value="Email")),
        ('locator("#load-data")', LocatorSpec(kind="css", value="#load-data")),
    ],
)
def test_from_code_reads_normalize_output(code: str, expected: LocatorSpec) -> None:
    assert LocatorSpec.from_code(code) == expected


@pytest.mark.parametrize(
    "code",
    [
        'get_by_role("button").nth(2)',
        'get_by_text("Add to cart").first',
        'locator("internal:role=button")',
        "get_by_role(",
        "page",
        'get_by_role("not a role", name="x")',
        "get_by_test_id(42)",
    ],
)
def test_from_code_refuses_what_it_cannot_express(code: str) -> None:
    assert LocatorSpec.from_code(code) is None


@given(
    kind=st.sampled_from(["test_id", "label", "placeholder", "alt_text", "title", "text", "css"]),
    value=st.text(min_size=1, max_size=40),
    exact=st.booleans(),
)
def test_code_round_trips_for_any_text(kind: str, value: str, exact: bool) -> None:
    spec = LocatorSpec(kind=kind, value=value, exact=exact if kind not in ("test_id", "css") else True)  # type: ignore[arg-type]
    assert LocatorSpec.from_code(spec.code()) == spec


@given(role=st.sampled_from(["button", "link", "textbox", "checkbox"]), name=st.text(min_size=1, max_size=40))
def test_role_code_round_trips(role: str, name: str) -> None:
    spec = LocatorSpec(kind="role", role=role, value=name, exact=True)
    assert LocatorSpec.from_code(spec.code()) == spec


@pytest.mark.parametrize(
    ("spec", "target"),
    [
        (LocatorSpec(kind="test_id", value="add-backpack"), '[data-testid="add-backpack"]'),
        (LocatorSpec(kind="role", role="button", value="Log in"), "role=button name=Log in"),
        (LocatorSpec(kind="placeholder", value="Search"), '[placeholder="Search"]'),
        (LocatorSpec(kind="css", value="#checkout"), "#checkout"),
        (LocatorSpec(kind="css", value='input[name="q"]'), 'css=input[name="q"]'),
        (LocatorSpec(kind="text", value="Open help"), "text=Open help"),
    ],
)
def test_replay_targets_use_the_tool_layers_hint_forms(spec: LocatorSpec, target: str) -> None:
    assert spec.replay_target() == target


def test_no_replay_target_where_the_tools_have_no_hint() -> None:
    assert LocatorSpec(kind="label", value="Email").replay_target() is None
    assert LocatorSpec(kind="role", role="button", value="Save", exact=False).replay_target() is None
    assert LocatorSpec(kind="role", role="button", value='"quoted"').replay_target() is None


def test_custom_test_id_attribute_in_targets() -> None:
    assert LocatorSpec(kind="test_id", value="x").replay_target("data-qa") == '[data-qa="x"]'
