"""Which variables are secret, and scrubbing their values out of anything we write or print."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from autoqa.input_values import VARIABLE_NAME_PATTERN

_SECRET_NAME = re.compile(r"PASSWORD|PASSWD|TOKEN|SECRET|KEY|CREDENTIAL|AUTH", re.IGNORECASE)
PLACEHOLDER = re.compile(rf"\{{\{{\s*({VARIABLE_NAME_PATTERN})\s*\}}\}}")
# Shorter values would turn ordinary words into "***" everywhere; such secrets are too weak to matter.
_MIN_REDACT_LEN = 3


def is_secret_name(name: str, declared: Iterable[str] = ()) -> bool:
    return name in set(declared) or bool(_SECRET_NAME.search(name))


@dataclass(frozen=True, slots=True)
class SecretSet:
    """Secret values by variable name. ``redact`` replaces every value with ``<secret:NAME>``."""

    values: Mapping[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.values)

    def substitute(self, text: str) -> str:
        """Replace ``{{NAME}}`` placeholders of secrets with their values (inside tools only)."""

        def repl(match: re.Match[str]) -> str:
            name = match.group(1)
            return self.values.get(name, match.group(0))

        return PLACEHOLDER.sub(repl, text)

    def redact(self, text: str) -> str:
        for name, value in sorted(self.values.items(), key=lambda kv: -len(kv[1])):
            if len(value) >= _MIN_REDACT_LEN:
                text = text.replace(value, f"<secret:{name}>")
        return text

    def merged(self, more: Mapping[str, str]) -> SecretSet:
        return SecretSet({**self.values, **more})
