"""The console edge of a run: progress, the summary, ``--json``, dry-run listing and Ctrl-C / SIGTERM.
Only the CLI imports this; the runner itself prints nothing."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from autoqa.errors import UsageError
from autoqa.events import FanoutSink
from autoqa.exit_codes import ExitCode, exit_code_for
from autoqa.results import RunResult
from autoqa.runner.run import PreparedRun, RunRequest, execute_run, prepare_run
from autoqa.text_safety import encodable, terminal_safe

if TYPE_CHECKING:
    from autoqa.plan.plan_run import PlanOutcome, PlanRequest
    from autoqa.runner.driver import DriverStart

T = TypeVar("T")


def print_dry_run(prepared: PreparedRun) -> int:
    """List every spec's steps; under each step the plain grammar does not read, where it was written and
    the nearest plain form. Returns how many such steps there are (they need the agent or the cache)."""
    from autoqa.spec.grammar import parse_plain_step
    from autoqa.spec.suggest import nearest_plain

    def say(text: str) -> None:
        print(terminal_safe(text))

    def where(path: Path, line: int) -> str:
        with contextlib.suppress(ValueError):
            path = path.resolve().relative_to(Path.cwd().resolve())
        return f"{path}:{line}"

    not_plain = 0
    specs_with = 0
    for job in prepared.jobs:
        spec = job.spec
        say(f"{spec.path}  [{job.executor}]  {spec.title}")
        before = not_plain
        for step in spec.steps:
            marker = "✓" if step.needs_evidence else "·"
            say(f"  {step.index:>3}. {marker} {'Optional: ' if step.optional else ''}{step.text}")
            for clause in step.expected:
                say(f"        Expected: {clause}")
            for note in step.notes:
                say(f"        - {note}")
            if parse_plain_step(step) is None:
                not_plain += 1
                suggestion = nearest_plain(step.text) if not step.notes and not step.expected else None
                hint = f"; did you mean: {suggestion}" if suggestion else ""
                say(f"        ↳ not plain grammar ({where(step.source, step.line)}){hint}")
        specs_with += not_plain > before
        if job.not_run_reason:
            say(f"      → {job.not_run_outcome}: {job.not_run_reason}")
    if not_plain:
        say(
            f"{not_plain} step(s) in {specs_with} spec(s) are not plain grammar: "
            "they need the agent or the step cache"
        )
    else:
        say("every step is plain grammar: no model needed")
    return not_plain


def dry_run_exit_code(prepared: PreparedRun) -> ExitCode:
    """The exit code a real run would give for the specs planning already refuses or skips (``--agent
    never``: a step neither plain nor cached is ``needs_agent``, exit 4): their not-run results, settled
    and judged as a run's; the specs that would run are not judged (nothing ran)."""
    from autoqa.runner.disposition import settle
    from autoqa.runner.spec_runner import not_run_result

    refused = tuple(
        settle(
            not_run_result(job, job.not_run_reason, job.not_run_outcome),
            prepared.settings,
            prepared.quarantine,
        )
        for job in prepared.jobs
        if job.not_run_outcome is not None
    )
    return exit_code_for(RunResult(run_id="dry-run", specs=refused))


