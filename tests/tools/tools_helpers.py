"""Assertions shared by the tool tests (a module, not conftest, so tests can import them)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from autoqa.tools import ToolResult, ToolSettings

Call = Callable[..., Awaitable[ToolResult]]

# Short but realistic limits: failures come back fast. A check waits 1 s: what the tests' pages show after
# an action arrives in milliseconds, and a check that fails mostly waits out its whole limit (with 3 s the
# tool tests spent a quarter of their time waiting for failures). Tests of the demo's 1.5-2 s delays say
# so (PATIENT).
FAST = ToolSettings(
    action_timeout_ms=2_000,
    navigation_timeout_ms=5_000,
    assertion_timeout_ms=1_000,
    snapshot_timeout_ms=3_000,
    max_wait_ms=5_000,
    wait_timeout_ms=3_000,
    target_wait_ms=300,
    screenshot_timeout_ms=2_000,
)

# For the playground's delayed content, enabled button and toast (~1.5-2 s).
PATIENT = dataclasses.replace(FAST, assertion_timeout_ms=3_000)

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
