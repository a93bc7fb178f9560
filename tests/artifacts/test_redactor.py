from __future__ import annotations

import json
import string
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autoqa.artifacts import Redactor
from autoqa.artifacts.redact import is_sensitive_key
from autoqa.secrets import SecretSet

PASSWORD = "demo-pass-123"  # the demo app's password (see demo_app/CONTRACT.md)
TOKEN = "tok-9f8e7d6c5b4a"


def test_declared_secret_values_become_named_markers(redactor: Redactor) -> None:
    text = redactor.text(f"typed {PASSWORD} then sent {TOKEN}")
    assert text == "typed <secret:PASSWORD> then sent <secret:API_TOKEN>"


def test_secret_spellings_in_urls_and_json_are_found() -> None:
    value = 'p@ss w"rd/é'
    redactor = Redactor(SecretSet({"PASSWORD": value}))
    for spelling in (value, quote(value, safe=""), quote_plus(value), json.dumps(value)[1:-1]):
        redacted = redactor.text(f"body={spelling}&x=1")
        assert spelling not in redacted
        assert "<secret:PASSWORD>" in redacted
    # A JSON document stays valid JSON after its secret is replaced.
    document = json.dumps({"password": value, "note": f"is {value}"})
    assert json.loads(redactor.text(document))["note"] == "is <secret:PASSWORD>"


def test_redacting_twice_changes_nothing(redactor: Redactor) -> None:
    once = redactor.text(
        f"{PASSWORD} https://u:p@h.example/?token=abc Authorization: Bearer xyz /home/alice/x"
    )
    assert redactor.text(once) == once


def test_marker_text_is_not_itself_redacted() -> None:
    # A secret that happens to be part of the marker must not corrupt markers on a second pass.
    redactor = Redactor(SecretSet({"SECRET": "secret"}))
    once = redactor.text("the secret is out")
    assert once == "the <secret:SECRET> is out"
    assert redactor.text(once) == once


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Authorization: Bearer abc.def.ghi", "Authorization: Bearer ***"),
        ("authorization=Basic dXNlcjpwYXNz", "authorization=Basic ***"),
        ('{"Authorization": "Token 123456"}', '{"Authorization": "Token ***"}'),
        ('{"name":"authorization","value":"Bearer zzz"}', '{"name":"authorization","value":"***"}'),
        ("Cookie: session=abc123; theme=dark", "Cookie: ***"),
        ("X-Api-Key: 0123456789abcdef", "X-Api-Key: ***"),
    ],
)
def test_authorization_and_cookie_headers(raw: str, expected: str) -> None:
    assert Redactor().text(raw) == expected


def test_header_inside_json_string_keeps_json_valid() -> None:
    document = json.dumps({"log": 'sent Authorization: Bearer abc\\"def" to api'})
    cleaned = Redactor().text(document)
    assert "abc" not in cleaned
    assert json.loads(cleaned)["log"].startswith("sent Authorization: Bearer ***")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("https://bob:hunter2@example.com/x", "https://***@example.com/x"),
        ("git clone https://ghtoken@github.com/o/r", "git clone https://***@github.com/o/r"),
        ("mail bob@example.com", "mail bob@example.com"),
    ],
)
def test_url_userinfo(raw: str, expected: str) -> None:
    assert Redactor().text(raw) == expected


def test_token_like_query_parameters() -> None:
    url = "https://x.test/cb?code=abc&state=ok&access_token=t0k&api_key=k3y&author=bob&page=2&sig=s"
    assert Redactor().text(url) == (
        "https://x.test/cb?code=***&state=ok&access_token=***&api_key=***&author=bob&page=2&sig=***"
    )


@pytest.mark.parametrize(
    ("key", "prefix"),
    [
        ("sk-ant-api03-" + "A1b2" * 10, "sk-ant-***"),
        ("sk-proj-" + "x" * 30, "sk-***"),
        ("ghp_" + "a" * 36, "gh_***"),
        ("github_pat_" + "B" * 40, "github_pat_***"),
        ("AKIA" + "ABCDEFGHIJKLMNOP", "AKIA***"),
        ("xoxb-" + "1234567890-abc", "xox-***"),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXBhcnQ", "jwt:***"),
    ],
)
def test_api_keys_by_shape(key: str, prefix: str) -> None:
    out = Redactor().text(f"using {key} now")
    assert out == f"using {prefix} now"


