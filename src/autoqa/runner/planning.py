"""Choosing an executor for each spec: plain grammar, replay cache, or the agent."""

from __future__ import annotations

from collections.abc import Sequence

from autoqa.runner.jobs import ExecutorKind, SpecJob
from autoqa.runner.plain_executor import plan_plain
from autoqa.secrets import SecretSet
from autoqa.spec.model import Spec

AGENT_MODES = ("auto", "on-miss", "never", "always")


def plan_job(
    index: int,
    spec: Spec,
    secrets: SecretSet,
    *,
    agent_mode: str,
    agent_available: bool,
    agent_unavailable_reason: str = "no model credentials",
) -> SpecJob:
    plain = plan_plain(spec)
    if agent_mode != "always" and plain.runnable:
        return SpecJob(index, spec, secrets, ExecutorKind.PLAIN, plain=plain)
    unparsed = plain.first_unparsed
    if agent_mode == "never":
        where = f"step {unparsed.index} ({unparsed.source}:{unparsed.line})" if unparsed else "a step"
        return SpecJob(
            index,
            spec,
            secrets,
            ExecutorKind.NONE,
            plain=plain,
            not_run_outcome="error",
            not_run_reason=f"{where} needs the agent but --agent never forbids model calls: "
            f"{unparsed.text if unparsed else ''!r}; rewrite it in the plain grammar or allow the agent",
        )
    if not agent_available:
        return SpecJob(
            index,
            spec,
            secrets,
            ExecutorKind.NONE,
            plain=plain,
            not_run_outcome="skipped",
            not_run_reason=f"needs the agent ({agent_unavailable_reason})",
        )
    return SpecJob(index, spec, secrets, ExecutorKind.AGENT, plain=plain)


def needs_agent(specs: Sequence[Spec], agent_mode: str) -> bool:
    if agent_mode == "never":
        return False
    if agent_mode == "always":
        return bool(specs)
    return any(not plan_plain(spec).runnable for spec in specs)


def shard(items: Sequence[SpecJob], shard_index: int, shard_count: int) -> list[SpecJob]:
    """Deterministic round-robin partition (1-based index) of the sorted spec list for CI matrices."""
    return [job for position, job in enumerate(items) if position % shard_count == shard_index - 1]
