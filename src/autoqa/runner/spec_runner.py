"""One spec in one fresh browser context: set up, execute, collect evidence, tear down."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.async_api import Browser, BrowserContext, Page

from autoqa.events import EventSink
from autoqa.execute.plain import run_plain
from autoqa.execute.plain_prefix import not_in_grammar, plain_prefix_end, plain_then_agent
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.triage import Evidence, known
from autoqa.execute.verdict import with_evidence
from autoqa.results import (
    INTERRUPTED,
    ExecutorKind,
    GuardrailTrip,
    Outcome,
    SpecResult,
    StepResult,
    StepStatus,
    spec_notes,
)
from autoqa.runner.after_pass import PassedSpec
from autoqa.runner.disposition import heal_allowed, settle, with_attempts, with_budget
from autoqa.runner.jobs import SpecJob
from autoqa.runner.run_context import RunEnvironment
from autoqa.spec.model import Spec, Step
from autoqa.spec.slug import slugify_path
from autoqa.tools.baseline_files import BaselineFolder, spec_baseline_folder
from autoqa.tools.context import ToolContext
from autoqa.tools.invariants import InvariantPolicy
from autoqa.tools.origin_guard import guard_navigations
from autoqa.tools.page_watch import page_watch, seen_texts, undrained_violations
from autoqa.tools.secret_fields import secret_masks

if TYPE_CHECKING:
    from autoqa.agent.handover import Handover
    from autoqa.agent.session import AgentSession
    from autoqa.artifacts.run_dir import SpecArtifacts
    from autoqa.execute.replay import ReplayResult


def _viewport(text: str) -> dict[str, int]:
    width, _, height = text.lower().partition("x")
    return {"width": int(width), "height": int(height)}


def _base_url(job: SpecJob, env: RunEnvironment) -> str | None:
    return job.spec.base_url or env.base_url


def _upload_dir(env: RunEnvironment) -> Path | None:
    """``upload_dir`` (relative to the project root), or None: with no folder configured, uploads are refused
    rather than reading from the project, where .env files and keys live."""
    configured = env.settings.upload_dir
    if configured is None:
        return None
    return (configured if configured.is_absolute() else env.root / configured).resolve()


def _baselines(job: SpecJob, env: RunEnvironment) -> BaselineFolder:
    """The spec's visual baselines, beside its step cache (named by the same slug)."""
    return spec_baseline_folder(env.settings.cache_dir, slugify_path(job.spec.path, env.root), env.root)


def _allowed_origins(job: SpecJob, env: RunEnvironment) -> tuple[str, ...]:
    """``allowed_origins``, plus the run's base URL and ``login_base_url`` when the spec has a base URL
    (its own may differ: a spec on the login origin still returns to the app, and the other way round)."""
    configured = tuple(env.settings.allowed_origins) + env.extra_allowed_origins
    if not _base_url(job, env):
        return configured  # no base URL: any origin, unless some were configured
    return configured + tuple(url for url in (env.base_url, env.settings.login_base_url) if url)


def _invariants(job: SpecJob, env: RunEnvironment) -> InvariantPolicy:
    """The run's invariants with the spec's front matter on top; error text the spec itself mentions is
    the spec's to check (``tools/invariants.py``)."""
    spec, settings = job.spec, env.settings
    return InvariantPolicy.build(
        configured=settings.invariants,
        overrides=spec.invariants,
        allowed_failed_requests=(*settings.allowed_failed_requests, *spec.allowed_failed_requests),
        error_text=(*settings.error_text, *spec.error_text),
        spec_texts=[text for step in spec.steps for text in (step.text, *step.expected, *step.notes)],
    )


async def run_spec(browser: Browser, job: SpecJob, env: RunEnvironment) -> SpecResult:
    """Never raises for spec problems: every failure becomes a result (cancellation still propagates)."""
    return await finish_attempt(job, env, await run_attempt(browser, job, env))


AgentStart = asyncio.Task["AgentSession"]
"""An agent spec's Claude Code session being started before its browser and page (:func:`start_agent`)."""


