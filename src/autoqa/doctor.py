"""``autoqa doctor``: what this machine offers and what autoqa would choose, without printing secrets."""

from __future__ import annotations

import asyncio
import os
import platform
import sys
from collections.abc import Mapping
from dataclasses import dataclass

from autoqa.browser import BrowserChoice, browser_version, launch_browser, resolve_browser
from autoqa.errors import BrowserError, CredentialsError


@dataclass(frozen=True, slots=True)
class DoctorReport:
    lines: tuple[tuple[str, str], ...]
    browser_ok: bool


def credential_summary(env: Mapping[str, str] | None = None) -> str:
    """Names the kind of credentials the agent would use, never their values."""
    from autoqa.agent.credentials import check_credentials

    try:
        return check_credentials(os.environ if env is None else env)
    except CredentialsError:
        return "none (agent specs will be skipped or refused)"


async def _try_launch(choice: BrowserChoice) -> str | None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await launch_browser(p, choice)
        version = browser.version
        await browser.close()
        return version


def run_doctor(explicit_browser: str | None = None) -> DoctorReport:
    from autoqa.artifacts.run_dir import default_versions

    versions = default_versions()  # the one version helper run.json uses too
    lines: list[tuple[str, str]] = [
        ("python", f"{platform.python_version()} ({sys.executable})"),
        ("autoqa-py", versions.get("autoqa", "not installed")),
        ("playwright", versions.get("playwright", "not installed")),
        ("claude-agent-sdk", versions.get("claude_agent_sdk", "not installed")),
    ]
    browser_ok = False
    try:
        choice = resolve_browser(explicit_browser)
        lines.append(("browser", f"{choice.path or 'Playwright default'} — {choice.reason}"))
        if choice.path:
            lines.append(("browser version", browser_version(choice.path) or "unknown"))
        launched = asyncio.run(_try_launch(choice))
        lines.append(("browser launch", f"ok (Chromium {launched})"))
        browser_ok = True
    except BrowserError as exc:
        lines.append(("browser", f"NOT USABLE: {exc}"))
    lines.append(("model credentials", credential_summary()))
    return DoctorReport(tuple(lines), browser_ok)
