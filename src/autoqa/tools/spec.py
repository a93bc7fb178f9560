"""ToolSpec: one browser tool as data (name, description, argument model, kind, implementation)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from autoqa.tools.context import ToolContext
from autoqa.tools.result import ToolResult

ToolKind = Literal["action", "assertion", "observe", "control"]
ToolFunc = Callable[[ToolContext, Any], Awaitable[ToolResult]]
"""``async (ctx, args) -> ToolResult`` where ``args`` is an instance of the spec's ``args_model``."""


@dataclass(frozen=True, slots=True)
class ToolSpec:
    name: str
    description: str
    """One or two lines a model reads to choose the tool; exact about what it does."""
    args_model: type[BaseModel]
    """Pydantic model with ``extra="forbid"``; its JSON schema is what a model sees."""
    kind: ToolKind
    func: ToolFunc

    def input_schema(self) -> dict[str, Any]:
        return self.args_model.model_json_schema()
