"""String arguments as Python expressions: literals, secrets from the environment, variables with defaults.

* ``{{PASSWORD}}`` (a secret placeholder, as the run recorded it) → ``os.environ["AUTOQA_PASSWORD"]``;
* a non-secret variable the step's raw text used (``{{USERNAME}}`` rendered to ``demo``) →
  ``os.environ.get("AUTOQA_USERNAME", "demo")``, so the test follows the same ``AUTOQA_<NAME>`` settings
  a run does, yet works out of the box;
* anything else → a plain literal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from autoqa.record.locator_spec import py_str
from autoqa.secrets import PLACEHOLDER

ENV_PREFIX = "AUTOQA_"
_NOT_EXPORTED_AS_ENV = frozenset({"BASE_URL", "LOGIN_BASE_URL"})
_MIN_VARIABLE_LEN = 3


def env_name(variable: str) -> str:
    return variable if variable.startswith(ENV_PREFIX) else ENV_PREFIX + variable


@dataclass(slots=True)
class ValueRenderer:
    """Renders strings for one step. ``variables``: non-secret variables the step's raw text mentions."""

    variables: Mapping[str, str] = field(default_factory=dict)
    uses_env: bool = False

    def for_step(
        self, raw_text: str, all_variables: Mapping[str, str], secret_names: frozenset[str]
    ) -> ValueRenderer:
        mentioned = {m.group(1) for m in PLACEHOLDER.finditer(raw_text)}
        usable = {
            name: value
            for name, value in all_variables.items()
            if name in mentioned
            and name not in secret_names
            and name not in _NOT_EXPORTED_AS_ENV
            and len(value) >= _MIN_VARIABLE_LEN
        }
        return ValueRenderer(usable)

    def expr(self, text: str) -> str:
        """A Python expression for ``text``."""
        parts: list[str] = []
        position = 0
        for match in _pattern(self.variables).finditer(text):
            if match.start() > position:
                parts.append(py_str(text[position : match.start()]))
            parts.append(self._env(match))
            position = match.end()
        if position < len(text) or not parts:
            parts.append(py_str(text[position:]))
        return " + ".join(parts)

    def _env(self, match: re.Match[str]) -> str:
        self.uses_env = True
        secret = match.group("secret")
        if secret is not None:
            return f"os.environ[{py_str(env_name(secret.strip()))}]"
        value = match.group(0)
        name = next(name for name, v in self.variables.items() if v == value)
        return f"os.environ.get({py_str(env_name(name))}, {py_str(value)})"


def _pattern(variables: Mapping[str, str]) -> re.Pattern[str]:
    alternatives = [r"\{\{(?P<secret>\s*[A-Za-z_][A-Za-z0-9_]*\s*)\}\}"]
    for value in sorted(set(variables.values()), key=len, reverse=True):
        alternatives.append(re.escape(value))
    return re.compile("|".join(alternatives))
