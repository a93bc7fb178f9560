"""Size limits for spec files: checked before a file is read, so a huge one costs no time or memory."""

from __future__ import annotations

from pathlib import Path

from autoqa.errors import SpecError

MAX_SPEC_BYTES = 1_000_000
"""Specs and step libraries are prose for people; a bigger file is a mistake (or hostile). Reading, parsing
and putting it into a model prompt would cost time and memory out of all proportion, so it is refused."""


def check_spec_size(path: Path, *, what: str = "spec") -> None:
    """Raise :class:`SpecError` when ``path`` is larger than :data:`MAX_SPEC_BYTES` (missing files pass:
    reading them reports that)."""
    try:
        size = path.stat().st_size
    except OSError:
        return
    if size > MAX_SPEC_BYTES:
        raise SpecError(
            f"{what} is {size / 1_000_000:.1f} MB; a {what} may be at most {MAX_SPEC_BYTES // 1_000_000} MB",
            path=path,
            hint="split it into several specs or step libraries",
        )


def check_spec_text(text: str, path: Path, *, what: str = "spec") -> str:
    """``text`` unchanged, or :class:`SpecError` when it holds a NUL character (valid UTF-8, but a binary
    file, not prose: its steps would reach the browser as garbage)."""
    position = text.find("\x00")
    if position >= 0:
        line = text.count("\n", 0, position) + 1
        raise SpecError(f"{what} contains a NUL character: is it a binary file?", path=path, line=line)
    return text
