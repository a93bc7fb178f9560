"""check_credentials: what is found, in which order, and a clear error when nothing is."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.agent.credentials import check_credentials
from autoqa.agent.workspace import isolated_workspace
from autoqa.errors import CredentialsError


def test_api_key_is_named_never_shown(tmp_path: Path) -> None:
    found = check_credentials({"HOME": str(tmp_path), "ANTHROPIC_API_KEY": "sk-ant-secret-value"})
    assert found == "ANTHROPIC_API_KEY"
    assert "sk-ant" not in found


def test_auth_token_with_base_url(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "ANTHROPIC_AUTH_TOKEN": "t", "ANTHROPIC_BASE_URL": "http://gw.local"}
    assert check_credentials(env) == "ANTHROPIC_AUTH_TOKEN for http://gw.local"


@pytest.mark.parametrize(
    ("var", "word"), [("CLAUDE_CODE_USE_BEDROCK", "Bedrock"), ("CLAUDE_CODE_USE_VERTEX", "Vertex")]
)
def test_cloud_providers_pass_through(tmp_path: Path, var: str, word: str) -> None:
    assert word in check_credentials({"HOME": str(tmp_path), var: "1"})
    with pytest.raises(CredentialsError):
        check_credentials({"HOME": str(tmp_path), var: "0"})


def test_existing_claude_login_in_home_or_config_dir(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / ".credentials.json").write_text('{"claudeAiOauth": {}}')
    assert check_credentials({"HOME": str(home)}).startswith("Claude Code login (")
    config = tmp_path / "cfg"
    config.mkdir()
    (config / ".credentials.json").write_text("{}")
    assert str(config) in check_credentials({"HOME": str(tmp_path), "CLAUDE_CONFIG_DIR": str(config)})


def test_nothing_found_raises_with_a_hint(tmp_path: Path) -> None:
    with pytest.raises(CredentialsError) as info:
        check_credentials({"HOME": str(tmp_path), "ANTHROPIC_API_KEY": "  "})
    assert "no model credentials" in str(info.value)
    assert "ANTHROPIC_API_KEY" in str(info.value) and "claude /login" in str(info.value)


def test_workspace_is_temporary_and_carries_a_login_over(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / ".credentials.json").write_text('{"token": "x"}')
    with isolated_workspace({"EXTRA": "1"}, base_env={"HOME": str(home)}) as ws:
        assert ws.env["CLAUDE_CONFIG_DIR"] == str(ws.config_dir)
        assert ws.env["EXTRA"] == "1" and ws.env["DISABLE_TELEMETRY"] == "1"
        copied = ws.config_dir / ".credentials.json"
        assert copied.read_text() == '{"token": "x"}'
        assert copied.stat().st_mode & 0o777 == 0o600
        assert list(ws.cwd.iterdir()) == []
        root = ws.config_dir.parent
    assert not root.exists()
    with isolated_workspace({"ANTHROPIC_API_KEY": "k"}, base_env={"HOME": str(home)}) as ws:
        assert not (ws.config_dir / ".credentials.json").exists()  # a key wins; no login copied


def test_the_cli_retries_a_failing_model_api_a_bounded_number_of_times(tmp_path: Path) -> None:
    # The CLI's own default (10 retries, backoff up to 32 s) waits minutes before reporting an outage.
    with isolated_workspace({}, base_env={"HOME": str(tmp_path)}) as ws:
        assert ws.env["CLAUDE_CODE_MAX_RETRIES"] == "4"
    with isolated_workspace({"CLAUDE_CODE_MAX_RETRIES": "9"}, base_env={"HOME": str(tmp_path)}) as ws:
        assert ws.env["CLAUDE_CODE_MAX_RETRIES"] == "9"  # the user's choice wins
    environ = {"HOME": str(tmp_path), "CLAUDE_CODE_MAX_RETRIES": "0"}
    with isolated_workspace({}, base_env=environ) as ws:
        assert "CLAUDE_CODE_MAX_RETRIES" not in ws.env  # set in the environment the CLI inherits
