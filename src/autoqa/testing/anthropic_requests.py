"""Requests the fake Messages API received, with helpers to find what the CLI sent the model."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


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

    def all_images(self) -> list[dict[str, Any]]:
        """Every image block the request carries, anywhere in the conversation (oldest first)."""
        found: list[dict[str, Any]] = []
        for message in self.messages:
            content = message.get("content")
            for block in content if isinstance(content, list) else []:
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "image":
                    found.append(block)
                elif block.get("type") == "tool_result" and isinstance(block.get("content"), list):
                    found.extend(
                        b for b in block["content"] if isinstance(b, dict) and b.get("type") == "image"
                    )
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


def tool_uses_in(request: RecordedRequest) -> Iterable[dict[str, Any]]:
    """The tool_use blocks of every assistant message in the conversation so far."""
    for message in request.messages:
        if message.get("role") == "assistant" and isinstance(message.get("content"), list):
            yield from (b for b in message["content"] if isinstance(b, dict) and b.get("type") == "tool_use")
