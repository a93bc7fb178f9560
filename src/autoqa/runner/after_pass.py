"""What a passing spec leaves behind, as hooks the run registers (:func:`after_pass_hooks`): the heal
report of a replay that needed the model, the `setup:` recording for exported `auth:` specs, an updated
step cache and a deterministic pytest file.

Each is best effort: a spec that passed stays passed when its export is refused or its cache cannot be
written; the reason becomes one of the result's ``problems`` (and the run's events say why). That holds for
an unexpected exception too (a bug in the exporter, say): the verdict was earned before the hook ran.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from autoqa.errors import ExportError
from autoqa.replay.cache import StepCache
from autoqa.results import ExecutorKind, FlagKind, ProblemKind, SpecResult
from autoqa.runner.jobs import SpecJob

if TYPE_CHECKING:
    from autoqa.execute.replay import ReplayResult
    from autoqa.record.recorder import Recorder
    from autoqa.runner.run_context import RunEnvironment


@dataclass(frozen=True, slots=True)
class PassedSpec:
    """What a hook may read about the spec that just passed."""

    job: SpecJob
    recorder: Recorder
    replay: ReplayResult | None = None


AfterPass = Callable[[PassedSpec, SpecResult], Awaitable[SpecResult]]
"""Takes the passing result, returns it (with artifacts or problems added). Never raises for a
file-system problem: the spec passed."""


def after_pass_hooks(env: RunEnvironment) -> tuple[AfterPass, ...]:
    """The hooks a run registers, in order, from its settings."""
    hooks: list[AfterPass] = [_describe_heals, _remember_setup(env)]
    if env.step_cache is not None:
        hooks.append(guarded(ProblemKind.STEP_CACHE, _refresh_step_cache(env), env))
    if env.export_dir is not None:
        hooks.append(guarded(ProblemKind.EXPORT, _export(env), env))
    hooks.append(guarded(ProblemKind.STEP_CACHE, _propose_heal(env), env))
    return tuple(hooks)


def guarded(kind: ProblemKind, hook: AfterPass, env: RunEnvironment) -> AfterPass:
    """``hook``, with any exception it did not expect turned into a problem of ``kind`` on the passing
    result (and a ``run.warning`` event): a bug in what a pass leaves behind must not make it an error."""

    async def run(passed: PassedSpec, result: SpecResult) -> SpecResult:
        try:
            return await hook(passed, result)
        except Exception as exc:  # reported beside the verdict, which stands
            message = f"unexpected {type(exc).__name__}: {exc}"
            env.events.emit("run.warning", message=f"{passed.job.slug}: {kind.value}: {message}")
            return result.with_problem(kind, message)

    return run


def _proposal_dir(env: RunEnvironment, result: SpecResult) -> Path | None:
    """Where a healed spec's rewritten cache and test go when heals are proposed, not applied (``heal``):
    ``<run>/heal/<spec>/``; None when they are written in place."""
    if not result.healed_steps or env.artifacts is None or env.settings.heal_mode() != "propose":
        return None
    return env.artifacts.path / "heal" / (result.slug or "spec")


def _propose_heal(env: RunEnvironment) -> AfterPass:
    async def propose(passed: PassedSpec, result: SpecResult) -> SpecResult:
        folder = _proposal_dir(env, result)
        if folder is None:
            return result
        from autoqa.export.exporter import exported_file_name
        from autoqa.runner.heal_review import ReplayFailureShot, write_proposal

        committed = {
            "proposed_step_cache": env.step_cache.path_for(passed.job.spec) if env.step_cache else None,
            "proposed_exported_test": (
                env.export_dir / exported_file_name(passed.job.spec, env.root) if env.export_dir else None
            ),
        }
        changes = [
            (old, Path(result.artifacts[kind]))
            for kind, old in committed.items()
            if old is not None and kind in result.artifacts
        ]
        replay = passed.replay
        failure = replay.failure if replay is not None else None
        shot = (
            ReplayFailureShot(replay.stopped_at, failure.screenshot.data)
            if replay is not None
            and replay.stopped_at is not None
            and failure is not None
            and failure.screenshot is not None
            and failure.screenshot.data
            else None
        )
        try:
            patch, summary = await asyncio.to_thread(write_proposal, folder, env.root, result, changes, shot)
        except OSError as exc:
            return result.with_problem(ProblemKind.STEP_CACHE, f"heal proposal: {type(exc).__name__}: {exc}")
        return replace(
            result, artifacts={**result.artifacts, "heal_patch": str(patch), "heal_review": str(summary)}
        )

    return propose


async def _describe_heals(passed: PassedSpec, result: SpecResult) -> SpecResult:
    if passed.replay is None or result.executor is not ExecutorKind.REPLAY_THEN_AGENT:
        return result
    from autoqa.execute.heal_report import healed_steps
    from autoqa.execute.replay import with_heal_details

    healed = tuple(healed_steps(passed.replay, passed.recorder.records))
    return replace(with_heal_details(result, healed, result.summary), healed_steps=healed)


def _remember_setup(env: RunEnvironment) -> AfterPass:
    async def remember(passed: PassedSpec, result: SpecResult) -> SpecResult:
        spec = passed.job.spec
        if spec.setup:
            env.setup_recordings[spec.setup] = (spec, tuple(passed.recorder.records))
        return result

    return remember


def _refresh_step_cache(env: RunEnvironment) -> AfterPass:
    cache = env.step_cache
    assert cache is not None

    async def refresh(passed: PassedSpec, result: SpecResult) -> SpecResult:
        # A drifted pass keeps the old cache: rewriting it would make the drift vanish unreviewed.
        if any(flag.kind is FlagKind.DRIFT for step in result.steps for flag in step.flags):
            return result
        job = passed.job
        proposal = _proposal_dir(env, result)
        target = cache if proposal is None else StepCache(proposal / "cache", root=cache.root)
        try:
            path = await asyncio.to_thread(
                target.update,
                job.spec,
                passed.recorder.records,
                result,
                previous=job.cache_plan,
                secrets=job.secrets,
            )
        except (OSError, ValueError) as exc:
            return result.with_problem(ProblemKind.STEP_CACHE, f"{type(exc).__name__}: {exc}")
        if path is None:
            return result
        if proposal is not None:  # the committed cache stays as it is until the patch is applied
            return replace(result, artifacts={**result.artifacts, "proposed_step_cache": str(path)})
        return replace(result, artifacts={**result.artifacts, "step_cache": str(path)})

    return refresh


def _export(env: RunEnvironment) -> AfterPass:
    async def export(passed: PassedSpec, result: SpecResult) -> SpecResult:
        proposal = _proposal_dir(env, result)
        out_dir = env.export_dir if proposal is None else proposal / "tests"
        path, problem = await asyncio.to_thread(_write_export, passed, env, out_dir)
        if problem is not None:
            return result.with_problem(ProblemKind.EXPORT, problem)
        if proposal is not None:
            return replace(result, artifacts={**result.artifacts, "proposed_exported_test": str(path)})
        return replace(result, artifacts={**result.artifacts, "exported_test": str(path)})

    return export


def _write_export(
    passed: PassedSpec, env: RunEnvironment, out_dir: Path | None = None
) -> tuple[Path | None, str | None]:
    from autoqa.export.builder import SetupRecording
    from autoqa.export.exporter import export_spec, exported_file_name

    assert env.export_dir is not None
    job = passed.job
    setup = None
    if job.spec.auth:
        recorded = env.setup_recordings.get(job.spec.auth)
        if recorded is not None:
            setup = SetupRecording(*recorded)
    try:
        path = export_spec(
            job.spec,
            passed.recorder.records,
            out_dir or env.export_dir,
            root=env.root,
            setup=setup,
            base_url=job.spec.base_url or env.base_url,
            secrets=job.secrets.values,
        )
    except ExportError as exc:
        env.events.emit("export.refused", spec=job.slug, step=exc.step, reason=str(exc))
        _drop_stale_export(env.export_dir / exported_file_name(job.spec, env.root))
        return None, str(exc)
    except OSError as exc:
        return None, f"{type(exc).__name__}: {exc}"
    env.events.emit("export.written", spec=job.slug, path=str(path))
    return path, None


_GENERATED = "by autoqa — do not edit."


def _drop_stale_export(path: Path) -> None:
    """An earlier run's exported test for a spec whose export was now refused must not look current:
    remove it, but only a file autoqa wrote (its header says so)."""
    try:
        if _GENERATED in path.read_text(encoding="utf-8", errors="replace")[:2_000]:
            path.unlink()
    except OSError:
        return
