"""A whole run as a library: resolve settings once, load and plan every spec, run the pool, write reports.

``prepare_run`` does everything that can fail on bad input (exit 2) before any browser starts;
``execute_run`` (or :class:`OpenRun` for jobs submitted over time) does the browser work. Rendering on a
terminal lives in :mod:`autoqa.console`, which only the CLI imports.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from playwright.async_api import Browser, async_playwright

from autoqa.browser import connect_browser, launch_browser, require_ffmpeg, resolve_browser
from autoqa.config.loading import ResolvedSettings, find_project_root, load_settings
from autoqa.config.quarantine import Quarantine, load_quarantine, quarantine_file
from autoqa.config.settings import Settings
from autoqa.errors import AutoQAWarning, CredentialsError, SpecError
from autoqa.events import EventSink, FanoutSink, NullSink
from autoqa.exit_codes import exit_code_for
from autoqa.results import ExecutorKind, RunResult, SpecResult
from autoqa.runner.after_pass import after_pass_hooks
from autoqa.runner.jobs import SpecJob
from autoqa.runner.planning import needs_agent, plan_job, shard
from autoqa.runner.pool import WorkerPool
from autoqa.runner.run_context import RunEnvironment
from autoqa.runner.spec_runner import unfinished_result
from autoqa.secrets import SecretSet
from autoqa.spec.discovery import discover_specs, matches_tags
from autoqa.spec.loader import load_spec, spec_secrets
from autoqa.spec.model import Spec
from autoqa.tools.context import ToolSettings

if TYPE_CHECKING:
    from autoqa.replay.cache import StepCache
    from autoqa.runner.driver import DriverStart


@dataclass(frozen=True, slots=True)
class RunRequest:
    paths: tuple[str, ...]
    root: Path
    """The working directory: relative spec paths and the output folder are resolved against it."""
    cli: Mapping[str, Any]
    cli_vars: Mapping[str, str]
    keyword: str | None
    environ: Mapping[str, str]
    project_root: Path | None = None
    """Where config files and ``steps/`` libraries are looked up (default: found from ``root``)."""
    origin: str = "cli"
    """Who set the ``cli`` values, for their source labels: ``cli`` (by flag), ``autoqa.run``, ``pytest``."""


@dataclass(frozen=True, slots=True)
class PreparedRun:
    resolved: ResolvedSettings
    root: Path
    project_root: Path
    jobs: tuple[SpecJob, ...]
    secrets: SecretSet
    agent_note: str | None = None
    environ: Mapping[str, str] = field(default_factory=dict)
    step_cache: StepCache | None = None
    quarantine: Quarantine | None = None
    """``<cache_dir>/quarantine.toml``: specs that run and are reported but do not fail the run."""
    warnings: tuple[str, ...] = ()
    """What the user should fix though the run can go on (config and spec problems); each is shown
    once when the run opens."""

    @property
    def settings(self) -> Settings:
        return self.resolved.settings


def _keyword_match(spec: Spec, keyword: str | None) -> bool:
    if not keyword:
        return True
    haystack = f"{spec.path} {spec.title}".lower()
    return any(word.strip().lower() in haystack for word in keyword.split(",") if word.strip())


def _agent_available(environ: Mapping[str, str]) -> tuple[bool, str]:
    from autoqa.agent.credentials import check_credentials

    try:
        return True, check_credentials(environ)
    except CredentialsError as exc:
        return False, str(exc)


def prepare_run(request: RunRequest, *, skip_agent_without_credentials: bool = False) -> PreparedRun:
    """Everything that can fail on bad input, before a browser starts. Raises our errors (exit 2 / 3)."""
    project_root = request.project_root or find_project_root(request.root)
    cli = dict(request.cli)
    if request.cli_vars:
        cli["vars"] = dict(request.cli_vars)
    resolved = load_settings(project_root, env=dict(request.environ), cli=cli, origin=request.origin)
    settings = resolved.settings
    merged_env = dict(resolved.environ)  # the process environment over .env files
    variables = dict(resolved.variables)
    paths = discover_specs(
        request.paths,
        project_root,
        cwd=request.root,
        include=settings.include_patterns,
        exclude=settings.exclude_patterns,
    )
    specs: list[Spec] = []
    problems: list[SpecError] = []
    for path in paths:
        try:
            specs.append(
                load_spec(path, variables=variables, secrets_declared=settings.secrets, root=project_root)
            )
        except SpecError as exc:
            problems.append(exc)
    if problems:
        first = problems[0]
        if len(problems) > 1:
            listing = "\n  ".join(str(p) for p in problems)
            raise SpecError(f"{len(problems)} specs have problems:\n  {listing}")  # each with its hint
        raise first
    specs = [s for s in specs if matches_tags(s.tags, settings.tags) and _keyword_match(s, request.keyword)]
    run_secrets = resolved.secret_values
    agent_mode = settings.agent
    cache = _step_cache(settings, project_root)
    quarantine = load_quarantine(quarantine_file(settings.cache_dir, project_root), project_root)
    cache_plans = [cache.lookup(spec) for spec in specs]
    available, note = True, None
    if needs_agent(specs, agent_mode, cache_plans):
        available, note = _agent_available(merged_env)
        # --agent always asked for the model for every spec: without it, nothing can run. Otherwise the
        # specs that need it are named as needs_agent (exit 4) and the others run.
        if not available and agent_mode == "always" and not skip_agent_without_credentials:
            raise CredentialsError(
                f"--agent always needs the model and {note}",
                hint="set ANTHROPIC_API_KEY (or log in to Claude Code), or use --agent never to run only "
                "plain-grammar specs",
            )
    jobs = [
        plan_job(
            index,
            spec,
            spec_secrets(spec, variables).merged(run_secrets.values),
            agent_mode=agent_mode,
            agent_available=available,
            agent_unavailable_reason=note or "",
            cache_plan=plan,
        )
        for index, (spec, plan) in enumerate(zip(specs, cache_plans, strict=True))
    ]
    if settings.video != "off" and not settings.connect and jobs:
        require_ffmpeg(merged_env)  # before any browser: a missing ffmpeg otherwise fails every spec
    if settings.shard:
        shard_index, shard_count = (int(x) for x in str(settings.shard).split("/"))
        jobs = shard(jobs, shard_index, shard_count)
    warnings = (*resolved.warnings, *literal_secret_warnings(jobs), *quarantine.stale())
    return PreparedRun(
        resolved,
        request.root,
        project_root,
        tuple(jobs),
        run_secrets,
        note,
        merged_env,
        step_cache=cache,
        quarantine=quarantine,
        warnings=warnings,
    )


def literal_secret_warnings(jobs: Sequence[SpecJob]) -> list[str]:
    """A step that holds a secret's value as written (not ``{{NAME}}``): it is kept out of the cache and
    the exported test, but it sits in the spec file, which is usually committed."""
    found: list[str] = []
    for job in jobs:
        for step in job.spec.steps:
            for clause in (step.raw_text or step.text, *step.expected):
                names = job.secrets.names_in(clause)
                if names:
                    placeholders = ", ".join(f"{{{{{name}}}}}" for name in names)
                    found.append(
                        f"{job.spec.path}: step {step.index} holds the value of a secret as written; "
                        f"write {placeholders} instead"
                    )
                    break
    return found


def _python_warning(message: str) -> None:
    """Library callers (``autoqa.run``, the pytest plugin) get Python warnings; the CLI prints its own."""
    import warnings

    warnings.warn(message, AutoQAWarning, stacklevel=3)


def _under(root: Path, path: Path) -> Path:
    return path if path.is_absolute() else root / path


def _step_cache(settings: Settings, project_root: Path) -> StepCache:
    """The committed step cache (``cache_dir``, relative to the project root)."""
    from autoqa.replay.cache import StepCache

    return StepCache(_under(project_root, settings.cache_dir), root=project_root)


async def execute_run(
    prepared: PreparedRun,
    *,
    events: EventSink | None = None,
    annotations: TextIO | None = None,
    warn: Callable[[str], None] | None = None,
    driver: DriverStart | None = None,
) -> RunResult:
    """Run the planned jobs; returns even when interrupted (``RunResult.interrupted``).

    ``warn`` gets a line for each kind of artifact the run could not write (once per kind); the run goes
    on regardless, and ``RunResult.missing_reports`` names run.json / junit.xml if they are missing.
    ``driver``: the Playwright driver the CLI started early, on the loop this runs on (else one starts).
    """
    run = OpenRun(prepared, events=events, annotations=annotations, warn=warn, driver=driver)
    interrupted = False
    try:
        await run.open()
        await run.run_jobs(prepared.jobs)
    except asyncio.CancelledError:  # Ctrl-C / SIGTERM, also while Playwright is still starting
        interrupted = True
    closing = asyncio.ensure_future(run.close(interrupted=interrupted))
    while True:
        try:
            # A second signal must not cut the reports short: run.json and junit.xml are what CI reads.
            return await asyncio.shield(closing)
        except asyncio.CancelledError:
            if closing.done():
                raise
            continue


class OpenRun:
    """A run between :meth:`open` and :meth:`close`: one run folder, one browser pool, one report.

    Jobs may be submitted in several calls to :meth:`run_jobs` (the pytest plugin submits one item at a
    time); each worker's browser starts once for the whole run.
    """

    def __init__(
        self,
        prepared: PreparedRun,
        *,
        events: EventSink | None = None,
        annotations: TextIO | None = None,
        warn: Callable[[str], None] | None = None,
        driver: DriverStart | None = None,
    ) -> None:
        self.prepared = prepared
        self._driver = driver
        self._events = events
        self._annotations = annotations
        self._warn = warn or _python_warning
        self._started = time.monotonic()
        self._submitted: dict[int, SpecJob] = {}
        self._playwright: Any = None
        self._playwright_manager: Any = None
        self._pool: WorkerPool | None = None
        self._artifacts: Any = None
        self._env: RunEnvironment | None = None
        self._preload: asyncio.Future[Any] | None = None

    async def open(self) -> None:
        from autoqa.artifacts.policy import ArtifactPolicy
        from autoqa.artifacts.redact import Redactor
        from autoqa.artifacts.run_dir import RunArtifacts, new_run_id
        from autoqa.record.ir import IRWriter

        prepared = self.prepared
        settings = prepared.settings
        policy = ArtifactPolicy.from_settings(settings)
        redactor = Redactor.from_environment(prepared.secrets, prepared.environ, Path.home())
        output_root = Path(settings.output_dir)
        if not output_root.is_absolute():
            output_root = prepared.root / output_root
        artifacts = self._artifacts = RunArtifacts.create(
            output_root,
            policy,
            redactor,
            run_id=new_run_id(),
            config_snapshot=_config_snapshot(prepared.resolved),
            root=prepared.root,
        )
        artifacts.on_problem = self._warn
        for warning in prepared.warnings:
            self._warn(warning)
            artifacts.events.emit("run.warning", message=warning)
        sink = FanoutSink(artifacts.events, self._events or NullSink())
        env = self._env = RunEnvironment(
            settings=settings,
            root=prepared.project_root,
            base_url=settings.base_url,
            tool_settings=ToolSettings.from_settings(settings),
            events=sink,
            artifacts=artifacts,
            # Created only when a setup spec saves its state: a run that never gets that far (or is killed)
            # leaves nothing behind in the system's temp folder.
            auth_dir=Path(tempfile.gettempdir()) / f"autoqa-auth-{artifacts.run_id}-{os.getpid()}",
            agent_options=_agent_options(prepared)
            if any(j.executor in (ExecutorKind.AGENT, ExecutorKind.REPLAY) for j in prepared.jobs)
            else None,
            ir_writer=IRWriter(artifacts.path / "ir.jsonl", redact=redactor.secrets.redact),
            step_cache=prepared.step_cache,
            export_dir=_under(prepared.project_root, settings.export_dir)
            if settings.export_on_pass
            else None,
            run_id=artifacts.run_id,
            quarantine=prepared.quarantine,
        )
        env.after_pass = after_pass_hooks(env)
        sink.emit(
            "run.started", run_id=artifacts.run_id, spec_count=len(prepared.jobs), base_url=settings.base_url
        )
        if any(job.executor is ExecutorKind.AGENT for job in prepared.jobs):
            # The SDK takes ~1.7 s to import: done in a thread while Playwright and the browser start, the
            # first agent spec finds it loaded (python -m bench fixed_costs). Not for replays, which
            # reach the model only to heal.
            self._preload = asyncio.ensure_future(
                asyncio.to_thread(importlib.import_module, "claude_agent_sdk")
            )
            env.agent_sdk_loaded = self._preload
        if self._driver is not None:  # started before the CLI's imports and planning (runner/driver.py)
            self._playwright_manager, starting = self._driver.take()
            playwright = self._playwright = await starting
        else:
            self._playwright_manager = async_playwright()
            playwright = self._playwright = await self._playwright_manager.start()
        browser_path = str(settings.browser_path) if settings.browser_path else None
        choice = (
            None
            if settings.connect
            else resolve_browser(
                browser_path, env=prepared.environ, source=prepared.resolved.sources.get("browser_path")
            )
        )

        async def new_browser() -> Browser:
            if settings.connect:
                return await connect_browser(playwright, settings.connect)
            assert choice is not None
            return await launch_browser(
                playwright, choice, headless=settings.headless, slow_mo_ms=75 if settings.debug else None
            )

        self._pool = WorkerPool(env, new_browser, workers=settings.workers, fail_fast=settings.fail_fast)

    @property
    def output_dir(self) -> Path | None:
        """The run folder, once open."""
        return self._artifacts.path if self._artifacts is not None else None

    async def browser(self) -> Browser:
        """The first worker's browser, for work beside the specs (the crawl of ``autoqa plan``)."""
        assert self._pool is not None, "open() the run first"
        return await self._pool.browser(0)

    @property
    def redactor(self) -> Any:
        """The run's :class:`~autoqa.artifacts.redact.Redactor` (secrets, credentials, home), once open."""
        assert self._artifacts is not None, "open() the run first"
        return self._artifacts.redactor

    def storage_state(self, name: str) -> Path | None:
        """The storage state the passing ``setup: <name>`` spec of this run saved, or None."""
        env = self._env
        path = env.auth_dir / f"{name}.json" if env is not None and env.auth_dir is not None else None
        return path if path is not None and path.is_file() else None

    async def run_jobs(self, jobs: Sequence[SpecJob]) -> tuple[SpecResult, ...]:
        """Run ``jobs`` (setup specs first) and return their results in job order."""
        assert self._pool is not None, "open() the run first"
        self._submitted.update({job.index: job for job in jobs})
        await self._pool.run(jobs)
        return tuple(r for r in self._pool.ordered(jobs) if r.index in self._pool.results)

    async def close(self, *, interrupted: bool = False) -> RunResult:
        """End the browsers, write run.json and the reports; returns every submitted spec's result (the
        ones an interruption stopped are ``not run``)."""
        from autoqa.artifacts.run_dir import REPORTS
        from autoqa.artifacts.spec_artifacts import write_error_reason
        from autoqa.runner.reporting import finish_and_report

        assert self._env is not None, "close() a run that was opened"
        env, artifacts = self._env, self._artifacts
        if self._pool is not None:
            await self._pool.close()
        if self._preload is not None:  # a thread cannot be cancelled: let it finish, whatever it raised
            with contextlib.suppress(Exception):
                await self._preload
        if self._playwright is not None:
            with contextlib.suppress(Exception):
                await self._playwright.stop()
        elif self._playwright_manager is not None:  # interrupted while the driver was starting
            with contextlib.suppress(Exception):
                await self._playwright_manager.__aexit__(None, None, None)
        if env.auth_dir is not None:
            shutil.rmtree(env.auth_dir, ignore_errors=True)  # storage states hold live session cookies
        if interrupted and not self._submitted:  # stopped before any job started: they all count
            self._submitted = {job.index: job for job in self.prepared.jobs}
        jobs = [self._submitted[i] for i in sorted(self._submitted)]
        run = RunResult(
            run_id=artifacts.run_id,
            specs=_ordered(self._pool, jobs, interrupted=interrupted),
            duration_ms=round((time.monotonic() - self._started) * 1000, 1),
            interrupted=interrupted,
            output_dir=artifacts.path,
        )
        env.events.emit(
            "run.finished", run_id=run.run_id, exit_code=int(exit_code_for(run)), duration_ms=run.duration_ms
        )
        writer = env.ir_writer
        if writer is not None:
            writer.close()
            if writer.error is not None:
                error = writer.error
                artifacts.report_problem(REPORTS, error.filename or writer.path, write_error_reason(error))
        finish_and_report(artifacts, run, env=self.prepared.environ, annotations=self._annotations)
        return replace(run, missing_reports=artifacts.missing_reports)