def start_agent(job: SpecJob, env: RunEnvironment) -> AgentStart | None:
    """For an agent job, start its Claude Code session now: the CLI's start (~0.5 s before it takes the
    first message) then overlaps the browser's launch and the spec's new page. None for other jobs (a
    replay reaches the model only to heal) and for an ``auth:`` spec with no logged-in state (not run).
    Whoever starts it ends it with :func:`close_agent`, whether or not the spec ran."""
    if job.executor is not ExecutorKind.AGENT or env.agent_options is None or _auth_state_missing(job, env):
        return None
    options = env.agent_options

    async def start() -> AgentSession:
        if env.agent_sdk_loaded is not None:  # importing it here would block the event loop meanwhile
            with contextlib.suppress(Exception):  # a failed import fails again below, as a result
                await asyncio.shield(env.agent_sdk_loaded)
        from autoqa.agent.session import AgentSession

        session = AgentSession(
            job.spec,
            options,
            base_url=_base_url(job, env),
            secrets=job.secrets,
            events=env.events,
            handover=_plain_handover(job),
        )
        session.connect()
        return session

    return asyncio.ensure_future(start())


async def close_agent(start: AgentStart) -> None:
    """End a session from :func:`start_agent`: its CLI and workspace (nothing is left if the spec never
    ran, e.g. when the browser did not start; a no-op after the session ran)."""
    if not start.done():
        start.cancel()  # it is at most waiting for the SDK's import: no session exists yet
    with contextlib.suppress(BaseException):
        await asyncio.wait([start])
    if start.cancelled() or start.exception() is not None:
        return
    closing = asyncio.ensure_future(start.result().close())
    interrupted = False
    while True:  # a Ctrl-C meanwhile must not leave the CLI running: close first, then pass it on
        try:
            await asyncio.shield(closing)
            break
        except asyncio.CancelledError:
            if closing.done():
                break
            interrupted = True
        except Exception:  # nothing more to end: the spec's result stands
            break
    if interrupted:
        raise asyncio.CancelledError


def _auth_state_missing(job: SpecJob, env: RunEnvironment) -> bool:
    if not job.spec.auth:
        return False
    state = env.auth_dir / f"{job.spec.auth}.json" if env.auth_dir else None
    return state is None or not state.is_file()


@dataclass(frozen=True, slots=True)
class PendingAttempt:
    """One run of a spec that ended but is not written yet: the runner decides whether it is the spec's
    result (:func:`finish_attempt`) or an attempt to retry (:func:`retire_attempt`)."""

    result: SpecResult
    artifacts: SpecArtifacts | None
    started: float


async def run_attempt(
    browser: Browser, job: SpecJob, env: RunEnvironment, agent: AgentStart | None = None
) -> PendingAttempt:
    """Run ``job`` once in a fresh context (see :func:`run_spec`); ``agent``: its session, already started
    (:func:`start_agent`; the caller closes it)."""
    spec = job.spec
    started = time.monotonic()
    env.events.emit(
        "spec.started", spec=job.slug, path=str(spec.path), index=job.index, executor=job.executor
    )
    if job.executor is ExecutorKind.NONE:
        return PendingAttempt(_not_run(job), None, started)

    spec_artifacts: SpecArtifacts | None = (
        env.artifacts.open_spec(job.slug, job.index) if env.artifacts else None
    )
    context: BrowserContext | None = None
    try:
        context = await _new_context(browser, job, env, spec_artifacts)
        result = await _execute(context, job, env, spec_artifacts, agent)
    except asyncio.CancelledError:
        # Interrupted: close what we opened and let the run record the spec as not finished.
        if context is not None:
            with contextlib.suppress(BaseException):
                await asyncio.shield(context.close())
        raise
    except _NoAuthState as exc:
        result = replace(_error(job, str(exc)), triage=known(Evidence.NO_SETUP_STATE, str(exc)))
    except Exception as exc:  # infrastructure: context creation, browser gone, executor bug
        result = replace(
            _error(job, _first_line(exc)), triage=known(Evidence.INFRASTRUCTURE, _first_line(exc))
        )
    if context is not None:
        result = await _close_context(context, job, env, spec_artifacts, result)
    if not browser.is_connected() and result.outcome is not Outcome.SKIPPED:
        result = _browser_gone(result)  # a run whose browser died under it proves nothing, pass or fail
    return PendingAttempt(result, spec_artifacts, started)


class _NoAuthState(Exception):
    """An ``auth:`` spec whose setup spec did not pass: there is no logged-in state to start from."""


