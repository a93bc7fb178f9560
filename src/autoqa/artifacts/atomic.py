"""Atomic file writes: readers see the old file or the new one, never half of either.

Each write goes to a temporary file in the destination's own directory (so ``os.replace`` is a rename
on one file system), is flushed and fsynced, and then replaces the destination in one step. A process
killed mid-write leaves at most a stray ``.*.tmp`` file behind, never a truncated result.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from autoqa.text_safety import encodable


@contextlib.contextmanager
def atomic_writer(path: Path) -> Iterator[IO[bytes]]:
    """Yield a binary file; on a clean exit it atomically becomes ``path``, on an error it vanishes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; not every platform lets you open a directory, which is fine.
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_bytes_atomic(path: Path, data: bytes) -> Path:
    with atomic_writer(path) as handle:
        handle.write(data)
    return path


def write_text_atomic(path: Path, text: str) -> Path:
    return write_bytes_atomic(path, encodable(text).encode("utf-8"))


def write_json_atomic(path: Path, value: Any) -> Path:
    """Write ``value`` as indented UTF-8 JSON (non-JSON values such as paths become strings)."""
    text = json.dumps(value, indent=2, ensure_ascii=False, default=str) + "\n"
    return write_text_atomic(path, text)


def symlink_atomic(link: Path, target: str) -> bool:
    """Point ``link`` at ``target`` (relative or absolute), replacing an older link in one step.

    Returns False where symlinks are not available (some Windows setups); callers keep a text pointer too.
    """
    tmp = link.with_name(f".{link.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    try:
        os.symlink(target, tmp)
        os.replace(tmp, link)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
    return True
