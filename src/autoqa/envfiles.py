"""``.env`` files, read the way the original reads them.

``.env`` is read first, then ``.env.<env>`` (its values win). Lines are ``NAME=value``; an ``export `` prefix
is allowed, ``#`` starts a comment (outside quotes), matching single or double quotes are stripped. There
is no ``${VAR}`` expansion, and escapes are not interpreted except ``\\n`` inside double quotes. The caller
merges the result *under* the process environment: a variable already set is never overridden.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from autoqa.errors import ConfigError

_LINE = re.compile(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)")
_ENV_NAME = re.compile(r"[A-Za-z0-9_.-]+")


def _value(raw: str) -> str:
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] in "\"'":
        quote = raw[0]
        end = raw.find(quote, 1)
        if end != -1:
            inner = raw[1:end]
            return inner.replace("\\n", "\n") if quote == '"' else inner
    # Unquoted: an inline comment needs whitespace before '#', so URLs with fragments survive.
    return re.split(r"\s+#", raw, maxsplit=1)[0].strip()


def parse_env_text(text: str, path: Path) -> dict[str, str]:
    """Parse one ``.env`` file's text; a malformed line is a :class:`ConfigError` naming file and line."""
    values: dict[str, str] = {}
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _LINE.fullmatch(stripped)
        if match is None:
            raise ConfigError(
                f"cannot parse line {number}: expected NAME=value",
                source=f"{path}:{number}",
                hint="lines look like 'AUTOQA_BASE_URL=https://example.com' ('export ' and quotes are fine)",
            )
        values[match.group(1)] = _value(match.group(2))
    return values


def _read(path: Path) -> dict[str, str]:
    from autoqa.config.layers import config_text

    return parse_env_text(config_text(path, str(path)), path)


def load_env_files(root: Path, env_name: str | None, *, required: bool = True) -> dict[str, str]:
    """Values of ``<root>/.env`` then ``<root>/.env.<env_name>`` (the second wins).

    Args:
        root: the project root.
        env_name: the environment (``--env``, ``AUTOQA_ENV`` or config ``env``); None reads only ``.env``.
        required: whether ``.env.<env_name>`` must exist. True when the name was given explicitly (``--env``);
            the CLI passes False when it only came from ``AUTOQA_ENV``, as the original did.

    Raises:
        ConfigError: a required file is missing, a name is invalid, or a line cannot be parsed.
    """
    values: dict[str, str] = {}
    base = root / ".env"
    if base.is_file():
        values.update(_read(base))
    if env_name:
        if not _ENV_NAME.fullmatch(env_name):
            raise ConfigError(
                f"invalid environment name {env_name!r}", key="env", allowed="letters, digits, _ . -"
            )
        specific = root / f".env.{env_name}"
        if specific.is_file():
            values.update(_read(specific))
        elif required:
            raise ConfigError(
                f"environment file {specific} does not exist",
                key="env",
                hint=f"create .env.{env_name} in {root}, or drop --env",
            )
    return values


def merged_environ(file_values: Mapping[str, str], environ: Mapping[str, str]) -> dict[str, str]:
    """The environment as the process sees it after loading .env files: set variables always win."""
    return {**file_values, **environ}