def _browser_gone(result: SpecResult) -> SpecResult:
    """The browser died under the spec. The failing tool's message was written for a model (it suggests
    listing tabs); the reason a person reads says what happened."""
    where = f"during step {result.failed_step}" if result.failed_step else "while the spec ran"
    reason = f"the browser process exited {where} (it crashed or was killed); the spec could not be judged"
    return replace(result, outcome=Outcome.ERROR, reason=reason, triage=known(Evidence.BROWSER_CRASH, reason))


def _page_crashed(result: SpecResult) -> SpecResult:
    where = f"during step {result.failed_step}" if result.failed_step else "while the spec ran"
    reason = (
        f"the page crashed {where} (the browser's renderer process for it died, e.g. out of memory or "
        "killed); the spec could not be judged"
    )
    return replace(result, outcome=Outcome.ERROR, reason=reason, triage=known(Evidence.PAGE_CRASH, reason))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


async def _new_context(
    browser: Browser, job: SpecJob, env: RunEnvironment, spec_artifacts: SpecArtifacts | None
) -> BrowserContext:
    settings = env.settings
    options: dict[str, Any] = {"viewport": _viewport(settings.viewport)}
    base_url = _base_url(job, env)
    if base_url:
        options["base_url"] = base_url
    if job.spec.auth:
        state = env.auth_dir / f"{job.spec.auth}.json" if env.auth_dir else None
        if state is None or not state.is_file():
            raise _NoAuthState(
                f"not run: auth: {job.spec.auth} has no logged-in state because no spec with "
                f"`setup: {job.spec.auth}` passed in this run"
            )
        options["storage_state"] = str(state)
    if spec_artifacts is not None and env.artifacts is not None and env.artifacts.policy.record_video():
        options["record_video_dir"] = str(spec_artifacts.video_dir)
    context = await browser.new_context(**options)
    context.set_default_timeout(env.tool_settings.action_timeout_ms)
    context.set_default_navigation_timeout(env.tool_settings.navigation_timeout_ms)
    if spec_artifacts is not None and env.artifacts is not None and env.artifacts.policy.record_trace():
        # DOM snapshots only: the trace viewer renders each action's page from them (our own failure
        # screenshots are kept apart); the screencast frames cost ~6% of a plain suite's wall time
        # (python -m bench main_job: 1.36x -> 1.30x of hand-written pytest-playwright).
        await context.tracing.start(screenshots=False, snapshots=True, sources=False, title=job.slug)
    return context


