"""Parsed specs as plain values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from autoqa.results import Budget


class StepKind(StrEnum):
    ACTION = "action"
    ASSERTION = "assertion"


@dataclass(frozen=True, slots=True)
class Step:
    """One numbered step after include expansion and variable rendering.

    ``text`` is what the model sees: secret variables stay ``{{NAME}}`` placeholders. ``index`` is 1-based
    and counts the expanded steps of the spec.
    """

    index: int
    text: str
    kind: StepKind
    source: Path
    line: int
    expected: tuple[str, ...] = ()
    """``Expected:`` clauses; each one needs its own passing assertion."""
    notes: tuple[str, ...] = ()
    """Nested bullets under the step that are not Expected clauses (kept, never dropped)."""
    optional: bool = False
    """``Optional: …`` steps run when their target is present and are skipped otherwise."""
    raw_text: str = ""
    """The step as written, before variables were rendered (used for cache keys and export comments)."""
    position: int = 0
    """Its number among the steps of ``source`` as written (``index`` counts the expanded spec)."""
    included_at: tuple[tuple[int, Path], ...] = ()
    """The include chain of a step from a library, innermost first: (include step's number, its file)."""

    @property
    def needs_evidence(self) -> bool:
        """Whether a passing assertion is required for this step to count as done."""
        return self.kind is StepKind.ASSERTION or bool(self.expected)


@dataclass(frozen=True, slots=True)
class Spec:
    path: Path
    title: str
    preconditions: tuple[str, ...]
    steps: tuple[Step, ...]
    tags: tuple[str, ...] = ()
    base_url: str | None = None
    timeout_s: float | None = None
    """The spec's own wall-clock limit (``timeout:`` or ``budget.seconds``), over ``spec_timeout_s``."""
    budget: Budget | None = None
    """The front matter's ``budget:`` as written (``seconds`` is also in ``timeout_s``)."""
    secrets: frozenset[str] = frozenset()
    """Names of variables whose values must never reach the model, logs or artifacts."""
    setup: str | None = None
    """``setup: login`` marks a spec whose final storage state is saved under that name."""
    auth: str | None = None
    """``auth: login`` starts the spec from the storage state a setup spec saved."""
    invariants: tuple[str, ...] = ()
    """Front matter ``invariants``: names to turn on, ``!name`` to turn off (on top of the run's)."""
    allowed_failed_requests: tuple[str, ...] = ()
    """Front matter ``allowed_failed_requests`` (added to the run's)."""
    error_text: tuple[str, ...] = ()
    """Front matter ``error_text`` (added to the run's)."""
    variables: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    """Rendered variable values used by the spec (secret ones included; never print this)."""

    @property
    def slug(self) -> str:
        from autoqa.spec.slug import slugify_path

        return slugify_path(self.path)
