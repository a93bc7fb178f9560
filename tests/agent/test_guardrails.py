"""Counting rules of autoqa.agent.guardrails."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.agent.guardrails import Guardrails
from autoqa.agent.options import AgentOptions
from autoqa.api import load_settings
from autoqa.errors import ConfigError


def test_tool_call_limit_refuses_the_call_that_goes_over() -> None:
    g = Guardrails(AgentOptions(max_tool_calls_per_spec=3))
    for _ in range(3):
        assert g.before_call("snapshot", {}, 1) is None
        g.after_call("snapshot", {}, 1, ok=True)
    refusal = g.before_call("snapshot", {}, 1)
    assert refusal is not None and refusal.code == "GUARDRAIL_TRIPPED"
    assert g.tripped is not None
    assert g.tripped.as_dict() == {"name": "max_tool_calls_per_spec", "limit": 3, "actual": 4}
    # Once tripped, everything is refused.
    assert g.before_call("click", {"ref": "e1"}, 2) is not None


def test_consecutive_errors_reset_on_success_and_trip_when_over() -> None:
    g = Guardrails(
        AgentOptions(max_consecutive_errors=2, max_retries_per_step=99, circuit_breaker_threshold=99)
    )
    for i in range(2):
        g.after_call("click", {"ref": f"e{i}"}, 1, ok=False)
    g.after_call("snapshot", {}, 1, ok=True)
    assert g.consecutive_errors == 0
    for i in range(3):
        g.after_call("click", {"ref": f"e{i}"}, 1, ok=False)
    assert g.tripped is not None
    assert (g.tripped.name, g.tripped.limit, g.tripped.actual) == ("max_consecutive_errors", 2, 3)


def test_retries_per_step_never_reset() -> None:
    g = Guardrails(
        AgentOptions(max_retries_per_step=2, max_consecutive_errors=99, circuit_breaker_threshold=99)
    )
    g.after_call("click", {"ref": "e1"}, 4, ok=False)
    g.after_call("snapshot", {}, 4, ok=True)
    g.after_call("click", {"ref": "e2"}, 4, ok=False)
    g.after_call("click", {"ref": "e3"}, 5, ok=False)  # another step does not count
    assert g.tripped is None
    g.after_call("click", {"ref": "e4"}, 4, ok=False)
    assert g.tripped is not None
    assert g.tripped.as_dict() == {"name": "max_retries_per_step", "limit": 2, "actual": 3}
    assert g.tripped.step == 4


def test_circuit_breaker_opens_on_the_same_target_and_closes_after_cooldown() -> None:
    g = Guardrails(
        AgentOptions(
            circuit_breaker_threshold=2,
            circuit_breaker_cooldown=2,
            max_consecutive_errors=99,
            max_retries_per_step=99,
        )
    )
    args = {"target": "Sign in"}
    assert g.after_call("click", args, 1, ok=False) is False
    assert g.after_call("click", {**args}, 2, ok=False) is True  # step does not change the target
    refusal = g.before_call("click", args, 1)
    assert refusal is not None and refusal.code == "CIRCUIT_OPEN"
    # A different target is not affected.
    assert g.before_call("click", {"target": "Log in"}, 1) is None
    g.after_call("click", {"target": "Log in"}, 1, ok=True)
    assert g.before_call("snapshot", {}, 1) is None
    # Two other calls happened: the circuit is closed again.
    assert g.before_call("click", args, 1) is None
    assert g.tripped is None


def test_success_resets_the_circuit_count() -> None:
    g = Guardrails(AgentOptions(circuit_breaker_threshold=2))
    g.after_call("click", {"ref": "e1"}, 1, ok=False)
    g.after_call("click", {"ref": "e1"}, 1, ok=True)
    assert g.after_call("click", {"ref": "e1"}, 1, ok=False) is False
    assert not g.circuit_open("click", {"ref": "e1"})


@pytest.mark.parametrize(
    ("field", "value"),
    [("max_turns", 0), ("max_tool_calls_per_spec", -1), ("tool_context", "video"), ("max_budget_usd", 0.0)],
)
def test_bad_options_name_the_field(tmp_path: Path, field: str, value: object) -> None:
    # The settings model is the one place that validates; the agent only reads its projection.
    with pytest.raises(ConfigError, match=field):
        load_settings(tmp_path, environ={}, **{field: value})


def test_agent_options_defaults_are_the_documented_settings() -> None:
    from autoqa.config.settings import Settings

    settings = Settings()
    shared = (
        "max_turns", "max_tool_calls_per_spec", "max_consecutive_errors", "max_retries_per_step",
        "spec_timeout_s", "circuit_breaker_threshold", "circuit_breaker_cooldown", "tool_context",
    )  # fmt: skip
    for name in shared:
        assert getattr(AgentOptions(), name) == getattr(settings, name), name
    assert AgentOptions.from_settings(settings) == AgentOptions()
