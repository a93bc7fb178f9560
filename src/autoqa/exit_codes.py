"""Process exit codes, so CI can tell "the app broke" from "the tool broke"."""

from __future__ import annotations

from enum import IntEnum

from autoqa.results import Outcome, RunResult


class ExitCode(IntEnum):
    OK = 0
    """Every spec that ran passed (skipped specs do not fail a run)."""
    SPECS_FAILED = 1
    """At least one spec failed: the app does not meet its spec (or a flaky spec, with ``flaky_fails``)."""
    USAGE_ERROR = 2
    """Bad arguments, config or spec files; nothing was run."""
    INFRA_ERROR = 3
    """Browser launch, model API or credentials, guardrail trip, or another infrastructure error; also a
    run whose run.json or junit.xml could not be written, whatever its verdicts (CI would read a stale or
    missing report)."""
    NEEDS_AGENT = 4
    """Nothing failed or broke, but ``--agent never`` refused some specs (``needs_agent``): a step is not
    in the plain grammar nor in the step cache."""
    GUARDRAIL = 10
    """``autoqa plan`` / ``plan-explore``: a crawl guardrail (``explore_max_pages``, ``explore_max_depth`` or
    ``explore_timeout_s``) left reachable pages unvisited; the graph and the plan written are partial (the
    original declared ``GUARDRAIL_EXIT_CODE = 10`` and never used it)."""
    INTERRUPTED = 130
    """Ctrl-C: what finished was written."""


def exit_code_for(run: RunResult) -> ExitCode:
    """The run's exit code from the specs that fail it (:attr:`SpecResult.fails_run`): the triage policy
    (a class whose action is ``warn``), quarantine and ``flaky_fails`` were applied to each spec when it
    ended, so a warned failure keeps its outcome everywhere and only leaves the exit code alone."""
    if run.interrupted:
        return ExitCode.INTERRUPTED
    failing = {spec.outcome for spec in run.specs if spec.fails_run}
    if Outcome.ERROR in failing or run.missing_reports:
        return ExitCode.INFRA_ERROR
    if failing & {Outcome.FAILED, Outcome.FLAKY}:
        return ExitCode.SPECS_FAILED
    if Outcome.NEEDS_AGENT in failing:
        return ExitCode.NEEDS_AGENT
    return ExitCode.OK
