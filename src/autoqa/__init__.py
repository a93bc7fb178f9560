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
from autoqa.runner.session import RunRequest, execute_run, prepare_run
from autoqa.tools import ErrorCode, ToolContext, ToolResult, ToolSettings, call_tool

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
