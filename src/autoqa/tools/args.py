"""Argument models shared by the tools. Untrusted input (a model's tool call) enters here."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

REF_DOC = "element ref from the latest snapshot, e.g. e12 (f1e3 inside an iframe)"
TARGET_DOC = "plain-language element: its visible text, label, placeholder or test id (when no ref)"
PLAIN_ONLY_KEY = "plain_only"
PLAIN_ONLY: dict[str, Any] = {PLAIN_ONLY_KEY: True}
"""``Field(json_schema_extra=PLAIN_ONLY)``: an argument only plain steps use, left out of the schema the
model is offered (``agent/schemas.py``; every byte goes with every request), as the plain-only tools are.
The tool still accepts it."""


class ToolArgs(BaseModel):
    # Numbers where text is expected (a postal code, a quantity) are fine; unknown fields are not.
    model_config = ConfigDict(extra="forbid", coerce_numbers_to_str=True, frozen=True)


class OptionalElementArgs(ToolArgs):
    ref: str | None = Field(default=None, max_length=64, description=REF_DOC)
    target: str | None = Field(default=None, min_length=1, max_length=500, description=TARGET_DOC)


class ElementArgs(OptionalElementArgs):
    @model_validator(mode="after")
    def _needs_element(self) -> ElementArgs:
        if self.ref is None and self.target is None:
            raise ValueError("give ref (from a snapshot) or target (visible text or label)")
        return self


class NoArgs(ToolArgs):
    pass
