"""Golden tests: each spec under golden/project/specs is loaded and compared with golden/expected/<name>.json.

The expected files hold the whole parsed structure (steps with source, line, Expected clauses, notes, the
plain-grammar actions) or the error (type, file, line, message). Regenerate after an intended change with
``UPDATE_GOLDEN=1 pytest tests/spec/test_spec_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from autoqa.errors import SpecError
from autoqa.spec.discovery import discover_specs
from autoqa.spec.grammar import parse_plain_step
from autoqa.spec.loader import load_spec
from autoqa.spec.model import Spec

GOLDEN = Path(__file__).parent / "golden"
PROJECT = GOLDEN / "project"
VARIABLES = {
    "BASE_URL": "http://127.0.0.1:8000",
    "LOGIN_BASE_URL": "http://sso.127.0.0.1.nip.io:8001",
    "ENV": "staging",
    "USERNAME": "standard_user",
    "PASSWORD": "secret_sauce",
    "ORDER_CODE": "ORD-7781",
    "EMPTY_VALUE": "",
    "SEARCH_TERM": "backpack",
}
SPECS = sorted(p for p in (PROJECT / "specs").rglob("*.md") if "steps" not in p.relative_to(PROJECT).parts)


def _rel(path: Path | None) -> str | None:
    return path.resolve().relative_to(PROJECT.resolve()).as_posix() if path is not None else None


def spec_as_json(spec: Spec) -> dict[str, Any]:
    steps = []
    for step in spec.steps:
        plain = parse_plain_step(step)
        steps.append(
            {
                "index": step.index,
                "text": step.text,
                "raw_text": step.raw_text,
                "kind": str(step.kind),
                "source": _rel(step.source),
                "line": step.line,
                "expected": list(step.expected),
                "notes": list(step.notes),
                "optional": step.optional,
                "plain": None
                if plain is None
                else [{"tool": a.tool, "args": a.args, "optional": a.optional} for a in plain.actions],
            }
        )
    return {
        "title": spec.title,
        "preconditions": list(spec.preconditions),
        "tags": list(spec.tags),
        "base_url": spec.base_url,
        "timeout_s": spec.timeout_s,
        "secrets": sorted(spec.secrets),
        "setup": spec.setup,
        "auth": spec.auth,
        "variables": dict(sorted(spec.variables.items())),
        "steps": steps,
    }


def load_as_json(path: Path) -> dict[str, Any]:
    try:
        spec = load_spec(path, variables=VARIABLES, root=PROJECT)
    except SpecError as exc:
        return {
            "error": {
                "type": type(exc).__name__,
                "file": _rel(exc.path),
                "line": exc.line,
                "message": exc.reason,
                "hint": exc.hint,
            }
        }
    return {"spec": spec_as_json(spec)}


def test_golden_cases_cover_every_spec() -> None:
    expected = {p.stem for p in (GOLDEN / "expected").glob("*.json")}
    assert {p.stem for p in SPECS} <= expected or os.environ.get("UPDATE_GOLDEN")
    assert len(SPECS) >= 20


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    expected_file = GOLDEN / "expected" / f"{path.stem}.json"
    actual = load_as_json(path)
    if os.environ.get("UPDATE_GOLDEN"):
        expected_file.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert actual == json.loads(expected_file.read_text(encoding="utf-8"))


def test_discovery_of_the_golden_project_skips_libraries() -> None:
    found = discover_specs(["specs"], PROJECT, cwd=PROJECT)
    assert [_rel(p) for p in found] == sorted(_rel(p) for p in SPECS)
    assert not any("steps" in p.parts for p in (f.relative_to(PROJECT.resolve()) for f in found))
