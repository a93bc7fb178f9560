"""JUnit XML: one ``<testcase>`` per spec, readable by CI systems and junitparser.

* ``classname`` comes from the spec path (``specs/shop/login.md`` → ``specs.shop.login``), ``name`` is
  its title, ``file`` its path.
* ``failed`` → ``<failure message="[class] step N "text": reason" type="ERROR_CODE">``; ``error`` →
  ``<error>`` (the tool could not judge); ``skipped`` → ``<skipped message="reason">``. A warned or
  quarantined failure keeps its ``<failure>``/``<error>`` (the message says it does not fail the run); a
  ``flaky`` spec passed, with a ``<flakyFailure>``/``<flakyError>`` per failed attempt (Maven Surefire's
  form), or a ``<failure>`` with ``flaky_fails``.
* Per-spec ``<properties>`` carry the outcome, failure class and its evidence, the triage action,
  quarantine, attempts, budget, executor, cost and tokens, guardrail, and the paths of the
  kept screenshot, trace, video and transcript (relative to the run folder, where this file lives).
  ``system-out`` lists the steps and adds ``[[ATTACHMENT|path]]`` lines (Jenkins/GitLab show them).
"""

from __future__ import annotations

import re
import socket
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from autoqa.artifacts.atomic import write_bytes_atomic
from autoqa.reports.describe import (
    appeared_at,
    classified_message,
    classname,
    display_path,
    error_code,
    spec_name,
)
from autoqa.results import Outcome, RunResult, SpecResult
from autoqa.text_safety import encodable

# XML 1.0 forbids most control characters even when escaped; model output can contain them.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ATTACHMENT_KINDS = ("screenshot", "trace", "video", "transcript")


def _clean(text: object) -> str:
    return _XML_INVALID.sub("\N{REPLACEMENT CHARACTER}", str(text))


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.3f}"


def _properties(parent: ET.Element, values: dict[str, object]) -> None:
    present = {k: v for k, v in values.items() if v is not None and v != ""}
    if not present:
        return
    props = ET.SubElement(parent, "properties")
    for name, value in present.items():
        ET.SubElement(props, "property", name=name, value=_clean(value))


def _flag_properties(spec: SpecResult) -> dict[str, object]:
    """One property per flag kind (``flag_vacuous_negative``, ``flag_drift``) listing its steps."""
    by_kind: dict[str, list[str]] = {}
    for step in spec.steps:
        for flag in step.flags:
            by_kind.setdefault(f"flag_{flag.kind}", []).append(f"step {step.index}: {flag.message}")
    return {kind: " | ".join(lines) for kind, lines in by_kind.items()}


def _steps_text(spec: SpecResult) -> str:
    lines = []
    for step in spec.steps:
        line = f"[{step.status}] {step.index}. {step.text} ({_seconds(step.duration_ms)} s)"
        if step.reason:
            line += f" — {step.reason}"
        lines.append(line)
        lines.extend(f"    proved by: {evidence}" for evidence in step.evidence)
        lines.extend(f"    WARNING ({flag.kind}): {flag.message}" for flag in step.flags)
        lines.extend(f"    INVARIANT ({v.get('invariant')}): {v.get('message')}" for v in step.violations)
        for t in step.transient:
            when = f", {appeared_at(t)}" if appeared_at(t) else ""
            lines.append(f"    appeared ({t.get('kind')}{when}): {t.get('text')}")
        if step.heal is not None:
            lines.append(
                f"    healed: {step.heal.old_locator} -> {step.heal.new_locator} ({step.heal.explanation})"
            )
        for call in step.tool_calls:
            status = "ok" if call.ok else f"{call.error_code or 'failed'}: {call.error_message or ''}"
            lines.append(f"    {call.tool} {status} ({call.duration_ms:.0f} ms)")
    for kind in _ATTACHMENT_KINDS:
        if kind in spec.artifacts:
            lines.append(f"[[ATTACHMENT|{spec.artifacts[kind]}]]")
    return "\n".join(lines)


