"""Finding spec files: files, folders (recursively) and glob patterns, in a stable order.

Never collected from folders or globs: files under a ``steps/`` folder (step libraries, not specs — the
original collected them and then failed on them), hidden files and folders (``.autoqa/`` included),
``README.md`` and ``node_modules/``. Symlinked folders are not followed (no loops); symlinked files are kept.
"""

from __future__ import annotations

import fnmatch
import glob
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from autoqa.errors import SpecError, UsageError

_SKIPPED_DIRS = frozenset({"steps", "node_modules", "__pycache__"})
_GLOB_CHARS = frozenset("*?[")


def is_step_library(path: Path, root: Path) -> bool:
    """Whether ``path`` sits in a ``steps/`` folder (below ``root`` when it is under it)."""
    try:
        parts = path.resolve().relative_to(root.resolve()).parts[:-1]
    except ValueError:
        parts = path.resolve().parts[-2:-1]
    return "steps" in parts


def _skipped_name(name: str) -> bool:
    return name.startswith(".") or name in _SKIPPED_DIRS


def _collectable(file: Path) -> bool:
    return file.suffix.lower() == ".md" and not file.name.startswith(".") and file.name.lower() != "readme.md"


def _walk(folder: Path) -> Iterable[Path]:
    for current, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not _skipped_name(d) and not (Path(current) / d).is_symlink()]
        for name in files:
            file = Path(current) / name
            if _collectable(file) and file.is_file():
                yield file


def _from_folder(folder: Path, root: Path) -> list[Path]:
    if is_step_library(folder / "x.md", root) or folder.name == "steps":
        return []
    return list(_walk(folder))


def _explicit_file(file: Path, root: Path, given: str) -> Path:
    if file.suffix.lower() != ".md":
        raise UsageError(f"{given}: not a Markdown spec (expected a .md file)")
    if is_step_library(file, root):
        raise SpecError(
            "this is a step library (it sits in a steps/ folder), not a spec",
            path=file,
            hint=f"use it from a spec with 'include: {file.stem}'",
        )
    return file


def _sort_key(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _matches(path: Path, root: Path, patterns: Sequence[str]) -> bool:
    rel = _sort_key(path, root)
    return any(fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(path.name, pattern) for pattern in patterns)


def discover_specs(
    paths: Sequence[str],
    root: Path,
    *,
    cwd: Path | None = None,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
) -> list[Path]:
    """Spec files named by ``paths``, absolute, de-duplicated and sorted by path relative to ``root``.

    Args:
        paths: files, folders (searched recursively for ``*.md``) and glob patterns (``specs/**/*.md``);
            relative ones are relative to ``cwd`` (default: the current directory).
        root: the project root (step libraries are recognised relative to it).
        include: if given, keep only specs whose root-relative path or file name matches one of these
            ``fnmatch`` patterns.
        exclude: drop specs matching any of these patterns.

    Raises:
        UsageError: a path matches nothing, or names a file that is not Markdown.
        SpecError: a path names a step library explicitly.
    """
    base = cwd or Path.cwd()
    found: dict[Path, None] = {}
    for given in paths:
        candidate = Path(given) if Path(given).is_absolute() else base / given
        matched: list[Path] = []
        if candidate.is_file():
            matched = [_explicit_file(candidate, root, given)]
        elif candidate.is_dir():
            matched = _from_folder(candidate, root)
            if not matched:
                raise UsageError(f"{given}: no spec files (*.md) in this folder")
        elif _GLOB_CHARS & set(given):
            for hit in sorted(glob.glob(str(candidate), recursive=True)):
                hit_path = Path(hit)
                if hit_path.is_dir():
                    matched += _from_folder(hit_path, root)
                elif _collectable(hit_path) and not is_step_library(hit_path, root):
                    folders = hit_path.relative_to(base).parts[:-1] if hit_path.is_relative_to(base) else ()
                    if not any(_skipped_name(part) for part in folders if part not in (".", "..")):
                        matched.append(hit_path)
            if not matched:
                raise UsageError(f"{given}: the pattern matches no spec files")
        else:
            raise UsageError(f"{given}: no such file or folder")
        for path in matched:
            found.setdefault(path.resolve(), None)
    specs = [
        p for p in found if (not include or _matches(p, root, include)) and not _matches(p, root, exclude)
    ]
    return sorted(specs, key=lambda p: _sort_key(p, root))


def matches_tags(spec_tags: Iterable[str], wanted: Sequence[str]) -> bool:
    """``--tag`` filtering: ``smoke`` requires the tag (any of several); ``!slow`` or ``-slow`` excludes."""
    have = {tag.lower() for tag in spec_tags}
    positive = [w.lower() for w in wanted if not w.startswith(("!", "-"))]
    negative = [w[1:].lower() for w in wanted if w.startswith(("!", "-"))]
    if any(tag in have for tag in negative):
        return False
    return not positive or any(tag in have for tag in positive)
