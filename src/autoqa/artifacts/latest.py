"""The pointer to the latest run: a ``latest`` symlink plus a ``LATEST`` text file.

The text file exists for platforms and file systems without symlinks (and for tools that do not follow
them); both are replaced atomically, so concurrent runs leave one valid pointer (the last writer's).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from autoqa.artifacts.atomic import symlink_atomic, write_text_atomic

LATEST_LINK = "latest"
LATEST_FILE = "LATEST"


def point_latest(output_root: Path, run_id: str) -> Path:
    """Point ``<output_root>/latest`` at ``run_id``; returns the pointer path that now names it."""
    write_text_atomic(output_root / LATEST_FILE, run_id + "\n")
    link = output_root / LATEST_LINK
    # A real folder named `latest` belongs to the user: leave it and rely on the text pointer.
    if (not link.exists() or link.is_symlink()) and symlink_atomic(link, run_id):
        return link
    return output_root / LATEST_FILE


def read_latest(output_root: Path) -> str | None:
    """The run id the pointer names, or None when there is none or its run folder is gone."""
    candidates: list[str] = []
    link = output_root / LATEST_LINK
    if link.is_symlink():
        candidates.append(Path(str(link.readlink())).name)
    with contextlib.suppress(OSError):
        candidates.append((output_root / LATEST_FILE).read_text(encoding="utf-8").strip())
    for run_id in candidates:
        if run_id and (output_root / run_id).is_dir():
            return run_id
    return None
