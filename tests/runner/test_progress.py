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