def test_home_directory_is_shortened_but_lookalikes_are_not() -> None:
    redactor = Redactor(home=Path("/home/alice"))
    assert redactor.text("/home/alice/proj/specs/a.md") == "~/proj/specs/a.md"
    assert redactor.text("cd /home/alice") == "cd ~"
    assert redactor.text('"/home/alice"') == '"~"'
    assert redactor.text("/home/alicebob/x") == "/home/alicebob/x"
    assert Redactor(home=Path("/")).text("/usr/bin") == "/usr/bin"


def test_value_masks_credential_keys_and_keeps_counts(redactor: Redactor) -> None:
    value = {
        "input_tokens": 120,
        "max_tokens": 1000,
        "key": "Enter",
        "api_key": "abc",
        "clientSecret": "s3",
        "headers": {"Authorization": "Bearer z", "Accept": "text/html"},
        "password": "",
        "cookies": [{"name": "session", "value": "v"}],
        "args": {"value": f"{PASSWORD}!"},
        "path": Path("/home/alice/p/spec.md"),
        "nested": ({"x_auth_token": "t"},),
        "blob": b"\x00\x01",
    }
    assert redactor.value(value) == {
        "input_tokens": 120,
        "max_tokens": 1000,
        "key": "Enter",
        "api_key": "***",
        "clientSecret": "***",
        "headers": {"Authorization": "***", "Accept": "text/html"},
        "password": "",
        "cookies": "***",
        "args": {"value": "<secret:PASSWORD>!"},
        "path": "~/p/spec.md",
        "nested": [{"x_auth_token": "***"}],
        "blob": "<2 bytes>",
    }


@pytest.mark.parametrize(
    ("key", "sensitive"),
    [
        ("password", True), ("PASSWORD", True), ("api_key", True), ("apiKey", True), ("X-Api-Key", True),
        ("access_key_id", True), ("set-cookie", True), ("session_token", True), ("private_key", True),
        ("key", False), ("input_tokens", False), ("tokens", False), ("monkey", False), ("keyboard", False),
        ("author", False), ("secrets", False),
    ],
)  # fmt: skip
def test_sensitive_key_names(key: str, sensitive: bool) -> None:
    assert is_sensitive_key(key) is sensitive


def test_from_environment_picks_secret_named_variables() -> None:
    env = {
        "ANTHROPIC_API_KEY": "sk-ant-xyz-0123456789",
        "AUTOQA_PASSWORD": "correct horse battery",
        "GITHUB_TOKEN": "short",
        "SSH_AUTH_SOCK": "/tmp/ssh-abc/agent.1",
        "HOME_PAGE": "https://example.com/welcome",
    }
    redactor = Redactor.from_environment(SecretSet({"SITE_PIN": "4711-2"}), env, home=Path("/home/alice"))
    text = redactor.text(
        "key=sk-ant-xyz-0123456789 pw=correct horse battery tok=short sock=/tmp/ssh-abc/agent.1 pin=4711-2"
        " at https://example.com/welcome"
    )
    assert "sk-ant-xyz-0123456789" not in text and "correct horse battery" not in text
    assert "<secret:AUTOQA_PASSWORD>" in text and "<secret:SITE_PIN>" in text
    assert "tok=short" in text and "sock=/tmp/ssh-abc/agent.1" in text
    assert "https://example.com/welcome" in text


_SAFE_ALPHABET = string.digits + "!#$%&()*+-./;=?@[]^_{|}~ é"


@settings(max_examples=150, deadline=None, database=None)
@given(secret=st.text(alphabet=_SAFE_ALPHABET, min_size=3, max_size=24).filter(lambda s: s.strip() == s))
def test_no_secret_survives_in_any_context(secret: str) -> None:
    redactor = Redactor(SecretSet({"PW": secret}))
    for context in (
        f"plain {secret} text",
        json.dumps({"v": secret, "w": [secret]}),
        f"https://h.test/login?next=/a&pw={quote_plus(secret)}",
        f"body={quote(secret, safe='')}",
    ):
        cleaned = redactor.text(context)
        assert not redactor.contains_secret(cleaned), (context, cleaned)
