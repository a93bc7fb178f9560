"""Reports rendered from a finished run: JUnit XML, a self-contained HTML page, GitHub Actions output.

Each writer is a plain function over a :class:`~autoqa.results.RunResult` whose texts are already
redacted and whose artifact paths are relative to the run folder (what
:func:`autoqa.runner.reporting.finish_and_report` passes them).
"""

from autoqa.reports.github import annotate, annotation_lines, step_summary_markdown, write_step_summary
from autoqa.reports.html import render_html, write_html
from autoqa.reports.junit import junit_xml, write_junit

__all__ = [
    "annotate",
    "annotation_lines",
    "junit_xml",
    "render_html",
    "step_summary_markdown",
    "write_html",
    "write_junit",
    "write_step_summary",
]
