"""Finding and launching a Chromium: explicit path → Playwright-managed → system browsers on PATH."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Playwright

from autoqa.errors import BrowserError

SYSTEM_BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
# Without these, Chromium in a closed network keeps retrying Google services at every start.
QUIET_ARGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=Translate,TranslateUI",
)


@dataclass(frozen=True, slots=True)
class BrowserChoice:
    """Which browser will be launched and why. ``path=None`` means Playwright's own default."""

    path: str | None
    source: str
    """``explicit``, ``playwright`` or ``system``."""
    reason: str


def _registry(env: Mapping[str, str] | None = None) -> Path:
    """Where Playwright keeps its browsers and ffmpeg."""
    env = os.environ if env is None else env
    return Path(env.get("PLAYWRIGHT_BROWSERS_PATH") or Path.home() / ".cache" / "ms-playwright")


def ffmpeg_path(env: Mapping[str, str] | None = None) -> Path:
    """Where Playwright looks for the ffmpeg it records videos with (``ffmpeg-<rev>/ffmpeg-linux``)."""
    import json

    import playwright

    manifest = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    entries = json.loads(manifest.read_text(encoding="utf-8")).get("browsers", [])
    revision = next((e["revision"] for e in entries if e.get("name") == "ffmpeg"), "unknown")
    return _registry(env) / f"ffmpeg-{revision}" / "ffmpeg-linux"


def require_ffmpeg(env: Mapping[str, str] | None = None) -> None:
    """Raise :class:`BrowserError` saying how to get ffmpeg when video recording cannot work."""
    path = ffmpeg_path(env)
    if os.access(path, os.X_OK):
        return
    raise BrowserError(
        f"video recording needs ffmpeg where Playwright looks for it ({path}), and there is none",
        hint="run `python -m playwright install ffmpeg`, or "
        "`AUTOQA_BOOTSTRAP_VIDEO=1 bash scripts/bootstrap.sh` (Debian's ffmpeg, linked there: "
        f'apt-get install ffmpeg && ln -s "$(command -v ffmpeg)" {path}); or run with --video off',
    )


def playwright_managed_chromium() -> str | None:
    """The executable of a Playwright-installed Chromium (headless shell preferred), if present."""
    root = _registry()
    if not root.is_dir():
        return None
    patterns = (
        "chromium_headless_shell-*/chrome-headless-shell-linux64/chrome-headless-shell",
        "chromium_headless_shell-*/chrome-linux/headless_shell",
        "chromium-*/chrome-linux64/chrome",
        "chromium-*/chrome-linux/chrome",
    )
    for pattern in patterns:
        found = sorted(root.glob(pattern), reverse=True)
        for candidate in found:
            if os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def resolve_browser(
    explicit: str | None = None,
    *,
    env: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] = shutil.which,
    managed: Callable[[], str | None] = playwright_managed_chromium,
    source: str | None = None,
) -> BrowserChoice:
    """Pick a browser without launching it. Raises :class:`BrowserError` naming what to install.

    ``source`` says where ``explicit`` came from (a settings source label such as ``cli --browser-path``
    or ``autoqa.toml``), so an error names the place to fix.
    """
    env = os.environ if env is None else env
    path = explicit or env.get("AUTOQA_BROWSER_PATH")
    if path:
        source = (source or "config") if explicit else "env AUTOQA_BROWSER_PATH"
        if not (Path(path).is_file() and os.access(path, os.X_OK)):
            raise BrowserError(
                f"browser from {source} is not an executable file: {path}",
                hint="fix the path or unset it to let autoqa find a browser",
            )
        return BrowserChoice(path, "explicit", f"set by {source}")
    managed_path = managed()
    if managed_path:
        return BrowserChoice(managed_path, "playwright", "Playwright-managed Chromium is installed")
    for name in SYSTEM_BROWSERS:
        found = which(name)
        if found:
            return BrowserChoice(found, "system", f"found `{name}` on PATH")
    raise BrowserError(
        "no Chromium found",
        hint="run `python -m playwright install chromium`, or as root "
        "`apt-get install -y chromium-headless-shell`, or set AUTOQA_BROWSER_PATH",
    )


def browser_version(path: str) -> str | None:
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return (out.stdout or out.stderr).strip().splitlines()[-1] if (out.stdout or out.stderr) else None


async def launch_browser(
    playwright: Playwright,
    choice: BrowserChoice,
    *,
    headless: bool = True,
    slow_mo_ms: float | None = None,
    extra_args: Sequence[str] = (),
) -> Browser:
    kwargs: dict[str, Any] = {"headless": headless, "args": [*QUIET_ARGS, *extra_args]}
    if choice.path:
        kwargs["executable_path"] = choice.path
    if slow_mo_ms:
        kwargs["slow_mo"] = slow_mo_ms
    try:
        return await playwright.chromium.launch(**kwargs)
    except Exception as exc:  # Playwright raises its own Error for every launch problem.
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BrowserError(
            f"could not launch {choice.path or 'Chromium'} ({choice.reason}): {first_line}",
            hint="run `autoqa doctor` to see which browser was chosen",
        ) from exc


async def connect_browser(playwright: Playwright, ws_endpoint: str, timeout_ms: float = 30_000) -> Browser:
    try:
        return await playwright.chromium.connect(ws_endpoint, timeout=timeout_ms)
    except Exception as exc:
        raise BrowserError(
            f"could not connect to remote browser {ws_endpoint}: {str(exc).splitlines()[0]}",
            hint="start one with `playwright run-server --port N` and pass --connect ws://host:N/",
        ) from exc
