"""Lean history as a function of one request body: which images stay, what replaces the others."""

from __future__ import annotations

import copy
import json
from typing import Any

from autoqa.agent.history import KEEP_IMAGES, STUB, images_to_drop, lean_messages, lean_request
from autoqa.agent.relay import relay_upstream


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
