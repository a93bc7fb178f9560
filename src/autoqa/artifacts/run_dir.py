"""The run folder: staging per spec, keep-or-discard when a spec ends, run.json kept valid throughout.

Layout (``<output>`` defaults to ``artifacts/``)::

    <output>/
      latest -> <run-id>          symlink, plus LATEST (a text file) for platforms without symlinks
      <run-id>/
        run.json                  every finished spec, versions, config (secrets masked); rewritten
                                  atomically after each spec, so a killed run leaves a valid file
        events.jsonl              run/spec/step/tool events, one redacted line each, flushed per line
        junit.xml, report.html    written by finish_run
        <slug>/                   one per spec that kept something (``-2``, ``-3`` on collisions)
          result.json  transcript.jsonl  screenshots/  snapshots/  trace.zip  video.webm
        .staging/<index>-<slug>-<random>/   while a spec runs; removed when it finishes

All paths inside results and reports are relative to the run folder. Writes are atomic; everything
written is redacted. The methods are synchronous (file work only): from async code call
``finish_spec`` via ``asyncio.to_thread`` if traces are large.
"""

from __future__ import annotations

import os
import platform
import re
import secrets as secrets_module
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import metadata
from pathlib import Path
from typing import Any

from autoqa.artifacts.atomic import write_json_atomic
from autoqa.artifacts.events_file import JsonlEventSink
from autoqa.artifacts.latest import point_latest
from autoqa.artifacts.policy import ArtifactPolicy, is_failing
from autoqa.artifacts.redact import Redactor
from autoqa.artifacts.serialize import (
    run_result_from_dict,
    spec_result_from_dict,
    spec_result_to_dict,
    usage_to_dict,
)
from autoqa.artifacts.spec_artifacts import SpecArtifacts, safe_name, write_error_reason
from autoqa.artifacts.trace_scrub import scrub_trace
from autoqa.errors import ConfigError
from autoqa.results import Outcome, ProblemKind, RunResult, SpecResult, StepResult, Usage

__all__ = ["RUN_SCHEMA", "RunArtifacts", "SpecArtifacts", "default_versions", "new_run_id"]

RUN_SCHEMA = 1
RUN_MARKER = ".autoqa-run"
"""Written into every run folder: ``runs clean`` deletes only folders that hold it (and our run.json)."""
STAGING = ".staging"
_RUN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
# Names a spec folder must not take: they belong to the run itself.
_RESERVED = frozenset({"run.json", "events.jsonl", "junit.xml", "report.html", STAGING, "latest", "LATEST"})
# What a failed write loses, as the run reports it (once per kind): a spec's files, run.json, the reports.
SPEC_FILES = "spec files"
RUN_JSON = "run.json"
REPORTS = "reports"


