"""{{ VARIABLES }}: rendering, secrets kept as placeholders, errors with file:line, spec_secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.errors import SpecError
from autoqa.secrets import SecretSet
from autoqa.spec.loader import load_spec, spec_secrets
from autoqa.spec.model import StepKind


def write_spec(tmp_path: Path, body: str, head: str = "") -> Path:
    path = tmp_path / "spec.md"
    path.write_text(
        head + "# Shop on {{ENV}}\n\n## Preconditions\n- Site: {{BASE_URL}}\n\n## Steps\n" + body, "utf-8"
    )
    return path


VALUES = {"ENV": "staging", "BASE_URL": "http://127.0.0.1:9", "USERNAME": "demo", "PASSWORD": "demo-pass-123"}


def test_non_secret_variables_are_rendered_and_raw_text_is_kept(tmp_path: Path) -> None:
    path = write_spec(
        tmp_path, '1. Navigate to {{ BASE_URL }}/login.html\n2. Fill "Username" with "{{USERNAME}}"\n'
    )
    spec = load_spec(path, variables=VALUES, root=tmp_path)
    assert spec.title == "Shop on staging"
    assert spec.preconditions == ("Site: http://127.0.0.1:9",)
    assert [s.text for s in spec.steps] == [
        "Navigate to http://127.0.0.1:9/login.html",
        'Fill "Username" with "demo"',
    ]
    assert [s.raw_text for s in spec.steps] == [
        "Navigate to {{ BASE_URL }}/login.html",
        'Fill "Username" with "{{USERNAME}}"',
    ]
    assert spec.variables == {"ENV": "staging", "BASE_URL": "http://127.0.0.1:9", "USERNAME": "demo"}


def test_secret_variables_stay_placeholders_everywhere(tmp_path: Path) -> None:
    path = write_spec(
        tmp_path,
        '1. Fill "Password" with "{{ PASSWORD }}"\n'
        '   - Expected: "{{API_TOKEN}}" is not visible\n'
        "   - note mentioning {{ORDER_CODE}}\n",
        head="---\nsecrets: [ORDER_CODE]\n---\n",
    )
    values = {**VALUES, "API_TOKEN": "tok-123456", "ORDER_CODE": "ORD-99"}
    spec = load_spec(path, variables=values, root=tmp_path)
    (step,) = spec.steps
    assert step.text == 'Fill "Password" with "{{PASSWORD}}"'
    assert step.expected == ('"{{API_TOKEN}}" is not visible',)
    assert step.notes == ("note mentioning {{ORDER_CODE}}",)
    rendered = " ".join([spec.title, *spec.preconditions, step.text, *step.expected, *step.notes])
    for secret in ("demo-pass-123", "tok-123456", "ORD-99"):
        assert secret not in rendered
    assert spec.secrets == frozenset({"PASSWORD", "API_TOKEN", "ORDER_CODE"})
    assert spec.variables["PASSWORD"] == "demo-pass-123"


def test_config_declared_secrets_are_honoured(tmp_path: Path) -> None:
    path = write_spec(tmp_path, '1. Fill "Member" with "{{MEMBER_ID}}"\n')
    spec = load_spec(
        path, variables={**VALUES, "MEMBER_ID": "M-42"}, secrets_declared=["MEMBER_ID"], root=tmp_path
    )
    assert spec.steps[0].text == 'Fill "Member" with "{{MEMBER_ID}}"'
    assert "MEMBER_ID" in spec.secrets


def test_unknown_variable_names_file_and_exact_line_with_suggestion(tmp_path: Path) -> None:
    path = write_spec(tmp_path, '1. Click "A"\n2. Fill "User" with\n   "{{USRNAME}}"\n')
    with pytest.raises(SpecError) as info:
        load_spec(path, variables=VALUES, root=tmp_path)
    assert info.value.path == path and info.value.line == 9
    assert info.value.reason == "unknown variable {{USRNAME}} (did you mean USERNAME?)"
    assert (
        info.value.hint is not None
        and "AUTOQA_USRNAME" in info.value.hint
        and "--var USRNAME=" in info.value.hint
    )


@pytest.mark.parametrize("empty", ["", "   "])
def test_empty_variable_is_an_error(tmp_path: Path, empty: str) -> None:
    path = write_spec(tmp_path, '1. Fill "Password" with "{{PASSWORD}}"\n')
    with pytest.raises(SpecError) as info:
        load_spec(path, variables={**VALUES, "PASSWORD": empty}, root=tmp_path)
    assert info.value.line == 7 and info.value.reason == "variable {{PASSWORD}} is empty"


def test_variables_in_the_title_and_preconditions_are_checked_too(tmp_path: Path) -> None:
    path = write_spec(tmp_path, "1. Navigate to /\n")
    with pytest.raises(SpecError) as info:
        load_spec(path, variables={"BASE_URL": "http://x"}, root=tmp_path)
    assert info.value.line == 1 and "{{ENV}}" in info.value.reason


def test_values_are_not_expanded_again(tmp_path: Path) -> None:
    path = write_spec(tmp_path, '1. Fill "Note" with "{{NOTE}}"\n')
    spec = load_spec(path, variables={**VALUES, "NOTE": "{{PASSWORD}}"}, root=tmp_path)
    assert spec.steps[0].text == 'Fill "Note" with "{{PASSWORD}}"'
    assert "PASSWORD" not in spec.variables


def test_front_matter_base_url_overrides_base_url_for_this_spec(tmp_path: Path) -> None:
    path = write_spec(
        tmp_path, "1. Navigate to {{BASE_URL}}/x\n", head='---\nbase_url: "{{LOGIN_BASE_URL}}/"\n---\n'
    )
    spec = load_spec(path, variables={**VALUES, "LOGIN_BASE_URL": "https://sso.example"}, root=tmp_path)
    assert spec.base_url == "https://sso.example"
    assert spec.steps[0].text == "Navigate to https://sso.example/x"
    assert spec.preconditions == ("Site: https://sso.example",)


def test_front_matter_base_url_must_be_http(tmp_path: Path) -> None:
    path = write_spec(tmp_path, "1. Navigate to /\n", head="---\ntitle: t\nbase_url: ftp://files\n---\n")
    with pytest.raises(SpecError) as info:
        load_spec(path, variables=VALUES, root=tmp_path)
    assert info.value.line == 3 and "base_url" in info.value.reason


def test_front_matter_fields_reach_the_spec(tmp_path: Path) -> None:
    path = write_spec(
        tmp_path,
        '1. Verify "x" is visible\n',
        head="---\ntitle: Custom {{ENV}}\ntags: a,b\ntimeout: 12.5\nauth: admin\n---\n",
    )
    spec = load_spec(path, variables=VALUES, root=tmp_path)
    assert (spec.title, spec.tags, spec.timeout_s, spec.auth, spec.setup) == (
        "Custom staging",
        ("a", "b"),
        12.5,
        "admin",
        None,
    )
    assert spec.steps[0].kind is StepKind.ASSERTION and spec.steps[0].needs_evidence


def test_title_falls_back_to_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "checkout-flow.md"
    path.write_text("## Preconditions\n- ok\n## Steps\n1. a\n", "utf-8")
    assert load_spec(path, variables={}, root=tmp_path).title == "checkout-flow"


def test_unreadable_specs_are_spec_errors(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="not found"):
        load_spec(tmp_path / "missing.md", variables={}, root=tmp_path)
    bad = tmp_path / "latin1.md"
    bad.write_bytes("## Preconditions\n- caf\xe9\n".encode("latin-1"))
    with pytest.raises(SpecError, match="not UTF-8"):
        load_spec(bad, variables={}, root=tmp_path)


def test_spec_secrets_holds_every_secret_value_and_nothing_else(tmp_path: Path) -> None:
    path = write_spec(
        tmp_path, '1. Fill "Code" with "{{ORDER_CODE}}"\n', head="---\nsecrets: [ORDER_CODE]\n---\n"
    )
    all_values = {**VALUES, "ORDER_CODE": "ORD-1", "OTHER_TOKEN": "zzz-999", "EMPTY_KEY": ""}
    spec = load_spec(path, variables=all_values, root=tmp_path)
    secrets = spec_secrets(spec, all_values)
    assert isinstance(secrets, SecretSet)
    assert dict(secrets.values) == {
        "PASSWORD": "demo-pass-123",
        "ORDER_CODE": "ORD-1",
        "OTHER_TOKEN": "zzz-999",
    }
    assert secrets.substitute(spec.steps[0].text) == 'Fill "Code" with "ORD-1"'
    assert (
        secrets.redact("typed ORD-1 and demo-pass-123") == "typed <secret:ORDER_CODE> and <secret:PASSWORD>"
    )
