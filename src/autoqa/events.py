"""Run events: one stream feeds live progress, events.jsonl and reports.

Event kinds: ``run.started``, ``spec.started``, ``step.started``, ``tool.called``, ``tool.result``,
``step.finished``, ``agent.turn``, ``guardrail.tripped``, ``spec.finished``, ``run.finished``.
Fields are plain JSON values; secrets must already be redacted by whoever emits.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Protocol


class EventSink(Protocol):
    def emit(self, kind: str, /, **fields: Any) -> None:
        """Record one event. Must not raise and must be cheap: it runs inside tool calls."""


class NullSink:
    def emit(self, kind: str, /, **fields: Any) -> None:
        return None


class ListSink:
    """Keeps events in memory (tests, and the pytest plugin's failure report)."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def emit(self, kind: str, /, **fields: Any) -> None:
        with self._lock:
            self.events.append({"event": kind, "ts": time.time(), **fields})

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["event"] == kind]


class FanoutSink:
    def __init__(self, *sinks: EventSink) -> None:
        self.sinks = list(sinks)

    def emit(self, kind: str, /, **fields: Any) -> None:
        for sink in self.sinks:
            try:
                sink.emit(kind, **fields)
            except Exception:  # a broken reporter must not break the run
                continue
