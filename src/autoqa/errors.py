"""The error tree of autoqa-py.

Errors are for *our* failures (bad input, broken infrastructure). A spec whose checks fail is not an
exception: it is a :class:`autoqa.results.SpecResult` with ``outcome="failed"``. Tools never raise at all:
they return :class:`autoqa.tools.ToolResult`.

::

    AutoQAError
    ├── UsageError            bad CLI arguments or conflicting options              exit 2
    ├── ConfigError           a bad config value (key, source, allowed values)      exit 2
    ├── SpecError             a bad spec file (path, line, hint)                    exit 2
    │   └── IncludeError      include not found / invalid / cyclic
    ├── BrowserError          no usable browser, launch or connect failure          exit 3
    ├── AgentError            model API, credentials, SDK protocol                  exit 3
    │   └── CredentialsError  no model credentials found
    └── ExportError           a run cannot be exported (names the step)             exit 2

    AutoQAWarning (a UserWarning): something to fix that does not stop the run (a secret written
    literally in a spec, an unknown variable). The CLI prints these; library callers get Python warnings.
"""

from __future__ import annotations

from pathlib import Path


class AutoQAError(Exception):
    """Root of every error autoqa-py raises on purpose."""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} (hint: {self.hint})" if self.hint else self.message


class UsageError(AutoQAError):
    """Command-line arguments that cannot work together or at all."""


class ConfigError(AutoQAError):
    """A configuration value is invalid; names the key, where it came from and what is allowed."""

    def __init__(
        self,
        message: str,
        *,
        key: str | None = None,
        source: str | None = None,
        allowed: str | None = None,
        hint: str | None = None,
    ) -> None:
        where = ""
        if key:
            where = f"{key}"
            if source:
                where += f" (from {source})"
            where += ": "
        elif source:  # a whole file is wrong (invalid TOML/JSON): still say which one
            where = f"{source}: "
        text = where + message
        if allowed:
            text += f"; allowed: {allowed}"
        super().__init__(text, hint=hint)
        self.key = key
        self.source = source
        self.allowed = allowed


class SpecError(AutoQAError):
    """A spec file that cannot be parsed or rendered; carries file and line."""

    def __init__(
        self,
        message: str,
        *,
        path: Path | str | None = None,
        line: int | None = None,
        hint: str | None = None,
    ) -> None:
        location = ""
        if path is not None:
            location = str(path) + (f":{line}" if line else "") + ": "
        super().__init__(location + message, hint=hint)
        self.path = Path(path) if path is not None else None
        self.line = line
        self.reason = message


class IncludeError(SpecError):
    """An ``include:`` step that names a missing or invalid library, or forms a cycle."""


class BrowserError(AutoQAError):
    """No browser could be found, launched or connected to."""


class AgentError(AutoQAError):
    """The model API, the credentials or the SDK failed (infrastructure, not the app under test)."""


class CredentialsError(AgentError):
    """No model credentials are available for an agent run."""


class ExportError(AutoQAError):
    """A recorded run cannot be turned into a deterministic test."""

    def __init__(self, message: str, *, step: int | None = None, hint: str | None = None) -> None:
        super().__init__((f"step {step}: " if step is not None else "") + message, hint=hint)
        self.step = step


class AutoQAWarning(UserWarning):
    """Something the user should fix that does not stop the run."""
