"""What the model receives for one tool call: a short JSON summary, plus at most one piece of context.

How the failure screenshot reaches the model
--------------------------------------------
The Claude Code CLI drops image blocks from MCP results marked ``is_error`` (it flattens them to text),
and the Messages API rejects images inside an ``is_error`` tool_result. So a failed call whose failure
screenshot should be shown is returned **without** ``is_error``: its first text block is the error summary
``{"ok": false, "error": {"code", "message", "retriable"}, ...}`` and the JPEG follows as an image block
(long side at most 1024 px). The model therefore sees the error semantics and the picture in its very next
request, and a contract test against the real CLI pins that. Nothing downstream relies on ``is_error``:
guardrails and verdicts track success and failure from the :class:`~autoqa.tools.ToolResult` itself.
Failures without an image (``tool_context`` ``snapshot`` or ``none``, or no screenshot available) keep
``is_error: true``.

Secrets never reach the model: every text goes through :meth:`SecretSet.redact` (the tools already work
with ``{{NAME}}`` placeholders; this is the second line of defence). Stack traces never do either.
"""

from __future__ import annotations

import base64
import io
import json
import logging
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from autoqa.secrets import SecretSet
from autoqa.tools.result import ErrorCode, ToolResult

log = logging.getLogger(__name__)

MAX_INLINE_CHARS = 200
"""Data strings up to this long stay in the JSON summary; longer or multi-line ones get their own block."""
MAX_TEXT_CHARS = 9_000
"""Hard cap of one text block (the tool layer already cuts snapshots at 8,000 characters)."""
MAX_IMAGE_SIDE = 1024

McpResult = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Image:
    data: bytes
    width: int
    height: int
    mime: str = "image/jpeg"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _cut(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[cut: {len(text) - limit} more characters not shown]"


def summary(
    result: ToolResult, *, image_attached: bool = False
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The JSON summary of ``result`` and the long text fields that go in blocks of their own."""
    body: dict[str, Any] = {"ok": result.ok}
    if result.error is not None:
        error: dict[str, Any] = {
            "code": str(result.error.code),
            "message": result.error.message + (f"; {result.error.advice}" if result.error.advice else ""),
            "retriable": result.error.retriable,
        }
        details = result.error.details
        if details and len(_dumps(details)) <= 400:
            error["details"] = details
        body["error"] = error
    long_fields: list[tuple[str, str]] = []
    inline: dict[str, Any] = {}
    for key, value in result.data.items():
        if isinstance(value, str) and (len(value) > MAX_INLINE_CHARS or "\n" in value):
            long_fields.append((key, value))
        elif isinstance(value, bytes):
            continue
        else:
            inline[key] = value
    if inline:
        body["data"] = inline
    if result.screenshot is not None:
        shot: dict[str, Any] = {"width": result.screenshot.width, "height": result.screenshot.height}
        if image_attached:
            shot["attached"] = True
        body["screenshot"] = shot
    note = result.screenshot_note or (result.screenshot.note if result.screenshot else None)
    if note:
        body["screenshot_note"] = note
    return body, long_fields


def bounded_jpeg(data: bytes, max_side: int = MAX_IMAGE_SIDE) -> Image | None:
    """The image as a JPEG whose long side is at most ``max_side`` (re-encoded only when needed)."""
    try:
        from PIL import Image as PILImage

        with PILImage.open(io.BytesIO(data)) as img:
            width, height = img.size
            if max(width, height) <= max_side and img.format == "JPEG":
                return Image(data, width, height)
            scale = max_side / max(width, height)
            size = (width, height)
            if scale < 1:
                size = (max(1, round(width * scale)), max(1, round(height * scale)))
            out = io.BytesIO()
            img.convert("RGB").resize(size).save(out, "JPEG", quality=70)
            return Image(out.getvalue(), size[0], size[1])
    except Exception as exc:  # a broken image must not break the tool result
        log.warning("cannot use screenshot for the model: %s", exc)
        return None


def to_mcp_result(
    result: ToolResult,
    *,
    secrets: SecretSet,
    image: Image | None = None,
    context_text: str | None = None,
    attempts_left: int | None = None,
) -> McpResult:
    """Map a tool result to MCP content. ``image`` is attached as described in the module docstring;
    ``context_text`` (a snapshot excerpt) follows the summary on failures."""
    body, long_fields = summary(result, image_attached=image is not None)
    if attempts_left is not None and "error" in body:
        # The per-step guardrail, counted down where the model reads the failure (0: the next one ends it).
        body["error"]["attempts_left"] = attempts_left
    blocks: list[dict[str, Any]] = [{"type": "text", "text": secrets.redact(_dumps(body))}]
    for key, value in long_fields:
        blocks.append({"type": "text", "text": secrets.redact(_cut(f"{key}:\n{value}"))})
    if context_text:
        blocks.append({"type": "text", "text": secrets.redact(_cut(context_text))})
    if image is not None:
        blocks.append(
            {"type": "image", "data": base64.b64encode(image.data).decode(), "mimeType": image.mime}
        )
    # Images only survive without is_error (see module docstring); the JSON still says ok=false.
    return {"content": blocks, "is_error": (not result.ok) and image is None}


def message_result(payload: Mapping[str, Any], *, is_error: bool, secrets: SecretSet) -> McpResult:
    """A result we compose ourselves (control tools, guardrail refusals)."""
    return {
        "content": [{"type": "text", "text": secrets.redact(_dumps(dict(payload)))}],
        "is_error": is_error,
    }


def internal_error_result(exc: BaseException, *, tool: str, secrets: SecretSet) -> McpResult:
    """What the model gets when our own code failed: never a stack trace, never a protocol error."""
    tail = "".join(traceback.format_exception(exc)[-3:]).rstrip()
    log.error("internal error in tool %s: %s\n%s", tool, type(exc).__name__, secrets.redact(tail))
    cause = exc.__cause__ or exc.__context__
    error: dict[str, Any] = {
        "code": ErrorCode.INTERNAL_ERROR,
        "exception": type(exc).__name__,
        "message": str(exc)[:500],
        "retriable": False,
        "cause": f"{type(cause).__name__}: {str(cause)[:300]}" if cause is not None else None,
    }
    return message_result({"ok": False, "error": error}, is_error=True, secrets=secrets)
