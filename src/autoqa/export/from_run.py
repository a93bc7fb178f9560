"""``autoqa export <run-id | latest | spec.md>``: turn a finished run's recording into pytest files.

The run folder keeps ``ir.jsonl`` (every recorded action) and ``run.json`` (which specs passed). Specs
are loaded again from their files, so the step comments match what is on disk now; a spec whose steps
changed since the run is refused by the exporter (a step without recorded calls).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from autoqa.errors import ExportError, UsageError
from autoqa.export.builder import SetupRecording
from autoqa.export.exporter import export_spec
from autoqa.record.ir import read_ir, records_for
from autoqa.spec.model import Spec


@dataclass(frozen=True, slots=True)
class ExportOutcome:
    spec_path: Path
    written: Path | None = None
    error: str | None = None


def find_run_dir(output_root: Path, target: str) -> Path:
    """A run folder named by id, ``latest``, or the newest run that holds spec file ``target``."""
    if (output_root / target / "run.json").is_file():
        return output_root / target
    runs = (
        sorted((p for p in output_root.iterdir() if (p / "run.json").is_file()), reverse=True)
        if (output_root.is_dir())
        else []
    )
    if target.endswith(".md"):
        wanted = Path(target).resolve()
        for run in runs:
            if wanted in _passed_specs(run):
                return run
        raise UsageError(f"no run in {output_root} has a passing run of {target}")
    raise UsageError(f"no run {target!r} in {output_root}", hint="see `autoqa runs list`")


def _passed_specs(run_dir: Path) -> list[Path]:
    data = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    root = Path(os.path.expanduser(data.get("root") or "."))
    out = []
    for spec in data.get("specs", []):
        if spec.get("outcome") == "passed":
            path = Path(spec["path"])
            out.append((path if path.is_absolute() else root / path).resolve())
    return out


def export_run(
    run_dir: Path,
    load: Callable[[Path], Spec],
    out_dir: Path,
    *,
    only: Sequence[Path] = (),
    root: Path | None = None,
    base_url: str | None = None,
) -> list[ExportOutcome]:
    """Export every passing spec of ``run_dir`` (or those in ``only``) with ``load`` reading spec files."""
    records = read_ir(run_dir / "ir.jsonl") if (run_dir / "ir.jsonl").is_file() else []
    passed = _passed_specs(run_dir)
    wanted = [p.resolve() for p in only] or passed
    specs: dict[Path, Spec] = {}
    outcomes: list[ExportOutcome] = []
    for path in passed:
        try:
            specs[path] = load(path)
        except Exception as exc:  # a spec that no longer parses is reported, the others still export
            if path in wanted:
                outcomes.append(ExportOutcome(path, error=f"cannot load the spec: {exc}"))
    setups = {
        spec.setup: SetupRecording(spec, records_for(records, path))
        for path, spec in specs.items()
        if spec.setup
    }
    for path in wanted:
        spec = specs.get(path)
        if spec is None:
            if not any(o.spec_path == path for o in outcomes):
                outcomes.append(ExportOutcome(path, error="the spec did not pass in this run"))
            continue
        try:
            written = export_spec(
                spec,
                records_for(records, path),
                out_dir,
                root=root,
                setup=setups.get(spec.auth) if spec.auth else None,
                base_url=base_url,
            )
        except ExportError as exc:
            outcomes.append(ExportOutcome(path, error=str(exc)))
        else:
            outcomes.append(ExportOutcome(path, written=written))
    return outcomes
