"""A fake Anthropic Messages API on 127.0.0.1, scripted per test.

The Claude Code CLI bundled with claude-agent-sdk talks to it exactly as it talks to the real API
(``ANTHROPIC_BASE_URL``), so the agent path can be tested end to end offline: real SDK, real CLI, real
tool calls, scripted model. Every request body is recorded for assertions.

Usage::

    with FakeAnthropic() as fake:
        fake.script(tool_use("snapshot", {"step": 1}), tool_use("finish", {"status": "passed", ...}))
        options = ClaudeAgentOptions(env=offline_env(fake.url, config_dir), ...)
        ...
        assert fake.requests[1].tool_results()[0]["tool_use_id"] == ...

A script entry is a :class:`Reply` or a callable ``(RecordedRequest) -> Reply | None`` that looks at the
request (for example the last ``tool_result``) to decide; ``None`` falls back to the default reply. Each
``POST /v1/messages`` consumes one entry; when the script is exhausted the fake answers with a plain text
``end_turn``. Other endpoints (``count_tokens``, ``HEAD /``) get harmless answers and consume nothing.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeAlias

MCP_PREFIX = "mcp__browser__"
DEFAULT_TEXT = "Done."

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


# --- replies -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToolUse:
    name: str
    input: Mapping[str, Any]
    id: str | None = None
    """Generated (``toolu_fake_<n>``) when not given."""


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
ScriptEntry: TypeAlias = "Reply | Callable[[RecordedRequest], Reply | None]"


def tool_use(
    name: str,
    input: Mapping[str, Any] | None = None,
    *,
    id: str | None = None,
    usage: Mapping[str, int] | None = None,
) -> Turn:
    """A reply calling one tool. ``name`` may omit the ``mcp__browser__`` prefix."""
    return Turn((ToolUse(name, dict(input or {}), id),), usage=usage)


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


# --- recorded requests -------------------------------------------------------------------------------


@dataclass(slots=True)
class RecordedRequest:
    """One HTTP request the fake received. ``body`` is the parsed JSON (``None`` if not JSON)."""

    method: str
    path: str
    body: dict[str, Any] | None
    raw: bytes
    received_at: float
    served_s: float = 0.0
    """Time the fake spent answering (including scripted delays), for overhead measurements."""
    received_perf: float = 0.0
    """``time.perf_counter()`` when the request arrived (for gaps between requests)."""
    reply: str = ""
    """What the fake answered: ``turn``, ``error <status>``, ``garbled``, ``default``, ``other``."""

    @property
    def is_messages(self) -> bool:
        return self.method == "POST" and self.path.split("?")[0].rstrip("/") == "/v1/messages"

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list((self.body or {}).get("messages") or [])

    @property
    def tool_names(self) -> list[str]:
        return [t.get("name", "") for t in (self.body or {}).get("tools") or []]

    @property
    def system_text(self) -> str:
        system = (self.body or {}).get("system")
        if isinstance(system, str):
            return system
        return "\n".join(b.get("text", "") for b in system or [] if isinstance(b, dict))

    def last_user_content(self) -> list[dict[str, Any]]:
        for message in reversed(self.messages):
            if message.get("role") == "user":
                content = message.get("content")
                if isinstance(content, str):
                    return [{"type": "text", "text": content}]
                return [b for b in content or [] if isinstance(b, dict)]
        return []

    def tool_results(self) -> list[dict[str, Any]]:
        """The ``tool_result`` blocks of the last user message (found by type, not position)."""
        return [b for b in self.last_user_content() if b.get("type") == "tool_result"]

    def tool_result(self, tool_use_id: str) -> dict[str, Any] | None:
        for block in self.tool_results():
            if block.get("tool_use_id") == tool_use_id:
                return block
        return None

    def images(self) -> list[dict[str, Any]]:
        """Image blocks in the last user message, inside tool results or next to them."""
        found: list[dict[str, Any]] = []
        for block in self.last_user_content():
            if block.get("type") == "image":
                found.append(block)
            elif block.get("type") == "tool_result" and isinstance(block.get("content"), list):
                found.extend(b for b in block["content"] if isinstance(b, dict) and b.get("type") == "image")
        return found


def result_text(block: Mapping[str, Any] | None) -> str:
    """All text of a ``tool_result`` block, whatever its content shape."""
    if not block:
        return ""
    content = block.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(
        b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"
    )


def result_json(block: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The first JSON object in a tool result's text (our tools start their answer with one)."""
    for line in result_text(block).splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    return None


