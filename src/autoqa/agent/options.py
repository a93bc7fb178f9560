"""Settings of one agent session (one spec driven by Claude through the browser tools)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from autoqa.config.settings import Settings, ToolContextMode

_DEFAULTS = Settings.model_fields
"""The documented defaults come from the one settings model, never a second copy here; so do the
bounds (the settings model validates, this read-only projection does not)."""


@dataclass(frozen=True, slots=True)
class AgentOptions:
    """Limits and switches for :func:`autoqa.agent.run_agent_spec`. Every limit ends the spec as ``error``
    with a ``guardrail`` entry ``{name, limit, actual}`` when it trips."""

    model: str | None = None
    """Claude model id; ``None`` uses the Claude Code CLI's default."""
    max_turns: int = _DEFAULTS["max_turns"].default
    """Model turns per spec (the SDK's ``max_turns``)."""
    max_budget_usd: float | None = None
    """Cost cap per spec, passed to the SDK (which ends with ``error_max_budget_usd``) and checked here."""
    max_run_budget_usd: float | None = None
    """Cost cap for the whole run. Enforced by the runner from each :class:`SpecResult`'s ``usage``."""
    thinking: bool = False
    """Extended thinking. Off by default: QA steps rarely need it and it costs tokens and time. Models
    that only support adaptive thinking keep it (the CLI decides)."""
    max_tool_calls_per_spec: int = _DEFAULTS["max_tool_calls_per_spec"].default
    max_consecutive_errors: int = _DEFAULTS["max_consecutive_errors"].default
    """Failed tool results in a row; a successful result resets the count."""
    max_retries_per_step: int = _DEFAULTS["max_retries_per_step"].default
    """Failed tool results tagged with the same step (never reset)."""
    spec_timeout_s: float | None = _DEFAULTS["spec_timeout_s"].default
    """Wall-clock limit for the whole agent session of one spec."""
    circuit_breaker_threshold: int = _DEFAULTS["circuit_breaker_threshold"].default
    """After this many failures in a row of the same tool on the same target, calls to it are refused."""
    circuit_breaker_cooldown: int = _DEFAULTS["circuit_breaker_cooldown"].default
    """How many other tool calls must happen before a tripped target may be tried again."""
    tool_context: ToolContextMode = _DEFAULTS["tool_context"].default
    """What a failed tool result carries besides its JSON summary: the failure screenshot as an image
    (``screenshot``), a bounded excerpt of a fresh accessibility snapshot (``snapshot``), or nothing."""
    interactive: bool = False
    """Offer the ``ask_user`` tool (a person answers at the terminal)."""
    env: Mapping[str, str] = field(default_factory=dict)
    """Extra environment variables for the Claude Code CLI process (e.g. ``ANTHROPIC_BASE_URL``)."""
    cli_path: str | None = None
    """Claude Code CLI to use instead of the one bundled with claude-agent-sdk."""
    snapshot_context_chars: int = 3_000
    """Upper bound of the snapshot excerpt attached to failures in ``snapshot`` mode."""
    disabled_tools: frozenset[str] = frozenset()
    """Browser tools not offered to the model."""
    lean_history: bool = True
    """Send model requests through :class:`autoqa.agent.relay.HistoryRelay`, so that no request carries
    more than the newest two images (see :mod:`autoqa.agent.history`). Off: every image the session saw is
    re-sent with every request, as the CLI keeps it."""

    @classmethod
    def from_settings(
        cls, settings: Settings, *, env: Mapping[str, str] | None = None, interactive: bool = False
    ) -> AgentOptions:
        """The agent's read-only view of the run's settings."""
        return cls(
            model=settings.model,
            max_turns=settings.max_turns,
            max_budget_usd=settings.max_budget_usd,
            max_run_budget_usd=settings.max_run_budget_usd,
            thinking=settings.thinking,
            max_tool_calls_per_spec=settings.max_tool_calls_per_spec,
            max_consecutive_errors=settings.max_consecutive_errors,
            max_retries_per_step=settings.max_retries_per_step,
            spec_timeout_s=settings.spec_timeout_s,
            circuit_breaker_threshold=settings.circuit_breaker_threshold,
            circuit_breaker_cooldown=settings.circuit_breaker_cooldown,
            tool_context=settings.tool_context,
            lean_history=settings.lean_history,
            interactive=interactive,
            env=dict(env or {}),
        )
