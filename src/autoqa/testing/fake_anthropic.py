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

Replies and their wire format live in :mod:`autoqa.testing.anthropic_replies`, recorded requests in
:mod:`autoqa.testing.anthropic_requests`; everything public is re-exported here.
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
import time
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeAlias

from autoqa.testing.anthropic_replies import (
    DEFAULT_TEXT,
    ERROR_TYPES,
    MCP_PREFIX,
    Garbled,
    HttpError,
    Reply,
    Slow,
    Text,
    ToolUse,
    Turn,
    estimate_input_tokens,
    garbled,
    http_error,
    slow,
    text,
    tool_use,
    turn,
    turn_events,
    turn_json,
)
from autoqa.testing.anthropic_requests import RecordedRequest, result_json, result_text, tool_uses_in

ScriptEntry: TypeAlias = "Reply | Callable[[RecordedRequest], Reply | None]"

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
        self._server = _QuietServer(("127.0.0.1", 0), handler)
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

    def new_id(self, prefix: str) -> str:
        """Unique ids for messages (``msg_fake_N``), tool uses (``toolu_fake_N``) and requests."""
        return f"{prefix}_fake_{next(self._ids)}"

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


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The CLI drops keep-alive connections when a session ends; that is not worth a traceback.
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        super().handle_error(request, client_address)


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
            self.send_header("request-id", fake.new_id("req"))
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
                self._send_json(200, {"input_tokens": estimate_input_tokens(raw)})
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
                error_type = reply.error_type or ERROR_TYPES.get(reply.status, "api_error")
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
            input_tokens = estimate_input_tokens(raw)
            if not (request.body or {}).get("stream"):
                self._send_json(200, turn_json(reply, model, input_tokens, fake.new_id))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("request-id", fake.new_id("req"))
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for event in turn_events(reply, model, input_tokens, fake.new_id):
                self.wfile.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    return Handler


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
