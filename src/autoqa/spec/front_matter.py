"""Optional YAML front matter at the top of a spec (``---`` ... ``---``), validated with pydantic."""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from autoqa.errors import SpecError
from autoqa.input_values import VARIABLE_NAME, comma_list, non_blank
from autoqa.invariant_names import checked_names

_STATE_NAME = re.compile(r"[A-Za-z0-9_-]+")


class BudgetModel(BaseModel):
    """``budget: {seconds: 60, usd: 0.20}``: this spec's own limits, over ``spec_timeout_s`` and
    ``max_budget_usd``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seconds: float | None = Field(default=None, gt=0)
    """Wall-clock limit for the spec (plain, replay and agent alike)."""
    usd: float | None = Field(default=None, gt=0)
    """Model cost limit for the spec (a plain spec costs nothing)."""

    @field_validator("seconds", "usd", mode="before")
    @classmethod
    def _no_booleans(cls, value: Any) -> Any:
        if isinstance(value, bool):
            raise ValueError(f"expected a number, not {str(value).lower()}")
        return value

    @model_validator(mode="after")
    def _something(self) -> BudgetModel:
        if self.seconds is None and self.usd is None:
            raise ValueError("give seconds, usd or both, e.g. {seconds: 60, usd: 0.20}")
        return self


class FrontMatter(BaseModel):
    """Per-spec settings. Unknown keys are errors so that typos do not pass silently."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str | None = None
    """Overrides the ``# Title`` heading."""
    tags: tuple[str, ...] = ()
    """Labels for ``--tag`` filters; a list or a comma-separated string."""
    base_url: str | None = None
    """The base URL for this spec (may use variables, e.g. ``{{LOGIN_BASE_URL}}``); also sets BASE_URL."""
    timeout: float | None = Field(default=None, gt=0)
    """Wall-clock limit for the spec, in seconds."""
    secrets: tuple[str, ...] = ()
    """Extra variable names whose values must never reach the model, logs or artifacts."""
    setup: str | None = None
    """Save the browser storage state under this name when the spec passes."""
    auth: str | None = None
    """Start from the storage state a ``setup`` spec saved under this name."""
    invariants: tuple[str, ...] = ()
    """Invariants for this spec on top of the run's: ``name`` turns one on, ``!name`` turns it off."""
    allowed_failed_requests: tuple[str, ...] = ()
    """More XHR/fetch answers ``no-failed-requests`` accepts in this spec (added to the run's)."""
    error_text: tuple[str, ...] = ()
    """More text ``no-error-text`` flags in this spec (added to the run's)."""
    budget: BudgetModel | None = None
    """This spec's limits: ``{seconds: 60, usd: 0.20}``; a trip ends it as ``error`` like a guardrail."""

    @field_validator("tags", "secrets", "invariants", "allowed_failed_requests", "error_text", mode="before")
    @classmethod
    def _split_commas(cls, value: Any) -> Any:
        return comma_list(value)

    @field_validator("tags")
    @classmethod
    def _tags_not_blank(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        cleaned = tuple(tag.strip() for tag in value)
        if any(not tag or any(ch.isspace() for ch in tag) for tag in cleaned):
            raise ValueError("tags must be non-empty words without spaces")
        return cleaned

    @field_validator("secrets")
    @classmethod
    def _secret_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            if not VARIABLE_NAME.fullmatch(name):
                raise ValueError(f"{name!r} is not a variable name (letters, digits and _)")
        return value

    @field_validator("invariants")
    @classmethod
    def _invariant_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return checked_names(value, negation=True)

    @field_validator("allowed_failed_requests", "error_text")
    @classmethod
    def _not_blank(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return non_blank(value)

    @model_validator(mode="after")
    def _one_time_limit(self) -> FrontMatter:
        if self.timeout is not None and self.budget is not None and self.budget.seconds is not None:
            raise ValueError("timeout and budget.seconds are the same limit: keep one")
        return self

    @field_validator("setup", "auth")
    @classmethod
    def _state_name(cls, value: str | None) -> str | None:
        if value is not None and not _STATE_NAME.fullmatch(value):
            raise ValueError(f"{value!r} is not a valid name (letters, digits, _ and -)")
        return value


FRONT_MATTER_KEYS = tuple(FrontMatter.model_fields)


def key_lines(lines: list[str], first_line: int) -> dict[str, int]:
    """The file line of each top-level key (``key:`` at the start of a line)."""
    out: dict[str, int] = {}
    for offset, text in enumerate(lines):
        match = re.match(r"['\"]?([A-Za-z_][A-Za-z0-9_-]*)['\"]?\s*:", text)
        if match:
            out.setdefault(match.group(1), first_line + offset)
    return out


def _describe(error: Any) -> tuple[str, str]:
    """(key, message) for one pydantic error, phrased for spec authors."""
    key = str(error["loc"][0]) if error["loc"] else "budget"
    if error["type"] == "extra_forbidden" and len(error["loc"]) > 1:  # inside budget: {...}
        inner = ", ".join(BudgetModel.model_fields)
        return key, f"unknown front matter key '{key}.{error['loc'][1]}'; allowed: {inner}"
    if error["type"] == "extra_forbidden":
        close = difflib.get_close_matches(key, FRONT_MATTER_KEYS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return key, f"unknown front matter key {key!r}{hint}; allowed: {', '.join(FRONT_MATTER_KEYS)}"
    # "a valid tuple" is Python talk: in YAML the fields typed as tuples are lists.
    message = str(error["msg"]).removeprefix("Value error, ").replace("a valid tuple", "a list")
    return key, f"front matter {key!r}: {message}"


def parse_front_matter(lines: list[str], path: Path, first_line: int) -> FrontMatter | None:
    """Validate the YAML between the ``---`` fences; ``first_line`` is the file line of ``lines[0]``."""
    text = "\n".join(lines)
    if not text.strip():
        return None
    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + mark.line if mark is not None else first_line
        raise SpecError(f"invalid YAML in front matter: {exc.problem or exc}", path=path, line=line) from None
    except RecursionError:  # PyYAML composes nested collections recursively: [[[[…]]]] blows the stack
        raise SpecError("front matter is nested too deeply", path=path, line=first_line) from None
    except Exception as exc:  # PyYAML raises ValueError & co. for some scalars (e.g. bad timestamps)
        raise SpecError(f"invalid YAML in front matter: {exc}", path=path, line=first_line) from None
    if data is None:
        return None
    if not isinstance(data, dict) or not all(isinstance(key, str) for key in data):
        raise SpecError(
            "front matter must be a mapping of keys to values",
            path=path,
            line=first_line,
            hint="for example 'tags: [smoke]' on its own line",
        )
    try:
        return FrontMatter.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        key, message = _describe(errors[0])
        if len(errors) > 1:
            message += f" (and {len(errors) - 1} more problem(s))"
        raise SpecError(message, path=path, line=key_lines(lines, first_line).get(key, first_line)) from None
