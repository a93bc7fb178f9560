"""What a passing run leaves behind: an updated step cache and a deterministic pytest file.

Both are best effort: a spec that passed stays passed when its export is refused (the reason is kept in
the result's artifacts, and the run's events say why).
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autoqa.errors import ExportError
from autoqa.results import FlagKind, Outcome, SpecResult
from autoqa.runner.jobs import SpecJob

if TYPE_CHECKING:
    from autoqa.execute.replay import ReplayResult
    from autoqa.record.recorder import Recorder
    from autoqa.runner.run_context import RunEnvironment


async def keep_passing_run(
    job: SpecJob,
    result: SpecResult,
    recorder: Recorder,
    env: RunEnvironment,
    replay: ReplayResult | None = None,
) -> SpecResult:
    if result.outcome is not Outcome.PASSED:
        return result
    if job.spec.setup:
        env.setup_recordings[job.spec.setup] = (job.spec, tuple(recorder.records))
    artifacts = dict(result.artifacts)
    healed: tuple[dict[str, Any], ...] = result.healed_steps
    drifted = any(flag.kind is FlagKind.DRIFT for step in result.steps for flag in step.flags)
    # A drifted pass keeps the old cache: rewriting it would make the drift vanish unreviewed.
    if env.step_cache is not None and not drifted:
        from autoqa.execute.heal_report import healed_steps
        from autoqa.execute.replay import with_heal_details

        try:
            path = await asyncio.to_thread(
                env.step_cache.update, job.spec, recorder.records, result, previous=job.cache_plan
            )
            if path is not None:
                artifacts["step_cache"] = str(path)
        except (OSError, ValueError) as exc:
            artifacts["step_cache_error"] = f"{type(exc).__name__}: {exc}"
        if replay is not None and result.executor == "replay+agent":
            healed = tuple(healed_steps(replay, recorder.records))
            result = with_heal_details(result, healed, result.summary)
    if env.export_dir is not None:
        artifacts.update(await asyncio.to_thread(_export, job, recorder, env))
    return replace(result, artifacts=artifacts, healed_steps=healed)


def _export(job: SpecJob, recorder: Recorder, env: RunEnvironment) -> dict[str, str]:
    from autoqa.export.builder import SetupRecording
    from autoqa.export.exporter import export_spec, exported_file_name

    assert env.export_dir is not None

    setup = None
    if job.spec.auth:
        recorded = env.setup_recordings.get(job.spec.auth)
        if recorded is not None:
            setup = SetupRecording(*recorded)
    try:
        path = export_spec(
            job.spec,
            recorder.records,
            env.export_dir,
            root=env.root,
            setup=setup,
            base_url=job.spec.base_url or env.base_url,
            secrets=job.secrets.values,
        )
    except ExportError as exc:
        env.events.emit("export.refused", spec=job.slug, step=exc.step, reason=str(exc))
        _drop_stale_export(env.export_dir / exported_file_name(job.spec, env.root))
        return {"export_error": str(exc)}
    except OSError as exc:
        return {"export_error": f"{type(exc).__name__}: {exc}"}
    env.events.emit("export.written", spec=job.slug, path=str(path))
    return {"exported_test": str(path)}


_GENERATED = "by autoqa — do not edit."


def _drop_stale_export(path: Path) -> None:
    """An earlier run's exported test for a spec whose export was now refused must not look current:
    remove it, but only a file autoqa wrote (its header says so)."""
    try:
        if _GENERATED in path.read_text(encoding="utf-8", errors="replace")[:2_000]:
            path.unlink()
    except OSError:
        return