# --- the server ----------------------------------------------------------------------------------------


class FakeAnthropic:
    """A scripted Anthropic Messages API server on ``127.0.0.1`` (free port), in a daemon thread."""

    def __init__(self, *script: ScriptEntry, model: str = "claude-fake-1", default_text: str = DEFAULT_TEXT):
        self.model = model
        self.default_text = default_text
        self.requests: list[RecordedRequest] = []
        self._script: list[ScriptEntry] = list(script)
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._ids = itertools.count(1)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle
    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError("FakeAnthropic is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeAnthropic:
        if self._server is not None:
            return self
        handler = _make_handler(self)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="fake-anthropic", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes scripted delays
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> FakeAnthropic:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # scripting
    def script(self, *entries: ScriptEntry) -> None:
        """Append replies to the queue."""
        with self._lock:
            self._script.extend(entries)

    def reset(self) -> None:
        with self._lock:
            self._script.clear()
            self.requests.clear()
            self._stopping.clear()

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._script)

    @property
    def message_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.is_messages]

    def next_id(self) -> str:
        return f"toolu_fake_{next(self._ids)}"

    # internals used by the handler
    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _next_reply(self, request: RecordedRequest) -> Reply | None:
        with self._lock:
            entry = self._script.pop(0) if self._script else None
        if entry is None:
            return None
        if callable(entry):
            return entry(request)
        return entry

    def _sleep(self, seconds: float) -> bool:
        """Sleep unless the server stops; False if interrupted."""
        return not self._stopping.wait(seconds)


def offline_env(
    base_url: str, config_dir: str | None = None, api_key: str = "sk-ant-fake-key"
) -> dict[str, str]:
    """Environment for the Claude Code CLI to talk only to ``base_url`` (see ENVIRONMENT.md)."""
    env = {
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": api_key,
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "CLAUDE_CODE_MAX_RETRIES": "0",
    }
    if config_dir is not None:
        env["CLAUDE_CONFIG_DIR"] = config_dir
    return env


# --- wire format ----------------------------------------------------------------------------------------


