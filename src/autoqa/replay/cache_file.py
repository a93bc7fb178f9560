"""The step cache file: human-readable JSON meant to be committed next to the specs.

::

    {
      "version": 1,
      "spec": "specs/login.md",
      "title": "Log in",
      "steps": [
        {"index": 1, "text": "Navigate to /login.html", "key": "3f0c…",
         "calls": [{"tool": "navigate", "args": {"url": "/login.html"}}]},
        {"index": 3, "text": "Fill \\"Password\\" with \\"{{PASSWORD}}\\"", "key": "9a1d…",
         "calls": [{"tool": "fill",
                    "args": {"target": "[data-testid=\\"password\\"]", "value": "{{PASSWORD}}"},
                    "locator": "page.get_by_test_id(\\"password\\")",
                    "element": "textbox \\"Password\\""}]}
      ]
    }

``args`` are tool-layer arguments: element ``target``s are explicit hints the tools resolve without
guessing, secrets and variables stay ``{{NAME}}``. ``locator`` (the exported Python) and ``element`` are
for readers and for healing reports. The file is untrusted input (hand edits, merge conflicts), so it is
validated with pydantic on load.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

CACHE_VERSION = 1


class CachedCall(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tool: str = Field(min_length=1, max_length=64)
    args: dict[str, Any] = Field(default_factory=dict)
    locator: str | None = None
    """The element as pytest-playwright code (what export wrote), for readers."""
    element: str | None = None
    """The element as recorded, e.g. ``button "Log in"``."""


class CachedStep(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(ge=1)
    text: str
    key: str = Field(min_length=1)
    optional: bool = False
    calls: tuple[CachedCall, ...] = ()
    skipped_when_recorded: bool = False
    """An optional step whose element was absent when recorded; ``calls`` then hold the plain-grammar
    attempt (a description, not a recorded locator), tried with a short wait on replay."""
    reading: str | None = Field(default=None, max_length=64)
    """A digest of how the plain grammar read the step when it was recorded (None: it did not, the model
    ran it). A later version that reads it otherwise, or not at all (a reading withdrawn or changed because
    it was wrong: a false green), must not have it replayed from here: the lookup stops the cache at that
    step. Entries written before this field say nothing (None)."""


class CacheFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = CACHE_VERSION
    spec: str
    title: str = ""
    updated: str = ""
    steps: tuple[CachedStep, ...] = ()

    @model_validator(mode="after")
    def _one_entry_per_step(self) -> CacheFile:
        """A merge or a hand edit that leaves a step twice: which one would replay is a guess, so neither."""
        seen: set[int] = set()
        for step in self.steps:
            if step.index in seen:
                raise ValueError(f"step {step.index} appears more than once")
            seen.add(step.index)
        return self

    def to_text(self) -> str:
        return self.model_dump_json(indent=2, exclude_defaults=False) + "\n"
