"""The agent executor: Claude drives the browser tools through claude-agent-sdk, we judge the outcome.

Public API: :func:`run_agent_spec`, :class:`AgentOptions`, :func:`check_credentials`.
How failure screenshots reach the model: :mod:`autoqa.agent.content`. Verdict rules:
:mod:`autoqa.agent.verdict`. Guardrails: :mod:`autoqa.agent.guardrails`.

``run_agent_spec`` is loaded on first use: importing claude-agent-sdk takes over a second, and runs
without agent specs (or a credentials check) should not pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from autoqa.agent.credentials import check_credentials
from autoqa.agent.options import AgentOptions
from autoqa.config.settings import ToolContextMode

if TYPE_CHECKING:
    from autoqa.agent.session import run_agent_spec

__all__ = ["AgentOptions", "ToolContextMode", "check_credentials", "run_agent_spec"]


def __getattr__(name: str) -> Any:
    if name == "run_agent_spec":
        from autoqa.agent.session import run_agent_spec

        return run_agent_spec
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