def _ordered(
    pool: WorkerPool | None, jobs: Sequence[SpecJob], *, interrupted: bool
) -> tuple[SpecResult, ...]:
    if pool is not None:
        return pool.ordered(jobs, interrupted=interrupted)
    return tuple(unfinished_result(job, interrupted=interrupted) for job in jobs)


def _config_snapshot(resolved: ResolvedSettings) -> dict[str, Any]:
    """Effective settings with their sources; ``vars`` values and URLs' credentials are masked."""
    from autoqa.config.masking import mask_url

    data = resolved.settings.model_dump(mode="json")
    data["vars"] = {name: "***" for name in data.get("vars", {})}
    for key in ("base_url", "login_base_url", "connect"):
        if data.get(key):
            data[key] = mask_url(data[key])
    return {"values": data, "sources": dict(resolved.sources)}


# What the Claude Code CLI needs from our environment: credentials, endpoints, cloud-provider settings and
# its own switches (DISABLE_TELEMETRY …). Nothing else of the user's environment is passed on.
_AGENT_ENV_PREFIXES = ("ANTHROPIC_", "CLAUDE_", "AWS_", "GOOGLE_", "CLOUD_ML_", "VERTEX_", "DISABLE_")


def _agent_options(prepared: PreparedRun) -> Any:
    return agent_options(prepared.settings, prepared.environ)


def agent_options(settings: Settings, environ: Mapping[str, str]) -> Any:
    """The agent's options for a run (or the planner of ``autoqa plan``): the settings, and only the
    environment the Claude Code CLI needs."""
    from autoqa.agent.options import AgentOptions

    return AgentOptions.from_settings(
        settings,
        env={k: v for k, v in environ.items() if k.startswith(_AGENT_ENV_PREFIXES)},
        interactive=bool(settings.interactive and sys.stdin.isatty()),
    )
