from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from autoqa.reports import annotate, annotation_lines, step_summary_markdown, write_step_summary
from autoqa.reports.github import escape_data, escape_property
from autoqa.results import RunResult, StepResult, StepStatus


def test_escaping_follows_githubs_rules() -> None:
    assert escape_data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_annotations_point_at_the_failed_step_line(sample_run: RunResult, project: Path) -> None:
    lines = annotation_lines(sample_run, {"GITHUB_WORKSPACE": str(project)}, root=project)
    assert lines == [
        "::error file=specs/shop/checkout.md,line=9,title=failed%3A Checkout total [ASSERTION_FAILED]"
        '::step 3 "Verify the total is $29.99": the total is $30.99, not $29.99 (100%25 sure)%0Asecond line',
        "::error file=specs/search.md,title=error%3A Search%2C with <html> & commas%3A yes "
        "[GUARDRAIL_MAX_TOOL_CALLS]::guardrail max_tool_calls tripped: 41 > 40",
    ]
    # Every annotation stays on one physical line whatever the reason text holds.
    assert all("\n" not in line and "\r" not in line for line in lines)


def test_step_line_falls_back_to_the_numbered_item(sample_run: RunResult, project: Path) -> None:
    failed = sample_run.specs[1]
    renamed = replace(
        failed, steps=(*failed.steps[:2], StepResult(3, "rendered differently", StepStatus.FAILED))
    )
    (line,) = annotation_lines(RunResult("r", (renamed,)), {}, root=project)
    assert ",line=9," in line


def test_annotate_only_prints_on_github_actions(sample_run: RunResult, project: Path) -> None:
    out = io.StringIO()
    assert annotate(sample_run, out, {}, root=project) == 0
    assert out.getvalue() == ""
    assert annotate(sample_run, out, {"GITHUB_ACTIONS": "true"}, root=project) == 2
    assert out.getvalue().count("\n") == 2 and out.getvalue().startswith("::error file=")


def test_step_summary_is_appended_as_markdown(sample_run: RunResult, project: Path, run_dir: Path) -> None:
    summary = project / "step-summary.md"
    summary.write_text("## earlier step\n")
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}

    assert write_step_summary(sample_run, env, run_dir=run_dir, root=project) == summary

    text = summary.read_text()
    assert text.startswith("## earlier step\n## autoqa failed: 1 passed, 1 failed, 1 error, 1 skipped")
    assert "| Spec | Outcome | Class | Failure | Artifacts |" in text
    row = next(line for line in text.splitlines() if line.startswith("| Checkout total"))
    assert "`ASSERTION_FAILED`" in row and "second line" in row
    assert "trace: `shop-checkout/trace.zip`" in row
    search = next(line for line in text.splitlines() if line.startswith("| Search"))
    assert "&lt;html&gt;" in search and "<html>" not in search
    assert row.count(" | ") == 4, "no stray pipes split the table"
    assert "Artifacts: `artifacts/r-42`" in text


def test_step_summary_needs_github_and_a_target(sample_run: RunResult, tmp_path: Path) -> None:
    assert write_step_summary(sample_run, {"GITHUB_ACTIONS": "true"}) is None
    assert write_step_summary(sample_run, {"GITHUB_STEP_SUMMARY": str(tmp_path / "s.md")}) is None
    assert not (tmp_path / "s.md").exists()


def test_pipes_in_reasons_are_escaped(sample_run: RunResult) -> None:
    spec = replace(sample_run.specs[1], reason="a | b")
    text = step_summary_markdown(RunResult("r", (spec,)))
    assert "a \\| b" in text