def run_interruptibly(coro: Coroutine[Any, Any, T], runner: asyncio.Runner | None = None) -> T:
    """``asyncio.run`` where Ctrl-C and SIGTERM cancel the run, so it can write what finished.

    A process started in the background by a non-interactive shell inherits SIGINT as *ignored*, and then
    asyncio installs no handler; a CLI whose whole point is "stop cleanly" restores the default first.
    ``runner``: run on that runner's loop (which the caller closes), e.g. where the driver is starting.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)

    async def main() -> T:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        handled = False
        if task is not None and threading.current_thread() is threading.main_thread():
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signal.SIGTERM, task.cancel)
                handled = True
        try:
            return await coro
        finally:
            if handled:  # the loop may outlive this run (a runner's): SIGTERM is no longer ours to catch
                loop.remove_signal_handler(signal.SIGTERM)

    if runner is not None:
        return runner.run(main())
    return asyncio.run(main())


def execute_and_report(
    request: RunRequest,
    *,
    json_output: bool,
    dry_run: bool,
    demo: bool = False,
    plain_only: bool = False,
    driver: DriverStart | None = None,
) -> ExitCode:
    """Prepare, run and render. Our errors propagate to the CLI, which maps them to exit codes.

    ``driver``: the Playwright driver the CLI started before its imports; the run takes it over (the
    caller closes it either way)."""
    from autoqa.progress import (
        DebugLog,
        PlainProgress,
        RichProgress,
        notes_lines,
        run_to_json,
        summary_line,
        summary_table,
    )

    prepared = prepare_run(request, skip_agent_without_credentials=demo or dry_run)
    if not prepared.jobs:
        raise UsageError("no specs selected (check the paths, -k and --tag filters, and --shard)")
    if dry_run:
        not_plain = print_dry_run(prepared)
        return ExitCode.NEEDS_AGENT if plain_only and not_plain else dry_run_exit_code(prepared)
    tty = sys.stderr.isatty() and not json_output and not prepared.settings.debug
    # With --json, stdout is one JSON document: GitHub annotations go to stderr (the runner reads both).
    annotations = sys.stderr if json_output else sys.stdout
    debug = [DebugLog()] if prepared.settings.debug else []

    def warn(message: str) -> None:
        print(f"autoqa: warning: {message}", file=sys.stderr, flush=True)

    try:
        if tty:
            with RichProgress() as progress:
                run = run_interruptibly(
                    execute_run(prepared, events=progress, annotations=annotations, warn=warn, driver=driver),
                    driver.runner if driver is not None else None,
                )
        else:
            sink = FanoutSink(PlainProgress(), *debug)
            run = run_interruptibly(
                execute_run(prepared, events=sink, annotations=annotations, warn=warn, driver=driver),
                driver.runner if driver is not None else None,
            )
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    if json_output:
        print(encodable(run_to_json(run)))
    else:
        from rich.console import Console

        console = Console(stderr=True)
        if tty:
            console.print(summary_table(run))
            for line in notes_lines(run):
                console.print(line, markup=False, highlight=False)
        console.print(summary_line(run), markup=False)
        if run.output_dir:
            console.print(f"artifacts: {run.output_dir}", highlight=False)
    if run.missing_reports:
        print(
            f"autoqa: error: {' and '.join(run.missing_reports)} could not be written (see the warnings "
            "above); exit 3 so CI does not read a stale or missing report",
            file=sys.stderr,
        )
    return exit_code_for(run)


# --- autoqa plan, plan-explore, plan-generate -------------------------------------------------------------


def execute_plan_and_report(request: PlanRequest) -> ExitCode:
    """Run the plan and print what it wrote: each file, each kept or rejected spec with its reason, the
    guardrails that made it partial. Our errors propagate to the CLI."""
    from autoqa.plan.plan_run import run_plan

    def warn(message: str) -> None:
        print(terminal_safe(f"autoqa: warning: {message}"), file=sys.stderr, flush=True)

    try:
        outcome = run_interruptibly(run_plan(request, warn=warn))
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    for line in plan_lines(outcome):
        print(terminal_safe(line), flush=True)
    for problem in outcome.problems:
        print(terminal_safe(f"autoqa: error: {problem}"), file=sys.stderr)
    return outcome.exit_code


def _shown(path: Path) -> str:
    with contextlib.suppress(ValueError):
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    return str(path)


def plan_lines(outcome: PlanOutcome) -> list[str]:
    lines: list[str] = []
    graph = outcome.graph
    if graph is not None and outcome.stage != "generate":
        depth = max((p.depth for p in graph.pages), default=0)
        lines.append(
            f"explored {len(graph.pages)} page(s) from {graph.start_url} (depth <= {depth}) "
            f"in {graph.duration_s:.1f} s" + (f"; {len(graph.failed)} did not load" if graph.failed else "")
        )
        reasons: dict[str, int] = {}
        for page in graph.pages:
            for link in page.links:
                if not link.followed and link.reason:
                    reasons[link.reason] = reasons.get(link.reason, 0) + 1
        if reasons:
            lines.append("  not followed: " + ", ".join(f"{n} {why}" for why, n in sorted(reasons.items())))
    elif graph is not None and outcome.graph_path is not None:
        lines.append(f"from      {_shown(outcome.graph_path)} ({len(graph.pages)} page(s))")
    planner = outcome.planner
    if planner is not None and planner.note:
        lines.append(f"planner:  {planner.note}")
    elif planner is not None and planner.used:
        lines.append(
            f"planner:  {planner.proposals} proposal(s), {planner.accepted} accepted, "
            f"{len(planner.refused)} refused (${planner.cost_usd:.4f})"
        )
    cases = {case.path: case for case in outcome.cases}
    for path in outcome.written:
        case = cases.get(path)
        if case is None:
            lines.append(f"wrote     {_shown(path)}")
        elif case.status == "kept":
            lines.append(f"kept      {_shown(path)}")
        else:
            lines.append(f"rejected  {_shown(path)}: {case.reason}")
    if outcome.cases:
        kept = sum(1 for case in outcome.cases if case.status == "kept")
        lines.append(f"{kept} of {len(outcome.cases)} generated spec(s) passed when run once and were kept")
    if graph is not None:
        setting = {
            "max_pages": "explore_max_pages",
            "max_depth": "explore_max_depth",
            "timeout": "explore_timeout_s",
        }
        for trip in graph.guardrails:
            left = sum(1 for u in graph.unvisited if setting[u.reason] == trip.name)
            lines.append(
                f"guardrail {trip.describe()}: the graph is partial"
                + (f" ({left} page(s) not visited)" if left else "")
            )
    if outcome.run_dir is not None:
        lines.append(f"artifacts: {_shown(outcome.run_dir)}")
    return lines