def new_run_id() -> str:
    """Sortable and unique: ``20250301-142233-9f3a1c`` (UTC time plus 24 random bits)."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets_module.token_hex(3)


def default_versions() -> dict[str, str]:
    versions = {"python": platform.python_version(), "platform": sys.platform}
    for dist, key in (
        ("autoqa-py", "autoqa"),
        ("playwright", "playwright"),
        ("claude-agent-sdk", "claude_agent_sdk"),
    ):
        try:
            versions[key] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return versions


def _iso(ts: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


class RunArtifacts:
    """Everything one run writes. Create with :meth:`create`; share between workers (thread-safe)."""

    def __init__(
        self,
        path: Path,
        run_id: str,
        policy: ArtifactPolicy,
        redactor: Redactor,
        *,
        config: dict[str, Any],
        versions: dict[str, Any],
        root: Path | None = None,
    ) -> None:
        self.path = path
        self.run_id = run_id
        self.output_root = path.parent
        self.policy = policy
        self.redactor = redactor
        self.root = root
        self.events = JsonlEventSink(path / "events.jsonl", redactor, run_id=run_id)
        self.events.path.touch()  # present from the start: an empty log is still "no events yet"
        self._config = config
        self._versions = versions
        self._started = time.time()
        self._finished: dict[tuple[int, str], SpecResult] = {}
        self._lock = threading.Lock()
        self.problems: dict[str, str] = {}
        """Kind (``SPEC_FILES``, ``RUN_JSON``, ``REPORTS``) → the first write failure of that kind."""
        self.on_problem: Callable[[str], None] | None = None
        """Called once per kind with a one-line warning (the CLI prints it on stderr)."""
        self.missing_reports: tuple[str, ...] = ()
        """What :meth:`finish_run` could not write of run.json and junit.xml (CI reads those)."""
        self._written: dict[str, Path] = {}
        self._folders: dict[int, Path] = {}
        """Spec index → its folder, so a retried spec's attempts and result share one."""
        self.merged_from: list[dict[str, Any]] | None = None
        """A merged run's parts (``autoqa report merge``), written to run.json as ``merged_from``."""

    @classmethod
    def create(
        cls,
        output_root: Path,
        policy: ArtifactPolicy,
        redactor: Redactor,
        *,
        run_id: str | None = None,
        config_snapshot: Mapping[str, Any] | None = None,
        versions: Mapping[str, Any] | None = None,
        root: Path | None = None,
        started: float | None = None,
    ) -> RunArtifacts:
        """Make ``<output_root>/<run_id>/``, write the first ``run.json`` and point ``latest`` at it.

        Args:
            output_root: the artifacts folder (``--output``; default ``artifacts``).
            run_id: defaults to :func:`new_run_id`; must be a plain name (letters, digits, ``.-_``).
            config_snapshot: the effective configuration; stored redacted (secret keys masked).
            versions: extra version info, merged over :func:`default_versions`.
            root: the project folder spec paths are shown relative to (default: the working folder).
            started: when the run started, in seconds since the epoch (default: now); a merged run
                started when its first part did.

        Raises:
            ConfigError: a bad run id, a run folder that already exists, or an unwritable output folder.
        """
        run_id = run_id or new_run_id()
        if not _RUN_ID.match(run_id) or run_id in _RESERVED:
            raise ConfigError(
                f"invalid run id {run_id!r}", key="run_id", allowed="letters, digits, '.', '-', '_' (max 100)"
            )
        path = output_root / run_id
        if output_root.exists() and not output_root.is_dir():
            raise ConfigError(
                f"the artifacts folder {output_root} is a file, not a folder",
                key="output",
                hint="point --output (output_dir) at a folder, or move the file away",
            )
        try:
            output_root.mkdir(parents=True, exist_ok=True)
            path.mkdir()
        except FileExistsError:
            raise ConfigError(
                f"run folder {path} already exists", key="run_id", hint="pick another run id"
            ) from None
        except OSError as exc:
            raise ConfigError(f"cannot create {path}: {exc.strerror or exc}", key="output") from exc
        run = cls(
            path,
            run_id,
            policy,
            redactor,
            config=redactor.value(dict(config_snapshot or {})),
            versions=redactor.value({**default_versions(), **dict(versions or {})}),
            root=root,
        )
        if started is not None:
            run._started = started
        (path / RUN_MARKER).write_text(run_id + "\n", encoding="utf-8")
        run._write_run_json("running")
        point_latest(output_root, run_id)
        return run

    # Specs -----------------------------------------------------------------------------------------

    def open_spec(self, slug: str, index: int) -> SpecArtifacts | None:
        """A fresh staging folder for one spec; unique even if two workers run the same slug.

        None when the run folder cannot take one (it was deleted, replaced or filled up): the spec still
        runs, without files, and the problem is reported.
        """
        staging = self.path / STAGING
        name = safe_name(slug, f"spec-{index}", limit=80)
        try:
            staging.mkdir(parents=True, exist_ok=True)
            folder = Path(tempfile.mkdtemp(prefix=f"{index:03d}-{name}-", dir=staging))
        except OSError as exc:
            self.report_problem(SPEC_FILES, exc.filename or staging, write_error_reason(exc), spec=slug)
            return None
        return SpecArtifacts(folder, name, index, self.redactor)

    def finish_spec(
        self, spec: SpecArtifacts | None, result: SpecResult, *, attempt: int | None = None
    ) -> SpecResult:
        """Apply the policy to what ``spec`` staged, record ``result`` in ``run.json``, return it redacted
        with ``artifacts`` filled in (paths relative to the run folder).

        Kept files move into ``<slug>/``; the trace is scrubbed of secrets on the way; everything else is
        deleted. ``spec=None`` records a spec that never ran (skipped) without any files. ``attempt``
        (an attempt that will be retried) keeps its files in ``<slug>/attempt-<n>/`` instead; the
        spec's next result replaces it in ``run.json``.

        File-system errors (a full disk) do not raise: the spec's outcome matters more than its files, so
        they are noted as ``artifacts["error"]`` and reported as an ``artifacts.error`` event.
        """
        slug = safe_name(result.slug or (spec.slug if spec else ""), f"spec-{result.index}", limit=80)
        result = replace(result, slug=slug)
        try:
            if spec is not None:
                spec.close()
                lost = [self.report_problem(SPEC_FILES, path, why, spec=slug) for path, why in spec.problems]
                try:
                    result = self._keep_files(spec, result, attempt)
                finally:
                    shutil.rmtree(spec.dir, ignore_errors=True)
                if lost:
                    result = self._noted(result, lost[0])
            elif self.policy.keep_result_file():
                folder = self._spec_folder(result, attempt)
                artifacts = {"dir": self._rel(folder), "result": self._rel(folder / "result.json")}
                result = replace(result, artifacts=artifacts)
            else:
                result = replace(result, artifacts={})
            result = self.redact_result(result)
            if "result" in result.artifacts:
                shown = spec_result_to_dict(self.shown(result))
                write_json_atomic(self.path / result.artifacts["result"], shown)
        except OSError as exc:
            result = self._file_error(result, exc)
        self.record_spec(result)
        return result

    def record_spec(self, result: SpecResult) -> None:
        """Put a finished, redacted result (paths relative to this folder) into ``run.json``; a write
        error is reported once, never raised."""
        failed: OSError | None = None
        with self._lock:
            self._finished[(result.index, result.slug)] = result
            try:
                self._write_run_json("running")
            except OSError as exc:
                failed = exc
        if failed is not None:  # reported outside the lock: report_problem takes it too
            self.report_problem(RUN_JSON, failed.filename or self.path, write_error_reason(failed))

    def report_problem(self, kind: str, path: Path | str, reason: str, *, spec: str | None = None) -> str:
        """Record a failed write: an ``artifacts.error`` event every time, a warning once per ``kind``.

        Returns the message, ``could not write artifacts to <path>: <reason>`` (redacted).
        """
        message = self.redactor.text(f"could not write artifacts to {path}: {reason}")
        self.events.emit("artifacts.error", spec=spec, kind=kind, error=message)
        with self._lock:
            first = kind not in self.problems
            self.problems.setdefault(kind, message)
        if first and self.on_problem is not None:
            self.on_problem(f"{message} ({kind})")
        return message

    def _file_error(self, result: SpecResult, exc: OSError) -> SpecResult:
        path, reason = exc.filename or self.path, write_error_reason(exc)
        return self._noted(result, self.report_problem(SPEC_FILES, path, reason, spec=result.slug))

    def _noted(self, result: SpecResult, message: str) -> SpecResult:
        """The result, redacted, with the first file problem of its spec (``artifacts.error`` on disk)."""
        clean = self.redact_result(result)
        if clean.problem(ProblemKind.FILES) is not None:
            return clean
        return clean.with_problem(ProblemKind.FILES, message)

    def _keep_files(self, spec: SpecArtifacts, result: SpecResult, attempt: int | None) -> SpecResult:
        outcome = result.outcome
        keep_files = self.policy.keep_spec_files(outcome)
        videos = sorted(spec.video_dir.glob("*.webm")) if spec.video_dir.is_dir() else []
        trace = spec.trace_path if spec.trace_path.is_file() and self.policy.keep_trace(outcome) else None
        video = videos if self.policy.keep_video(outcome) else []
        staged = [p for p in (spec.screenshots_dir, spec.snapshots_dir, spec.transcript.path) if p.exists()]
        if not (self.policy.keep_result_file() or trace or video or (keep_files and staged)):
            return self._remap(spec, result, {}, {})
        folder = self._spec_folder(result, attempt)
        moved: dict[Path, Path] = {}
        artifacts: dict[str, str] = {"dir": self._rel(folder)}
        if keep_files:
            for source in staged:
                target = folder / source.name
                shutil.move(str(source), str(target))
                moved[source.resolve()] = target
                kind = {"screenshots": "screenshots", "snapshots": "snapshots"}.get(source.name, "transcript")
                artifacts[kind] = self._rel(target)
        if trace is not None:
            try:
                scrub_trace(trace, folder / "trace.zip", self.redactor)
                artifacts["trace"] = self._rel(folder / "trace.zip")
            except Exception as exc:  # corrupt, truncated or encrypted zip, disk full: anything
                # Never keep a trace we could not clean.
                dropped = f"trace not kept: could not scrub it ({type(exc).__name__}: {exc})"
                result = result.with_problem(ProblemKind.TRACE, dropped)
        for number, source in enumerate(video, start=1):
            target = folder / ("video.webm" if number == 1 else f"video-{number}.webm")
            shutil.move(str(source), str(target))
            artifacts.setdefault("video", self._rel(target))
        if self.policy.keep_result_file():
            artifacts["result"] = self._rel(folder / "result.json")
        result = self._remap(spec, result, moved, artifacts)
        shots = folder / "screenshots"
        if "screenshot" not in result.artifacts and is_failing(outcome) and shots.is_dir():
            # The runner did not name a failure screenshot: the last one taken is the closest evidence.
            latest = max(shots.iterdir(), key=lambda p: p.name, default=None)
            if latest is not None:
                result = replace(result, artifacts={**result.artifacts, "screenshot": self._rel(latest)})
        return result

    def _remap(
        self, spec: SpecArtifacts, result: SpecResult, moved: dict[Path, Path], artifacts: dict[str, str]
    ) -> SpecResult:
        """Point staging paths held by the result (screenshot, tool-call screenshots) at their kept copies;
        drop the ones that were discarded."""
        staging = spec.dir.resolve()

        def kept(value: str | None) -> str | None:
            if not value:
                return None
            candidate = Path(value)
            absolute = (candidate if candidate.is_absolute() else staging / candidate).resolve()
            try:
                inside = absolute.relative_to(staging)
            except ValueError:
                return value  # not ours: leave it as the runner wrote it
            top = (staging / inside.parts[0]).resolve()
            if top not in moved:
                return None
            return self._rel(moved[top] / Path(*inside.parts[1:]))

        merged: dict[str, str] = {}
        for kind, value in result.artifacts.items():
            new = kept(value)
            if new is not None:
                merged[kind] = new
        merged.update(artifacts)
        steps = tuple(_remap_step(step, kept) for step in result.steps)
        return replace(result, artifacts=merged, steps=steps)

    def claim_spec_folder(self, result: SpecResult) -> Path:
        """A folder of this run for ``result``'s files, named after its slug (``-2``... when taken), as
        :meth:`finish_spec` claims one; for a spec whose files come from elsewhere (a merged shard)."""
        return self._spec_folder(result, None)

    def _spec_folder(self, result: SpecResult, attempt: int | None) -> Path:
        """The spec's folder, claimed once per spec (its attempts share it), or its ``attempt-<n>/``."""
        folder = self._folders.get(result.index)
        if folder is None:
            folder = self._folders[result.index] = self._claim_folder(result.slug)
        else:
            folder.mkdir(exist_ok=True)
        if attempt is None:
            return folder
        inner = folder / f"attempt-{attempt}"
        inner.mkdir(exist_ok=True)
        return inner

    def _claim_folder(self, slug: str) -> Path:
        base = slug if slug not in _RESERVED else f"{slug}-spec"
        for attempt in range(1, 10_000):
            folder = self.path / (base if attempt == 1 else f"{base}-{attempt}")
            try:
                folder.mkdir()
            except FileExistsError:
                continue
            return folder
        raise ConfigError(f"too many specs named {slug!r} in run {self.run_id}", key="slug")

    def _rel(self, path: Path) -> str:
        return path.relative_to(self.path).as_posix()

    def redact_result(self, result: SpecResult) -> SpecResult:
        """The same result with every text redacted (idempotent). ``path`` is left as it is: callers may
        still need to open the file; :meth:`shown` gives the form for files and reports."""
        clean = spec_result_from_dict(self.redactor.value(spec_result_to_dict(result)))
        return replace(clean, path=result.path)

    def shown(self, result: SpecResult) -> SpecResult:
        """``result`` as written to disk: spec path relative to the project, else home-shortened."""
        path = result.path
        if path.is_absolute():
            try:
                path = path.relative_to((self.root or Path.cwd()).resolve())
            except ValueError:
                path = Path(self.redactor.text(path.as_posix()))
        return replace(result, path=path)

    # The run ----------------------------------------------------------------------------------------

    def finished_specs(self) -> tuple[SpecResult, ...]:
        with self._lock:
            return tuple(sorted(self._finished.values(), key=lambda s: (s.index, s.slug)))

    def finish_run(self, run: RunResult) -> RunResult:
        """Write the final ``run.json`` and return the run as written: redacted, spec paths shown relative
        to the project. Reports are written from that value (:func:`autoqa.runner.reporting
        .finish_and_report`), then :meth:`close` ends the run folder.

        Never raises for file-system errors: what could not be written is reported (once per kind) and
        listed in :attr:`missing_reports` when :meth:`close` runs.
        """
        specs = tuple(self.shown(self.redact_result(s)) for s in run.specs)
        shown = replace(run, specs=specs, output_dir=self.path)
        status = "interrupted" if run.interrupted else "finished"
        self._written = {"events": self.events.path}

        def run_json() -> Path:
            with self._lock:
                self._finished = {(s.index, s.slug): s for s in specs}
                self._write_run_json(status, duration_ms=run.duration_ms)
            return self.path / "run.json"

        self._attempt("run_json", RUN_JSON, self.path / "run.json", run_json)
        return shown

    def write_report(self, name: str, target: Path, write: Callable[[], Path | None]) -> None:
        """Write one report file; a file-system error is reported (once per kind), never raised."""
        self._attempt(name, REPORTS, target, write)

    def _attempt(self, name: str, kind: str, target: Path, write: Callable[[], Path | None]) -> None:
        try:
            path = write()
        except OSError as exc:
            self.report_problem(kind, exc.filename or target, write_error_reason(exc))
        else:
            if path is not None:
                self._written[name] = path

    def close(self) -> dict[str, Path]:
        """Point ``latest`` at this run, note which of run.json / junit.xml are missing, close the event
        log and drop the staging folder. Returns what the run wrote, by name."""
        self.write_report("latest", self.output_root, lambda: point_latest(self.output_root, self.run_id))
        self.missing_reports = tuple(
            name
            for name, key in (("run.json", "run_json"), ("junit.xml", "junit"))
            if key not in self._written
        )
        self.events.close()
        shutil.rmtree(self.path / STAGING, ignore_errors=True)
        return dict(self._written)

    def _write_run_json(self, status: str, *, duration_ms: float | None = None) -> None:
        """Callers hold the lock (or own the object exclusively, as in ``create``)."""
        specs = [self.shown(s) for s in sorted(self._finished.values(), key=lambda s: (s.index, s.slug))]
        usage = sum((s.usage for s in specs), Usage())
        now = time.time()
        document = {
            "schema": RUN_SCHEMA,
            "run_id": self.run_id,
            "status": status,
            "started_at": _iso(self._started),
            "started_ts": self._started,
            "updated_at": _iso(now),
            "finished_at": _iso(now) if status != "running" else None,
            "duration_ms": duration_ms if duration_ms is not None else round((now - self._started) * 1000, 1),
            "pid": os.getpid(),
            "host": self.redactor.text(socket.gethostname()),
            # Spec paths below are relative to this folder (``autoqa export`` finds the specs with it).
            "root": self.redactor.text(str((self.root or Path.cwd()).resolve())),
            "versions": self._versions,
            "config": self._config,
            "policy": {
                "artifacts": self.policy.artifacts,
                "trace": self.policy.trace,
                "video": self.policy.video,
                "tool_context": self.policy.tool_context,
            },
            "summary": {"total": len(specs), **{str(o): sum(s.outcome is o for s in specs) for o in Outcome}},
            "usage": usage_to_dict(usage),
            "guardrail_trips": [
                {"spec": s.slug, "path": s.path.as_posix(), **s.guardrail.as_dict()}
                for s in specs
                if s.guardrail
            ],
            "specs": [spec_result_to_dict(s) for s in specs],
        }
        if self.merged_from is not None:
            document["merged_from"] = self.redactor.value(self.merged_from)
        write_json_atomic(self.path / "run.json", document)

    def load(self) -> RunResult:
        """The run as ``run.json`` currently records it."""
        import json

        data = json.loads((self.path / "run.json").read_text(encoding="utf-8"))
        return run_result_from_dict(data, self.path)


def _remap_step(step: StepResult, kept: Any) -> StepResult:
    if not any(call.screenshot_path or call.images for call in step.tool_calls):
        return step
    calls = tuple(
        replace(call, screenshot_path=kept(call.screenshot_path), images=_kept_images(call.images, kept))
        if call.screenshot_path or call.images
        else call
        for call in step.tool_calls
    )
    return replace(step, tool_calls=calls)


def _kept_images(images: dict[str, str], kept: Any) -> dict[str, str]:
    """A visual check's images that the policy kept (discarded ones are dropped, as screenshots are)."""
    return {kind: new for kind, path in images.items() if (new := kept(path)) is not None}
