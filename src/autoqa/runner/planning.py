"""Choosing an executor for each spec: plain grammar, replay cache, or the agent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from autoqa.execute.plain import PlainPlan, plan_plain
from autoqa.results import ExecutorKind, Outcome
from autoqa.runner.jobs import SpecJob
from autoqa.secrets import SecretSet
from autoqa.spec.model import Spec

if TYPE_CHECKING:
    from autoqa.replay.cache import CachePlan

AGENT_MODES = ("auto", "on-miss", "never", "always")


def plan_job(
    index: int,
    spec: Spec,
    secrets: SecretSet,
    *,
    agent_mode: str,
    agent_available: bool,
    agent_unavailable_reason: str = "no model credentials",
    cache_plan: CachePlan | None = None,
) -> SpecJob:
    """Pick the cheapest executor that can judge the spec honestly.

    ``auto`` and ``on-miss``: the plain grammar when every step parses; else replay the step cache (the
    agent heals from the first failing or uncached step when credentials exist); else the agent.
    ``never``: plain or a complete cache, nothing else. ``always``: the agent from scratch.
    """
    plain = plan_plain(spec)
    if agent_mode != "always" and plain.runnable:
        return SpecJob(index, spec, secrets, ExecutorKind.PLAIN, plain=plain)
    unparsed = plain.first_unparsed
    cached = cache_plan is not None and bool(cache_plan.steps)
    complete = cache_plan is not None and cache_plan.complete
    if agent_mode == "never":
        if complete:
            return SpecJob(index, spec, secrets, ExecutorKind.REPLAY, plain=plain, cache_plan=cache_plan)
        where = where_unparsed(plain)
        why = ""
        if cache_plan is not None and cached:
            why = f"; the step cache stops at step {cache_plan.first_uncached} ({cache_plan.reason})"
        elif cache_plan is not None and cache_plan.reason and cache_plan.cache_path.exists():
            why = f"; {cache_plan.reason}"  # a cache file that cannot be used says why
        return SpecJob(
            index,
            spec,
            secrets,
            ExecutorKind.NONE,
            plain=plain,
            not_run_outcome=Outcome.NEEDS_AGENT,
            not_run_reason=f"{where} needs the agent but --agent never forbids model calls: "
            f"{unparsed.text if unparsed else ''!r}{why}; rewrite it in the plain grammar, record a passing "
            "run into the step cache, or allow the agent",
        )
    if agent_mode != "always" and (complete or (cached and agent_available)):
        return SpecJob(
            index,
            spec,
            secrets,
            ExecutorKind.REPLAY,
            plain=plain,
            cache_plan=cache_plan,
            heal=agent_available,
        )
    if not agent_available:
        return SpecJob(
            index,
            spec,
            secrets,
            ExecutorKind.NONE,
            plain=plain,
            # Skipped and named, as `autoqa demo` does: the specs that do not need the model still run.
            not_run_outcome=Outcome.SKIPPED,
            not_run_reason=f"{where_unparsed(plain)} needs the agent: {agent_unavailable_reason}",
        )
    # ``always`` is the model from scratch: no plain steps first (autoqa.execute.plain_prefix)
    return SpecJob(index, spec, secrets, ExecutorKind.AGENT, plain=None if agent_mode == "always" else plain)


def where_unparsed(plain: PlainPlan) -> str:
    """``step 3 (specs/a.md:9)``: the first step the grammar does not parse."""
    unparsed = plain.first_unparsed
    return f"step {unparsed.index} ({unparsed.source}:{unparsed.line})" if unparsed else "a step"


def needs_agent(
    specs: Sequence[Spec], agent_mode: str, cache_plans: Sequence[CachePlan | None] | None = None
) -> bool:
    """Whether some spec can only be judged by the model (so credentials must be checked up front)."""
    if agent_mode == "never":
        return False
    if agent_mode == "always":
        return bool(specs)
    plans = cache_plans if cache_plans is not None else [None] * len(specs)
    return any(
        not plan_plain(spec).runnable and not (plan is not None and plan.complete)
        for spec, plan in zip(specs, plans, strict=True)
    )


def shard(items: Sequence[SpecJob], shard_index: int, shard_count: int) -> list[SpecJob]:
    """Deterministic round-robin partition (1-based index) of the sorted spec list for CI matrices.

    A shard also runs the setup specs (``setup: <name>``) its own specs start from (``auth: <name>``):
    a storage state cannot cross machines, so a setup spec runs in every shard that needs it. Each
    copy keeps its index, which tells ``autoqa report merge`` which shard it belongs to (its *home*:
    ``index % shard_count == shard_index - 1``) and that the copies are one spec.
    """
    home = [job for position, job in enumerate(items) if position % shard_count == shard_index - 1]
    needed = {job.spec.auth for job in home if job.spec.auth}
    return [
        job
        for position, job in enumerate(items)
        if position % shard_count == shard_index - 1 or (job.spec.setup and job.spec.setup in needed)
    ]