async def _execute(
    context: BrowserContext,
    job: SpecJob,
    env: RunEnvironment,
    spec_artifacts: SpecArtifacts | None,
    agent: AgentStart | None = None,
) -> SpecResult:
    from autoqa.record.recorder import Recorder

    crashed: set[int] = set()

    def watch_crashes(page: Page) -> None:
        page.on("crash", lambda gone: crashed.add(id(gone)))

    context.on("page", watch_crashes)  # popups too
    page = await context.new_page()
    watch_crashes(page)  # whether or not the "page" event came first: a second listener is harmless
    ctx = ToolContext(
        context=context,
        page=page,
        base_url=_base_url(job, env),
        allowed_origins=_allowed_origins(job, env),
        upload_dir=_upload_dir(env),
        secrets=dict(job.secrets.values),
        settings=env.tool_settings,
        baselines=_baselines(job, env),
        invariants=_invariants(job, env),
    )
    # Links, forms and scripts stay on the allowed origins, not only navigate. The page watch would be
    # installed by the first tool call (~0.1 s): now, beside the guard (and while an agent's CLI starts).
    await asyncio.gather(guard_navigations(ctx), page_watch(ctx, fresh=True))
    recorder = Recorder(ctx, env.ir_writer, spec_path=job.spec.path, run_id=env.run_id)

    def save_screenshot(data: bytes, hint: str) -> str | None:
        if spec_artifacts is None:
            return None
        try:
            return str(spec_artifacts.save_screenshot(data, hint))
        except OSError:  # noted by spec_artifacts and reported when the spec ends; the verdict stands
            return None

    caller = RecordingCaller(
        ctx,
        secrets=job.secrets,
        events=env.events,
        save_screenshot=save_screenshot,
        spec_slug=job.slug,
        recorder=recorder,
    )
    transcript = spec_artifacts.transcript if spec_artifacts else None
    timeout = job.spec.timeout_s or env.settings.spec_timeout_s
    # The agent session enforces the spec timeout itself (it must stop the CLI cleanly); ours is a backstop.
    outer = timeout + 30 if job.executor in (ExecutorKind.AGENT, ExecutorKind.REPLAY) else timeout
    replay = None
    try:
        async with asyncio.timeout(outer):
            if job.executor is ExecutorKind.PLAIN:
                assert job.plain is not None
                events = _PlacedSteps(env.events, job.spec, env.root)
                result = await run_plain(job.spec, job.plain, caller, events=events, slug=job.slug, ctx=ctx)
            elif job.executor is ExecutorKind.REPLAY:
                result, replay = await _replay(job, ctx, caller, env, transcript)
            elif job.executor is ExecutorKind.AGENT and (handover := _plain_handover(job)) is not None:
                result = await _plain_then_agent(job, ctx, caller, env, transcript, handover, agent)
            elif job.executor is ExecutorKind.AGENT:
                result = await _agent(job, ctx, caller, env, transcript, started=agent)
            else:  # pragma: no cover - NONE is handled before a context exists
                raise AssertionError(job.executor)
    except TimeoutError:
        result = _error(job, f"spec timeout: {timeout:g} s elapsed")
        result = replace(result, guardrail=GuardrailTrip("spec_timeout_s", timeout, timeout))
    late = undrained_violations(ctx)  # reported after the last tool call: the last step's
    if late:
        caller.note_violations(late[-1].step, [v.as_dict() for v in late])
    result = _attach_calls(result, caller)
    result = with_evidence(
        result,
        caller.calls,
        strict_negative=env.settings.negative_checks_strict(),
        seen=[entry.as_dict() for entry in seen_texts(ctx)],
    )
    if id(ctx.page) in crashed and result.outcome in (Outcome.FAILED, Outcome.ERROR):
        result = _page_crashed(result)
    if result.outcome in (Outcome.FAILED, Outcome.ERROR) and spec_artifacts is not None:
        with contextlib.suppress(Exception):
            mask = secret_masks(ctx, ctx.page)
            shot = await ctx.page.screenshot(type="jpeg", quality=70, timeout=3_000, mask=mask)
            path = spec_artifacts.save_screenshot(shot, "final")
            result = replace(result, artifacts={**result.artifacts, "screenshot": str(path)})
    if job.spec.setup and result.outcome is Outcome.PASSED and env.auth_dir is not None:
        env.auth_dir.mkdir(mode=0o700, parents=True, exist_ok=True)  # live session cookies: owner only
        await context.storage_state(path=str(env.auth_dir / f"{job.spec.setup}.json"))
    if result.outcome is Outcome.PASSED:
        passed = PassedSpec(job, recorder, replay)
        for hook in env.after_pass:
            result = await hook(passed, result)
    return result


def _plain_handover(job: SpecJob) -> Handover | None:
    """For an agent job whose first steps are plain: the model's take-over after them (they run plain),
    as the session started before the browser expects it."""
    start = plain_prefix_end(job.spec, job.plain) if job.plain is not None else None
    if start is None:
        return None
    from autoqa.agent.handover import Handover

    return Handover(start_step=start, reason=not_in_grammar(start), plain=True)


async def _plain_then_agent(
    job: SpecJob,
    ctx: ToolContext,
    caller: RecordingCaller,
    env: RunEnvironment,
    transcript: Any,
    expected: Handover,
    started: AgentStart | None,
) -> SpecResult:
    assert job.plain is not None

    async def heal(start: int, reason: str, screenshot: bytes | None) -> SpecResult:
        from autoqa.agent.handover import Handover

        handover = Handover(start_step=start, reason=reason, screenshot_jpeg=screenshot, plain=True)
        if handover == expected and started is not None:  # the session started before the browser was
            # told just this
            return await _agent(job, ctx, caller, env, transcript, started=started)
        # a plain step failed before it: a session of its own (the worker still closes the started one)
        return await _agent(job, ctx, caller, env, transcript, handover)

    return await plain_then_agent(
        job.spec,
        job.plain,
        caller,
        heal,
        ctx=ctx,
        events=_PlacedSteps(env.events, job.spec, env.root),
        slug=job.slug,
        redact=job.secrets.redact,
        may_heal=lambda failure: heal_allowed(env.settings, failure),
    )


