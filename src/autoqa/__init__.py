"""autoqa-py: Markdown acceptance specs run in a real browser, by plain steps, a replay cache or a
Claude agent, judged on evidence.

The small public API::

    from autoqa import RunRequest, prepare_run, execute_run
    run = asyncio.run(execute_run(prepare_run(RunRequest(paths=("specs",), root=Path.cwd(), cli={},
                                                         cli_vars={}, keyword=None, environ=os.environ))))
    for spec in run.specs:
        spec.raise_for_outcome()
"""

from __future__ import annotations

import importlib
from typing import Any

from autoqa.errors import (
    AgentError,
    AutoQAError,
    BrowserError,
    ConfigError,
    CredentialsError,
    ExportError,
    IncludeError,
    SpecError,
    UsageError,
)
from autoqa.exit_codes import ExitCode
from autoqa.results import Outcome, RunResult, SpecFailed, SpecResult, StepResult, StepStatus, ToolCall, Usage

# Loaded on first use: they pull in Playwright, and this package is imported by every pytest run (the
# plugin entry point), which should not pay for a browser driver it may never use.
_LAZY = {
    "RunRequest": "autoqa.runner.session",
    "execute_run": "autoqa.runner.session",
    "prepare_run": "autoqa.runner.session",
    "ErrorCode": "autoqa.tools",
    "ToolContext": "autoqa.tools",
    "ToolResult": "autoqa.tools",
    "ToolSettings": "autoqa.tools",
    "call_tool": "autoqa.tools",
}

__all__ = [
    "AgentError",
    "AutoQAError",
    "BrowserError",
    "ConfigError",
    "CredentialsError",
    "ErrorCode",
    "ExitCode",
    "ExportError",
    "IncludeError",
    "Outcome",
    "RunRequest",
    "RunResult",
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
    "execute_run",
    "prepare_run",
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
