"""Shared wording for every report: where a spec lives, which step failed and why."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from autoqa.results import (
    INTERRUPTED,
    Outcome,
    RunResult,
    SpecResult,
    StepResult,
    StepStatus,
    ToolCall,
    TriageAction,
)

_LIST_ITEM = re.compile(r"^\s*\d+[.)]\s+(.*)$")


def display_path(path: Path, root: Path | None = None) -> str:
    """The spec path as users should see it: relative to ``root`` (default: the working folder)."""
    if path.is_absolute():
        try:
            return path.relative_to((root or Path.cwd()).resolve()).as_posix()
        except ValueError:
            return path.as_posix()
    return path.as_posix()


def classname(path: Path, root: Path | None = None) -> str:
    """``specs/shop/login.md`` → ``specs.shop.login`` (dots inside names become ``_``)."""
    parts = PurePosixPath(display_path(path, root)).with_suffix("").parts
    cleaned = [p.replace(".", "_") for p in parts if p not in ("/", "~")]
    return ".".join(cleaned) or "spec"


def spec_name(spec: SpecResult) -> str:
    return spec.title or spec.path.stem or spec.slug or f"spec {spec.index}"


def failed_step(spec: SpecResult) -> StepResult | None:
    """The step the spec failed at: the one named by ``failed_step``, else the first failed step."""
    if spec.failed_step is not None:
        for step in spec.steps:
            if step.index == spec.failed_step:
                return step
    return next((s for s in spec.steps if s.status is StepStatus.FAILED), None)


def failing_call(step: StepResult | None) -> ToolCall | None:
    if step is None:
        return None
    return next((c for c in reversed(step.tool_calls) if not c.ok), None)


def error_code(spec: SpecResult) -> str | None:
    call = failing_call(failed_step(spec))
    if call is not None and call.error_code:
        return call.error_code
    if spec.guardrail:
        return f"GUARDRAIL_{spec.guardrail.name.upper()}"
    return None


def failure_message(spec: SpecResult) -> str:
    """``step 3 (specs/cart.md:9) "Verify the total is $39.98": expected …`` — the failed step, where it
    was written (:attr:`StepResult.where`, include chain and all) and the reason."""
    step = failed_step(spec)
    reason = spec.reason or (step.reason if step else None) or str(spec.outcome)
    if step is None:
        return reason
    return f'{step.where} "{one_line(step.text, 120)}": {reason}'


def classified_message(spec: SpecResult) -> str:
    """``[app_bug] step 3 "…": reason`` — the failure message with its class, and for a spec that does
    not fail the run, why (so it can never be read as a pass)."""
    label = triage_label(spec)
    message = failure_message(spec)
    if spec.waived:
        message += f" (not failing the run: {spec.waived})"
    return f"[{label}] {message}" if label else message


def one_line(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def appeared_at(entry: Mapping[str, object]) -> str:
    """``at 4.213 s``: when a toast or dialog text appeared (``at_ms``, since the spec's first browser call);
    empty for an entry without a time (a result.json written before times were recorded)."""
    at_ms = entry.get("at_ms")
    if not isinstance(at_ms, int | float) or isinstance(at_ms, bool):
        return ""
    return f"at {at_ms / 1000:.3f} s"


def duration(ms: float) -> str:
    if ms < 1000:
        return f"{ms:.0f} ms"
    seconds = ms / 1000
    if seconds < 60:
        return f"{seconds:.1f} s"
    return f"{int(seconds // 60)} min {seconds % 60:.0f} s"


def interrupted_note(run: RunResult) -> str:
    """What an interrupted run says about the specs it did not finish: they are in the results, as
    ``skipped`` with the reason ``interrupted`` (not missing)."""
    unfinished = sum(1 for s in run.specs if s.outcome is Outcome.SKIPPED and s.reason == INTERRUPTED)
    specs = "spec" if unfinished == 1 else "specs"
    listed = "is" if unfinished == 1 else "are"
    return (
        f"The run was interrupted: {unfinished} {specs} did not finish and {listed} listed as skipped "
        "(interrupted)."
    )


TALLIED = (Outcome.PASSED, Outcome.FAILED, Outcome.ERROR, Outcome.SKIPPED)
"""Always shown in a one-line tally; ``flaky`` and ``needs_agent`` join them when there are any."""


def tally(numbers: Mapping[str, int]) -> str:
    """``3 passed, 1 failed, 0 error, 0 skipped, 1 flaky, 2 need the agent`` from outcome counts."""
    parts = [f"{numbers.get(str(o), 0)} {o}" for o in TALLIED]
    if numbers.get(Outcome.FLAKY):
        parts.append(f"{numbers[Outcome.FLAKY]} flaky")
    if numbers.get(Outcome.NEEDS_AGENT):
        parts.append(f"{numbers[Outcome.NEEDS_AGENT]} need the agent")
    return ", ".join(parts)


def waived_note(run: RunResult) -> str | None:
    """``not failing the run: 1 failed (triage environment: warn), 1 flaky (flaky_fails is off)`` — the
    specs that did not pass but leave the exit code alone, so a warned failure never reads as a pass."""
    parts = [f"{spec.outcome} {display_path(spec.path)} ({spec.waived})" for spec in run.specs if spec.waived]
    return "not failing the run: " + "; ".join(parts) if parts else None


def run_verdict(run: RunResult) -> str:
    """``failed`` when a spec fails the run; ``warned`` when specs did not pass but are warned, flaky or
    quarantined; else ``passed`` (skipped and refused specs as before)."""
    if any(spec.fails_run and spec.outcome is not Outcome.NEEDS_AGENT for spec in run.specs):
        return "failed"
    return "warned" if any(spec.waived for spec in run.specs) else "passed"


def triage_label(spec: SpecResult) -> str | None:
    """``app_bug``, ``environment, warn``, ``app_bug, quarantined``, ``flaky: app_bug on attempt 1``."""
    triage = spec.triage
    if triage is None:
        return "quarantined" if spec.quarantined and spec.outcome is not Outcome.PASSED else None
    label = str(triage.failure_class)
    if spec.outcome is Outcome.FLAKY:
        label = f"flaky: {label} on attempt {spec.attempts[0].number}" if spec.attempts else f"flaky: {label}"
    if spec.quarantined is not None:
        return f"{label}, quarantined"
    if triage.action is TriageAction.WARN:
        return f"{label}, warn"
    return label


def counts(run: RunResult) -> dict[str, int]:
    result = {str(o): run.count(o) for o in Outcome}
    result["total"] = len(run.specs)
    return result


def step_line(spec: SpecResult, step: StepResult, root: Path | None = None) -> int | None:
    """The line of ``step`` in the spec file: the step's own ``line`` if results carry one, else the
    line holding its text, else the N-th numbered item. None when the file cannot be read."""
    own = getattr(step, "line", None)
    if isinstance(own, int) and own > 0:
        return own
    path = spec.path if spec.path.is_absolute() else (root or Path.cwd()) / spec.path
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    wanted = one_line(step.text, 10_000).lower()
    items: list[int] = []
    for number, line in enumerate(lines, start=1):
        match = _LIST_ITEM.match(line)
        if match is None:
            continue
        items.append(number)
        if wanted and one_line(match.group(1), 10_000).lower() == wanted:
            return number
    return items[step.index - 1] if 0 < step.index <= len(items) else None
