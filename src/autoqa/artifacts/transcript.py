"""``transcript.jsonl``: what the model saw and did in one spec, one redacted JSON line per record.

Images never go into the transcript itself: raw ``bytes`` field values and MCP/Anthropic image blocks
(``{"type": "image", "data": <base64>}``, also ``source.data``) are saved as screenshot files, and the
line holds the path relative to the spec folder instead (``screenshots/003-turn-2.jpg``), which stays
valid when the folder moves from staging to its final place.
"""

from __future__ import annotations

import base64
import binascii
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from autoqa.artifacts.jsonl import RedactedJsonl
from autoqa.artifacts.redact import Redactor

ImageSaver = Callable[[bytes, str], Path]


class TranscriptWriter:
    """Record kinds used by the agent: ``model.turn`` (role, text, usage), ``tool.call`` (tool, args,
    id), ``tool.result`` (tool, ok, error_code, text, image). Any other kind is accepted too."""

    def __init__(self, spec_dir: Path, redactor: Redactor, save_image: ImageSaver) -> None:
        self.spec_dir = spec_dir
        self.path = spec_dir / "transcript.jsonl"
        self._out = RedactedJsonl(self.path, redactor)
        self._save_image = save_image
        self._seq = 0

    def record(self, kind: str, /, **fields: Any) -> None:
        """Append one record. Never raises (a broken transcript must not fail the spec)."""
        self._seq += 1
        try:
            body = {key: self._externalize(value, f"{kind}-{key}") for key, value in fields.items()}
        except Exception:  # an unsaveable image: keep the line, lose the picture
            body = {key: value for key, value in fields.items() if not isinstance(value, bytes)}
            body["image_error"] = True
        self._out.write({"seq": self._seq, "ts": round(time.time(), 3), "kind": kind, **body})

    def close(self) -> None:
        self._out.close()

    def _externalize(self, value: Any, hint: str) -> Any:
        if isinstance(value, (bytes, bytearray)):
            return self._relative(self._save_image(bytes(value), hint))
        if isinstance(value, Path):
            return self._relative(value)
        if isinstance(value, Mapping):
            image = _inline_image(value)
            if image is not None:
                kept = {k: v for k, v in value.items() if k not in ("data", "source")}
                return {**kept, "file": self._relative(self._save_image(image, hint))}
            return {str(k): self._externalize(v, hint) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self._externalize(v, hint) for v in value]
        return value

    def _relative(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(self.spec_dir.resolve()).as_posix()
        except ValueError:
            return str(path)


def _inline_image(block: Mapping[str, Any]) -> bytes | None:
    """The decoded bytes of an image content block, or None when ``block`` is not one."""
    if block.get("type") != "image":
        return None
    source = block.get("source")
    data = source.get("data") if isinstance(source, Mapping) else block.get("data")
    if not isinstance(data, str):
        return None
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None
