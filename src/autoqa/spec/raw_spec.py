"""A spec as written, before includes are expanded and variables rendered."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autoqa.spec.front_matter import FrontMatter


@dataclass(frozen=True, slots=True)
class SourceText:
    """Text gathered from one or more source lines; kept per line so errors can name the exact line."""

    parts: tuple[tuple[int, str], ...]

    @property
    def line(self) -> int:
        return self.parts[0][0]

    @property
    def text(self) -> str:
        return " ".join(part for _, part in self.parts if part)

    @classmethod
    def single(cls, line: int, text: str) -> SourceText:
        return cls(((line, text),))


@dataclass(frozen=True, slots=True)
class RawStep:
    """One list item of a ``## Steps`` section (or of a step library)."""

    source: Path
    line: int
    text: SourceText
    """The step text without its ``Optional:`` prefix and without inline ``Expected:`` lines."""
    expected: tuple[SourceText, ...] = ()
    notes: tuple[SourceText, ...] = ()
    optional: bool = False
    include: str | None = None
    """The library name of an ``include: <name>`` step (then ``text`` is the whole include line)."""
    position: int = 0
    """Its number among the steps of its own file (an include line counts as one step there)."""
    included_at: tuple[tuple[int, Path], ...] = ()
    """For a step spliced in from a library: where it was included, innermost first, as (the include
    step's number in its file, that file); empty for a step written in the spec itself."""


@dataclass(frozen=True, slots=True)
class ParsedSpec:
    path: Path
    title: SourceText | None
    """The first ``# Heading``, if any."""
    front_matter: FrontMatter | None
    preconditions: tuple[SourceText, ...]
    steps: tuple[RawStep, ...]
    front_matter_lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    """File line of each front matter key (for error messages)."""