def _testcase(suite: ET.Element, spec: SpecResult, root: Path | None) -> None:
    case = ET.SubElement(
        suite,
        "testcase",
        classname=_clean(classname(spec.path, root)),
        name=_clean(spec_name(spec)),
        file=_clean(display_path(spec.path, root)),
        time=_seconds(spec.duration_ms),
    )
    guardrail = spec.guardrail
    triage = spec.triage
    _properties(
        case,
        {
            "outcome": str(spec.outcome),
            "failure_class": str(triage.failure_class) if triage else None,
            "failure_evidence": triage.evidence if triage else None,
            "triage_action": str(triage.action) if triage else None,
            "fails_run": ("true" if spec.fails_run else "false")
            if spec.outcome is not Outcome.PASSED
            else None,
            "quarantined": spec.quarantined,
            "attempts": len(spec.attempts) + 1 if spec.attempts else None,
            "budget_seconds": spec.budget.seconds if spec.budget else None,
            "budget_usd": spec.budget.usd if spec.budget else None,
            "executor": spec.executor,
            "failed_step": spec.failed_step,
            "cost_usd": f"{spec.usage.cost_usd:.4f}" if spec.usage.cost_usd else None,
            "input_tokens": spec.usage.input_tokens or None,
            "output_tokens": spec.usage.output_tokens or None,
            "guardrail": f"{guardrail.name} (limit {guardrail.limit})" if guardrail else None,
            "tags": ",".join(spec.tags) or None,
            **{p.kind.artifact_key: p.message for p in reversed(spec.problems)},
            **_flag_properties(spec),
            **{kind: spec.artifacts.get(kind) for kind in _ATTACHMENT_KINDS},
        },
    )
    message = _clean(classified_message(spec))
    if spec.outcome is Outcome.FAILED or (spec.outcome is Outcome.FLAKY and spec.fails_run):
        node = ET.SubElement(case, "failure", message=message, type=_clean(error_code(spec) or "failed"))
        node.text = message
    elif spec.outcome is Outcome.ERROR:
        node = ET.SubElement(case, "error", message=message, type=_clean(error_code(spec) or "error"))
        node.text = message
    elif spec.outcome is Outcome.FLAKY:  # passed on a retry: Maven Surefire's flakyFailure / flakyError
        for attempt in spec.attempts:
            kind = "flakyError" if attempt.outcome is Outcome.ERROR else "flakyFailure"
            text = _clean(f"attempt {attempt.number} {attempt.outcome}: {attempt.reason or ''}")
            node = ET.SubElement(case, kind, message=text, type=str(attempt.outcome))
            node.text = text
    elif spec.outcome is Outcome.SKIPPED:
        ET.SubElement(case, "skipped", message=_clean(spec.reason or "skipped"))
    elif spec.outcome is Outcome.NEEDS_AGENT:  # JUnit has no such state: skipped, saying why
        ET.SubElement(case, "skipped", message=_clean(f"needs the agent: {spec.reason or ''}"))
    out = _steps_text(spec)
    if out:
        ET.SubElement(case, "system-out").text = _clean(out)


def junit_xml(run: RunResult, *, root: Path | None = None, suite_name: str = "autoqa") -> str:
    """The JUnit document for ``run`` as a string (UTF-8, with an XML declaration)."""
    counts = {o: run.count(o) for o in Outcome}
    attrs = {
        "name": suite_name,
        "tests": str(len(run.specs)),
        "failures": str(
            counts[Outcome.FAILED] + sum(s.outcome is Outcome.FLAKY and s.fails_run for s in run.specs)
        ),
        "errors": str(counts[Outcome.ERROR]),
        "skipped": str(counts[Outcome.SKIPPED] + counts[Outcome.NEEDS_AGENT]),
        "time": _seconds(run.duration_ms),
    }
    suites = ET.Element("testsuites", attrs)
    suite = ET.SubElement(
        suites,
        "testsuite",
        {
            **attrs,
            "id": _clean(run.run_id),
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "hostname": _clean(socket.gethostname()),
        },
    )
    _properties(
        suite,
        {
            "run_id": run.run_id,
            "interrupted": "true" if run.interrupted else None,
            "cost_usd": f"{run.usage.cost_usd:.4f}",
            "input_tokens": run.usage.input_tokens,
            "output_tokens": run.usage.output_tokens,
        },
    )
    for spec in sorted(run.specs, key=lambda s: s.index):
        _testcase(suite, spec, root)
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def write_junit(run: RunResult, path: Path, *, root: Path | None = None) -> Path:
    """Write the JUnit report atomically; ``root`` is the folder spec paths are shown relative to."""
    return write_bytes_atomic(path, encodable(junit_xml(run, root=root)).encode("utf-8"))
