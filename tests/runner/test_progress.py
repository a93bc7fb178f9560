"""Console progress: the live table follows the event stream; plain lines name failures."""

from __future__ import annotations

import io

from rich.console import Console

from autoqa.progress import PlainProgress, RichProgress


def test_live_table_tracks_step_tools_status_and_cost() -> None:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    progress = RichProgress(console)
    progress.emit("spec.started", spec="checkout")
    progress.emit("step.started", spec="checkout", step=3)
    progress.emit("tool.called", spec="checkout", step=3)
    progress.emit("tool.called", spec="checkout", step=4)
    progress.emit("spec.finished", spec="checkout", outcome="failed", cost_usd=0.0123)
    console.print(progress._render())
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "checkout" in text and "failed" in text
    assert " 4 " in text and " 2 " in text  # current step, tool calls so far
    assert "cost so far $0.0123" in text


def test_plain_lines_name_failed_tools_and_outcomes() -> None:
    stream = io.StringIO()
    progress = PlainProgress(stream)
    progress.emit(
        "tool.result",
        spec="s",
        step=2,
        tool="click",
        ok=False,
        error_code="ELEMENT_NOT_FOUND",
        error_message="no element",
    )
    progress.emit("tool.result", spec="s", step=3, tool="fill", ok=True)
    progress.emit("spec.finished", path="specs/s.md", outcome="failed", duration_ms=1500, reason="step 2")
    lines = stream.getvalue().splitlines()
    assert lines == [
        "  s step 2: click ELEMENT_NOT_FOUND: no element",
        "FAILED   specs/s.md (1.5s) — step 2",
    ]


def test_a_skipped_optional_step_prints_no_failure_but_a_failed_step_does() -> None:
    stream = io.StringIO()
    progress = PlainProgress(stream)
    absent = dict(tool="click", ok=False, error_code="ELEMENT_NOT_FOUND", error_message="no 'Accept cookies'")
    progress.emit("step.started", spec="s", step=2)
    progress.emit("tool.result", spec="s", step=2, **absent)
    progress.emit("step.finished", spec="s", step=2, status="skipped")
    progress.emit("step.started", spec="s", step=3)
    progress.emit("tool.result", spec="s", step=3, **absent)
    progress.emit("step.finished", spec="s", step=3, status="failed")
    # The agent reports calls outside any started step: they are printed at once.
    progress.emit("tool.result", spec="agent", step=1, **absent)
    progress.emit("spec.finished", spec="s", path="specs/s.md", outcome="failed", duration_ms=900, reason="x")
    assert stream.getvalue().splitlines() == [
        "  s step 3: click ELEMENT_NOT_FOUND: no 'Accept cookies'",
        "  agent step 1: click ELEMENT_NOT_FOUND: no 'Accept cookies'",
        "FAILED   specs/s.md (0.9s) — x",
    ]


def test_flags_heals_and_refused_exports_print_under_the_spec_line_and_escapes_never_reach_the_terminal() -> (
    None
):
    import io

    out = io.StringIO()
    progress = PlainProgress(out)
    progress.emit(
        "spec.finished",
        spec="a",
        path="specs/\x1b[31ma.md",
        outcome="passed",
        duration_ms=10,
        notes=['step 2: "Pale Blue Dot link" never matched during this spec — check the wording'],
    )
    text = out.getvalue()
    assert "\x1b" not in text and "\\x1b[31m" in text
    assert '⚠ step 2: "Pale Blue Dot link" never matched during this spec' in text
