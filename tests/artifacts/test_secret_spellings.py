"""A secret is redacted in every spelling a browser or server gives it (autoqa.secrets.SecretMatcher).

The encoders below are written independently of the matcher: each produces what some real producer
emits (``encodeURIComponent``, a GET form, ``html.escape``-like serializers, ``json.dumps``, JS string
escapes, HTTP basic auth), choosing at random which characters it encodes and in which hex case.
"""

from __future__ import annotations

import base64
import json
import string
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from autoqa.artifacts import Redactor
from autoqa.secrets import SecretSet

Draw = Callable[[st.SearchStrategy[Any]], Any]

MARKER = "<secret:PASSWORD>"
SETTINGS = settings(max_examples=300, deadline=None, database=None)
# Spaces and ASCII punctuation (the characters encoders disagree on) drawn far more often than uniform.
SECRETS = (
    st.lists(
        st.one_of(
            st.sampled_from(" " + string.punctuation),
            st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
        ),
        min_size=3,
        max_size=30,
    )
    .map("".join)
    .filter(lambda s: "<secret:" not in s)
)
# Where encoded values sit in real output: plain text, JSON strings, query strings, HTML attributes.
# (No Authorization header: Redactor masks its value as "***", which a secret like " **" would match.)
CONTEXTS = st.sampled_from(
    [
        ("", ""),
        ("typed ", " then"),
        ('{"url": "', '", "n": 1}'),
        ("https://app.test/search?q=", "&page=2"),
        ('<input value="', '">'),
        ('{"auth": "Basic ', '"}'),
    ]
)


def _hex(draw: Draw, number: int, width: int) -> str:
    digits = f"{number:0{width}x}"
    return "".join(d.upper() if draw(st.booleans()) else d for d in digits)


def _utf16(char: str) -> list[int]:
    code = ord(char)
    if code <= 0xFFFF:
        return [code]
    code -= 0x10000
    return [0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)]


def percent_subset(draw: Draw, secret: str) -> str:
    out = []
    for char in secret:
        if not draw(st.booleans()):
            out.append(char)
        elif char == " " and draw(st.booleans()):
            out.append("+")
        else:
            out.append("".join("%" + _hex(draw, byte, 2) for byte in char.encode()))
    return "".join(out)


_URI_COMPONENT_SAFE = set(string.ascii_letters + string.digits + "-_.!~*'()")


def encode_uri_component(secret: str) -> str:
    """JavaScript's ``encodeURIComponent``: leaves ``-_.!~*'()`` alone, unlike ``urllib.parse.quote``."""
    return "".join(
        char if char in _URI_COMPONENT_SAFE else "".join(f"%{b:02X}" for b in char.encode())
        for char in secret
    )


_NAMED = {"&": ["&amp;"], "<": ["&lt;"], ">": ["&gt;"], '"': ["&quot;"], "'": ["&apos;", "&#39;"]}


def html_subset(draw: Draw, secret: str) -> str:
    out = []
    for char in secret:
        how = draw(st.sampled_from(["raw", "named", "decimal", "hex"]))
        zeros = "0" * draw(st.integers(0, 3))
        if how == "named" and char in _NAMED:
            out.append(draw(st.sampled_from(_NAMED[char])))
        elif how == "decimal":
            out.append(f"&#{zeros}{ord(char)};")
        elif how == "hex":
            out.append(f"&#{draw(st.sampled_from('xX'))}{zeros}{_hex(draw, ord(char), 0)};")
        else:
            out.append(char)
    return "".join(out)


def json_escaped(draw: Draw, secret: str) -> str:
    return json.dumps(secret, ensure_ascii=draw(st.booleans()))[1:-1]


def js_subset(draw: Draw, secret: str) -> str:
    out = []
    for char in secret:
        how = draw(st.sampled_from(["raw", "x", "u"]))
        if how == "x" and ord(char) <= 0xFF:
            out.append("\\x" + _hex(draw, ord(char), 2))
        elif how == "u":
            out.append("".join("\\u" + _hex(draw, unit, 4) for unit in _utf16(char)))
        elif char in '"\\/':
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def base64_framed(draw: Draw, secret: str) -> str:
    """``base64(prefix + secret + suffix)``, as in ``Authorization: Basic base64("user:" + secret)``."""
    prefix = draw(st.one_of(st.sampled_from([b"", b"admin:", b"u:"]), st.binary(max_size=7)))
    suffix = draw(st.one_of(st.just(b""), st.binary(max_size=4)))
    data = secret.encode() + suffix
    # Three secret bytes leave fewer than 4 base64 characters of their own unless aligned to a group.
    if len(secret.encode()) < 4 and len(prefix) % 3:
        prefix = b""
    encode = base64.urlsafe_b64encode if draw(st.booleans()) else base64.b64encode
    return encode(prefix + data).decode()