def _sse(event: str, data: Mapping[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def _estimate_input_tokens(raw: bytes) -> int:
    return max(1, len(raw) // 4)


def _turn_events(fake: FakeAnthropic, reply: Turn, model: str, input_tokens: int) -> Iterator[bytes]:
    usage = {
        "input_tokens": input_tokens,
        "output_tokens": 1,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }
    if reply.usage:
        usage.update({k: v for k, v in reply.usage.items() if k != "output_tokens"})
    message: dict[str, Any] = {
        "id": f"msg_fake_{next(fake._ids)}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    yield _sse("message_start", {"type": "message_start", "message": message})
    output_tokens = 0
    has_tool = False
    for index, block in enumerate(reply.blocks):
        if isinstance(block, Text):
            yield _sse(
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": index,
                    "content_block": {"type": "text", "text": ""},
                },
            )
            yield _sse(
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
            name = block.name if block.name.startswith("mcp__") else MCP_PREFIX + block.name
            start = {"type": "tool_use", "id": block.id or fake.next_id(), "name": name, "input": {}}
            yield _sse(
                "content_block_start", {"type": "content_block_start", "index": index, "content_block": start}
            )
            payload = json.dumps(dict(block.input))
            # Split the JSON like the real API does, so the CLI has to join partial deltas.
            middle = len(payload) // 2
            for part in (payload[:middle], payload[middle:]):
                yield _sse(
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": index,
                        "delta": {"type": "input_json_delta", "partial_json": part},
                    },
                )
            output_tokens += max(1, len(payload) // 4)
        yield _sse("content_block_stop", {"type": "content_block_stop", "index": index})
    stop_reason = reply.stop_reason or ("tool_use" if has_tool else "end_turn")
    if reply.usage and "output_tokens" in reply.usage:
        output_tokens = reply.usage["output_tokens"]
    yield _sse(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop_reason, "stop_sequence": None},
            "usage": {"output_tokens": output_tokens},
        },
    )
    yield _sse("message_stop", {"type": "message_stop"})


def _turn_json(fake: FakeAnthropic, reply: Turn, model: str, input_tokens: int) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    for block in reply.blocks:
        if isinstance(block, Text):
            content.append({"type": "text", "text": block.text})
        else:
            name = block.name if block.name.startswith("mcp__") else MCP_PREFIX + block.name
            content.append(
                {
                    "type": "tool_use",
                    "id": block.id or fake.next_id(),
                    "name": name,
                    "input": dict(block.input),
                }
            )
    has_tool = any(b["type"] == "tool_use" for b in content)
    usage = {"input_tokens": input_tokens, "output_tokens": 1, **(reply.usage or {})}
    return {
        "id": f"msg_fake_{next(fake._ids)}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": reply.stop_reason or ("tool_use" if has_tool else "end_turn"),
        "stop_sequence": None,
        "usage": usage,
    }


def _make_handler(fake: FakeAnthropic) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            return

        def _read_body(self) -> bytes:
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def _send_json(self, status: int, payload: Mapping[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("request-id", f"req_fake_{next(fake._ids)}")
            self.end_headers()
            self.wfile.write(data)

        def do_HEAD(self) -> None:
            fake._record(RecordedRequest("HEAD", self.path, None, b"", time.time(), reply="other"))
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:
            fake._record(RecordedRequest("GET", self.path, None, b"", time.time(), reply="other"))
            self._send_json(200, {})

        def do_POST(self) -> None:
            started = time.perf_counter()
            raw = self._read_body()
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            request = RecordedRequest(
                "POST",
                self.path,
                body if isinstance(body, dict) else None,
                raw,
                time.time(),
                received_perf=started,
            )
            fake._record(request)
            try:
                self._answer(request, raw)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the CLI went away (a test ended the session): nothing to answer
            finally:
                request.served_s = time.perf_counter() - started

        def _answer(self, request: RecordedRequest, raw: bytes) -> None:
            path = self.path.split("?")[0].rstrip("/")
            if path == "/v1/messages/count_tokens":
                request.reply = "other"
                self._send_json(200, {"input_tokens": _estimate_input_tokens(raw)})
                return
            if not request.is_messages:
                request.reply = "other"
                self._send_json(200, {})
                return
            reply = fake._next_reply(request)
            if reply is None:
                request.reply = "default"
                reply = text(fake.default_text)
            while isinstance(reply, Slow):
                if not fake._sleep(reply.delay_s):
                    self.close_connection = True  # the fake is stopping: hang up instead of answering
                    return
                reply = reply.then
            if isinstance(reply, HttpError):
                request.reply = f"error {reply.status}"
                error_type = reply.error_type or _ERROR_TYPES.get(reply.status, "api_error")
                self._send_json(
                    reply.status, {"type": "error", "error": {"type": error_type, "message": reply.message}}
                )
                return
            if isinstance(reply, Garbled):
                request.reply = "garbled"
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(b'event: message_start\ndata: {"type": "message_start", "mess\n\n')
                self.wfile.write(b"event: content_block_delta\ndata: \x00\x01 not json at all\n\n")
                self.wfile.flush()
                self.close_connection = True
                return
            request.reply = request.reply or "turn"
            model = str((request.body or {}).get("model") or fake.model)
            input_tokens = _estimate_input_tokens(raw)
            if not (request.body or {}).get("stream"):
                self._send_json(200, _turn_json(fake, reply, model, input_tokens))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("request-id", f"req_fake_{next(fake._ids)}")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for event in _turn_events(fake, reply, model, input_tokens):
                self.wfile.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    return Handler


def tool_uses_in(request: RecordedRequest) -> Iterable[dict[str, Any]]:
    """The tool_use blocks of every assistant message in the conversation so far."""
    for message in request.messages:
        if message.get("role") == "assistant" and isinstance(message.get("content"), list):
            yield from (b for b in message["content"] if isinstance(b, dict) and b.get("type") == "tool_use")


__all__ = [
    "MCP_PREFIX",
    "FakeAnthropic",
    "Garbled",
    "HttpError",
    "RecordedRequest",
    "Reply",
    "ScriptEntry",
    "Slow",
    "Text",
    "ToolUse",
    "Turn",
    "garbled",
    "http_error",
    "offline_env",
    "result_json",
    "result_text",
    "slow",
    "text",
    "tool_use",
    "tool_uses_in",
    "turn",
]
