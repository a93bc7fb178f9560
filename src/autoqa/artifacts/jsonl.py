"""An append-only JSON Lines file that redacts every record and flushes every line.

Flushing per line means a run killed at any moment leaves every finished line readable; the file is
opened lazily so a writer that never writes leaves no empty file behind.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import IO, Any

from autoqa.artifacts.redact import Redactor


class RedactedJsonl:
    """Thread-safe JSON Lines writer. ``write`` never raises: a full disk must not break a run."""

    def __init__(self, path: Path, redactor: Redactor) -> None:
        self.path = path
        self.redactor = redactor
        self.errors = 0
        """How many records could not be written (disk full, closed file)."""
        self._handle: IO[str] | None = None
        self._closed = False
        self._lock = threading.Lock()

    def write(self, record: dict[str, Any]) -> None:
        try:
            line = json.dumps(self.redactor.value(record), ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            self.errors += 1
            return
        with self._lock:
            if self._closed:
                self.errors += 1
                return
            try:
                if self._handle is None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    self._handle = self.path.open("a", encoding="utf-8", errors="replace", newline="\n")
                self._handle.write(line + "\n")
                self._handle.flush()
            except OSError:
                self.errors += 1

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._handle is not None:
                try:
                    self._handle.close()
                except OSError:
                    self.errors += 1
                self._handle = None
