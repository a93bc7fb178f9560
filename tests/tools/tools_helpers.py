"""Assertions shared by the tool tests (a module, not conftest, so tests can import them)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from autoqa.tools import ToolResult, ToolSettings

Call = Callable[..., Awaitable[ToolResult]]

# Short but realistic limits: failures come back fast, the demo's 1.5 s delays still fit.
FAST = ToolSettings(
    action_timeout_ms=2_000,
    navigation_timeout_ms=5_000,
    assertion_timeout_ms=3_000,
    snapshot_timeout_ms=3_000,
    max_wait_ms=5_000,
    wait_timeout_ms=3_000,
    target_wait_ms=300,
    screenshot_timeout_ms=2_000,
)

# For tests that expect a check to fail: no need to wait seconds for the failure.
IMPATIENT = dataclasses.replace(FAST, assertion_timeout_ms=300, wait_timeout_ms=300)


def ok(result: ToolResult) -> ToolResult:
    """Assert success, showing the error when there is one."""
    assert result.ok, result.error
    return result


def failed(result: ToolResult, code: str) -> ToolResult:
    assert not result.ok, result.data
    assert result.error is not None
    assert result.error.code == code, result.error
    return result
