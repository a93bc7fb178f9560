"""``events.jsonl``: the run's event stream on disk (an :class:`autoqa.events.EventSink`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from autoqa.artifacts.jsonl import RedactedJsonl
from autoqa.artifacts.redact import Redactor


class JsonlEventSink:
    """Writes each event as one redacted JSON line ``{"event", "ts", "run_id", ...fields}``.

    Safe to share between workers (threads or tasks); each line is flushed as it is written.
    """

    def __init__(self, path: Path, redactor: Redactor, *, run_id: str | None = None) -> None:
        self.path = path
        self.run_id = run_id
        self._out = RedactedJsonl(path, redactor)

    def emit(self, kind: str, /, **fields: Any) -> None:
        record: dict[str, Any] = {"event": kind, "ts": round(time.time(), 3)}
        if self.run_id is not None:
            record["run_id"] = self.run_id
        record.update(fields)
        self._out.write(record)

    @property
    def errors(self) -> int:
        return self._out.errors

    def close(self) -> None:
        self._out.close()
