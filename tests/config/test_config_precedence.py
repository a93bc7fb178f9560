"""load_settings: defaults < files < env < CLI with the source of every value; bad values, unknown keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from autoqa.agent.options import AgentOptions
from autoqa.config import SETTING_KEYS, Settings, allowed_values, load_settings, resolve_variables
from autoqa.errors import ConfigError


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def load(root: Path, env: dict[str, str] | None = None, cli: dict[str, Any] | None = None):  # type: ignore[no-untyped-def]
    return load_settings(root, env=env or {}, cli=cli or {})


def test_defaults_match_the_documented_values(tmp_path: Path) -> None:
    resolved = load(tmp_path)
    s = resolved.settings
    assert (s.headless, s.workers, s.fail_fast, s.agent, s.artifacts, s.tool_context) == (
        True,
        1,
        False,
        "auto",
        "fail",
        "screenshot",
    )
    assert (s.trace, s.video, str(s.output_dir), s.max_turns, s.max_tool_calls_per_spec) == (
        None,  # follows artifacts: fail -> retain-on-failure (ArtifactPolicy.from_settings)
        "off",
        "artifacts",
        80,
        200,
    )
    assert (s.max_consecutive_errors, s.max_retries_per_step, s.spec_timeout_s) == (8, 5, 600)
    assert (s.circuit_breaker_threshold, s.circuit_breaker_cooldown) == (3, 2)
    assert (s.action_timeout_ms, s.navigation_timeout_ms, s.assertion_timeout_ms, s.screenshot_max_side) == (
        5000,
        15000,
        5000,
        1024,
    )
    assert (s.test_id_attribute, str(s.export_dir), s.export_on_pass, str(s.cache_dir), s.viewport) == (
        "data-testid",
        "tests/autoqa",
        True,
        "specs/.autoqa",
        "1280x800",
    )
    assert s.viewport_size == (1280, 800) and s.shard_spec is None
    assert set(resolved.sources) == set(SETTING_KEYS) and set(resolved.sources.values()) == {"default"}
    assert resolved.files == () and resolved.warnings == ()


def test_file_then_env_then_cli(tmp_path: Path) -> None:
    write(
        tmp_path / "autoqa.toml", 'workers = 2\nartifacts = "all"\nmodel = "claude-file"\nfail_fast = true\n'
    )
    env = {"AUTOQA_WORKERS": "3", "AUTOQA_ARTIFACTS": "none"}
    resolved = load(tmp_path, env=env, cli={"workers": 4, "model": None})
    s = resolved.settings
    assert (s.workers, s.artifacts, s.model, s.fail_fast) == (4, "none", "claude-file", True)
    assert resolved.sources["workers"] == "cli --workers"
    assert resolved.sources["artifacts"] == "env AUTOQA_ARTIFACTS"
    assert resolved.sources["model"] == "autoqa.toml"
    assert resolved.sources["headless"] == "default"
    assert resolved.files == (tmp_path / "autoqa.toml",)


def test_settings_are_frozen_and_strict(tmp_path: Path) -> None:
    settings = load(tmp_path).settings
    with pytest.raises(ValidationError, match="frozen"):
        settings.workers = 3  # type: ignore[misc]
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        Settings(unknown_key=1)  # type: ignore[call-arg]


def test_env_values_are_coerced(tmp_path: Path) -> None:
    env = {
        "AUTOQA_HEADLESS": "0",
        "AUTOQA_FAIL_FAST": "yes",
        "AUTOQA_MAX_BUDGET_USD": "0.5",
        "AUTOQA_TAGS": "smoke, login",
        "AUTOQA_ALLOWED_ORIGINS": "https://sso.example.com/,https://cdn.example.com",
        "AUTOQA_SHARD": "2/4",
        "AUTOQA_VIEWPORT": "1440X900",
        "AUTOQA_OUTPUT_DIR": "out/runs",
    }
    s = load(tmp_path, env=env).settings
    assert (s.headless, s.fail_fast, s.max_budget_usd, s.tags) == (False, True, 0.5, ("smoke", "login"))
    assert s.allowed_origins == ("https://sso.example.com", "https://cdn.example.com")
    assert s.shard_spec == (2, 4) and s.viewport_size == (1440, 900) and s.output_dir == Path("out/runs")


def test_empty_env_values_count_as_unset(tmp_path: Path) -> None:
    resolved = load(tmp_path, env={"AUTOQA_WORKERS": "", "AUTOQA_BASE_URL": "  "})
    assert resolved.settings.workers == 1 and resolved.sources["workers"] == "default"


def test_original_ws_endpoint_variable_sets_connect(tmp_path: Path) -> None:
    resolved = load(tmp_path, env={"AUTOQA_BROWSER_WS_ENDPOINT": "ws://127.0.0.1:3000/pw"})
    assert resolved.settings.connect == "ws://127.0.0.1:3000/pw"
    assert resolved.sources["connect"] == "env AUTOQA_BROWSER_WS_ENDPOINT"
    both = load(tmp_path, env={"AUTOQA_BROWSER_WS_ENDPOINT": "ws://a:1/", "AUTOQA_CONNECT": "ws://b:2/"})
    assert both.settings.connect == "ws://b:2/"


def test_base_url_trailing_slash_is_stripped(tmp_path: Path) -> None:
    assert (
        load(tmp_path, cli={"base_url": "https://shop.example/"}).settings.base_url == "https://shop.example"
    )


@pytest.mark.parametrize(
    ("cli", "key", "source", "allowed"),
    [
        ({"artifacts": "sometimes"}, "artifacts", "cli --artifacts", "all, fail, none"),
        ({"agent": "maybe"}, "agent", "cli --agent", "auto, never, always, on-miss"),
        ({"trace": "yes"}, "trace", "cli --trace", "on, off, retain-on-failure"),
        ({"workers": 0}, "workers", "cli --workers", "an integer >= 1 and <= 64"),
        ({"shard": "5/4"}, "shard", "cli --shard", "'i/n' with 1 <= i <= n"),
        ({"shard": "0/4"}, "shard", "cli --shard", "'i/n' with 1 <= i <= n"),
        ({"base_url": "shop.example"}, "base_url", "cli --url", "an http:// or https:// URL"),
        ({"connect": "tcp://x"}, "connect", "cli --connect", "ws://"),
        ({"viewport": "big"}, "viewport", "override viewport", "WIDTHxHEIGHT"),
        ({"headless": "perhaps"}, "headless", "cli --headed", "true or false"),
        ({"max_budget_usd": -1}, "max_budget_usd", "cli --max-budget-usd", "a number > 0 (or unset)"),
        ({"allowed_origins": ["https://x.com/p"]}, "allowed_origins", "override allowed_origins", "origins"),
        ({"test_id_attribute": "data test"}, "test_id_attribute", "override test_id_attribute", "attribute"),
    ],
)
def test_bad_values_name_key_source_and_allowed(
    tmp_path: Path, cli: dict[str, Any], key: str, source: str, allowed: str
) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, cli=cli)
    error = info.value
    assert (error.key, error.source) == (key, source)
    assert error.allowed is not None and allowed in error.allowed
    assert str(error).startswith(f"{key} (from {source}): invalid value ")


def test_bad_value_from_env_names_the_variable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, env={"AUTOQA_ARTIFACTS": "sometimes"})
    assert info.value.source == "env AUTOQA_ARTIFACTS" and "'sometimes'" in str(info.value)


def test_bad_value_from_file_names_the_file(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", 'video = "always"\n')
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert (info.value.key, info.value.source, info.value.allowed) == (
        "video",
        "autoqa.toml",
        "on, off, retain-on-failure",
    )


def test_a_bad_lower_layer_is_overridden_by_a_good_higher_one(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", 'video = "always"\n')
    assert load(tmp_path, cli={"video": "on"}).settings.video == "on"


def test_url_credentials_are_masked_in_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, cli={"connect": "tcp://user:hunter2@host"})
    assert "hunter2" not in str(info.value)


def test_unknown_cli_key_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="did you mean 'workers'"):
        load(tmp_path, cli={"worker": 2})


def test_vars_merge_file_then_cli_and_reserved_names_are_refused(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", '[vars]\nUSERNAME = "file-user"\nREGION = "eu"\nRETRIES = 3\n')
    resolved = load(tmp_path, cli={"vars": {"USERNAME": "cli-user"}})
    assert resolved.settings.vars == {"USERNAME": "cli-user", "REGION": "eu", "RETRIES": "3"}
    assert (
        resolved.sources["vars.USERNAME"] == "cli --var" and resolved.sources["vars.REGION"] == "autoqa.toml"
    )
    with pytest.raises(ConfigError) as info:
        load(tmp_path, cli={"vars": {"BASE_URL": "http://x"}})
    assert info.value.key == "vars" and "base_url" in str(info.value)


def test_bad_var_names_do_not_echo_values(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, cli={"vars": {"bad-name": "hunter2-secret"}})
    assert "hunter2-secret" not in str(info.value) and info.value.source == "cli --var"


def test_template_variables_precedence(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", '[vars]\nUSERNAME = "from-config"\n')
    write(tmp_path / ".env", "AUTOQA_PASSWORD=from-dotenv\nAUTOQA_REGION=dotenv-region\n")
    env = {"AUTOQA_USERNAME": "from-env", "AUTOQA_REGION": "env-region", "AUTOQA_BASE_URL": "http://env.test"}
    resolved = load_settings(tmp_path, env=env, cli={"base_url": "http://cli.test", "vars": {"TOKEN": "t"}})
    assert resolved.variables == {
        "USERNAME": "from-config",  # config vars beat AUTOQA_<NAME>
        "PASSWORD": "from-dotenv",
        "REGION": "env-region",  # the process env beats .env
        "BASE_URL": "http://cli.test",  # --url beats AUTOQA_BASE_URL
        "TOKEN": "t",
    }
    assert resolved.variable_sources["PASSWORD"] == "env AUTOQA_PASSWORD"
    assert resolved.variable_sources["BASE_URL"] == "base_url (cli --url)"
    assert resolve_variables(resolved.settings, resolved.environ) == resolved.variables


def test_settings_env_vars_are_not_template_variables(tmp_path: Path) -> None:
    resolved = load(tmp_path, env={"AUTOQA_WORKERS": "2", "AUTOQA_USERNAME": "u", "AUTOQA_UI_LANGUAGE": "zh"})
    assert resolved.variables == {"USERNAME": "u"}


def test_env_name_selects_dotenv_file_and_env_variable(tmp_path: Path) -> None:
    write(tmp_path / ".env", "AUTOQA_BASE_URL=http://base.test\nAUTOQA_WORKERS=2\n")
    write(tmp_path / ".env.staging", "AUTOQA_BASE_URL=http://staging.test\n")
    resolved = load(tmp_path, cli={"env": "staging"})
    assert resolved.settings.base_url == "http://staging.test" and resolved.settings.workers == 2
    assert resolved.sources["base_url"] == "env AUTOQA_BASE_URL (.env file)"
    assert resolved.variables["ENV"] == "staging"


def test_explicit_env_requires_its_file_but_autoqa_env_does_not(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"\.env\.prod"):
        load(tmp_path, cli={"env": "prod"})
    assert load(tmp_path, env={"AUTOQA_ENV": "prod"}).settings.env == "prod"
    write(tmp_path / "autoqa.toml", 'env = "qa"\n')
    with pytest.raises(ConfigError, match=r"\.env\.qa"):
        load(tmp_path)


def test_process_env_beats_dotenv_files(tmp_path: Path) -> None:
    write(tmp_path / ".env", "AUTOQA_WORKERS=5\n")
    resolved = load(tmp_path, env={"AUTOQA_WORKERS": "2"})
    assert resolved.settings.workers == 2 and resolved.sources["workers"] == "env AUTOQA_WORKERS"
    assert resolved.environ["AUTOQA_WORKERS"] == "2"


def test_env_files_can_be_ignored(tmp_path: Path) -> None:
    write(tmp_path / ".env", "AUTOQA_WORKERS=5\n")
    assert load_settings(tmp_path, env={}, cli={}, read_env_files=False).settings.workers == 1


def test_original_env_vars_without_effect_produce_warnings(tmp_path: Path) -> None:
    resolved = load(tmp_path, env={"AUTOQA_SCREENSHOT_TIMING": "post"})
    assert resolved.warnings == (
        "AUTOQA_SCREENSHOT_TIMING is read by AutoQA-Agent but has no effect in autoqa-py",
    )


def test_resolved_settings_repr_hides_secret_values(tmp_path: Path) -> None:
    resolved = load(
        tmp_path, env={"AUTOQA_PASSWORD": "hunter2-pw"}, cli={"vars": {"API_TOKEN": "tok-998877"}}
    )
    assert "hunter2-pw" not in repr(resolved) and "tok-998877" not in repr(resolved)


def test_allowed_values_descriptions() -> None:
    assert allowed_values("artifacts") == "all, fail, none"
    assert allowed_values("fail_fast") == "true or false (also 1/0, yes/no, on/off)"
    assert allowed_values("max_turns") == "an integer >= 1"
    assert allowed_values("model") == "text (or unset)"
    assert allowed_values("nope") is None


def test_autoqa_vars_is_reported_not_read_as_a_variable(tmp_path: Path) -> None:
    resolved = load_settings(tmp_path, env={"AUTOQA_VARS": "USERNAME=alice", "AUTOQA_USER": "bob"}, cli={})
    assert "VARS" not in resolved.variables and resolved.variables["USER"] == "bob"
    assert any(
        w.startswith("AUTOQA_VARS is not read: set each variable as AUTOQA_<NAME>") for w in resolved.warnings
    )


def test_lean_history_is_on_by_default_and_env_turns_it_off(tmp_path: Path) -> None:
    assert load(tmp_path).settings.lean_history is True
    off = load(tmp_path, env={"AUTOQA_LEAN_HISTORY": "false"}).settings
    assert off.lean_history is False
    assert AgentOptions.from_settings(off).lean_history is False  # what the session reads


def test_invariants_from_env_and_file_and_their_errors(tmp_path: Path) -> None:
    env = {"AUTOQA_INVARIANTS": "no-console-errors, no-error-text", "AUTOQA_ERROR_TEXT": "$0.00"}
    s = load(tmp_path, env=env).settings
    assert (s.invariants, s.error_text) == (("no-console-errors", "no-error-text"), ("$0.00",))
    write(tmp_path / "autoqa.toml", 'invariants = ["no-console-errror"]\n')
    with pytest.raises(ConfigError, match=r"unknown invariant 'no-console-errror'; allowed: a list of no-"):
        load(tmp_path)


@pytest.mark.parametrize("ci", ["1", "true", ""])
def test_the_ci_defaults_follow_the_environment_the_run_was_given(tmp_path: Path, ci: str) -> None:
    # A library caller passes its own environment (autoqa.run(environ=...)): the process's CI must not
    # decide whether heals are proposed, negative checks strict or missing baselines errors.
    s = load(tmp_path, env={"CI": ci}).settings
    in_ci = bool(ci)
    assert s.heal == ("propose" if in_ci else "apply")
    assert s.strict_negative_checks is in_ci
    assert s.missing_baselines == ("error" if in_ci else "write")
    explicit = load(tmp_path, env={"CI": ci, "AUTOQA_HEAL": "apply"}).settings
    assert explicit.heal == "apply"
