"""After the run closes: run.json by the artifact writer, then the reports (JUnit, HTML, GitHub) from the
same redacted value, then the run folder is closed. The runner calls the reports package; the artifact
writer never does (it knows files, not report formats)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from autoqa.artifacts.run_dir import RunArtifacts
from autoqa.reports.github import annotate, write_step_summary
from autoqa.reports.html import write_html
from autoqa.reports.junit import write_junit
from autoqa.results import RunResult


def finish_and_report(
    artifacts: RunArtifacts,
    run: RunResult,
    *,
    env: Mapping[str, str] | None = None,
    annotations: TextIO | None = None,
    annotate_failures: bool = True,
) -> dict[str, Path]:
    """Write ``run.json``, ``junit.xml``, ``report.html``, GitHub output (when ``env`` has
    ``GITHUB_ACTIONS=true``: annotations to ``annotations``, default stdout, and the job summary) and the
    ``latest`` pointer. Returns what was written, by name; never raises for file-system errors (see
    :attr:`RunArtifacts.missing_reports`). ``annotate_failures=False`` leaves the annotations out (a
    merged run: its shards' jobs printed them)."""
    env = os.environ if env is None else env
    shown = artifacts.finish_run(run)
    folder, root = artifacts.path, artifacts.root
    junit, html = folder / "junit.xml", folder / "report.html"
    artifacts.write_report("junit", junit, lambda: write_junit(shown, junit, root=root))
    artifacts.write_report("html", html, lambda: write_html(shown, html, folder, root=root))
    if annotate_failures:
        annotate(shown, annotations or sys.stdout, env, root=root)
    summary = Path(env.get("GITHUB_STEP_SUMMARY") or folder)
    artifacts.write_report(
        "step_summary", summary, lambda: write_step_summary(shown, env, run_dir=folder, root=root)
    )
    return artifacts.close()
