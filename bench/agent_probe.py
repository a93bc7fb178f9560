"""Measuring probes shared by the agent benchmarks: what the model server received, when things happened.

- :func:`request_bytes` / :func:`spec_bytes`: the bytes of model requests split by what they carry.
- :class:`TimedEvents`: an event sink that stamps every run event with ``time.perf_counter()``.
- :func:`cli_spawn_probe`: records when the SDK starts the Claude Code CLI subprocess (a timing wrapper
  around the SDK transport's ``connect``; behaviour is unchanged).
- :func:`round_trips`: per tool round trip, the browser tool's time vs everything else (CLI + SDK + us).

``time.perf_counter()`` is CLOCK_MONOTONIC on Linux (and system-wide on macOS and Windows too), so stamps
from a child process and from the fake model server in the parent are on one clock.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import statistics
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

BYTE_CATEGORIES = (
    "tools_definitions_bytes",
    "system_prompt_bytes",
    "user_text_bytes",
    "model_turns_bytes",
    "tool_results_text_bytes",
    "images_bytes",
)
"""How a request body splits: ``tools`` / ``system`` / user text blocks (the spec prompt and the CLI's
system reminders) / the model's own earlier turns sent back (tool_use, text) / tool_result blocks without
their images (JSON summaries, snapshots) / image blocks (base64). ``envelope_bytes`` is the rest: model,
metadata, max_tokens and JSON punctuation."""


def compact_size(value: Any) -> int:
    """UTF-8 bytes of ``value`` as compact JSON (how the CLI serialises request bodies)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def _blocks(content: Any) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def request_bytes(body: Mapping[str, Any] | None, raw: bytes) -> dict[str, int]:
    """One model request's bytes by category (see :data:`BYTE_CATEGORIES`), plus envelope and total."""
    sizes = dict.fromkeys(BYTE_CATEGORIES, 0)
    body = body or {}
    sizes["tools_definitions_bytes"] = compact_size(body.get("tools") or [])
    sizes["system_prompt_bytes"] = compact_size(body.get("system") or [])
    for message in body.get("messages") or []:
        role = message.get("role")
        for block in _blocks(message.get("content")):
            kind = block.get("type")
            if kind == "image":
                sizes["images_bytes"] += compact_size(block)
            elif kind == "tool_result":
                inner = block.get("content")
                if isinstance(inner, list):
                    images = [b for b in inner if isinstance(b, dict) and b.get("type") == "image"]
                    sizes["images_bytes"] += sum(compact_size(b) for b in images)
                    block = {**block, "content": [b for b in inner if b not in images]}
                sizes["tool_results_text_bytes"] += compact_size(block)
            elif role == "assistant":
                sizes["model_turns_bytes"] += compact_size(block)
            else:
                sizes["user_text_bytes"] += compact_size(block)
    sizes["envelope_bytes"] = len(raw) - sum(sizes.values())
    sizes["total_bytes"] = len(raw)
    return sizes


def spec_bytes(requests: Sequence[Any]) -> dict[str, Any]:
    """Bytes sent to the model over a whole spec: the sum of every model request, by category."""
    per_request = [request_bytes(r.body, r.raw) for r in requests]
    totals = {key: sum(sizes[key] for sizes in per_request) for key in per_request[0]} if per_request else {}
    return {
        "model_requests": len(requests),
        **{f"sum_{key}": value for key, value in totals.items()},
        "request_total_bytes": [sizes["total_bytes"] for sizes in per_request],
    }


class TimedEvents:
    """An :class:`autoqa.events.EventSink` keeping ``(perf_counter, kind, fields)`` for every event."""

    def __init__(self) -> None:
        self.events: list[tuple[float, str, dict[str, Any]]] = []

    def emit(self, kind: str, /, **fields: Any) -> None:
        self.events.append((time.perf_counter(), kind, fields))

    def first(self, kind: str, **match: Any) -> float | None:
        for stamp, name, fields in self.events:
            if name == kind and all(fields.get(k) == v for k, v in match.items()):
                return stamp
        return None

    def tool_spans(self) -> list[tuple[float, float, str]]:
        """``(start, end, tool)`` of every browser tool call (RecordingCaller's tool.called/tool.result)."""
        starts = [(t, f.get("tool", "")) for t, k, f in self.events if k == "tool.called"]
        ends = [t for t, k, _ in self.events if k == "tool.result"]
        return [(start, end, tool) for (start, tool), end in zip(starts, ends, strict=False)]


@contextlib.contextmanager
def cli_spawn_probe() -> Iterator[list[tuple[float, float]]]:
    """Yields a list that gets ``(connect started, subprocess running)`` for every CLI the SDK starts."""
    spans: list[tuple[float, float]] = []
    try:
        from claude_agent_sdk._internal.transport.subprocess_cli import SubprocessCLITransport
    except ImportError:  # another SDK layout: callers report the figures as missing
        yield spans
        return
    original = SubprocessCLITransport.connect

    async def connect(self: Any) -> None:
        started = time.perf_counter()
        await original(self)
        spans.append((started, time.perf_counter()))

    SubprocessCLITransport.connect = connect  # type: ignore[method-assign]
    try:
        yield spans
    finally:
        SubprocessCLITransport.connect = original  # type: ignore[method-assign]


def round_trips(requests: Sequence[Any], tool_spans: Sequence[tuple[float, float, str]]) -> dict[str, Any]:
    """Each gap between the fake answering request k and receiving request k+1 is one tool round trip
    on our side; the browser tool calls inside it are the tool's time, the rest is agent overhead."""
    gaps: list[float] = []
    tools: list[float] = []
    names: list[str] = []
    for current, following in itertools.pairwise(requests):
        start = current.received_perf + current.served_s
        end = following.received_perf
        gaps.append(end - start)
        tools.append(sum(e - s for s, e, _ in tool_spans if start <= s and e <= end))
        uses = [
            b for m in following.messages if m.get("role") == "assistant" for b in _blocks(m.get("content"))
        ]
        names.append(
            next((str(b.get("name", "")) for b in reversed(uses) if b.get("type") == "tool_use"), "")
        )
    overheads = [gap - tool for gap, tool in zip(gaps, tools, strict=True)]
    browser = [t for t in tools if t > 0]
    return {
        "round_trips": len(gaps),
        "round_trip_tools": [name.rsplit("__", 1)[-1] for name in names],
        "round_trip_ms": [ms(gap) for gap in gaps],
        "round_trip_browser_tool_ms": [ms(tool) for tool in tools],
        "median_round_trip_ms": ms(statistics.median(gaps)) if gaps else None,
        "median_browser_tool_ms": ms(statistics.median(browser)) if browser else None,
        "median_agent_overhead_per_round_trip_ms": ms(statistics.median(overheads)) if overheads else None,
        "sum_browser_tool_ms": ms(sum(tools)),
        "sum_agent_overhead_ms": ms(sum(overheads)),
    }


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)
