"""Live progress and the final summary on the console: rich on a terminal, plain lines otherwise."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

from rich.console import Console
from rich.live import Live
from rich.table import Table
from rich.text import Text

from autoqa.reports.describe import counts, tally, triage_label, waived_note
from autoqa.results import Outcome, RunResult, spec_notes
from autoqa.text_safety import terminal_safe

_STYLE = {
    "passed": "green",
    "failed": "red",
    "error": "magenta",
    "skipped": "yellow",
    "needs_agent": "yellow",
    "flaky": "yellow",
}


class PlainProgress:
    """One line per finished spec (and per failed tool call), for CI logs and pipes.

    A failed call inside a step is held until the step ends: an ``Optional:`` step whose element is absent
    is skipped, not failed, and its probe's "not found" would only look like a failure in the log. Calls
    outside a started step (the agent's) are printed at once.
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream or sys.stderr
        self._lock = threading.Lock()
        self._open_steps: dict[str, Any] = {}
        self._held: dict[str, list[str]] = {}
        self._where: dict[str, str | None] = {}

    def _print(self, text: str) -> None:
        with self._lock:
            print(terminal_safe(text), file=self.stream, flush=True)

    def _flush(self, spec: str, *, drop: bool = False) -> None:
        held = self._held.pop(spec, [])
        if not drop:
            for line in held:
                self._print(line)

    def emit(self, kind: str, /, **fields: Any) -> None:
        spec = str(fields.get("spec", ""))
        if kind == "run.started":
            self._print(f"autoqa: run {fields.get('run_id', '')} — {fields.get('spec_count', 0)} spec(s)")
        elif kind == "step.started":
            self._flush(spec)
            self._open_steps[spec] = fields.get("step")
            self._where[spec] = fields.get("where")
        elif kind == "tool.result" and not fields.get("ok"):
            open_step = self._open_steps.get(spec, object())
            where = (self._where.get(spec) if fields.get("step") == open_step else None) or (
                f"step {fields.get('step')}"
            )
            failure = f"{fields.get('tool')} {fields.get('error_code')}: {fields.get('error_message')}"
            line = f"  {spec} {where}: {failure}"
            if spec in self._open_steps:
                self._held.setdefault(spec, []).append(line)
            else:
                self._print(line)
        elif kind == "step.finished":
            self._open_steps.pop(spec, None)
            self._flush(spec, drop=fields.get("status") == "skipped")
        elif kind in ("spec.finished", "spec.retry"):
            self._open_steps.pop(spec, None)
            self._flush(spec)
            outcome = fields.get("outcome", "")
            where = f"{fields['where']}: " if fields.get("where") else ""
            reason = f" — {where}{fields['reason']}" if fields.get("reason") and outcome != "passed" else ""
            seconds = (fields.get("duration_ms") or 0) / 1000
            label = _class_label(fields)
            if kind == "spec.retry":
                head = f"{'RETRY':8} {fields.get('path')} ({seconds:.1f}s){label}"
                self._print(
                    f"{head} — attempt {fields.get('attempt')} {outcome}{reason.replace(' — ', ': ', 1)}"
                )
                return
            self._print(f"{outcome.upper():8} {fields.get('path')} ({seconds:.1f}s){label}{reason}")
            for note in fields.get("notes") or ():
                self._print(f"         ⚠ {note}")


def _class_label(fields: dict[str, Any]) -> str:
    """`` [app_bug]``, `` [environment; warn: not failing the run]`` from a spec event's triage fields."""
    failure_class = fields.get("failure_class")
    if not failure_class:
        return ""
    waived = fields.get("waived")
    return f" [{failure_class}; not failing the run: {waived}]" if waived else f" [{failure_class}]"


class DebugLog:
    """``--debug``: the agent's traffic and every tool call on stderr (events are already redacted)."""

    def __init__(self, stream: IO[str] | None = None, limit: int = 400) -> None:
        self.stream = stream or sys.stderr
        self.limit = limit
        self._lock = threading.Lock()

    def emit(self, kind: str, /, **fields: Any) -> None:
        if kind not in ("tool.called", "tool.result", "agent.turn", "guardrail.tripped", "agent.handover"):
            return
        detail = {k: v for k, v in fields.items() if k not in ("ts", "run_id") and v is not None}
        text = json.dumps(detail, ensure_ascii=False, default=str)
        if len(text) > self.limit:
            text = text[: self.limit] + "…"
        with self._lock:
            print(f"[debug] {kind} {text}", file=self.stream, flush=True)


class RichProgress:
    """A live table: spec, current step, tool calls so far, cost."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.rows: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self.live = Live(self._render(), console=self.console, refresh_per_second=8, transient=True)

    def __enter__(self) -> RichProgress:
        self.live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.live.stop()

    def _render(self) -> Table:
        table = Table(box=None, show_header=True, header_style="bold")
        for column in ("spec", "status", "step", "tools", "cost"):
            table.add_column(column)
        for slug, row in self.rows.items():
            status = row.get("status", "running")
            table.add_row(
                slug,
                Text(status, style=_STYLE.get(status, "cyan")),
                str(row.get("step", "")),
                str(row.get("tools", 0)),
                f"${row.get('cost', 0.0):.4f}",
            )
        # The SDK reports cost when a spec's session ends, so the run total grows spec by spec.
        table.caption = f"cost so far ${sum(row.get('cost', 0.0) for row in self.rows.values()):.4f}"
        return table

    def emit(self, kind: str, /, **fields: Any) -> None:
        slug = str(fields.get("spec") or "")
        with self._lock:
            if kind == "spec.started":
                self.rows[slug] = {"status": "running", "tools": 0}
            elif kind == "step.started" and slug in self.rows:
                self.rows[slug]["step"] = fields.get("step")
            elif kind == "tool.called" and slug in self.rows:
                self.rows[slug]["tools"] = self.rows[slug].get("tools", 0) + 1
                self.rows[slug]["step"] = fields.get("step") or self.rows[slug].get("step", "")
            elif kind == "spec.retry" and slug in self.rows:
                self.rows[slug]["status"] = f"retrying ({fields.get('outcome', '')})"
            elif kind == "spec.finished" and slug in self.rows:
                self.rows[slug]["status"] = fields.get("outcome", "")
                self.rows[slug]["cost"] = fields.get("cost_usd") or self.rows[slug].get("cost", 0.0)
            else:
                return
            self.live.update(self._render())


def summary_table(run: RunResult) -> Table:
    table = Table(title=f"autoqa run {run.run_id}", show_lines=False)
    for column in ("spec", "outcome", "class", "executor", "time", "cost", "reason"):
        table.add_column(column, overflow="fold")
    for spec in run.specs:
        outcome = str(spec.outcome)
        table.add_row(
            terminal_safe(str(spec.path)),
            Text(outcome, style=_STYLE.get(outcome, "")),
            triage_label(spec) or "-",
            spec.executor,
            f"{spec.duration_ms / 1000:.1f}s",
            f"${spec.usage.cost_usd:.4f}" if spec.usage.cost_usd else "-",
            terminal_safe((f"step {spec.failed_step}: " if spec.failed_step else "") + (spec.reason or "")),
        )
    return table


def notes_lines(run: RunResult) -> list[str]:
    """Flags, heals and refused exports of every spec, one line each, safe for a terminal."""
    return [terminal_safe(f"⚠ {spec.path.name}: {note}") for spec in run.specs for note in spec_notes(spec)]


def summary_line(run: RunResult) -> str:
    """The tally; a second line names the specs that did not pass but do not fail the run."""
    cost = run.usage.cost_usd
    tail = f" in {run.duration_ms / 1000:.1f}s" + (f", ${cost:.4f}" if cost else "")
    line = tally(counts(run)) + tail + (" (interrupted)" if run.interrupted else "")
    waived = waived_note(run)
    return f"{line}\n{terminal_safe(waived)}" if waived else line


def run_to_json(run: RunResult, redact: Callable[[Any], Any] = lambda value: value) -> str:
    """The ``--json`` document: the same per-spec shape as ``run.json``."""
    from autoqa.artifacts.serialize import spec_result_to_dict

    document = {
        "run_id": run.run_id,
        "interrupted": run.interrupted,
        "duration_ms": run.duration_ms,
        "output_dir": str(run.output_dir) if run.output_dir else None,
        "counts": {str(o): run.count(o) for o in Outcome},
        "cost_usd": run.usage.cost_usd,
        "specs": [spec_result_to_dict(spec) for spec in run.specs],
    }
    return json.dumps(redact(document), indent=2, default=str)
