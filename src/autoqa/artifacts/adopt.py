"""A spec that finished in another run folder, brought into this one (``autoqa report merge``).

Its files (``<slug>/``: result.json, screenshots, snapshots, transcript, trace, video, attempts; and a
heal proposal's ``heal/<slug>/``) are copied into a folder this run claims, so the report's relative
links work from the merged run alone; every path its result holds is pointed at the copy. On the way
everything passes the run's redaction again: text files through :meth:`Redactor.text`, traces through
:func:`scrub_trace` (one that cannot be scrubbed is dropped, as in a run), the result through
:meth:`RunArtifacts.redact_result`. Links are never followed and nothing outside the source run folder
is read, whatever its run.json says.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from autoqa.artifacts.atomic import write_json_atomic, write_text_atomic
from autoqa.artifacts.redact import Redactor
from autoqa.artifacts.run_dir import SPEC_FILES, RunArtifacts
from autoqa.artifacts.serialize import spec_result_to_dict
from autoqa.artifacts.spec_artifacts import write_error_reason
from autoqa.artifacts.trace_scrub import scrub_trace
from autoqa.results import ProblemKind, SpecResult, StepResult

_TEXT = frozenset({".json", ".jsonl", ".yaml", ".yml", ".txt", ".md", ".patch", ".html", ".xml", ".log"})
HEAL = "heal"


def adopt_spec(run: RunArtifacts, result: SpecResult, source: Path, source_run_id: str) -> SpecResult:
    """Copy ``result``'s files from the run folder ``source`` into ``run``, record it in run.json and
    return it as recorded (redacted, paths relative to ``run``). File errors are reported as a run's
    are (a warning, the spec's ``artifacts.error``), never raised."""
    old_dir = result.artifacts.get("dir")
    moves: dict[str, str] = {}
    problems: list[tuple[ProblemKind, str]] = []
    dropped: dict[str, str] = {}  # destination → why it was not kept (a trace that could not be scrubbed)
    try:
        if old_dir and _contained(source, old_dir):
            folder = run.claim_spec_folder(result)
            moves[old_dir] = folder.relative_to(run.path).as_posix()
            if (source / old_dir).is_dir():
                dropped |= _copy_tree(source / old_dir, folder, run.redactor)
        heal = f"{HEAL}/{result.slug}"
        if result.slug and _contained(source, heal) and (source / heal).is_dir():
            target = run.path / HEAL / Path(moves.get(old_dir or "", result.slug)).name
            moves[heal] = target.relative_to(run.path).as_posix()
            dropped |= _copy_tree(source / heal, target, run.redactor)
    except OSError as exc:
        message = run.report_problem(
            SPEC_FILES, exc.filename or run.path, write_error_reason(exc), spec=result.slug
        )
        problems.append((ProblemKind.FILES, message))
    moved = _moved(run.path, source_run_id, moves)

    def kept(artifacts: dict[str, str]) -> dict[str, str]:
        # A trace that could not be scrubbed is dropped, never kept raw: the result no longer names it.
        paths = {kind: moved(path) for kind, path in artifacts.items()}
        return {kind: path for kind, path in paths.items() if str(run.path / path) not in dropped}

    result = replace(
        result,
        artifacts=kept(result.artifacts),
        attempts=tuple(replace(a, artifacts=kept(a.artifacts)) for a in result.attempts),
        steps=tuple(_moved_step(step, moved) for step in result.steps),
    )
    problems += [(ProblemKind.TRACE, why) for why in dropped.values()]
    for kind, message in problems:
        if result.problem(kind) is None:
            result = result.with_problem(kind, message)
    result = run.redact_result(result)
    if "result" in result.artifacts and _contained(run.path, result.artifacts["result"]):
        target = run.path / result.artifacts["result"]
        try:
            write_json_atomic(target, spec_result_to_dict(run.shown(result)))
        except OSError as exc:
            message = run.report_problem(SPEC_FILES, target, write_error_reason(exc), spec=result.slug)
            if result.problem(ProblemKind.FILES) is None:
                result = result.with_problem(ProblemKind.FILES, message)
    run.record_spec(result)
    return result


def _contained(base: Path, relative: str) -> bool:
    """Whether ``base / relative`` stays inside ``base`` (a run.json could say ``../..``)."""
    try:
        (base / relative).resolve().relative_to(base.resolve())
    except ValueError:
        return False
    return True


def _copy_tree(source: Path, target: Path, redactor: Redactor) -> dict[str, str]:
    """Copy regular files (links are skipped), redacting text and traces; returns the traces dropped
    (destination path → why)."""
    dropped: dict[str, str] = {}
    for folder, dirs, files in os.walk(source, followlinks=False):
        here = Path(folder)
        dirs[:] = [d for d in dirs if not (here / d).is_symlink()]
        out = target / here.relative_to(source)
        out.mkdir(parents=True, exist_ok=True)
        for name in files:
            src, dst = here / name, out / name
            if src.is_symlink() or not src.is_file():
                continue
            if src.suffix == ".zip":
                try:
                    scrub_trace(src, dst, redactor)
                except OSError:
                    raise
                except Exception as exc:  # corrupt zip: never keep what could not be cleaned
                    why = f"trace not kept: could not scrub it ({type(exc).__name__}: {exc})"
                    dropped[str(dst)] = why
            elif src.suffix in _TEXT:
                try:
                    text = src.read_text(encoding="utf-8")
                except UnicodeDecodeError:
                    shutil.copyfile(src, dst)
                else:
                    write_text_atomic(dst, redactor.text(text))
            else:
                shutil.copyfile(src, dst)
    return dropped


def _moved(run_path: Path, source_run_id: str, moves: dict[str, str]) -> Callable[[str], str]:
    """Maps a path a result holds to its copy: relative ones (the documented form) and absolute ones
    that name the source run's folder (heal proposals); anything else (the project's step cache, an
    exported test) is left alone."""
    marker = f"/{source_run_id}/"

    def move(value: str) -> str:
        absolute = value.startswith(("/", "~")) or Path(value).is_absolute()
        if absolute:
            cut = value.find(marker)
            if cut < 0:
                return value
            relative = value[cut + len(marker) :]
        else:
            relative = value
        for old, new in moves.items():
            if relative == old or relative.startswith(old + "/"):
                moved = new + relative[len(old) :]
                return str(run_path / moved) if absolute else moved
        return value

    return move


def _moved_artifacts(artifacts: dict[str, str], move: Callable[[str], str]) -> dict[str, str]:
    return {kind: move(path) for kind, path in artifacts.items()}


def _moved_step(step: StepResult, move: Callable[[str], str]) -> StepResult:
    if not any(call.screenshot_path or call.images for call in step.tool_calls):
        return step
    calls = tuple(
        replace(
            call,
            screenshot_path=move(call.screenshot_path) if call.screenshot_path else call.screenshot_path,
            images={kind: move(path) for kind, path in call.images.items()},
        )
        for call in step.tool_calls
    )
    return replace(step, tool_calls=calls)
