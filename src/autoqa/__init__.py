"""autoqa-py: Markdown acceptance specs run in a real browser, by plain steps, a replay cache or a
Claude agent, judged on evidence.

The small public API::

    import autoqa

    result = autoqa.run_sync(["specs"], base_url="http://127.0.0.1:8000")   # or: await autoqa.run(...)
    for spec in result.specs:
        spec.raise_for_outcome()

    settings = autoqa.load_settings()    # what `autoqa run` would use here, as an autoqa.Settings
"""

from __future__ import annotations

import importlib
from typing import Any

from autoqa.errors import (
    AgentError,
    AutoQAError,
    AutoQAWarning,
    BrowserError,
    ConfigError,
    CredentialsError,
    ExportError,
    IncludeError,
    SpecError,
    UsageError,
)
from autoqa.exit_codes import ExitCode
from autoqa.results import (
    FailureClass,
    Outcome,
    RunResult,
    SpecFailed,
    SpecResult,
    StepResult,
    StepStatus,
    ToolCall,
    Usage,
)

# Loaded on first use: they pull in Playwright, and this package is imported by every pytest run (the
# plugin entry point), which should not pay for a browser driver it may never use.
_LAZY = {
    "Settings": "autoqa.config.settings",
    "load_settings": "autoqa.api",
    "run": "autoqa.api",
    "run_sync": "autoqa.api",
    "ErrorCode": "autoqa.tools",
    "ToolContext": "autoqa.tools",
    "ToolResult": "autoqa.tools",
    "ToolSettings": "autoqa.tools",
    "call_tool": "autoqa.tools",
}

__all__ = [
    "AgentError",
    "AutoQAError",
    "AutoQAWarning",
    "BrowserError",
    "ConfigError",
    "CredentialsError",
    "ErrorCode",
    "ExitCode",
    "ExportError",
    "FailureClass",
    "IncludeError",
    "Outcome",
    "RunResult",
    "Settings",
    "SpecError",
    "SpecFailed",
    "SpecResult",
    "StepResult",
    "StepStatus",
    "ToolCall",
    "ToolContext",
    "ToolResult",
    "ToolSettings",
    "Usage",
    "UsageError",
    "call_tool",
    "load_settings",
    "run",
    "run_sync",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'autoqa' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
