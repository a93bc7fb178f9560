"""Every generated spec runs once before it is kept.

A draft is written to ``plan/specs/<name>.md`` and checked with the parser (plain grammar, known
variables, a step that checks something); one that fails the check never runs and goes straight to
``plan/rejected/``. The others run once through the plan's own run — the same browser pool, the same
``setup:``/``auth:`` storage states, ``--agent never`` (a plain spec needs no model) — and stay in
``plan/specs/`` only when they pass. A failed or broken one moves to ``plan/rejected/`` with its reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from autoqa.plan.checks import DraftCheck, check_draft
from autoqa.plan.drafts import SpecDraft, with_rejection
from autoqa.plan.writer import PLAN_DIR, REJECTED_DIR, SPECS_DIR, PlanWriter
from autoqa.results import Outcome, SpecResult
from autoqa.runner.jobs import SpecJob
from autoqa.runner.planning import plan_job
from autoqa.runner.run import OpenRun
from autoqa.secrets import SecretSet
from autoqa.spec.loader import spec_secrets

CaseStatus = Literal["kept", "rejected"]


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    draft: SpecDraft
    status: CaseStatus
    path: Path
    """Where the spec is now: ``plan/specs/`` (kept) or ``plan/rejected/``."""
    reason: str | None = None
    outcome: Outcome | None = None
    """How its run ended (None: it never ran, the check refused it)."""


@dataclass(frozen=True, slots=True)
class ValidationContext:
    """What checking and running a draft needs from the plan's run."""

    variables: Mapping[str, str]
    secrets: SecretSet
    root: Path
    auth_names: tuple[str, ...]
    secrets_declared: tuple[str, ...] = ()

    def check(self, text: str, path: Path) -> DraftCheck:
        """:func:`autoqa.plan.checks.check_draft` with this plan's variables, secrets and setup names."""
        return check_draft(
            text,
            path,
            variables=self.variables,
            secrets=self.secrets,
            root=self.root,
            auth_names=self.auth_names,
            secrets_declared=self.secrets_declared,
        )


def _reason(result: SpecResult) -> str:
    text = result.reason or str(result.outcome)
    if result.failed_step:
        return f"{result.outcome} at step {result.failed_step}: {text}"
    return f"{result.outcome}: {text}"


async def validate_drafts(
    run: OpenRun,
    drafts: Sequence[SpecDraft],
    writer: PlanWriter,
    context: ValidationContext,
    *,
    first_index: int,
) -> list[CaseOutcome]:
    """Write, check and run ``drafts`` (job indices from ``first_index``); one outcome per draft, in order."""
    outcomes: dict[str, CaseOutcome] = {}
    jobs: list[tuple[SpecDraft, Path, SpecJob]] = []
    for draft in drafts:
        relative = Path(PLAN_DIR, SPECS_DIR, f"{draft.name}.md")
        path = writer.text(relative, draft.text)
        text = path.read_text(encoding="utf-8")  # as written: redacted, secrets as {{NAME}}
        check = context.check(text, path)
        if not check.ok or check.spec is None:
            reason = "not runnable without a model: " + "; ".join(check.problems)
            outcomes[draft.name] = _reject(writer, draft, path, text, reason, None)
            continue
        spec = check.spec
        secrets = spec_secrets(spec, context.variables).merged(context.secrets.values)
        job = plan_job(first_index + len(jobs), spec, secrets, agent_mode="never", agent_available=False)
        jobs.append((draft, path, job))
    results = await run.run_jobs([job for _, _, job in jobs]) if jobs else ()
    by_index = {result.index: result for result in results}
    for draft, path, job in jobs:
        result = by_index.get(job.index)
        if result is not None and result.outcome is Outcome.PASSED:
            outcomes[draft.name] = CaseOutcome(draft, "kept", path, outcome=Outcome.PASSED)
            continue
        reason = _reason(result) if result is not None else "it did not run (the run was interrupted)"
        text = path.read_text(encoding="utf-8")
        outcomes[draft.name] = _reject(writer, draft, path, text, reason, result.outcome if result else None)
    return [outcomes[d.name] for d in drafts]


def _reject(
    writer: PlanWriter, draft: SpecDraft, path: Path, text: str, reason: str, outcome: Outcome | None
) -> CaseOutcome:
    moved = writer.move(path, Path(PLAN_DIR, REJECTED_DIR, path.name), with_rejection(text, reason))
    return CaseOutcome(draft, "rejected", moved, reason=writer.redactor.text(reason), outcome=outcome)


def kept(outcomes: Iterable[CaseOutcome]) -> list[CaseOutcome]:
    return [o for o in outcomes if o.status == "kept"]