async def _agent(
    job: SpecJob,
    ctx: ToolContext,
    caller: RecordingCaller,
    env: RunEnvironment,
    transcript: Any,
    handover: Any = None,
    started: AgentStart | None = None,
) -> SpecResult:
    if started is not None:  # the session the worker started before the browser (not a heal: it knows
        # whether plain steps come first)
        session = await asyncio.shield(started)  # cancelling the spec must not cancel it: close_agent does
        return await session.run(ctx, caller=caller, transcript=transcript)
    from autoqa.agent.session import run_agent_spec

    # The run builds agent options whenever a job may reach the model (agent or replay with healing).
    assert env.agent_options is not None, "agent job in a run without agent options"
    return await run_agent_spec(
        job.spec,
        ctx,
        env.agent_options,
        caller=caller,
        events=env.events,
        secrets=job.secrets,
        transcript=transcript,
        handover=handover,
    )


async def _replay(
    job: SpecJob, ctx: ToolContext, caller: RecordingCaller, env: RunEnvironment, transcript: Any
) -> tuple[SpecResult, ReplayResult]:
    from autoqa.execute.drift import drift_flag
    from autoqa.execute.replay import replay_then_heal

    assert job.cache_plan is not None

    async def heal(start: int, reason: str, screenshot: bytes | None) -> SpecResult:
        from autoqa.agent.handover import Handover

        handover = Handover(start_step=start, reason=reason, screenshot_jpeg=screenshot)
        return await _agent(job, ctx, caller, env, transcript, handover)

    can_heal = job.heal and env.agent_options is not None
    return await replay_then_heal(
        job.spec,
        job.cache_plan,
        caller,
        ctx=ctx,
        events=_PlacedSteps(env.events, job.spec, env.root),
        slug=job.slug,
        redact=job.secrets.redact,
        heal=heal if can_heal else None,
        after_call=drift_flag,
        strict_flags=env.settings.strict_drift,
        may_heal=lambda failure: heal_allowed(env.settings, failure),
    )


def _attach_calls(result: SpecResult, caller: RecordingCaller) -> SpecResult:
    """Give each step the tool calls the runner recorded for it (they carry the kept screenshot paths)."""
    by_step: dict[int, list[Any]] = {}
    for call in caller.calls:
        by_step.setdefault(call.step or 0, []).append(call)
    steps = tuple(replace(step, tool_calls=tuple(by_step.get(step.index, ()))) for step in result.steps)
    return replace(result, steps=steps)


async def _close_context(
    context: BrowserContext,
    job: SpecJob,
    env: RunEnvironment,
    spec_artifacts: SpecArtifacts | None,
    result: SpecResult,
) -> SpecResult:
    policy = env.artifacts.policy if env.artifacts else None
    if spec_artifacts is not None and policy is not None and policy.record_trace():
        outcome = result.outcome
        try:
            if policy.keep_trace(outcome):
                await asyncio.wait_for(context.tracing.stop(path=str(spec_artifacts.trace_path)), 30)
            else:
                await asyncio.wait_for(context.tracing.stop(), 30)
        except Exception:
            staging = spec_artifacts.dir
            if policy.keep_trace(outcome) and not staging.is_dir():  # removed or replaced under the run
                why = "Not a directory" if staging.exists() else "No such file or directory"
                spec_artifacts.note_problem(staging, why)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(context.close(), 30)
    return result


def not_run_result(
    job: SpecJob,
    reason: str | None,
    outcome: Outcome = Outcome.SKIPPED,
    *,
    executor: ExecutorKind = ExecutorKind.NONE,
) -> SpecResult:
    """A result for a spec whose steps did not (all) run: skipped, refused, interrupted or broken."""
    return SpecResult(
        path=job.spec.path,
        title=job.spec.title,
        outcome=outcome,
        executor=executor,
        reason=job.secrets.redact(reason) if reason else reason,
        steps=tuple(StepResult(s.index, s.text, StepStatus.NOT_RUN) for s in job.spec.steps),
        tags=job.spec.tags,
        slug=job.slug,
        index=job.index,
    )


