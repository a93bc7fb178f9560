"""Small parsers shared by every place untrusted input comes in: config files, environment variables,
spec front matter and ``{{NAME}}`` placeholders. One definition each, so they cannot drift apart."""

from __future__ import annotations

import re
from typing import Any

VARIABLE_NAME_PATTERN = r"[A-Za-z_][A-Za-z0-9_]*"
"""What ``NAME`` may be in ``{{NAME}}``, ``--var NAME=…``, ``vars`` and ``secrets``."""
VARIABLE_NAME = re.compile(VARIABLE_NAME_PATTERN)


def comma_list(value: Any) -> Any:
    """``"smoke, login"`` and ``["smoke", "login"]`` mean the same (pydantic ``mode="before"`` helper)."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


def non_blank(values: tuple[str, ...]) -> tuple[str, ...]:
    """Entries stripped; a blank one is a ValueError (a pydantic validator's message)."""
    if any(not item.strip() for item in values):
        raise ValueError("entries must not be blank")
    return tuple(item.strip() for item in values)
