"""Assertions shared by the tool tests (a module, not conftest, so tests can import them)."""

from __future__ import annotations

from autoqa.tools import ToolResult


def ok(result: ToolResult) -> ToolResult:
    """Assert success, showing the error when there is one."""
    assert result.ok, result.error
    return result


def failed(result: ToolResult, code: str) -> ToolResult:
    assert not result.ok, result.data
    assert result.error is not None
    assert result.error.code == code, result.error
    return result