ENCODERS: dict[str, Callable[[Draw, str], str]] = {
    "raw": lambda draw, s: s,
    "percent_subset": percent_subset,
    "encode_uri_component": lambda draw, s: encode_uri_component(s),
    "html_subset": html_subset,
    "json": json_escaped,
    "js_subset": js_subset,
    "base64": base64_framed,
}


@SETTINGS
@given(secret=SECRETS, encoder=st.sampled_from(sorted(ENCODERS)), context=CONTEXTS, data=st.data())
def test_every_spelling_is_redacted(
    secret: str, encoder: str, context: tuple[str, str], data: st.DataObject
) -> None:
    encoded = ENCODERS[encoder](data.draw, secret)
    text = context[0] + encoded + context[1]
    secrets = SecretSet({"PASSWORD": secret})
    redactor = Redactor(secrets)
    assert redactor.contains_secret(text)
    for out in (secrets.redact(text), redactor.text(text)):
        assert encoded not in out, (encoder, encoded, out)
        assert MARKER in out, (encoder, encoded, out)
    out_bytes = redactor.bytes(text.encode())
    assert encoded.encode() not in out_bytes and MARKER.encode() in out_bytes
    once = secrets.redact(text)
    assert secrets.redact(once) == once
    assert redactor.text(redactor.text(text)) == redactor.text(text)


# Characters that introduce an encoding (and + for a space): without them only the raw value or a
# base64 run could match, so dropping one character of the secret from the alphabet rules out a match.
_INTRODUCERS = "%&\\+"


def _base64_runs(secret: str) -> list[str]:
    """Test oracle: base64 characters of the secret alone at each alignment (two fillers must agree)."""
    runs = []
    raw = secret.encode()
    for offset in range(3):
        zeros = base64.b64encode(b"\0" * offset + raw + b"\0\0\0")
        ones = base64.b64encode(b"\xff" * offset + raw + b"\xff\xff\xff")
        same = "".join(chr(a) if a == b else " " for a, b in zip(zeros, ones, strict=True))
        runs += [part for part in same.split() if len(part) >= 4]
    return runs + [run.replace("+", "-").replace("/", "_") for run in runs]


@SETTINGS
@given(
    secret=SECRETS,
    alphabet=st.sampled_from(
        [
            string.ascii_letters + string.digits + " .,;:!?-_()[]{}<>\"'/=@#$*",
            "",  # any unicode
        ]
    ),
    data=st.data(),
)
def test_text_without_the_secret_is_unchanged(secret: str, alphabet: str, data: st.DataObject) -> None:
    missing = data.draw(st.sampled_from(sorted(set(secret))))
    excluded = _INTRODUCERS + missing
    chars = (
        st.sampled_from([c for c in alphabet if c not in excluded])
        if alphabet
        else st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters=excluded)
    )
    text = data.draw(st.text(chars, max_size=200))
    # A base64 run of the secret can occur in random text by chance; that is a match, not a bug.
    if any(run in text for run in _base64_runs(secret)):
        return
    secrets = SecretSet({"PASSWORD": secret})
    redactor = Redactor(secrets)
    assert secrets.redact(text) == text
    assert not redactor.contains_secret(text)
    assert redactor.bytes(text.encode()) == text.encode()


ISSUE_SECRET = "P@ssw0rd! x~*"


def test_issue_value_pushed_with_encode_uri_component_is_redacted() -> None:
    # history.pushState({}, '', '?q=' + encodeURIComponent(value)) put this in every URL the trace saw.
    encoded = encode_uri_component(ISSUE_SECRET)
    assert encoded == "P%40ssw0rd!%20x~*"
    secrets = SecretSet({"PASSWORD": ISSUE_SECRET})
    redactor = Redactor(secrets)
    for text in (f"https://app.test/search?q={encoded}", json.dumps({"url": f"/search?q={encoded}"})):
        assert encoded not in secrets.redact(text) and MARKER in secrets.redact(text)
        assert encoded not in redactor.text(text) and MARKER in redactor.text(text)
        assert encoded.encode() not in redactor.bytes(text.encode())
    assert redactor.text(f"?q={encoded}&page=2") == f"?q={MARKER}&page=2"


