"""An isolated, throw-away home for one Claude Code CLI process.

The CLI reads settings, memory files, MCP configs and plugins from its config dir and working directory.
Each agent session gets fresh empty ones (deleted afterwards), so nothing from the user's machine or the
project changes what the model sees. An existing Claude Code login is carried over by copying only its
credentials file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from autoqa.agent.credentials import CREDENTIALS_FILE, claude_login_file

QUIET_ENV = {
    # No telemetry, error reports or auto-updates from a test run; page content stays on this machine
    # except for the model requests themselves.
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_ERROR_REPORTING": "1",
}

MAX_RETRIES_ENV = "CLAUDE_CODE_MAX_RETRIES"
DEFAULT_MAX_RETRIES = "4"
"""Retries of a failed model request (529 overloaded, 5xx, connection errors) unless the user sets
``CLAUDE_CODE_MAX_RETRIES``. The CLI's own default, 10 with backoff capped at 32 s, waits about three
minutes per agent spec before reporting an API that stays down; 4 retries wait about 8 s, which rides out
a short blip and lets a run report an outage in seconds."""


@dataclass(frozen=True, slots=True)
class Workspace:
    config_dir: Path
    cwd: Path
    env: dict[str, str]
    """Environment overrides for the CLI process."""


@contextmanager
def isolated_workspace(
    extra_env: Mapping[str, str], *, base_env: Mapping[str, str] | None = None
) -> Iterator[Workspace]:
    """Temporary config dir and cwd, and the env for the CLI; everything is removed on exit."""
    base_env = os.environ if base_env is None else base_env
    root = Path(tempfile.mkdtemp(prefix="autoqa-agent-"))
    try:
        config_dir = root / "claude"
        cwd = root / "work"
        config_dir.mkdir(mode=0o700)
        cwd.mkdir()
        merged = {**base_env, **extra_env}
        has_key = any(
            merged.get(k) for k in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")
        )
        login = None if has_key else claude_login_file(merged)
        if login is not None:
            target = config_dir / CREDENTIALS_FILE
            shutil.copyfile(login, target)
            target.chmod(0o600)
        env = {**QUIET_ENV, **extra_env, "CLAUDE_CONFIG_DIR": str(config_dir)}
        if MAX_RETRIES_ENV not in merged:
            env[MAX_RETRIES_ENV] = DEFAULT_MAX_RETRIES
        yield Workspace(config_dir, cwd, env)
    finally:
        shutil.rmtree(root, ignore_errors=True)
