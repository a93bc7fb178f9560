"""Fixtures for the hand-written suite: base URL and browser, the same way exported tests get them.

Run:  pytest bench/handwritten -p playwright --base-url http://127.0.0.1:8000   (AUTOQA_PASSWORD set)
The benchmark copies these tests next to autoqa's generated conftest.py instead, so the exported and
the hand-written suite start under exactly the same conditions.
"""

from __future__ import annotations

import os
from typing import Any

import pytest


@pytest.fixture(scope="session")
def autoqa_base_url(base_url: str | None) -> str:
    url = base_url or os.environ.get("AUTOQA_BASE_URL")
    if not url:
        pytest.fail("pass --base-url URL or set AUTOQA_BASE_URL", pytrace=False)
    return url.rstrip("/")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], autoqa_base_url: str) -> dict[str, Any]:
    return {**browser_context_args, "base_url": autoqa_base_url}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    from autoqa.browser import resolve_browser

    choice = resolve_browser()
    if browser_type_launch_args.get("channel") or not choice.path:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": choice.path}
