from __future__ import annotations

import pytest
from playwright.async_api import Browser

from autoqa.demo_app.server import DemoServer
from record.helpers import Recording, record_suite


@pytest.fixture(scope="session")
async def demo_suite(browser: Browser, demo_server: DemoServer) -> dict[str, Recording]:
    """The demo specs recorded once (plain grammar through the real tool layer)."""
    return await record_suite(browser, demo_server)
