"""``autoqa report merge``: the run folders of several shards (or of runs of different specs) as one run.

The merged run is a run folder like any other, so ``autoqa runs list`` lists it and ``latest`` points
at it: ``run.json`` with the summary recomputed from the specs kept, each spec's outcome, failure class,
flaky state and attempts as its shard recorded them, and ``merged_from`` naming the parts;
``junit.xml``, ``report.html`` and the GitHub job summary from the writers a run uses (annotations are
left to the shards' jobs, which printed them); each spec's files copied beside them. Which runs merge,
and which copy of a spec is kept, is :mod:`autoqa.artifacts.shard_runs`. The exit code is a run's
(:func:`~autoqa.exit_codes.exit_code_for`): a shard that did not finish makes the merged run
interrupted (130), never green.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, get_args

from autoqa.artifacts.adopt import adopt_spec
from autoqa.artifacts.policy import ArtifactPolicy
from autoqa.artifacts.redact import Redactor
from autoqa.artifacts.run_dir import RunArtifacts
from autoqa.artifacts.shard_runs import MergePlan, PartRun, plan_merge
from autoqa.config.settings import ArtifactsMode, RecordingMode, Settings, ToolContextMode
from autoqa.exit_codes import ExitCode, exit_code_for
from autoqa.results import RunResult
from autoqa.runner.reporting import finish_and_report


@dataclass(frozen=True, slots=True)
class MergedRun:
    run: RunResult
    """As written: redacted, paths relative to :attr:`path`."""
    path: Path
    """The merged run's folder."""
    plan: MergePlan
    exit_code: ExitCode


def merge_runs(
    folders: Sequence[Path],
    output_root: Path,
    *,
    redactor: Redactor,
    env: Mapping[str, str] | None = None,
    warn: Callable[[str], None] | None = None,
) -> MergedRun:
    """Merge the runs in ``folders`` into a new run folder under ``output_root``.

    ``env`` decides the GitHub job summary as for a run; ``warn`` gets a line per kind of file that
    could not be written.

    Raises:
        UsageError: the folders are not parts of one suite (:func:`plan_merge`).
        ConfigError: the output folder cannot take a run.
    """
    plan = plan_merge(folders)
    first = plan.parts[0]
    artifacts = RunArtifacts.create(
        output_root,
        _policy(first),
        redactor,
        config_snapshot=_config(first),
        versions=first.document.get("versions") if isinstance(first.document.get("versions"), dict) else {},
        root=Path(os.path.expanduser(str(first.document.get("root") or "."))),
        started=plan.started_ts,
    )
    artifacts.on_problem = warn
    artifacts.merged_from = [part.record() for part in plan.parts]
    artifacts.events.emit("run.merged", run_id=artifacts.run_id, parts=artifacts.merged_from)
    specs = tuple(
        adopt_spec(artifacts, kept.result, kept.part.folder, kept.part.run.run_id) for kept in plan.specs
    )
    run = RunResult(
        run_id=artifacts.run_id,
        specs=specs,
        duration_ms=plan.duration_ms,
        interrupted=bool(plan.unfinished),
        output_dir=artifacts.path,
    )
    finish_and_report(artifacts, run, env=env, annotate_failures=False)
    run = replace(run, missing_reports=artifacts.missing_reports)
    return MergedRun(run, artifacts.path, plan, exit_code_for(run))


def _config(part: PartRun) -> dict[str, Any]:
    """The first part's effective configuration, minus its shard: the merged run is the whole suite."""
    config = part.document.get("config")
    if not isinstance(config, dict):
        return {}
    values = dict(config.get("values") or {}) if isinstance(config.get("values"), dict) else {}
    sources = dict(config.get("sources") or {}) if isinstance(config.get("sources"), dict) else {}
    values["shard"] = None
    sources.pop("shard", None)
    return {**config, "values": values, "sources": sources}


def _policy(part: PartRun) -> ArtifactPolicy:
    """The first part's keep policy as its run.json records it (the defaults when it is unreadable)."""
    recorded = part.document.get("policy")
    fallback = ArtifactPolicy.from_settings(Settings.model_validate({}))
    if not isinstance(recorded, dict):
        return fallback
    allowed = {
        "artifacts": get_args(ArtifactsMode),
        "trace": get_args(RecordingMode),
        "video": get_args(RecordingMode),
        "tool_context": get_args(ToolContextMode),
    }
    chosen = {key: recorded.get(key, getattr(fallback, key)) for key in allowed}
    if any(value not in allowed[key] for key, value in chosen.items()):
        return fallback
    return ArtifactPolicy(**chosen)
