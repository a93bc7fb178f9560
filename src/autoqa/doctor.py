"""``autoqa doctor``: what this machine offers and what autoqa would choose, without printing secrets."""

from __future__ import annotations

import asyncio
import importlib.metadata
import os
import platform
import sys
from dataclasses import dataclass
from pathlib import Path

from autoqa.browser import BrowserChoice, browser_version, launch_browser, resolve_browser
from autoqa.errors import BrowserError


@dataclass(frozen=True, slots=True)
class DoctorReport:
    lines: tuple[tuple[str, str], ...]
    browser_ok: bool


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def credential_summary(env: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """Names the kind of credentials found, never their values."""
    found = []
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):
        if env.get(name):
            found.append(f"{name} is set")
    if env.get("ANTHROPIC_BASE_URL"):
        found.append("ANTHROPIC_BASE_URL is set")
    for name in ("CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX"):
        if env.get(name):
            found.append(f"{name} is set")
    config_dir = Path(env.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude")
    if (config_dir / ".credentials.json").is_file():
        found.append(f"Claude Code login found in {config_dir}")
    return "; ".join(found) if found else "none (agent specs will be skipped or refused)"


async def _try_launch(choice: BrowserChoice) -> str | None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await launch_browser(p, choice)
        version = browser.version
        await browser.close()
        return version


def run_doctor(explicit_browser: str | None = None) -> DoctorReport:
    lines: list[tuple[str, str]] = [
        ("python", f"{platform.python_version()} ({sys.executable})"),
        ("autoqa-py", _version("autoqa-py")),
        ("playwright", _version("playwright")),
        ("claude-agent-sdk", _version("claude-agent-sdk")),
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
