"""``autoqa plan``, ``plan-explore`` and ``plan-generate`` as one library call: :func:`run_plan`.

A plan is a run: one run folder, one browser pool, one ``run.json`` (the ``setup:`` spec the crawl starts
from, then every generated spec's single validation run). Inside that run:

1. ``--auth SPEC``: the setup spec runs first; its storage state is where the crawl starts.
2. explore (``plan-explore``, ``plan``): :func:`autoqa.plan.crawl.crawl` writes ``plan-explore/``; the graph
   is read back from the (redacted) file, so generation sees exactly what was written.
3. generate (``plan-generate``, ``plan``): smoke and form specs from the graph; with a model, flows from the
   planner; each one checked and run once (:mod:`autoqa.plan.validate`); ``plan/test-plan.json`` and
   ``plan/plan-summary.json``.

Exit codes: 130 interrupted; 3 the browser, the app's start page, the setup spec (error), the model planner
or run.json failed; 1 the setup spec failed; 10 a crawl guardrail left pages unvisited (the graph and the
plan are partial); 0 otherwise — a rejected spec is an expected outcome, not a failure of the plan.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from playwright.async_api import Error as PlaywrightError

from autoqa.agent.credentials import check_credentials
from autoqa.errors import BrowserError, CredentialsError, UsageError
from autoqa.exit_codes import ExitCode
from autoqa.export.from_run import find_run_dir
from autoqa.plan.crawl import Crawl, CrawlOptions, crawl
from autoqa.plan.drafts import SpecDraft, slug, unique_names
from autoqa.plan.graph import (
    ELEMENTS_FILE,
    EXPLORE_DIR,
    GRAPH_FILE,
    TRANSCRIPT_FILE,
    AuthState,
    ExploreGraph,
    Limits,
    load_graph,
)
from autoqa.plan.planner import MAX_SPECS, PlannerRun, run_planner
from autoqa.plan.planner_prompt import graph_digest, system_prompt
from autoqa.plan.smoke import smoke_drafts
from autoqa.plan.validate import CaseOutcome, ValidationContext, validate_drafts
from autoqa.plan.writer import (
    PLAN_DIR,
    PLANNER_TRANSCRIPT_FILE,
    SPECS_DIR,
    SUMMARY_FILE,
    TEST_PLAN_FILE,
    PlanWriter,
    now_iso,
)
from autoqa.results import Outcome, RunResult
from autoqa.runner.jobs import SpecJob
from autoqa.runner.run import OpenRun, PreparedRun, RunRequest, agent_options, prepare_run
from autoqa.tools.context import ToolSettings

Stage = Literal["explore", "generate", "all"]


@dataclass(frozen=True, slots=True)
class PlanRequest:
    stage: Stage
    root: Path
    """The working directory (the output folder and relative paths are resolved against it)."""
    cli: Mapping[str, Any]
    """Settings given on the command line (setting names)."""
    cli_vars: Mapping[str, str]
    environ: Mapping[str, str]
    auth_spec: str | None = None
    """A ``setup:`` spec whose storage state the crawl starts from (``--auth``)."""
    allow: tuple[str, ...] = ()
    """Risky words the crawl may act on anyway (``--allow``)."""
    source_run: str | None = None
    """``plan-generate``: the run whose ``plan-explore/explore-graph.json`` to read (an id or ``latest``)."""


@dataclass(frozen=True, slots=True)
class PlannerSummary:
    used: bool
    note: str | None = None
    """Why the model planner did not run (``--agent never``, no credentials)."""
    error: str | None = None
    cost_usd: float = 0.0
    proposals: int = 0
    accepted: int = 0
    refused: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class PlanOutcome:
    stage: Stage
    run_id: str | None = None
    run_dir: Path | None = None
    graph: ExploreGraph | None = None
    graph_path: Path | None = None
    cases: tuple[CaseOutcome, ...] = ()
    written: tuple[Path, ...] = ()
    planner: PlannerSummary | None = None
    problems: tuple[str, ...] = ()
    """What went wrong that the user must know (each makes the exit code non-zero)."""
    exit_code: ExitCode = ExitCode.OK
    run: RunResult | None = None


@dataclass(slots=True)
class _State:
    """What the plan gathered so far (the outcome is built from it however the plan ends)."""

    graph: ExploreGraph | None = None
    graph_path: Path | None = None
    cases: list[CaseOutcome] = field(default_factory=list)
    planner: PlannerSummary | None = None
    problems: list[str] = field(default_factory=list)
    infra_error: bool = False
    setup_failed: bool = False


def _under(root: Path, path: Path) -> Path:
    return path if path.is_absolute() else root / path


def _start_url(base_url: str) -> str:
    from urllib.parse import urlsplit

    return base_url if urlsplit(base_url).path not in ("", "/") else base_url.rstrip("/") + "/"


def _source_graph(request: PlanRequest, prepared_output: Path) -> tuple[ExploreGraph, Path]:
    # Resolved now: `latest` is a link that this plan's own run will move.
    run_dir = find_run_dir(prepared_output, request.source_run or "latest").resolve()
    path = run_dir / EXPLORE_DIR / GRAPH_FILE
    return load_graph(path), path


def _prepare(request: PlanRequest) -> tuple[PreparedRun, ExploreGraph | None, Path | None]:
    """Settings, the setup spec and (``plan-generate``) the graph to read: everything that can fail on bad
    input, before a browser starts."""
    from autoqa.config.loading import find_project_root, load_settings

    project_root = find_project_root(request.root)
    cli: dict[str, Any] = {**request.cli, "export_on_pass": False}  # generated specs are not exported
    graph, graph_path, auth_spec = None, None, request.auth_spec
    if request.stage == "generate":
        resolved = load_settings(project_root, env=dict(request.environ), cli=cli)
        graph, graph_path = _source_graph(request, _under(request.root, resolved.settings.output_dir))
        cli.setdefault("base_url", graph.base_url)
        if auth_spec is None and graph.auth is not None:
            auth_spec = str(_under(project_root, Path(graph.auth.spec)))
    prepared = prepare_run(
        RunRequest(
            paths=(auth_spec,) if auth_spec else (),
            root=request.root,
            cli=cli,
            cli_vars=request.cli_vars,
            keyword=None,
            environ=request.environ,
            project_root=project_root,
        )
    )
    if request.stage != "generate" and not prepared.settings.base_url:
        raise UsageError("no URL to explore", hint="pass --url http://… (or set AUTOQA_BASE_URL / base_url)")
    if auth_spec and not (prepared.jobs and prepared.jobs[0].spec.setup):
        raise UsageError(
            f"--auth {auth_spec}: not a setup spec",
            hint="the crawl starts from the storage state of a spec with `setup: NAME` in its front matter",
        )
    # The plan's run writes nothing into the project: no step cache (generated specs' cache files would
    # land in specs/.autoqa), no exported tests.
    return replace(prepared, step_cache=None), graph, graph_path


def _planner_note(request: PlanRequest, prepared: PreparedRun) -> tuple[Any, str | None]:
    """The planner's agent options, or why it will not run. ``--agent always`` without credentials is an
    error before any browser starts."""
    if request.stage == "explore":
        return None, None
    mode = prepared.settings.agent
    if mode == "never":
        return None, "--agent never: smoke and form specs only, no model planner"
    try:
        check_credentials(prepared.environ)
    except CredentialsError as exc:
        if mode == "always":
            raise CredentialsError(
                f"--agent always needs the model planner and {exc}", hint=exc.hint
            ) from None
        return None, "no model credentials: smoke and form specs only (set ANTHROPIC_API_KEY for flows)"
    return agent_options(prepared.settings, prepared.environ), None


async def run_plan(request: PlanRequest, *, warn: Callable[[str], None] | None = None) -> PlanOutcome:
    """Explore and/or generate as ``request.stage`` says. Bad input raises our errors before a browser
    starts (exit 2 / 3); everything after that becomes the outcome (see the module docstring)."""
    prepared, source_graph, source_path = _prepare(request)
    planner_options, planner_note = _planner_note(request, prepared)
    run = OpenRun(prepared, warn=warn)
    state = _State(graph=source_graph, graph_path=source_path)
    if planner_note is not None:
        state.planner = PlannerSummary(used=False, note=planner_note)
    interrupted = False
    try:
        await run.open()
    except BaseException:
        await _close_quietly(run)
        raise
    assert run.output_dir is not None
    writer = PlanWriter(run.output_dir, run.redactor)
    try:
        await _stages(request, prepared, run, writer, state, planner_options)
    except asyncio.CancelledError:
        interrupted = True
    except (BrowserError, OSError, PlaywrightError) as exc:  # the browser, or the run folder, gave out
        state.problems.append(_first_line(exc))
        state.infra_error = True
    except BaseException:
        await _close_quietly(run)  # no browser left behind, whatever went wrong
        raise
    closing = asyncio.ensure_future(run.close(interrupted=interrupted))
    while True:
        try:
            result = await asyncio.shield(closing)  # a second Ctrl-C must not cut run.json short
            break
        except asyncio.CancelledError:
            interrupted = True
            if closing.done():
                raise
    if result.missing_reports:
        state.problems.append(f"{' and '.join(result.missing_reports)} could not be written")
        state.infra_error = True
    code = _exit_code(state, interrupted)
    if not interrupted:
        try:
            _write_summary(writer, request, prepared, state, result, code)
        except OSError as exc:  # the run folder gave out at the very end: say so, never a traceback
            state.problems.append(f"could not write the plan's summary: {_first_line(exc)}")
            code = ExitCode.INFRA_ERROR
    return PlanOutcome(
        stage=request.stage,
        run_id=result.run_id,
        run_dir=result.output_dir,
        graph=state.graph,
        graph_path=state.graph_path,
        cases=tuple(state.cases),
        written=tuple(writer.written),
        planner=state.planner,
        problems=tuple(state.problems),
        exit_code=code,
        run=result,
    )


async def _close_quietly(run: OpenRun) -> None:
    if run.output_dir is not None:
        with contextlib.suppress(Exception):
            await asyncio.shield(run.close(interrupted=True))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


def _exit_code(state: _State, interrupted: bool) -> ExitCode:
    if interrupted:
        return ExitCode.INTERRUPTED
    if state.infra_error:
        return ExitCode.INFRA_ERROR
    if state.setup_failed:
        return ExitCode.SPECS_FAILED
    if state.graph is not None and state.graph.partial:
        return ExitCode.GUARDRAIL
    return ExitCode.OK


async def _stages(
    request: PlanRequest,
    prepared: PreparedRun,
    run: OpenRun,
    writer: PlanWriter,
    state: _State,
    planner_options: Any,
) -> None:
    setup = prepared.jobs[0] if prepared.jobs else None
    storage = None
    if setup is not None:
        storage = await _run_setup(run, setup, state, prepared.project_root)
        if storage is None:
            return
    if request.stage in ("explore", "all"):
        browser = await run.browser()
        await _explore(request, prepared, browser, writer, state, setup, storage)
    if request.stage in ("generate", "all") and state.graph is not None and state.graph.pages:
        await _generate(prepared, run, writer, state, planner_options)


async def _run_setup(run: OpenRun, setup: SpecJob, state: _State, root: Path) -> Path | None:
    (result,) = await run.run_jobs([setup])
    name = setup.spec.setup or ""
    storage = run.storage_state(name) if result.outcome is Outcome.PASSED else None
    if storage is None:
        why = result.reason or str(result.outcome)
        spec = _relative(setup.spec.path, root)
        state.problems.append(
            f"the setup spec {spec} did not pass ({result.outcome}: {why}): there is no logged-in state "
            "to start from"
        )
        if result.outcome is Outcome.FAILED:
            state.setup_failed = True
        else:
            state.infra_error = True
    return storage


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


async def _explore(
    request: PlanRequest,
    prepared: PreparedRun,
    browser: Any,
    writer: PlanWriter,
    state: _State,
    setup: SpecJob | None,
    storage: Path | None,
) -> None:
    settings = prepared.settings
    assert settings.base_url is not None
    width, height = settings.viewport_size
    options = CrawlOptions(
        start_url=_start_url(settings.base_url),
        max_pages=settings.explore_max_pages,
        max_depth=settings.explore_max_depth,
        timeout_s=settings.explore_timeout_s,
        allowed_origins=tuple(settings.allowed_origins)
        + ((settings.login_base_url,) if settings.login_base_url else ()),
        allow=frozenset(word.strip().lower() for word in request.allow if word.strip()),
        storage_state=storage,
        viewport=(width, height),
        tool_settings=ToolSettings.from_settings(settings),
    )
    transcript = writer.jsonl(Path(EXPLORE_DIR, TRANSCRIPT_FILE))

    def log(event: str, /, **fields: Any) -> None:
        transcript.write({"ts": now_iso(), "event": event, **fields})

    try:
        found = await crawl(browser, options, log)
    finally:
        transcript.close()
    if not found.pages:
        first = found.failed[0].error if found.failed else "nothing was recorded"
        state.problems.append(f"the start page {options.start_url} did not load: {first}")
        state.infra_error = True
    auth = None
    if setup is not None and setup.spec.setup:
        auth = AuthState(spec=_relative(setup.spec.path, prepared.project_root), name=setup.spec.setup)
    graph = _graph(writer, options, found, auth, settings.base_url)
    graph_path = writer.json(Path(EXPLORE_DIR, GRAPH_FILE), graph.model_dump(mode="json"))
    writer.json(Path(EXPLORE_DIR, ELEMENTS_FILE), _elements(graph, found))
    # Generation reads the graph as written (redacted, secrets as {{NAME}}), as plan-generate will.
    state.graph, state.graph_path = load_graph(graph_path), graph_path


def _graph(
    writer: PlanWriter, options: CrawlOptions, found: Crawl, auth: AuthState | None, base_url: str
) -> ExploreGraph:
    return ExploreGraph(
        run_id=writer.run_dir.name,
        generated_at=now_iso(),
        start_url=options.start_url,
        base_url=base_url,
        auth=auth,
        limits=Limits(max_pages=options.max_pages, max_depth=options.max_depth, timeout_s=options.timeout_s),
        pages=found.pages,
        edges=found.edges,
        failed=found.failed,
        unvisited=found.unvisited,
        guardrails=found.guardrails,
        duration_s=found.duration_s,
    )


def _elements(graph: ExploreGraph, found: Crawl) -> dict[str, Any]:
    pages = []
    for page in graph.pages:
        snapshot = found.snapshots.get(page.id)
        pages.append(
            {
                "page_id": page.id,
                "url": page.url,
                "path": page.path,
                "snapshot": snapshot.text if snapshot else None,
                "snapshot_truncated": snapshot.truncated if snapshot else None,
                "forms": [form.model_dump(mode="json") for form in page.forms],
            }
        )
    return {"run_id": graph.run_id, "generated_at": graph.generated_at, "pages": pages}


def _snapshots(graph_path: Path | None) -> dict[str, str]:
    """Page path → the recorded snapshot, from the ``explore-elements.json`` beside the graph."""
    if graph_path is None:
        return {}
    try:
        data = json.loads((graph_path.parent / ELEMENTS_FILE).read_text(encoding="utf-8"))
        return {str(p["path"]): str(p["snapshot"]) for p in data.get("pages", []) if p.get("snapshot")}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


async def _generate(
    prepared: PreparedRun, run: OpenRun, writer: PlanWriter, state: _State, planner_options: Any
) -> None:
    graph = state.graph
    assert graph is not None
    auth_names = (graph.auth.name,) if graph.auth is not None else ()
    context = ValidationContext(
        variables=prepared.resolved.variables,
        secrets=prepared.secrets,
        root=prepared.project_root,
        auth_names=auth_names,
        secrets_declared=tuple(prepared.settings.secrets),
    )
    drafts = unique_names(smoke_drafts(graph))
    if planner_options is not None:
        flows = await _plan_flows(graph, drafts, writer, state, context, planner_options)
        drafts = unique_names([*drafts, *flows])
    state.cases = await validate_drafts(run, drafts, writer, context, first_index=len(prepared.jobs))


async def _plan_flows(
    graph: ExploreGraph,
    existing: list[SpecDraft],
    writer: PlanWriter,
    state: _State,
    context: ValidationContext,
    options: Any,
) -> list[SpecDraft]:
    flows: list[SpecDraft] = []

    def propose(title: str, markdown: str) -> tuple[bool, str]:
        if len(flows) >= MAX_SPECS:
            return False, f"refused: {MAX_SPECS} specs were accepted already; answer with one line now"
        name = f"flow-{len(flows) + 1}-{slug(title, 'flow', 40)}"
        path = writer.run_dir / PLAN_DIR / SPECS_DIR / f"{name}.md"
        check = context.check(writer.redactor.text(markdown), path)
        if not check.ok:
            return False, "refused: " + "; ".join(check.problems)
        flows.append(SpecDraft(name, "flow", title or name, markdown, "planner"))
        return True, f"accepted as {name}.md: it runs once now and is kept only if it passes"

    transcript = writer.jsonl(Path(PLAN_DIR, PLANNER_TRANSCRIPT_FILE))

    def record(event: str, /, **fields: Any) -> None:
        transcript.write({"ts": now_iso(), "event": event, **fields})

    system = system_prompt(
        variables=[name for name in context.variables if name != "ENV"],
        auth_name=context.auth_names[0] if context.auth_names else None,
        max_specs=MAX_SPECS,
    )
    digest = graph_digest(graph, [d.title for d in existing])
    try:
        outcome: PlannerRun = await run_planner(
            digest, system, _snapshots(state.graph_path), options, propose, record
        )
    finally:
        transcript.close()
    if outcome.error:
        state.problems.append(outcome.error)
        state.infra_error = True
    state.planner = PlannerSummary(
        used=True,
        error=outcome.error,
        cost_usd=outcome.cost_usd,
        proposals=outcome.proposals,
        accepted=len(flows),
        refused=tuple(outcome.refused),
    )
    return flows


def _write_summary(
    writer: PlanWriter,
    request: PlanRequest,
    prepared: PreparedRun,
    state: _State,
    result: RunResult,
    code: ExitCode,
) -> None:
    graph = state.graph
    graph_file = os.path.relpath(state.graph_path, writer.run_dir) if state.graph_path else None
    generated = request.stage != "explore"
    if generated:
        cases = [
            {
                "id": case.draft.name,
                "kind": case.draft.kind,
                "title": case.draft.title,
                "source": case.draft.source,
                "status": case.status,
                "file": writer.relative(case.path),
                "outcome": str(case.outcome) if case.outcome else None,
                "reason": case.reason,
            }
            for case in state.cases
        ]
        refused = state.planner.refused if state.planner else ()
        writer.json(
            Path(PLAN_DIR, TEST_PLAN_FILE),
            {
                "run_id": result.run_id,
                "generated_at": now_iso(),
                "graph": graph_file,
                "base_url": prepared.settings.base_url,
                "auth": graph.auth.model_dump() if graph and graph.auth else None,
                "cases": cases,
                "refused_proposals": [{"title": t, "reason": r} for t, r in refused],
            },
        )
    by_kind: dict[str, dict[str, int]] = {}
    for case in state.cases:
        tally = by_kind.setdefault(case.draft.kind, {"kept": 0, "rejected": 0})
        tally[case.status] += 1
    summary: dict[str, Any] = {
        "run_id": result.run_id,
        "generated_at": now_iso(),
        "stage": request.stage,
        "base_url": prepared.settings.base_url,
        "graph": graph_file,
        "exploration": None
        if graph is None
        else {
            "pages": len(graph.pages),
            "failed": len(graph.failed),
            "unvisited": len(graph.unvisited),
            "max_depth_reached": max((p.depth for p in graph.pages), default=0),
            "duration_s": graph.duration_s,
            "partial": graph.partial,
            "guardrails": [g.model_dump() for g in graph.guardrails],
        },
        "test_plan": None
        if not generated
        else {
            "generated": len(state.cases),
            "kept": sum(1 for c in state.cases if c.status == "kept"),
            "rejected": sum(1 for c in state.cases if c.status == "rejected"),
            "by_kind": by_kind,
        },
        "planner": None
        if state.planner is None
        else {
            "used": state.planner.used,
            "note": state.planner.note,
            "error": state.planner.error,
            "cost_usd": state.planner.cost_usd,
            "proposals": state.planner.proposals,
            "accepted": state.planner.accepted,
            "refused": len(state.planner.refused),
        },
        "problems": list(state.problems),
        "exit_code": int(code),
    }
    writer.json(Path(PLAN_DIR, SUMMARY_FILE), summary)
