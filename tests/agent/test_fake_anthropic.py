"""The fake Messages API itself, spoken to over real HTTP (no SDK involved)."""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any
from urllib.parse import urlparse

import pytest

from autoqa.testing.fake_anthropic import (
    FakeAnthropic,
    RecordedRequest,
    garbled,
    http_error,
    offline_env,
    result_json,
    slow,
    text,
    tool_use,
    turn,
)
from autoqa.testing.fake_anthropic import Text as TextBlock


def post(
    fake: FakeAnthropic, body: dict[str, Any], path: str = "/v1/messages?beta=true"
) -> tuple[int, bytes]:
    url = urlparse(fake.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


def events(data: bytes) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for chunk in data.decode().strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in chunk.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


BODY = {"model": "claude-test", "stream": True, "messages": [{"role": "user", "content": "go"}]}


def test_streams_a_tool_use_like_the_real_api() -> None:
    with FakeAnthropic(tool_use("click", {"ref": "e5", "step": 2}, id="toolu_1")) as fake:
        status, data = post(fake, BODY)
    assert status == 200
    stream = events(data)
    assert [name for name, _ in stream] == [
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    start = stream[1][1]["content_block"]
    assert start == {"type": "tool_use", "id": "toolu_1", "name": "mcp__browser__click", "input": {}}
    joined = "".join(e["delta"]["partial_json"] for n, e in stream if n == "content_block_delta")
    assert json.loads(joined) == {"ref": "e5", "step": 2}
    assert stream[5][1]["delta"]["stop_reason"] == "tool_use"
    assert stream[0][1]["message"]["model"] == "claude-test"


def test_text_turn_with_usage_override_and_end_turn() -> None:
    with FakeAnthropic(
        turn(TextBlock("thinking aloud"), usage={"input_tokens": 5000, "output_tokens": 7})
    ) as fake:
        _, data = post(fake, BODY)
    stream = dict((name, e) for name, e in events(data))
    assert stream["message_start"]["message"]["usage"]["input_tokens"] == 5000
    assert stream["content_block_delta"]["delta"] == {"type": "text_delta", "text": "thinking aloud"}
    assert stream["message_delta"]["delta"]["stop_reason"] == "end_turn"
    assert stream["message_delta"]["usage"]["output_tokens"] == 7


def test_http_errors_use_anthropic_error_json() -> None:
    with FakeAnthropic(http_error(529), http_error(400, "bad tool_result")) as fake:
        first = post(fake, BODY)
        second = post(fake, BODY)
    assert first[0] == 529
    assert json.loads(first[1]) == {
        "type": "error",
        "error": {"type": "overloaded_error", "message": "Overloaded"},
    }
    assert second[0] == 400
    assert json.loads(second[1])["error"] == {"type": "invalid_request_error", "message": "bad tool_result"}
    assert [r.reply for r in fake.requests] == ["error 529", "error 400"]


def test_exhausted_script_answers_plain_text_and_other_endpoints_are_harmless() -> None:
    with FakeAnthropic() as fake:
        _, data = post(fake, BODY)
        status, tokens = post(fake, {"messages": []}, "/v1/messages/count_tokens")
        url = urlparse(fake.url)
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
        conn.request("HEAD", "/api/hello")
        head_status = conn.getresponse().status
    assert dict(events(data))["content_block_delta"]["delta"]["text"] == "Done."
    assert status == 200 and json.loads(tokens)["input_tokens"] >= 1
    assert head_status == 200
    assert [r.reply for r in fake.requests] == ["default", "other", "other"]
    assert len(fake.message_requests) == 1


def test_callable_script_reads_the_last_tool_result() -> None:
    def decide(request: RecordedRequest) -> Any:
        result = request.tool_result("toolu_9")
        summary = result_json(result)
        return text("saw failure") if summary and summary["ok"] is False else text("saw success")

    body = {
        **BODY,
        "messages": [
            {"role": "user", "content": "go"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "toolu_9", "name": "x", "input": {}}],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_9",
                        "content": [{"type": "text", "text": '{"ok":false,"error":{"code":"TIMEOUT"}}'}],
                    },
                    {"type": "text", "text": "<system-reminder>noise</system-reminder>"},
                ],
            },
        ],
    }
    with FakeAnthropic(decide) as fake:
        _, data = post(fake, body)
    assert dict(events(data))["content_block_delta"]["delta"]["text"] == "saw failure"
    assert fake.requests[0].tool_results()[0]["tool_use_id"] == "toolu_9"


def test_non_streaming_request_gets_a_json_message() -> None:
    with FakeAnthropic(tool_use("snapshot", {"step": 1}, id="toolu_2")) as fake:
        status, data = post(fake, {**BODY, "stream": False})
    message = json.loads(data)
    assert status == 200
    assert message["content"] == [
        {"type": "tool_use", "id": "toolu_2", "name": "mcp__browser__snapshot", "input": {"step": 1}}
    ]
    assert message["stop_reason"] == "tool_use"


def test_a_raw_tool_name_is_sent_without_the_mcp_prefix() -> None:
    # A model hallucinating a built-in Claude Code tool (the CLI runs with none of them).
    with FakeAnthropic(tool_use("Bash", {"command": "ls"}, raw=True), tool_use("Bash", raw=True)) as fake:
        _, data = post(fake, BODY)
        _, plain = post(fake, {**BODY, "stream": False})
    assert events(data)[1][1]["content_block"]["name"] == "Bash"
    assert json.loads(plain)["content"][0]["name"] == "Bash"


def test_garbled_stream_is_not_valid_sse_json() -> None:
    with FakeAnthropic(garbled()) as fake:
        status, data = post(fake, BODY)
    assert status == 200
    with pytest.raises(ValueError):
        events(data)


def test_slow_reply_waits_and_stop_wakes_it() -> None:
    with FakeAnthropic(slow(0.3, text("late"))) as fake:
        started = time.perf_counter()
        _, data = post(fake, BODY)
        assert time.perf_counter() - started >= 0.3
        # served_s is stamped after the last byte went out: the client may read it first (busy machine).
        deadline = time.monotonic() + 5
        while not fake.requests[0].served_s and time.monotonic() < deadline:
            time.sleep(0.01)
        assert fake.requests[0].served_s >= 0.3
    assert dict(events(data))["content_block_delta"]["delta"]["text"] == "late"

    fake = FakeAnthropic(slow(60)).start()
    outcome: list[BaseException | tuple[int, bytes]] = []

    def waiting_client() -> None:
        try:
            outcome.append(post(fake, BODY))
        except OSError as exc:  # the server went away mid-request
            outcome.append(exc)

    thread = threading.Thread(target=waiting_client, daemon=True)
    thread.start()
    time.sleep(0.2)
    started = time.perf_counter()
    fake.stop()
    thread.join(timeout=5)
    assert time.perf_counter() - started < 2
    assert outcome and isinstance(outcome[0], OSError)  # answered nothing, did not hang


def test_offline_env_has_everything_the_cli_needs() -> None:
    env = offline_env("http://127.0.0.1:9", "/tmp/cfg")
    assert env["ANTHROPIC_BASE_URL"] == "http://127.0.0.1:9"
    assert env["CLAUDE_CONFIG_DIR"] == "/tmp/cfg"
    assert env["CLAUDE_CODE_MAX_RETRIES"] == "0"
    for flag in (
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
        "DISABLE_TELEMETRY",
        "DISABLE_AUTOUPDATER",
        "DISABLE_ERROR_REPORTING",
    ):
        assert env[flag] == "1"
