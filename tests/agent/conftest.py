"""Fixtures for agent tests: a fake model server per test, a tool context on a real page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.async_api import Page

from autoqa.agent import AgentOptions
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env
from autoqa.tools.context import ToolContext, ToolSettings

from .agent_helpers import DEMO_PASSWORD


@pytest.fixture
def fake() -> Iterator[FakeAnthropic]:
    with FakeAnthropic() as server:
        yield server


@pytest.fixture
def tool_ctx(page: Page, demo_url: str) -> ToolContext:
    # Short timeouts: failing calls are part of most scripts and each one would otherwise wait seconds;
    # long enough that a loaded CI machine still finishes the calls meant to succeed.
    settings = ToolSettings(
        action_timeout_ms=3_000, assertion_timeout_ms=2_500, navigation_timeout_ms=8_000, target_wait_ms=300
    )
    return ToolContext(
        context=page.context,
        page=page,
        base_url=demo_url,
        secrets={"PASSWORD": DEMO_PASSWORD},
        settings=settings,
    )


@pytest.fixture
def agent_options(fake: FakeAnthropic) -> Any:
    def make(**overrides: Any) -> AgentOptions:
        values: dict[str, Any] = {"env": offline_env(fake.url), "spec_timeout_s": 60.0, "max_turns": 40}
        values.update(overrides)
        return AgentOptions(**values)

    return make
