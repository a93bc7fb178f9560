"""``{{ NAME }}`` template variables: an open set, rendered once per spec.

Non-secret variables are replaced by their values. Secret ones (declared, or named like PASSWORD /
TOKEN / SECRET / KEY, see :func:`autoqa.secrets.is_secret_name`) stay as ``{{NAME}}`` placeholders so that
their values never reach the model; tools substitute them at the last moment. Unknown or empty variables
are errors that name the file and line. Values are never re-expanded (a value holding ``{{X}}`` stays
literal).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from autoqa.errors import SpecError
from autoqa.secrets import PLACEHOLDER, is_secret_name
from autoqa.spec.raw_spec import SourceText


class VariableRenderer:
    """Renders texts of one spec and remembers which variables it used."""

    def __init__(self, values: Mapping[str, str], secret_names: Iterable[str] = ()) -> None:
        self._values = dict(values)
        self._declared = frozenset(secret_names)
        self.used: dict[str, str] = {}
        """Every variable the spec referenced, with its value (secret ones included)."""

    def define(self, name: str, value: str) -> None:
        self._values[name] = value

    def is_secret(self, name: str) -> bool:
        return is_secret_name(name, self._declared)

    def _replace(self, match: re.Match[str], *, path: Path, line: int) -> str:
        name = match.group(1)
        if name not in self._values:
            close = difflib.get_close_matches(name, list(self._values), n=1)
            raise SpecError(
                f"unknown variable {{{{{name}}}}}" + (f" (did you mean {close[0]}?)" if close else ""),
                path=path,
                line=line,
                hint=f"set it with --var {name}=…, 'vars' in autoqa.toml, "
                f"or AUTOQA_{name} in the environment or .env",
            )
        value = self._values[name]
        if not value.strip():
            raise SpecError(
                f"variable {{{{{name}}}}} is empty", path=path, line=line, hint=f"give {name} a value"
            )
        self.used[name] = value
        return f"{{{{{name}}}}}" if self.is_secret(name) else value

    def render_line(self, text: str, *, path: Path, line: int) -> str:
        return PLACEHOLDER.sub(lambda m: self._replace(m, path=path, line=line), text)

    def render(self, text: SourceText, *, path: Path) -> str:
        """The rendered text; each source line is rendered on its own so errors name the right line."""
        return " ".join(self.render_line(part, path=path, line=line) for line, part in text.parts if part)


def placeholders(text: str) -> list[str]:
    """Variable names referenced in ``text``, in order of appearance."""
    return [match.group(1) for match in PLACEHOLDER.finditer(text)]
