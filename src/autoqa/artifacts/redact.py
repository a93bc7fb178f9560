"""Redaction: the last line of defence before anything is written or printed.

A :class:`Redactor` removes, in this order:

1. **Secret values** — declared secrets and variables named like PASSWORD/TOKEN/SECRET/KEY (a
   :class:`~autoqa.secrets.SecretSet`), in every spelling a browser or server produces (percent-encoded,
   HTML character references, JSON/JS escapes, base64 as in basic auth), because that is how they show up
   in request bodies, URLs and traces. They become ``<secret:NAME>``. The matching lives in
   :class:`~autoqa.secrets.SecretMatcher`, which ``SecretSet.redact`` uses too.
2. **Credentials recognisable by shape** — ``Authorization``/``Cookie``/``X-Api-Key`` header values
   (``Authorization: Bearer ***``), URL user-info (``https://***@host``), token-like query parameters
   (``?access_token=***``) and well-known API key formats (``sk-ant-***``, GitHub, AWS, Slack, JWTs).
3. **The home directory**, shortened to ``~`` (paths in reports should not reveal user names).

:meth:`Redactor.value` applies the same to nested JSON-like values and additionally masks the values
of keys that name a credential (``password``, ``api_key``, ``authorization``, ``cookie``, ``token``,
``client_secret``...). Keys such as ``input_tokens`` or ``key`` (a keyboard key) are left alone.

Example::

    redactor = Redactor(SecretSet({"PASSWORD": "hunter22"}), home=Path.home())
    redactor.text("login with hunter22 at https://bob:pw@example.com/?token=abc")
    # 'login with <secret:PASSWORD> at https://***@example.com/?token=***'
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path, PurePath
from typing import Any

from pydantic import BaseModel

from autoqa.secrets import SecretSet, is_secret_name

MASK = "***"
# Environment values shorter than this are not treated as secrets (flags like "1" or "true").
_MIN_ENV_SECRET_LEN = 8

_HEADER_NAMES = r"authorization|proxy-authorization|x-api-key|api-key|x-auth-token|cookie|set-cookie"
# `Authorization: Bearer abc`, `"authorization": "Basic abc"`, `cookie=a=b; c=d`. Values never end on a
# lone backslash, so an escaped quote inside a JSON string is never cut in half (the JSON stays valid).
_HEADER_TEXT = re.compile(
    rf"(?i)\b({_HEADER_NAMES})(\"?'?\s*[:=]\s*\"?'?)((?:bearer|basic|digest|token|negotiate)\s+)?((?:[^\"'\r\n\\]|\\.)+)"
)
# HAR / Playwright trace form: {"name": "Authorization", "value": "Bearer abc"}
_HEADER_JSON = re.compile(
    rf'(?i)("name"\s*:\s*"(?:{_HEADER_NAMES})"\s*,\s*"value"\s*:\s*")((?:[^"\\]|\\.)*)"'
)
# User-info may already hold a secret marker (`https://bob:<secret:PW>@host`): mask it whole.
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)((?:[^\s/?#@\"'<>]|<secret:\w+>)+)@")
_QUERY_PARAM = re.compile(r"([?&])([A-Za-z0-9_.\-\[\]]+)=([^&#\s\"'<>\\]*)")
_SENSITIVE_PARAM = re.compile(
    r"(?i)^(?:.*(?:token|secret|passw|pwd|api[_-]?key|apikey|credential|signature|auth(?!or)).*|key|sig|code)$"
)
_API_KEYS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{8,}"), "sk-ant-" + MASK),
    (re.compile(r"\bsk-(?:proj-)?[A-Za-z0-9_\-]{20,}"), "sk-" + MASK),
    (re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}"), "github_pat_" + MASK),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}"), "gh_" + MASK),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9\-]{10,}"), "xox-" + MASK),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "AKIA" + MASK),
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{35}"), "AIza" + MASK),
    (re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), "jwt:" + MASK),
)

_KEY_WORDS = frozenset(
    {
        "password", "passwd", "pwd", "passphrase", "secret", "token", "authorization", "cookie",
        "cookies", "credential", "credentials", "apikey", "signature", "bearer",
    }
)  # fmt: skip
_KEY_QUALIFIERS = frozenset({"api", "secret", "private", "access", "auth", "signing", "encryption", "client"})
_KEYS_KEPT = 1024
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_KEY_PARTS = re.compile(r"[^a-z0-9]+")


@functools.lru_cache(maxsize=1024)  # every event and result repeats the same few keys
def is_sensitive_key(key: str) -> bool:
    """Whether a mapping key names a credential: ``api_key``, ``X-Auth-Token``, ``clientSecret``...

    ``tokens``/``input_tokens`` (counts) and a bare ``key`` (a keyboard key for ``press``) are not.
    """
    parts = [p for p in _KEY_PARTS.split(_CAMEL.sub(r"\1_\2", key).lower()) if p]
    if any(p in _KEY_WORDS for p in parts) or key.lower() == "set-cookie":
        return True
    return "key" in parts and any(p in _KEY_QUALIFIERS for p in parts)


class Redactor:
    """Scrubs secrets, credentials and the home directory out of text and JSON-like values.

    Args:
        secrets: secret values by variable name (declared secrets and secret-named variables).
        home: the directory shortened to ``~``; ``None`` leaves paths alone.
    """

    def __init__(self, secrets: SecretSet | None = None, home: Path | None = None) -> None:
        self.secrets = secrets or SecretSet()
        self.home = home if home is not None and len(str(home)) > 1 else None
        self._secrets = self.secrets.matcher  # compiled once here, not per call
        self._keys: dict[str, str] = {}
        self._home_re = (
            re.compile(re.escape(str(self.home)) + r"(?=[/\\]|$|[\s\"'`:;,)\]}>])") if self.home else None
        )

    @classmethod
    def from_environment(
        cls,
        secrets: SecretSet | None = None,
        environ: Mapping[str, str] | None = None,
        home: Path | None = None,
    ) -> Redactor:
        """A redactor that also hides the values of secret-named environment variables
        (``ANTHROPIC_API_KEY``, ``AUTOQA_PASSWORD``...) and shortens ``Path.home()``.

        Short values (under 8 characters) and file-system paths (``SSH_AUTH_SOCK``) are skipped: they are
        not credentials, and replacing them everywhere would garble ordinary text.
        """
        environ = os.environ if environ is None else environ
        found = {
            name: value
            for name, value in environ.items()
            if is_secret_name(name) and len(value) >= _MIN_ENV_SECRET_LEN and not _looks_like_path(value)
        }
        merged = SecretSet(found).merged((secrets or SecretSet()).values)
        return cls(merged, home=Path.home() if home is None else home)

    def text(self, text: str) -> str:
        """Redact one string (any length; safe to call on already-redacted text)."""
        if not text:
            return text
        text = self._secrets.redact(text)
        text = _HEADER_JSON.sub(lambda m: f'{m.group(1)}{MASK}"', text)
        text = _HEADER_TEXT.sub(_mask_header, text)
        text = _URL_USERINFO.sub(lambda m: f"{m.group(1)}{MASK}@", text)
        text = _QUERY_PARAM.sub(_mask_param, text)
        for pattern, replacement in _API_KEYS:
            text = pattern.sub(replacement, text)
        if self._home_re is not None:
            text = self._home_re.sub("~", text)
        return text

    def _key_text(self, name: str) -> str:
        """A mapping key, redacted: keys repeat (``event``, ``spec``, ``step``…), so the answers are kept."""
        shown = self._keys.get(name)
        if shown is None:
            shown = self.text(name)
            if len(self._keys) < _KEYS_KEPT:
                self._keys[name] = shown
        return shown

    def bytes(self, data: bytes) -> bytes:
        """Replace secret values (not patterns) in binary data, leaving its length-independent
        structure alone; for members of archives that are not text."""
        return self._secrets.redact_bytes(data)

    def contains_secret(self, text: str) -> bool:
        """Whether ``text`` holds a secret value in any of its spellings (markers do not count)."""
        return self._secrets.contains(text)

    def value(self, obj: Any) -> Any:
        """Redact a JSON-like value deeply; returns plain dicts, lists, strings and scalars.

        Dataclasses and pydantic models are converted to dicts, paths to strings, bytes to a size note.
        Values under credential-named keys become ``***`` (numbers, booleans and ``None`` stay).
        """
        if isinstance(obj, str):
            return self.text(obj)
        if obj is None or isinstance(obj, (bool, int, float)):
            return obj
        if isinstance(obj, Enum):
            return self.value(obj.value)
        if isinstance(obj, PurePath):
            return self.text(str(obj))
        if isinstance(obj, (bytes, bytearray)):
            return f"<{len(obj)} bytes>"
        if isinstance(obj, BaseModel):
            return self.value(obj.model_dump(mode="json"))
        if is_dataclass(obj) and not isinstance(obj, type):
            return self.value({f.name: getattr(obj, f.name) for f in fields(obj)})
        if isinstance(obj, Mapping):
            out: dict[str, Any] = {}
            for key, item in obj.items():
                name = str(key)
                shown = self._key_text(name)
                if is_sensitive_key(name) and _maskable(item):
                    out[shown] = MASK
                else:
                    out[shown] = self.value(item)
            return out
        if isinstance(obj, (list, tuple, set, frozenset)):
            return [self.value(item) for item in obj]
        return self.text(str(obj))


def _maskable(item: Any) -> bool:
    if item is None or isinstance(item, (bool, int, float)):
        return False
    if isinstance(item, (str, bytes, list, tuple, dict)):
        return len(item) > 0 and item != MASK
    return True


def _mask_header(match: re.Match[str]) -> str:
    name, separator, scheme, value = match.group(1), match.group(2), match.group(3) or "", match.group(4)
    if value.strip() in ("", MASK):
        return match.group(0)
    return f"{name}{separator}{scheme}{MASK}"


def _mask_param(match: re.Match[str]) -> str:
    lead, name, value = match.group(1), match.group(2), match.group(3)
    if not value or value == MASK or not _SENSITIVE_PARAM.match(name):
        return match.group(0)
    return f"{lead}{name}={MASK}"


def _looks_like_path(value: str) -> bool:
    return value.startswith(("/", "~", "./")) or bool(re.match(r"^[A-Za-z]:[\\/]", value))
