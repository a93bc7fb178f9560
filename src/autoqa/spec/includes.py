"""``include: <name>`` steps: find the step library and splice its steps in (nested includes allowed).

Lookup order for ``include: login`` written in ``<dir>/spec.md`` (first existing file wins):

1. ``<dir>/login.md`` when ``<dir>`` is itself a ``steps/`` folder (libraries including siblings);
2. ``<dir>/steps/login.md``, then ``steps/login.md`` in each parent folder up to the project root;
3. ``<root>/steps/login.md``, then ``<root>/specs/steps/login.md`` (the original's two places).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from autoqa.errors import IncludeError
from autoqa.spec.limits import check_spec_size, check_spec_text
from autoqa.spec.raw_spec import RawStep
from autoqa.spec.spec_parser import parse_library_text

_NAME = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*(?:\.md)?")
_MAX_DEPTH = 16


def library_file_name(name: str, *, source: Path, line: int) -> str:
    """Validate an include name and return its relative file name (``auth/login`` → ``auth/login.md``)."""
    if not _NAME.fullmatch(name) or ".." in name:
        raise IncludeError(
            f"invalid include name {name!r}",
            path=source,
            line=line,
            hint="use letters, digits, '_', '-' and '/' (e.g. 'include: login' or 'include: auth/sso')",
        )
    return name if name.endswith(".md") else name + ".md"


def _is_under(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def search_folders(including_file: Path, root: Path) -> list[Path]:
    """Where a library named by ``including_file`` is looked for, in order."""
    root = root.resolve()
    folder = including_file.resolve().parent
    candidates: list[Path] = [folder] if folder.name == "steps" else []
    current = folder
    while True:
        candidates.append(current / "steps")
        if current == root or current.parent == current or not _is_under(current, root):
            break
        current = current.parent
    candidates += [root / "steps", root / "specs" / "steps"]
    return list(dict.fromkeys(candidates))


def _display(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def resolve_include(name: str, *, source: Path, line: int, root: Path) -> Path:
    file_name = library_file_name(name, source=source, line=line)
    folders = search_folders(source, root)
    for folder in folders:
        candidate = folder / file_name
        if candidate.is_file():
            return candidate.resolve()
    searched = ", ".join(_display(folder / file_name, root) for folder in folders)
    raise IncludeError(f"step library {name!r} not found (looked in {searched})", path=source, line=line)


def _read_library(path: Path, *, source: Path, line: int) -> str:
    check_spec_size(path, what="step library")
    try:
        return check_spec_text(path.read_text(encoding="utf-8"), path, what="step library")
    except (OSError, UnicodeDecodeError) as exc:
        raise IncludeError(f"cannot read step library {path}: {exc}", path=source, line=line) from None


def expand_includes(steps: tuple[RawStep, ...], *, spec_path: Path, root: Path) -> list[RawStep]:
    """Replace every include step by the library's steps, recursively; cycles name the whole chain.
    Each step keeps its number in its own file and, if included, the chain of include steps."""
    return _expand(steps, chain=(spec_path.resolve(),), root=root, site=())


def _expand(
    steps: tuple[RawStep, ...], *, chain: tuple[Path, ...], root: Path, site: tuple[tuple[int, Path], ...]
) -> list[RawStep]:
    out: list[RawStep] = []
    for position, step in enumerate(steps, start=1):
        if step.include is None:
            out.append(dataclasses.replace(step, position=position, included_at=site))
            continue
        library = resolve_include(step.include, source=step.source, line=step.line, root=root)
        if library in chain:
            loop = " → ".join(_display(p, root) for p in (*chain, library))
            raise IncludeError(f"include cycle: {loop}", path=step.source, line=step.line)
        if len(chain) > _MAX_DEPTH:
            raise IncludeError(
                f"includes nested more than {_MAX_DEPTH} deep", path=step.source, line=step.line
            )
        included = parse_library_text(_read_library(library, source=step.source, line=step.line), library)
        if not included:
            raise IncludeError(f"step library {step.include!r} has no steps", path=library, line=1)
        expanded = _expand(
            included, chain=(*chain, library), root=root, site=((position, step.source), *site)
        )
        if step.optional:
            expanded = [dataclasses.replace(s, optional=True) for s in expanded]
        out.extend(expanded)
    return out
