"""Lean history as a function of one request body: which images stay, what replaces the others."""

from __future__ import annotations

import copy
import json
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from autoqa.agent.history import KEEP_IMAGES, STUB, images_to_drop, lean_messages, lean_request
from autoqa.agent.relay import HistoryRelay, relay_upstream


def image(tag: str) -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": tag}}


def use(tool_id: str, name: str) -> dict[str, Any]:
    return {"role": "assistant", "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": {}}]}


def result(tool_id: str, ok: bool, *extra: dict[str, Any]) -> dict[str, Any]:
    summary = {"type": "text", "text": json.dumps({"ok": ok})}
    block = {"type": "tool_result", "tool_use_id": tool_id, "content": [summary, *extra]}
    return {"role": "user", "content": [block]}


def failed_click(n: int) -> list[dict[str, Any]]:
    return [use(f"c{n}", "mcp__browser__click"), result(f"c{n}", False, image(f"shot{n}"))]


def snapshot(n: int, ok: bool = True) -> list[dict[str, Any]]:
    return [use(f"s{n}", "mcp__browser__snapshot"), result(f"s{n}", ok)]


def sent_images(messages: list[Any]) -> list[str]:
    found = []
    for message in messages:
        for block in message["content"] if isinstance(message["content"], list) else []:
            inner = block.get("content") if block.get("type") == "tool_result" else [block]
            found += [b["source"]["data"] for b in inner or [] if b.get("type") == "image"]
    return found


def stubs(messages: list[Any]) -> int:
    return json.dumps(messages).count(STUB.replace('"', '\\"'))


START = [{"role": "user", "content": "Run the spec."}]


def test_only_the_newest_two_images_stay_and_the_others_become_a_stub() -> None:
    messages = START + failed_click(1) + failed_click(2) + failed_click(3) + failed_click(4)
    before = copy.deepcopy(messages)
    lean, dropped = lean_messages(messages)
    assert KEEP_IMAGES == 2
    assert dropped == 2 and sent_images(lean) == ["shot3", "shot4"]
    assert stubs(lean) == 2
    assert messages == before  # the input is left alone
    # The stub takes the image's place: the tool result still opens with its summary.
    first = lean[2]["content"][0]["content"]
    assert json.loads(first[0]["text"]) == {"ok": False} and first[1] == {"type": "text", "text": STUB}


def test_a_later_successful_snapshot_supersedes_every_earlier_image() -> None:
    messages = START + failed_click(1) + failed_click(2) + snapshot(1) + failed_click(3)
    lean, dropped = lean_messages(messages)
    assert sent_images(lean) == ["shot3"] and dropped == 2
    # A failed snapshot shows nothing newer.
    assert sent_images(lean_messages(START + failed_click(1) + snapshot(2, ok=False))[0]) == ["shot1"]


def test_nothing_to_drop_returns_the_same_objects_and_bytes() -> None:
    messages = START + failed_click(1) + failed_click(2)
    assert lean_messages(messages) == (messages, 0)
    raw = json.dumps({"model": "m", "messages": messages}).encode()
    assert lean_request(raw) == (raw, 0)
    for other in (b"not json", b"[1, 2]", b'{"model": "m"}'):
        assert lean_request(other) == (other, 0)


def test_a_handover_image_in_the_first_message_counts_like_any_other() -> None:
    first = {"role": "user", "content": [{"type": "text", "text": "replayed up to step 3"}, image("replay")]}
    lean, _ = lean_messages([first, *failed_click(1), *failed_click(2)])
    assert sent_images(lean) == ["shot1", "shot2"]
    assert lean[0]["content"][1] == {"type": "text", "text": STUB}


def test_a_cache_breakpoint_on_a_dropped_image_stays_in_place() -> None:
    messages = START + failed_click(1) + failed_click(2) + failed_click(3)
    messages[2]["content"][0]["content"][1]["cache_control"] = {"type": "ephemeral"}
    lean, _ = lean_messages(messages)
    assert lean[2]["content"][0]["content"][1] == {
        "type": "text",
        "text": STUB,
        "cache_control": {"type": "ephemeral"},
    }


def test_the_rewrite_of_a_prefix_is_stable_from_one_request_to_the_next() -> None:
    """Prompt caching: once an image is dropped, later requests send the same bytes for that prefix."""
    early = START + failed_click(1) + failed_click(2) + failed_click(3)
    later = [*early, use("a1", "mcp__browser__assert_url"), result("a1", True)]
    assert lean_messages(later)[0][: len(early)] == lean_messages(early)[0]


def test_the_body_keeps_everything_but_the_dropped_images() -> None:
    messages = START + failed_click(1) + failed_click(2) + failed_click(3)
    body = {"model": "m", "system": [{"type": "text", "text": "sys"}], "tools": [], "messages": messages}
    raw, dropped = lean_request(json.dumps(body).encode())
    lean = json.loads(raw)
    assert dropped == 1 and len(raw) < len(json.dumps(body))
    assert {k: v for k, v in lean.items() if k != "messages"} == {
        k: v for k, v in body.items() if k != "messages"
    }
    assert images_to_drop(lean["messages"]) == []


def test_the_relay_is_used_only_for_the_messages_api_over_http() -> None:
    assert relay_upstream({}) == "https://api.anthropic.com"
    assert (
        relay_upstream({"ANTHROPIC_BASE_URL": "https://gw.example/anthropic/"})
        == "https://gw.example/anthropic"
    )
    assert relay_upstream({"CLAUDE_CODE_USE_BEDROCK": "1"}) is None
    assert relay_upstream({"CLAUDE_CODE_USE_VERTEX": "true"}) is None
    assert relay_upstream({"CLAUDE_CODE_USE_VERTEX": "0"}) == "https://api.anthropic.com"


class Upstream(BaseHTTPRequestHandler):
    """Answers with what it received: method, path, the headers that matter and the body."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {
            k.lower(): v for k, v in self.headers.items() if k.lower() in ("x-api-key", "anthropic-beta")
        }
        echo = {"path": self.path, "headers": headers, "body": body.decode()}
        data = json.dumps(echo).encode()
        status = 529 if "overloaded" in body.decode() else 200
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def test_the_relay_passes_requests_on_and_leans_only_model_requests() -> None:
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{upstream.server_address[1]}/prefix"
        body = json.dumps(
            {"model": "m", "messages": START + failed_click(1) + failed_click(2) + failed_click(3)}
        )

        def post(relay: HistoryRelay, path: str, data: str) -> tuple[int, dict[str, Any]]:
            request = urllib.request.Request(
                relay.url + path,
                data=data.encode(),
                headers={"x-api-key": "sk-test", "anthropic-beta": "b1", "content-type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as error:
                return error.code, json.loads(error.read())

        with HistoryRelay(base) as relay:
            status, echo = post(relay, "/v1/messages?beta=true", body)
            assert status == 200 and echo["path"] == "/prefix/v1/messages?beta=true"
            assert echo["headers"] == {"x-api-key": "sk-test", "anthropic-beta": "b1"}
            assert sent_images(json.loads(echo["body"])["messages"]) == ["shot2", "shot3"]
            # Other endpoints get the body as it was; error answers come back as they are.
            assert post(relay, "/v1/messages/count_tokens", body)[1]["body"] == body
            status, echo = post(relay, "/v1/messages", json.dumps({"messages": [], "say": "overloaded"}))
            assert status == 529 and echo["path"] == "/prefix/v1/messages"
            assert (relay.requests, relay.images_dropped) == (2, 1)
    finally:
        upstream.shutdown()
        upstream.server_close()
