"""The seam through which executors call tools: the runner wraps it to record, emit events and keep
artifacts; tests can pass ``functools.partial(call_tool, ctx)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from autoqa.tools.result import ToolResult


class ToolCaller(Protocol):
    async def __call__(self, name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        """Run tool ``name`` with raw ``args`` for spec step ``step``. Never raises (but cancellation)."""
        ...