def _label(path: Path, root: Path | None) -> str:
    try:
        return path.resolve().relative_to((root or Path.cwd()).resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def place_step(step: StepResult, written: Step, root: Path | None) -> StepResult:
    """``step`` with the file and line it was written in, its number there and its include chain."""
    return replace(
        step,
        source=_label(written.source, root),
        line=written.line,
        position=written.position or None,
        included_at=tuple((n, _label(path, root)) for n, path in written.included_at),
    )


def placed(result: SpecResult, spec: Spec, root: Path | None) -> SpecResult:
    """Each step result with the file and line the step was written in (an included step's own file)."""
    written = {step.index: step for step in spec.steps}
    steps = tuple(place_step(s, written[s.index], root) if s.index in written else s for s in result.steps)
    return replace(result, steps=steps)


class _PlacedSteps:
    """Adds ``where`` to a spec's ``step.started`` events: the live progress names a failing step the
    way the final failure line does (:attr:`StepResult.where`)."""

    def __init__(self, sink: EventSink, spec: Spec, root: Path | None) -> None:
        self._sink = sink
        self._spec = spec
        self._root = root

    def emit(self, kind: str, /, **fields: Any) -> None:
        if kind == "step.started":
            written = next((s for s in self._spec.steps if s.index == fields.get("step")), None)
            if written is not None:
                step = StepResult(written.index, written.text, StepStatus.NOT_RUN)
                fields["where"] = place_step(step, written, self._root).where
        self._sink.emit(kind, **fields)


def failed_where(result: SpecResult) -> str | None:
    """``step 3 (steps/login.md:7)`` for the step that failed, if one did."""
    step = next((s for s in result.steps if s.index == result.failed_step), None)
    return step.where if step is not None else None


def unfinished_result(job: SpecJob, *, interrupted: bool) -> SpecResult:
    """A job the run never finished: skipped, because the run was interrupted or stopped early."""
    return not_run_result(job, INTERRUPTED if interrupted else "not run")


def _not_run(job: SpecJob) -> SpecResult:
    return not_run_result(job, job.not_run_reason, job.not_run_outcome or Outcome.SKIPPED)


def _error(job: SpecJob, reason: str) -> SpecResult:
    return not_run_result(job, reason, Outcome.ERROR, executor=job.executor)


def _placed(job: SpecJob, env: RunEnvironment, pending: PendingAttempt) -> SpecResult:
    result = pending.result
    return replace(
        placed(result, job.spec, env.root),
        slug=job.slug,
        index=job.index,
        duration_ms=result.duration_ms or round((time.monotonic() - pending.started) * 1000, 1),
    )


async def retire_attempt(
    job: SpecJob, env: RunEnvironment, pending: PendingAttempt, number: int
) -> SpecResult:
    """Write an attempt that will be retried: its files under ``<spec>/attempt-<number>/`` (by the same
    keep policy as a failed spec), its result in run.json until the next attempt ends, and a
    ``spec.retry`` event. Returns it as written."""
    result = with_budget(_placed(job, env, pending), job.spec)
    result = settle(result, env.settings, env.quarantine)
    if env.artifacts is not None:
        result = await asyncio.to_thread(env.artifacts.finish_spec, pending.artifacts, result, attempt=number)
    env.events.emit(
        "spec.retry",
        spec=result.slug,
        path=str(result.path),
        attempt=number,
        outcome=str(result.outcome),
        reason=result.reason,
        where=failed_where(result),
        duration_ms=result.duration_ms,
        failure_class=str(result.triage.failure_class) if result.triage else None,
    )
    return result


async def finish_attempt(
    job: SpecJob, env: RunEnvironment, pending: PendingAttempt, earlier: Sequence[SpecResult] = ()
) -> SpecResult:
    """Write the spec's result: its last attempt, with the ``earlier`` ones (a pass after them is
    ``flaky``), its class and the action the policy gives it."""
    result = with_attempts(_placed(job, env, pending), earlier)
    result = settle(with_budget(result, job.spec), env.settings, env.quarantine)
    if env.artifacts is not None:
        # Trace scrubbing and moves are blocking file work: keep the event loop (other workers) free.
        result = await asyncio.to_thread(env.artifacts.finish_spec, pending.artifacts, result)
    emit_finished(env, result)
    return result


def emit_finished(env: RunEnvironment, result: SpecResult) -> None:
    """The ``spec.finished`` event every finished spec sends (the console prints it)."""
    triage = result.triage
    env.events.emit(
        "spec.finished",
        spec=result.slug,
        path=str(result.path),
        outcome=str(result.outcome),
        reason=result.reason,
        failed_step=result.failed_step,
        where=failed_where(result),
        duration_ms=result.duration_ms,
        cost_usd=result.usage.cost_usd,
        executor=result.executor,
        notes=spec_notes(result),
        failure_class=str(triage.failure_class) if triage else None,
        evidence=triage.evidence if triage else None,
        action=str(triage.action) if triage else None,
        waived=result.waived,
        attempts=len(result.attempts) + 1,
    )
