"""Lean history: which images a model request still carries.

The Claude Code CLI keeps every tool result in its conversation and re-sends all of it with each model
request, images included: one failure screenshot is ~14 KB of base64 in every later request, five of them
~70 KB. Nothing in the SDK or the CLI edits that history (a ``PostToolUse`` hook can only replace the
result being produced, the CLI's own tool-result clearing is server-side context management that the
request still carries in full, and its keep-recent clearing only follows a server hint). So the session
sends its model requests through :class:`autoqa.agent.relay.HistoryRelay`, which rewrites each request body
with :func:`lean_request` before passing it on:

- at most :data:`KEEP_IMAGES` images stay, the newest ones;
- an image followed by a successful ``snapshot`` result is superseded too (the snapshot is newer page
  state);
- every image dropped becomes a short text block (:data:`STUB`) in the same place, so the tool result it
  belonged to still reads as a whole and the model knows a picture was there.

The newest image is therefore always sent intact. The rewrite depends only on the request itself, so a
prefix the CLI sends again is rewritten the same way (prompt caching still works from the request after an
image was dropped). Our own records (transcript, tool calls, verdict) never see this rewrite: they come from
the SDK's message stream, not from the requests.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

KEEP_IMAGES = 2
"""Images a request may carry: the newest ones."""
STUB = "[older screenshot removed from the history: a later screenshot or snapshot shows the page]"
SNAPSHOT_TOOL_SUFFIX = "__snapshot"
"""Our snapshot tool as the model calls it (``mcp__browser__snapshot``)."""


@dataclass(frozen=True, slots=True)
class _Image:
    message: int
    path: tuple[int, ...]
    """Index of the block in the message's content, then (inside a tool_result) in the result's content."""


def _content(message: Mapping[str, Any]) -> list[Any]:
    content = message.get("content")
    return content if isinstance(content, list) else []


def _is_image(block: Any) -> bool:
    return isinstance(block, dict) and block.get("type") == "image"


def _images_and_snapshots(messages: list[Any]) -> Iterator[tuple[str, _Image]]:
    """In conversation order: ``("image", where)`` for each image, ``("snapshot", where)`` for each
    successful snapshot result."""
    snapshot_ids: set[str] = set()
    for m, message in enumerate(messages):
        if not isinstance(message, dict):
            continue
        for b, block in enumerate(_content(message)):
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "tool_use" and str(block.get("name", "")).endswith(SNAPSHOT_TOOL_SUFFIX):
                snapshot_ids.add(str(block.get("id")))
            elif kind == "image":
                yield "image", _Image(m, (b,))
            elif kind == "tool_result":
                inner = block.get("content")
                if not isinstance(inner, list):
                    continue
                if block.get("tool_use_id") in snapshot_ids and _succeeded(inner):
                    yield "snapshot", _Image(m, (b,))
                for i, item in enumerate(inner):
                    if _is_image(item):
                        yield "image", _Image(m, (b, i))


def _succeeded(content: list[Any]) -> bool:
    """Our results start with a JSON summary line: ``{"ok": true, ...}``."""
    first = next((b for b in content if isinstance(b, dict) and b.get("type") == "text"), None)
    if first is None:
        return False
    line = str(first.get("text", "")).split("\n", 1)[0].strip()
    try:
        summary = json.loads(line)
    except ValueError:
        return False
    return isinstance(summary, dict) and summary.get("ok") is True


def images_to_drop(messages: list[Any], keep: int = KEEP_IMAGES) -> list[_Image]:
    """The images of ``messages`` that a request should not carry (see the module docstring)."""
    images: list[_Image] = []
    superseded: set[_Image] = set()
    for kind, where in _images_and_snapshots(messages):
        if kind == "image":
            images.append(where)
        else:
            superseded.update(images)
    newest = set(images[-keep:]) if keep > 0 else set()
    return [image for image in images if image in superseded or image not in newest]


def _stub(image: Mapping[str, Any]) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "text", "text": STUB}
    if "cache_control" in image:  # a cache breakpoint stays where the CLI put it
        block["cache_control"] = image["cache_control"]
    return block


def lean_messages(messages: list[Any], keep: int = KEEP_IMAGES) -> tuple[list[Any], int]:
    """``messages`` with the images :func:`images_to_drop` names replaced by :data:`STUB`, and how many.

    The input is not changed; untouched messages are shared with it."""
    drop = images_to_drop(messages, keep)
    if not drop:
        return messages, 0
    out = list(messages)
    for image in drop:
        message = dict(out[image.message])
        content = list(_content(message))
        if len(image.path) == 1:
            content[image.path[0]] = _stub(content[image.path[0]])
        else:
            result = dict(content[image.path[0]])
            inner = list(result["content"])
            inner[image.path[1]] = _stub(inner[image.path[1]])
            result["content"] = inner
            content[image.path[0]] = result
        message["content"] = content
        out[image.message] = message
    return out, len(drop)


def lean_request(raw: bytes, keep: int = KEEP_IMAGES) -> tuple[bytes, int]:
    """A Messages API request body with superseded images replaced, and how many were; a body that is
    not a JSON object with ``messages``, or has nothing to drop, comes back byte for byte."""
    try:
        body = json.loads(raw)
    except ValueError:
        return raw, 0
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        return raw, 0
    messages, dropped = lean_messages(body["messages"], keep)
    if not dropped:
        return raw, 0
    body["messages"] = messages
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode(), dropped
