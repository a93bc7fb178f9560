"""GitHub Actions output: ``::error`` annotations for failed steps and a Markdown job summary.

Both only happen when ``GITHUB_ACTIONS=true``. Annotation lines follow GitHub's workflow-command escaping:
in the message ``%``, CR and LF become ``%25``, ``%0D``, ``%0A``; in properties (``file``, ``line``,
``title``) additionally ``:`` and ``,`` become ``%3A`` and ``%2C``. The summary is appended to the file
named by ``GITHUB_STEP_SUMMARY``, as GitHub expects (several steps may write to it).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from autoqa.reports.describe import (
    classified_message,
    counts,
    display_path,
    duration,
    error_code,
    failed_step,
    failure_message,
    interrupted_note,
    one_line,
    run_verdict,
    spec_name,
    step_line,
    tally,
    triage_label,
)
from autoqa.results import Outcome, RunResult, SpecResult, StepResult
from autoqa.text_safety import terminal_safe


def escape_data(text: str) -> str:
    """Workflow-command escaping; escape sequences and other controls stay inert (``\\x1b``)."""
    return terminal_safe(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def on_github(env: Mapping[str, str]) -> bool:
    return env.get("GITHUB_ACTIONS", "").lower() == "true"


def _annotation_file(
    spec: SpecResult, env: Mapping[str, str], root: Path | None, step: StepResult | None = None
) -> str:
    """The file the step was written in (an included ``steps/`` file for its steps), else the spec."""
    workspace = env.get("GITHUB_WORKSPACE")
    base = Path(workspace) if workspace else root
    if step is not None and step.source:
        source = Path(step.source)
        return display_path(source if source.is_absolute() else (root or Path.cwd()) / source, base)
    return display_path(spec.path, base)


def annotation_lines(
    run: RunResult, env: Mapping[str, str] | None = None, *, root: Path | None = None
) -> list[str]:
    """One ``::error`` line per failed or errored spec, pointing at its failed step's line, with its
    failure class; ``::warning`` instead for one that does not fail the run (warned, quarantined, flaky);
    and one ``::warning`` per flagged step (a negative check that never matched, drift)."""
    env = env or {}
    lines = []
    for spec in sorted(run.specs, key=lambda s: s.index):
        if spec.outcome not in (Outcome.FAILED, Outcome.ERROR, Outcome.FLAKY):
            continue
        step = failed_step(spec)
        props = [f"file={escape_property(_annotation_file(spec, env, root, step))}"]
        line = step_line(spec, step, root) if step is not None else None
        if line is not None:
            props.append(f"line={line}")
        code = error_code(spec)
        label = triage_label(spec)
        title = (
            f"{spec.outcome}"
            + (f" ({label})" if label else "")
            + f": {spec_name(spec)}"
            + (f" [{code}]" if code else "")
        )
        props.append(f"title={escape_property(one_line(title, 200))}")
        level = "error" if spec.fails_run else "warning"
        lines.append(f"::{level} {','.join(props)}::{escape_data(classified_message(spec))}")
    for spec in sorted(run.specs, key=lambda s: s.index):
        for step in spec.steps:
            if not step.flags:
                continue
            where = f"file={escape_property(_annotation_file(spec, env, root, step))}"
            line = step_line(spec, step, root)
            at = f"{where},line={line}" if line is not None else where
            for flag in step.flags:
                title = escape_property(one_line(f"{flag.kind}: {spec_name(spec)} step {step.index}", 200))
                lines.append(f"::warning {at},title={title}::{escape_data(flag.message)}")
    return lines


def annotate(run: RunResult, stream: TextIO, env: Mapping[str, str], *, root: Path | None = None) -> int:
    """Print the annotations to ``stream`` (stdout in CI) when on GitHub Actions; returns how many."""
    if not on_github(env):
        return 0
    lines = annotation_lines(run, env, root=root)
    for line in lines:
        stream.write(line + "\n")
    stream.flush()
    return len(lines)


def _md(text: object) -> str:
    """Safe inside a Markdown table cell: one line, no pipes, no HTML."""
    flat = " ".join(str(text).split())
    return flat.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def step_summary_markdown(run: RunResult, *, run_dir: Path | None = None, root: Path | None = None) -> str:
    numbers = counts(run)
    verdict = run_verdict(run)
    out = [
        f"## autoqa {verdict}: {tally(numbers)}",
        "",
        f"Run `{_md(run.run_id)}` · {_md(duration(run.duration_ms))} · ${run.usage.cost_usd:.4f} · "
        f"{run.usage.input_tokens:,} input / {run.usage.output_tokens:,} output tokens",
    ]
    if run.interrupted:
        out += ["", f"**{interrupted_note(run)}**"]
    failing = [
        s
        for s in sorted(run.specs, key=lambda s: s.index)
        if s.outcome in (Outcome.FAILED, Outcome.ERROR, Outcome.FLAKY)
    ]
    if failing:
        out += ["", "| Spec | Outcome | Class | Failure | Artifacts |", "| --- | --- | --- | --- | --- |"]
        for spec in failing:
            code = error_code(spec)
            reason = (f"`{_md(code)}` " if code else "") + _md(one_line(failure_message(spec), 300))
            if spec.triage is not None:
                reason += (
                    f"<br>why {_md(spec.triage.failure_class)}: {_md(one_line(spec.triage.evidence, 200))}"
                )
            outcome = f"{spec.outcome}" + (
                "" if spec.fails_run else f" (not failing the run: {_md(spec.waived)})"
            )
            kept = ", ".join(
                f"{kind}: `{_md(spec.artifacts[kind])}`"
                for kind in ("screenshot", "trace")
                if kind in spec.artifacts
            )
            out.append(
                f"| {_md(spec_name(spec))}<br>`{_md(display_path(spec.path, root))}` | {outcome} "
                f"| {_md(triage_label(spec) or '-')} | {reason} | {kept or '-'} |"
            )
    if run_dir is not None:
        out += ["", f"Artifacts: `{_md(display_path(run_dir, root))}` (open `report.html`)."]
    return "\n".join(out) + "\n"


def write_step_summary(
    run: RunResult, env: Mapping[str, str], *, run_dir: Path | None = None, root: Path | None = None
) -> Path | None:
    """Append the summary to ``GITHUB_STEP_SUMMARY`` when on GitHub Actions; returns the file or None."""
    target = env.get("GITHUB_STEP_SUMMARY")
    if not on_github(env) or not target:
        return None
    path = Path(target)
    with path.open("a", encoding="utf-8") as handle:
        handle.write(step_summary_markdown(run, run_dir=run_dir, root=root) + "\n")
    return path
