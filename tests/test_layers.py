"""The architecture, checked: subpackages import each other without circles, executors never reach up into
the runner, and only the CLI imports the console edge."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import autoqa

SRC = Path(autoqa.__file__).parent


def _imports() -> dict[str, set[str]]:
    """Module (dotted) → autoqa modules it imports, at any depth of the file (lazy imports count)."""
    out: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        module = ".".join(("autoqa", *path.relative_to(SRC).with_suffix("").parts)).removesuffix(".__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("autoqa"):
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("autoqa"))
        out[module] = found
    return out


def _package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (SRC / parts[-1]).is_dir() else None


def test_subpackages_import_each_other_without_circles() -> None:
    edges: dict[str, set[str]] = defaultdict(set)  # read with .get below: no keys added while walking
    for module, imported in _imports().items():
        source = _package(module)
        for target in imported:
            other = _package(target)
            if source and other and other != source:
                edges[source].add(other)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        ahead = edges.get(start, set()) - seen
        return any(nxt == goal or reaches(nxt, goal, seen | {nxt}) for nxt in ahead)

    circles = sorted(f"{a} -> {b}" for a in list(edges) for b in edges[a] if reaches(b, a, {b}))
    assert circles == []


def test_lower_layers_never_import_the_runner_or_the_edges() -> None:
    # plan (autoqa plan: crawl, generate, validate) sits above the runner and below the edges.
    upward = {
        "execute": ("autoqa.runner", "autoqa.cli", "autoqa.console", "autoqa.plan"),
        "replay": ("autoqa.runner", "autoqa.execute", "autoqa.agent", "autoqa.plan"),
        "artifacts": ("autoqa.runner", "autoqa.reports", "autoqa.plan"),
        "tools": ("autoqa.runner", "autoqa.execute", "autoqa.agent", "autoqa.spec", "autoqa.plan"),
        "agent": ("autoqa.runner", "autoqa.plan"),
        "spec": ("autoqa.plan",),
        "runner": ("autoqa.plan",),
        "plan": ("autoqa.cli", "autoqa.console", "autoqa.progress", "autoqa.pytest_plugin"),
    }
    found = [
        f"{module} imports {target}"
        for module, imported in _imports().items()
        for target in imported
        if (pkg := _package(module)) in upward and target.startswith(upward[pkg])
    ]
    assert found == []


def test_only_the_cli_imports_the_console() -> None:
    users = sorted(
        m for m, imported in _imports().items() if {"autoqa.console", "autoqa.progress"} & imported
    )
    assert users == ["autoqa.cli", "autoqa.console"]


def test_inside_the_package_imports_go_module_to_module() -> None:
    # One import style: a subpackage's __init__ is its face for users; inside autoqa every import names
    # the module that defines the thing, so moving a name never hides behind a re-export.
    faces = {f"autoqa.{p.name}" for p in SRC.iterdir() if (p / "__init__.py").is_file()}
    through_faces = sorted(
        f"{module} imports {target}"
        for module, imported in _imports().items()
        for target in imported & faces
        if module != "autoqa" and _package(module) != target.split(".")[1]
    )
    assert through_faces == []
