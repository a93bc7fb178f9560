"""Results as JSON (``result.json``, the ``specs`` of ``run.json``) and back.

The round trip is lossless for everything a report needs, so reports can be re-rendered from a
``run.json`` written by an earlier run (or one that was killed midway).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from autoqa.results import (
    Attempt,
    Budget,
    ExecutorKind,
    FlagKind,
    GuardrailTrip,
    Heal,
    Outcome,
    Problem,
    ProblemKind,
    RunResult,
    SpecResult,
    StepFlag,
    StepResult,
    StepStatus,
    ToolCall,
    Triage,
    Usage,
)

RESULT_SCHEMA = 1


def tool_call_to_dict(call: ToolCall) -> dict[str, Any]:
    out = {
        "tool": call.tool,
        "args": dict(call.args),
        "ok": call.ok,
        "step": call.step,
        "error_code": call.error_code,
        "error_message": call.error_message,
        "duration_ms": call.duration_ms,
        "screenshot_path": call.screenshot_path,
        "data": dict(call.data),
        "violations": [dict(v) for v in call.violations],
    }
    if call.images:  # a visual check's expected / actual / diff
        out["images"] = dict(call.images)
    return out


def step_to_dict(step: StepResult) -> dict[str, Any]:
    return {
        "index": step.index,
        "text": step.text,
        "status": str(step.status),
        "duration_ms": step.duration_ms,
        "reason": step.reason,
        "healed": step.healed,
        "evidence": list(step.evidence),
        "flags": [{"kind": str(f.kind), "message": f.message} for f in step.flags],
        "heal": _heal_to_dict(step.heal),
        "source": step.source,
        "line": step.line,
        "position": step.position,
        "included_at": [{"step": n, "source": source} for n, source in step.included_at],
        "violations": [dict(v) for v in step.violations],
        "transient": [dict(t) for t in step.transient],
        "tool_calls": [tool_call_to_dict(c) for c in step.tool_calls],
    }


def _heal_to_dict(heal: Heal | None) -> dict[str, Any] | None:
    if heal is None:
        return None
    return {"old_locator": heal.old_locator, "new_locator": heal.new_locator, "explanation": heal.explanation}


def _heal(data: Mapping[str, Any] | None) -> Heal | None:
    if not data:
        return None
    return Heal(data.get("old_locator"), data.get("new_locator"), data.get("explanation"))


def _flag(data: Mapping[str, Any]) -> StepFlag:
    return StepFlag(FlagKind(data.get("kind", FlagKind.DRIFT)), str(data.get("message", "")))


def usage_to_dict(usage: Usage) -> dict[str, Any]:
    return {
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cache_read_tokens": usage.cache_read_tokens,
        "cache_creation_tokens": usage.cache_creation_tokens,
        "cost_usd": usage.cost_usd,
        "model_requests": usage.model_requests,
    }


def spec_result_to_dict(result: SpecResult) -> dict[str, Any]:
    return {
        "schema": RESULT_SCHEMA,
        "index": result.index,
        "slug": result.slug,
        "path": result.path.as_posix(),
        "title": result.title,
        "outcome": str(result.outcome),
        "executor": result.executor,
        "duration_ms": result.duration_ms,
        "reason": result.reason,
        "failed_step": result.failed_step,
        "tags": list(result.tags),
        "usage": usage_to_dict(result.usage),
        "guardrail": result.guardrail.as_dict() if result.guardrail else None,
        "artifacts": artifacts_to_dict(result),
        "healed_steps": [dict(h) for h in result.healed_steps],
        "summary": result.summary,
        "triage": result.triage.as_dict() if result.triage else None,
        "quarantined": result.quarantined,
        "fails_run": result.fails_run,
        "attempts": [_attempt_to_dict(a) for a in result.attempts],
        "budget": {"seconds": result.budget.seconds, "usd": result.budget.usd} if result.budget else None,
        "steps": [step_to_dict(s) for s in result.steps],
    }


def _attempt_to_dict(attempt: Attempt) -> dict[str, Any]:
    return {
        "number": attempt.number,
        "outcome": str(attempt.outcome),
        "reason": attempt.reason,
        "failed_step": attempt.failed_step,
        "duration_ms": attempt.duration_ms,
        "triage": attempt.triage.as_dict() if attempt.triage else None,
        "artifacts": dict(attempt.artifacts),
    }


def _attempt(data: Mapping[str, Any]) -> Attempt:
    return Attempt(
        number=int(data.get("number") or 0),
        outcome=Outcome(data.get("outcome", Outcome.FAILED)),
        reason=data.get("reason"),
        failed_step=data.get("failed_step"),
        duration_ms=float(data.get("duration_ms") or 0.0),
        triage=Triage.from_dict(dict(data["triage"])) if data.get("triage") else None,
        artifacts={str(k): str(v) for k, v in (data.get("artifacts") or {}).items()},
    )


def _budget(data: Mapping[str, Any] | None) -> Budget | None:
    if not data:
        return None
    seconds, usd = data.get("seconds"), data.get("usd")
    return Budget(float(seconds) if seconds is not None else None, float(usd) if usd is not None else None)


def _tool_call(data: Mapping[str, Any]) -> ToolCall:
    return ToolCall(
        tool=str(data.get("tool", "")),
        args=dict(data.get("args") or {}),
        ok=bool(data.get("ok", False)),
        step=data.get("step"),
        error_code=data.get("error_code"),
        error_message=data.get("error_message"),
        duration_ms=float(data.get("duration_ms") or 0.0),
        screenshot_path=data.get("screenshot_path"),
        data=dict(data.get("data") or {}),
        images={str(k): str(v) for k, v in (data.get("images") or {}).items()},
        violations=_dicts(data.get("violations")),
    )


def _step(data: Mapping[str, Any]) -> StepResult:
    return StepResult(
        index=int(data.get("index", 0)),
        text=str(data.get("text", "")),
        status=StepStatus(data.get("status", StepStatus.NOT_RUN)),
        duration_ms=float(data.get("duration_ms") or 0.0),
        reason=data.get("reason"),
        tool_calls=tuple(_tool_call(c) for c in data.get("tool_calls") or ()),
        healed=bool(data.get("healed", False)),
        evidence=tuple(str(e) for e in data.get("evidence") or ()),
        flags=tuple(_flag(f) for f in data.get("flags") or ()),
        heal=_heal(data.get("heal")),
        source=str(data["source"]) if data.get("source") else None,
        line=int(data["line"]) if data.get("line") else None,
        position=int(data["position"]) if data.get("position") else None,
        included_at=tuple((int(i["step"]), str(i["source"])) for i in data.get("included_at") or ()),
        violations=_dicts(data.get("violations")),
        transient=_dicts(data.get("transient")),
    )


def _dicts(value: Any) -> tuple[dict[str, Any], ...]:
    return tuple(dict(item) for item in value or () if isinstance(item, Mapping))


def _usage(data: Mapping[str, Any] | None) -> Usage:
    data = data or {}
    return Usage(
        input_tokens=int(data.get("input_tokens") or 0),
        output_tokens=int(data.get("output_tokens") or 0),
        cache_read_tokens=int(data.get("cache_read_tokens") or 0),
        cache_creation_tokens=int(data.get("cache_creation_tokens") or 0),
        cost_usd=float(data.get("cost_usd") or 0.0),
        model_requests=int(data.get("model_requests") or 0),
    )


_PROBLEM_KEYS = {kind.artifact_key: kind for kind in ProblemKind}


def artifacts_to_dict(result: SpecResult) -> dict[str, str]:
    """Files kept and problems, in one ``artifacts`` object: problems under ``<kind>_error`` keys (and a
    write error under ``error``), the documented shape of result.json and run.json."""
    out = dict(result.artifacts)
    for problem in result.problems:
        out.setdefault(problem.kind.artifact_key, problem.message)
    return out


def _artifacts(data: Mapping[str, Any]) -> tuple[dict[str, str], tuple[Problem, ...]]:
    files: dict[str, str] = {}
    problems: list[Problem] = []
    for key, value in data.items():
        kind = _PROBLEM_KEYS.get(str(key))
        if kind is not None:
            problems.append(Problem(kind, str(value)))
        else:
            files[str(key)] = str(value)
    return files, tuple(problems)


def spec_result_from_dict(data: Mapping[str, Any]) -> SpecResult:
    """Rebuild a :class:`SpecResult`; missing optional fields take their defaults.

    Raises:
        ValueError: an unknown outcome or step status.
    """
    files, problems = _artifacts(data.get("artifacts") or {})
    return SpecResult(
        path=Path(str(data.get("path", ""))),
        title=str(data.get("title", "")),
        outcome=Outcome(data.get("outcome", Outcome.ERROR)),
        executor=ExecutorKind(data.get("executor", ExecutorKind.NONE)),
        duration_ms=float(data.get("duration_ms") or 0.0),
        reason=data.get("reason"),
        failed_step=data.get("failed_step"),
        steps=tuple(_step(s) for s in data.get("steps") or ()),
        usage=_usage(data.get("usage")),
        guardrail=GuardrailTrip.from_dict(dict(data["guardrail"])) if data.get("guardrail") else None,
        artifacts=files,
        problems=problems,
        healed_steps=tuple(dict(h) for h in data.get("healed_steps") or ()),
        summary=data.get("summary"),
        tags=tuple(str(t) for t in data.get("tags") or ()),
        slug=str(data.get("slug", "")),
        index=int(data.get("index") or 0),
        triage=Triage.from_dict(dict(data["triage"])) if data.get("triage") else None,
        quarantined=str(data["quarantined"]) if data.get("quarantined") else None,
        attempts=tuple(_attempt(a) for a in data.get("attempts") or ()),
        budget=_budget(data.get("budget")),
    )


def run_result_from_dict(data: Mapping[str, Any], run_dir: Path | None = None) -> RunResult:
    """Rebuild a :class:`RunResult` from a ``run.json`` document."""
    return RunResult(
        run_id=str(data.get("run_id", "")),
        specs=tuple(spec_result_from_dict(s) for s in data.get("specs") or ()),
        duration_ms=float(data.get("duration_ms") or 0.0),
        interrupted=data.get("status") == "interrupted",
        output_dir=run_dir,
    )
