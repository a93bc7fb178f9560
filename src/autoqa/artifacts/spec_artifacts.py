"""One spec's files while it runs: a private staging folder that nothing else writes to.

The runner writes freely here (screenshots, snapshots, the transcript, Playwright's trace and video);
:meth:`RunArtifacts.finish_spec <autoqa.artifacts.run_dir.RunArtifacts.finish_spec>` later keeps or
discards each file according to the policy and the spec's outcome.
"""

from __future__ import annotations

import itertools
import re
import threading
from pathlib import Path

from autoqa.artifacts.atomic import write_bytes_atomic, write_text_atomic
from autoqa.artifacts.redact import Redactor
from autoqa.artifacts.transcript import TranscriptWriter

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_DASHES = re.compile(r"-{2,}")
_MAX_HINT = 60


def safe_name(text: str, fallback: str = "item", limit: int = _MAX_HINT) -> str:
    """A file-name fragment: ASCII letters, digits, ``.``, ``_`` and ``-`` only, never empty or hidden."""
    name = _DASHES.sub("-", _UNSAFE_NAME.sub("-", text)).strip("-.")[:limit].strip("-.")
    return name or fallback


def write_error_reason(exc: OSError) -> str:
    """Why a write failed, as a person reads it. ``mkdir(exist_ok=True)`` over a file raises "File
    exists": what is wrong is that a folder was needed there and something else is in the way."""
    if isinstance(exc, FileExistsError) and exc.filename and not Path(exc.filename).is_dir():
        return "Not a directory"
    return exc.strerror or str(exc) or type(exc).__name__


def image_extension(data: bytes) -> str:
    if data.startswith(b"\x89PNG"):
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data.startswith(b"\xff\xd8"):
        return "jpg"
    return "bin"


class SpecArtifacts:
    """Where one running spec puts its files. Created by :meth:`RunArtifacts.open_spec`.

    Attributes:
        dir: the staging folder (unique per spec and worker).
        trace_path: pass to ``context.tracing.stop(path=...)``.
        video_dir: pass as ``record_video_dir`` to ``browser.new_context``; close the context before
            finishing the spec, because Playwright writes the video file on close.
        transcript: the spec's ``transcript.jsonl`` writer (redacted; images saved as screenshot files).
    """

    def __init__(self, staging_dir: Path, slug: str, index: int, redactor: Redactor) -> None:
        self.dir = staging_dir
        self.slug = slug
        self.index = index
        self.redactor = redactor
        self.trace_path = staging_dir / "trace.zip"
        self.video_dir = staging_dir / "video"
        self.screenshots_dir = staging_dir / "screenshots"
        self.snapshots_dir = staging_dir / "snapshots"
        self.transcript = TranscriptWriter(staging_dir, redactor, self.save_screenshot)
        self._counter = itertools.count(1)
        self._lock = threading.Lock()
        self.problems: list[tuple[str, str]] = []
        """(path, reason) of files this spec could not write; the run reports them when the spec ends."""

    def note_problem(self, path: Path | str, reason: str) -> None:
        with self._lock:
            self.problems.append((str(path), reason))

    def _next_name(self, hint: str, suffix: str) -> str:
        with self._lock:
            number = next(self._counter)
        return f"{number:03d}-{safe_name(self.redactor.text(hint), 'shot')}.{suffix}"

    def save_screenshot(self, data: bytes, name_hint: str) -> Path:
        """Save image bytes as ``screenshots/NNN-<hint>.<ext>`` (numbered, so names never collide)."""
        path = self.screenshots_dir / self._next_name(name_hint, image_extension(data))
        try:
            return write_bytes_atomic(path, data)
        except OSError as exc:  # noted for the run's report; the caller decides what a lost picture means
            self.note_problem(exc.filename or path, write_error_reason(exc))
            raise

    def save_snapshot(self, text: str, name_hint: str) -> Path:
        """Save an ARIA snapshot (redacted) as ``snapshots/NNN-<hint>.aria.yaml``."""
        path = self.snapshots_dir / self._next_name(name_hint, "aria.yaml")
        return write_text_atomic(path, self.redactor.text(text))

    def close(self) -> None:
        self.transcript.close()
