"""Which model credentials the Claude Code CLI will use, checked before any browser starts."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from autoqa.config.masking import mask_url
from autoqa.errors import CredentialsError

CREDENTIALS_FILE = ".credentials.json"


def claude_login_file(env: Mapping[str, str]) -> Path | None:
    """The credentials file of an existing Claude Code login, if there is one."""
    candidates: list[Path] = []
    if env.get("CLAUDE_CONFIG_DIR"):
        candidates.append(Path(env["CLAUDE_CONFIG_DIR"]).expanduser() / CREDENTIALS_FILE)
    home = env.get("HOME") or os.path.expanduser("~")
    candidates.append(Path(home) / ".claude" / CREDENTIALS_FILE)
    for path in candidates:
        try:
            if path.is_file() and path.stat().st_size > 0:
                return path
        except OSError:
            continue
    return None


def check_credentials(env: Mapping[str, str] | None = None) -> str:
    """Describe the credentials the agent will use (never their values), or raise CredentialsError.

    ``env`` is what the CLI process will see (``os.environ`` merged with ``AgentOptions.env``).
    """
    env = os.environ if env is None else env

    def present(name: str) -> bool:
        return bool(env.get(name, "").strip())

    if present("ANTHROPIC_API_KEY"):
        return "ANTHROPIC_API_KEY" + (
            f" for {mask_url(env['ANTHROPIC_BASE_URL'])}" if present("ANTHROPIC_BASE_URL") else ""
        )
    if present("ANTHROPIC_AUTH_TOKEN"):
        return "ANTHROPIC_AUTH_TOKEN" + (
            f" for {mask_url(env['ANTHROPIC_BASE_URL'])}" if present("ANTHROPIC_BASE_URL") else ""
        )
    if present("CLAUDE_CODE_OAUTH_TOKEN"):
        return "CLAUDE_CODE_OAUTH_TOKEN"
    if env.get("CLAUDE_CODE_USE_BEDROCK", "").strip() not in ("", "0", "false"):
        return "Amazon Bedrock (CLAUDE_CODE_USE_BEDROCK; AWS credentials from the environment)"
    if env.get("CLAUDE_CODE_USE_VERTEX", "").strip() not in ("", "0", "false"):
        return "Google Vertex AI (CLAUDE_CODE_USE_VERTEX; Google credentials from the environment)"
    login = claude_login_file(env)
    if login is not None:
        return f"Claude Code login ({login})"
    if present("ANTHROPIC_BASE_URL"):
        # A gateway may authenticate by network position alone; the CLI will report if it does not.
        return f"ANTHROPIC_BASE_URL {mask_url(env['ANTHROPIC_BASE_URL'])} without a key"
    raise CredentialsError(
        "no model credentials found for the agent",
        hint="set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN), log in with `claude /login`, or set "
        "CLAUDE_CODE_USE_BEDROCK=1 / CLAUDE_CODE_USE_VERTEX=1; specs without agent steps need none",
    )
