"""Which variables are secret, and scrubbing their values out of anything we write or print.

:class:`SecretMatcher` is the one place that knows where a secret sits in a text. A value reaches logs,
traces and the model in whatever spelling a browser or server gave it, so every character of the value
matches itself or any of its encodings:

- percent-encoding of each UTF-8 byte, either hex case (``%40``, ``%4a``), ``+`` for a space, and the
  ``escape()``/Latin-1 forms ``%E9`` and ``%u20AC``; any subset of the characters may be encoded, which
  covers ``encodeURIComponent``, ``quote``, ``quote_plus`` and GET forms alike;
- HTML character references: named (``&amp;``, ``&quot;``, ``&apos;``, any HTML5 name), decimal
  (``&#64;``) and hex (``&#x40;``/``&#X40;``), with or without leading zeros;
- JSON, JavaScript and Python escapes: ``\\uXXXX`` (surrogate pairs for astral characters), ``\\u{...}``,
  ``\\UXXXXXXXX``, ``\\xHH``, ``\\"``, ``\\\\``, ``\\/``, ``\\'`` and the control-character short forms;
- base64, standard or url-safe (HTTP basic auth sends ``base64("user:" + secret)``): the secret may
  start at any byte offset of the encoded data, so for each of the three alignments the run of base64
  characters determined by the secret's bytes alone is matched, when it is at least 4 characters long.
"""

from __future__ import annotations

import base64
import html.entities
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from autoqa.input_values import VARIABLE_NAME_PATTERN

_SECRET_NAME = re.compile(r"PASSWORD|PASSWD|TOKEN|SECRET|KEY|CREDENTIAL|AUTH", re.IGNORECASE)
PLACEHOLDER = re.compile(rf"\{{\{{\s*({VARIABLE_NAME_PATTERN})\s*\}}\}}")
# Shorter values would turn ordinary words into "***" everywhere; such secrets are too weak to matter.
_MIN_REDACT_LEN = 3
# Shorter base64 runs would hit by chance inside unrelated base64 data (inline images, tokens).
_MIN_BASE64_RUN = 4
# Matched before any secret and left as is, so redacting twice changes nothing.
_MARKER = r"<secret:[A-Za-z_][A-Za-z0-9_]*>"


# HTML5 names of single characters (``&commat;`` for ``@``), only the forms ending in ``;`` that
# serializers produce.
def _entity_names() -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for name, char in html.entities.html5.items():
        if len(char) == 1 and name.endswith(";"):
            names.setdefault(char, []).append(name)
    return names


_ENTITY_NAMES = _entity_names()
_SHORT_ESCAPES = {
    '"': '"', "\\": "\\", "/": "/", "'": "'",
    "\n": "n", "\r": "r", "\t": "t", "\b": "b", "\f": "f", "\v": "v", "\0": "0",
}  # fmt: skip


def is_secret_name(name: str, declared: Iterable[str] = ()) -> bool:
    return name in set(declared) or bool(_SECRET_NAME.search(name))


def _hex(number: int, width: int = 0) -> str:
    """A regex for ``number`` in hex with each letter digit in either case."""
    return "".join(f"[{d}{d.upper()}]" if d.isalpha() else d for d in f"{number:0{width}x}")


@lru_cache(maxsize=4096)
def _char_pattern(char: str) -> str:
    """A regex for one character in any of its spellings (module docstring); encodings come first so a
    match swallows a whole ``&amp;`` or ``%25`` rather than stopping at its first character."""
    code = ord(char)
    utf8 = char.encode("utf-8")
    units = [code] if code <= 0xFFFF else [0xD800 + ((code - 0x10000) >> 10), 0xDC00 + (code & 0x3FF)]
    alternatives = ["".join("%" + _hex(byte, 2) for byte in utf8)]
    if 0x80 <= code <= 0xFF:
        alternatives.append("%" + _hex(code, 2))
    elif code > 0xFF:
        alternatives.append("".join("%u" + _hex(unit, 4) for unit in units))
    alternatives += [f"&#0*{code};", f"&#[xX]0*{_hex(code)};"]
    alternatives += [re.escape(f"&{name}") for name in _ENTITY_NAMES.get(char, ())]
    alternatives += ["".join(r"\\u" + _hex(unit, 4) for unit in units), r"\\u\{0*" + _hex(code) + r"\}"]
    if code > 0xFFFF:  # Python's escape (generated code)
        alternatives.append(r"\\U" + _hex(code, 8))
    if code <= 0xFF:
        alternatives.append(r"\\x" + _hex(code, 2))
    if code >= 0x80:  # Python bytes reprs and C strings spell the UTF-8 bytes
        alternatives.append("".join(r"\\x" + _hex(byte, 2) for byte in utf8))
    if char in _SHORT_ESCAPES:
        alternatives.append(re.escape("\\" + _SHORT_ESCAPES[char]))
    if char == " ":
        alternatives.append(r"\+")
    alternatives.append(re.escape(char))
    return "(?:" + "|".join(alternatives) + ")"