def test_get_form_and_lowercase_hex_are_redacted() -> None:
    secrets = SecretSet({"PASSWORD": "P@ssw0rd!"})
    assert secrets.redact("/login?user=bob&q=P%40ssw0rd%21") == f"/login?user=bob&q={MARKER}"
    assert secrets.redact("q=%50%40ssw0rd%21&x") == f"q={MARKER}&x"
    assert secrets.redact("q=p%40ssw0rd%21") == "q=p%40ssw0rd%21"  # a different value (lower-case p)
    assert SecretSet({"PASSWORD": ISSUE_SECRET}).redact("P%40ssw0rd%21+x%7e%2a") == MARKER


def test_html_and_js_escapes_are_redacted() -> None:
    secrets = SecretSet({"PASSWORD": "a&b<\"c'd"})
    for spelling in (
        "a&amp;b&lt;&quot;c&#39;d",
        "a&#38;b&#x3c;&#X0022;c&apos;d",
        "a&#00038;b&LT;&QUOT;c&#x27;d",
        'a\\u0026b\\u003C\\"c\\x27d',
        "a\\u{26}b<\\x22c'd",
    ):
        assert secrets.redact(f"<p>{spelling}</p>") == f"<p>{MARKER}</p>", spelling


def test_astral_characters_in_json_and_entities() -> None:
    secrets = SecretSet({"PASSWORD": "pw\U0001f600x"})
    for spelling in (
        json.dumps("pw\U0001f600x")[1:-1],
        "pw\\uD83D\\uDE00x",
        "pw&#128512;x",
        "pw%F0%9F%98%80x",
    ):
        assert secrets.redact(spelling) == MARKER, spelling


def test_basic_auth_inside_a_json_string() -> None:
    header = "Basic " + base64.b64encode(f"admin:{ISSUE_SECRET}".encode()).decode()
    document = json.dumps({"headers": {"authorization": header}, "note": f"sent {header}"})
    secrets = SecretSet({"PASSWORD": ISSUE_SECRET})
    redactor = Redactor(secrets)
    assert redactor.contains_secret(document)
    cleaned = secrets.redact(document)
    assert header not in cleaned and MARKER in cleaned
    assert json.loads(cleaned)["note"].startswith("sent Basic YWRtaW46<secret:PASSWORD>")
    assert not redactor.contains_secret(redactor.text(document))
    # Url-safe base64 at another alignment, as in a token query parameter.
    token = base64.urlsafe_b64encode(b"\x01" + ISSUE_SECRET.encode() + b"\x02").decode()
    assert token not in secrets.redact(f"/cb?state={token}")


def test_redacting_twice_changes_nothing_and_markers_stay() -> None:
    secrets = SecretSet({"SECRET": "secret"})
    once = secrets.redact("<secret:SECRET> and %73ecret and c2VjcmV0")
    assert once == "<secret:SECRET> and <secret:SECRET> and <secret:SECRET>"
    assert secrets.redact(once) == once


def test_longest_secret_wins_and_short_values_are_ignored() -> None:
    secrets = SecretSet({"SHORT": "abc", "LONG": "abcdef", "PIN": "ab"})
    assert secrets.redact("abc%64ef abc a&#98;") == "<secret:LONG> <secret:SHORT> a&#98;"
    assert SecretSet({"A": "same", "B": "same"}).redact("same") == "<secret:A>"


def test_bytes_need_not_be_utf8() -> None:
    redactor = Redactor(SecretSet({"PASSWORD": "P@ssw0rd\u00e9"}))
    data = b"\xff\xfe P%40ssw0rd%C3%A9 \x00 P@ssw0rd\xc3\xa9 \x80"
    assert redactor.bytes(data) == b"\xff\xfe <secret:PASSWORD> \x00 <secret:PASSWORD> \x80"


def test_patterns_are_compiled_once_per_secret_set() -> None:
    values = {"PASSWORD": ISSUE_SECRET}
    first = SecretSet(values)
    assert first.matcher is first.matcher
    assert SecretSet(dict(values)).matcher is first.matcher
