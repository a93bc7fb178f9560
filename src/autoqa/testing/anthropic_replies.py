"""Scripted replies of the fake Messages API and how they are put on the wire (SSE like the real API)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, TypeAlias

MCP_PREFIX = "mcp__browser__"
DEFAULT_TEXT = "Done."

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


# --- replies ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToolUse:
    name: str
    input: Mapping[str, Any]
    id: str | None = None
    """Generated (``toolu_fake_<n>``) when not given."""
    raw: bool = False
    """Send ``name`` as it is, without the ``mcp__browser__`` prefix (e.g. a built-in tool like ``Bash``)."""

    @property
    def wire_name(self) -> str:
        return self.name if self.raw or self.name.startswith("mcp__") else MCP_PREFIX + self.name


@dataclass(frozen=True, slots=True)
class Text:
    text: str


@dataclass(frozen=True, slots=True)
class Turn:
    """One assistant message: text and tool_use blocks, streamed like the real API."""

    blocks: tuple[ToolUse | Text, ...]
    usage: Mapping[str, int] | None = None
    """Overrides the usage reported for this message (e.g. to drive the CLI's cost past a budget)."""
    stop_reason: str | None = None
    """Defaults to ``tool_use`` when a tool_use block is present, else ``end_turn``."""


@dataclass(frozen=True, slots=True)
class HttpError:
    status: int
    message: str = "fake error"
    error_type: str | None = None


@dataclass(frozen=True, slots=True)
class Slow:
    delay_s: float
    then: Reply


@dataclass(frozen=True, slots=True)
class Garbled:
    """A 200 event stream that breaks off with invalid JSON."""


Reply: TypeAlias = Turn | HttpError | Slow | Garbled


def tool_use(
    name: str,
    input: Mapping[str, Any] | None = None,
    *,
    id: str | None = None,
    usage: Mapping[str, int] | None = None,
    raw: bool = False,
) -> Turn:
    """A reply calling one tool. ``name`` may omit the ``mcp__browser__`` prefix (``raw``: never add it)."""
    return Turn((ToolUse(name, dict(input or {}), id, raw),), usage=usage)


def text(message: str = DEFAULT_TEXT, *, usage: Mapping[str, int] | None = None) -> Turn:
    return Turn((Text(message),), usage=usage)


def turn(*blocks: ToolUse | Text, usage: Mapping[str, int] | None = None) -> Turn:
    return Turn(tuple(blocks), usage=usage)


def http_error(status: int, message: str | None = None) -> HttpError:
    if message is None:
        try:
            message = HTTPStatus(status).phrase
        except ValueError:  # 529 "Overloaded" is Anthropic's own
            message = "Overloaded" if status == 529 else f"HTTP {status}"
    return HttpError(status, message)


def slow(delay_s: float, then: Reply | None = None) -> Slow:
    return Slow(delay_s, then or text())


def garbled() -> Garbled:
    return Garbled()


# --- wire format: what the real API streams ------------------------------------------------------------


def sse(event: str, data: Mapping[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def estimate_input_tokens(raw: bytes) -> int:
    return max(1, len(raw) // 4)


def turn_events(reply: Turn, model: str, input_tokens: int, new_id: Callable[[str], str]) -> Iterator[bytes]:
    """The SSE events of one assistant message, in the order the Messages API sends them."""
    usage = {
        "input_tokens": input_tokens,
        "output_tokens": 1,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }
    if reply.usage:
        usage.update({k: v for k, v in reply.usage.items() if k != "output_tokens"})
    message: dict[str, Any] = {
        "id": new_id("msg"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    yield sse("message_start", {"type": "message_start", "message": message})
    output_tokens = 0
    has_tool = False
    for index, block in enumerate(reply.blocks):
        if isinstance(block, Text):
            yield sse(
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": index,
                    "content_block": {"type": "text", "text": ""},
                },
            )
            yield sse(
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": index,
                    "delta": {"type": "text_delta", "text": block.text},
                },
            )
            output_tokens += max(1, len(block.text) // 4)
        else:
            has_tool = True
            name = block.wire_name
            start = {"type": "tool_use", "id": block.id or new_id("toolu"), "name": name, "input": {}}
            yield sse(
                "content_block_start", {"type": "content_block_start", "index": index, "content_block": start}
            )
            payload = json.dumps(dict(block.input))
            # Split the JSON like the real API does, so the CLI has to join partial deltas.
            middle = len(payload) // 2
            for part in (payload[:middle], payload[middle:]):
                yield sse(
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": index,
                        "delta": {"type": "input_json_delta", "partial_json": part},
                    },
                )
            output_tokens += max(1, len(payload) // 4)
        yield sse("content_block_stop", {"type": "content_block_stop", "index": index})
    stop_reason = reply.stop_reason or ("tool_use" if has_tool else "end_turn")
    if reply.usage and "output_tokens" in reply.usage:
        output_tokens = reply.usage["output_tokens"]
    yield sse(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop_reason, "stop_sequence": None},
            "usage": {"output_tokens": output_tokens},
        },
    )
    yield sse("message_stop", {"type": "message_stop"})


def turn_json(reply: Turn, model: str, input_tokens: int, new_id: Callable[[str], str]) -> dict[str, Any]:
    """The same message as one JSON body (for requests with ``stream: false``)."""
    content: list[dict[str, Any]] = []
    for block in reply.blocks:
        if isinstance(block, Text):
            content.append({"type": "text", "text": block.text})
        else:
            content.append(
                {
                    "type": "tool_use",
                    "id": block.id or new_id("toolu"),
                    "name": block.wire_name,
                    "input": dict(block.input),
                }
            )
    has_tool = any(b["type"] == "tool_use" for b in content)
    usage = {"input_tokens": input_tokens, "output_tokens": 1, **(reply.usage or {})}
    return {
        "id": new_id("msg"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": reply.stop_reason or ("tool_use" if has_tool else "end_turn"),
        "stop_sequence": None,
        "usage": usage,
    }