def _base64_runs(data: bytes) -> list[str]:
    """For each offset of ``data`` within its 3-byte group, the base64 characters whose 6 bits all come
    from ``data`` (the characters at either end also carry bits of the neighbouring bytes)."""
    runs: list[str] = []
    for offset in range(3):
        first = (8 * offset + 5) // 6  # the first character starting at or after the data's first bit
        end = 8 * (offset + len(data)) // 6  # one past the last character ending at or before its last bit
        padded = bytes(offset) + data + bytes(-(offset + len(data)) % 3)
        run = base64.b64encode(padded).decode("ascii")[first:end]
        if len(run) >= _MIN_BASE64_RUN and run not in runs:
            runs.append(run)
    return runs


def _base64_pattern(run: str) -> str:
    # Url-safe base64 uses - and _; in URLs and some JSON the standard ones may be escaped.
    special = {"+": r"(?:[+\-]|%2[bB])", "/": r"(?:[/_]|%2[fF]|\\/)"}
    return "".join(special.get(char, char) for char in run)


def _secret_pattern(value: str) -> str:
    spelled = "".join(_char_pattern(char) for char in value)
    return "|".join([spelled, *map(_base64_pattern, _base64_runs(value.encode("utf-8")))])


class SecretMatcher:
    """Finds secret values in any spelling (module docstring) and replaces them with ``<secret:NAME>``.

    The longest value wins where values overlap; a value shared by several names keeps the first name.
    Values shorter than 3 characters are ignored. Existing ``<secret:NAME>`` markers are left alone.
    """

    def __init__(self, values: Mapping[str, str]) -> None:
        markers: dict[str, str] = {}
        for name, value in sorted(values.items(), key=lambda kv: -len(kv[1])):
            if len(value) >= _MIN_REDACT_LEN:
                markers.setdefault(value, f"<secret:{name}>")
        # One capturing group per value (the spellings use only non-capturing groups), so
        # ``match.lastindex`` names the value; the marker alternative has none.
        self._markers = list(markers.values())
        branches = [f"({_secret_pattern(value)})" for value in markers]
        source = "|".join([_MARKER, *branches])
        self._text = re.compile(source) if branches else None
        # Only ASCII outside the raw characters, so the UTF-8 of the source is the same pattern over bytes.
        self._bytes = re.compile(source.encode("utf-8")) if branches else None

    def redact(self, text: str) -> str:
        if self._text is None or not text:
            return text
        return self._text.sub(self._replace, text)

    def redact_bytes(self, data: bytes) -> bytes:
        """Like :meth:`redact` over UTF-8 bytes; the data need not be valid UTF-8."""
        if self._bytes is None or not data:
            return data
        return self._bytes.sub(self._replace_bytes, data)

    def contains(self, text: str) -> bool:
        """Whether ``text`` holds a secret in any spelling (markers do not count)."""
        if self._text is None:
            return False
        return any(m.lastindex for m in self._text.finditer(text))

    def _replace(self, match: re.Match[str]) -> str:
        return self._markers[match.lastindex - 1] if match.lastindex else match[0]

    def _replace_bytes(self, match: re.Match[bytes]) -> bytes:
        return self._markers[match.lastindex - 1].encode("utf-8") if match.lastindex else match[0]


@lru_cache(maxsize=64)
def _matcher_for(items: tuple[tuple[str, str], ...]) -> SecretMatcher:
    # Callers build a fresh SecretSet per tool call; the compiled patterns are shared between equal ones.
    return SecretMatcher(dict(items))


@dataclass(frozen=True, slots=True)
class SecretSet:
    """Secret values by variable name. ``redact`` replaces every value, in any spelling, with
    ``<secret:NAME>`` (see :class:`SecretMatcher`)."""

    values: Mapping[str, str] = field(default_factory=dict)
    _matcher: SecretMatcher | None = field(default=None, init=False, repr=False, compare=False)

    def __bool__(self) -> bool:
        return bool(self.values)

    @property
    def matcher(self) -> SecretMatcher:
        """The compiled matcher for these values, built on first use."""
        matcher = self._matcher
        if matcher is None:
            matcher = _matcher_for(tuple(self.values.items()))
            object.__setattr__(self, "_matcher", matcher)
        return matcher

    def substitute(self, text: str) -> str:
        """Replace ``{{NAME}}`` placeholders of secrets with their values (inside tools only)."""

        def repl(match: re.Match[str]) -> str:
            name = match.group(1)
            return self.values.get(name, match.group(0))

        return PLACEHOLDER.sub(repl, text)

    def redact(self, text: str) -> str:
        return self.matcher.redact(text)

    def names_in(self, text: str) -> list[str]:
        """Names of the secrets whose value ``text`` holds as written (a spec step with a literal secret)."""
        return [
            name for name, value in self.values.items() if len(value) >= _MIN_REDACT_LEN and value in text
        ]

    def as_placeholders(self, text: str) -> str:
        """Each secret value as written becomes ``{{NAME}}``, longest first: for committed files whose
        placeholders are substituted back inside the tools (the step cache)."""
        for name, value in sorted(self.values.items(), key=lambda kv: -len(kv[1])):
            if len(value) >= _MIN_REDACT_LEN:
                text = text.replace(value, "{{" + name + "}}")
        return text

    def merged(self, more: Mapping[str, str]) -> SecretSet:
        return SecretSet({**self.values, **more})
