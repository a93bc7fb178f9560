""".env files: the original's format (export prefix, quotes, comments, no expansion) and file order."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.envfiles import load_env_files, merged_environ, parse_env_text
from autoqa.errors import ConfigError


def test_format() -> None:
    text = (
        "# a comment\n"
        "\n"
        "AUTOQA_BASE_URL=https://shop.example/#top\n"
        "export AUTOQA_USERNAME = demo  # inline comment\n"
        "AUTOQA_PASSWORD='p#ss word'\n"
        'GREETING="line1\\nline2" # after quotes\n'
        "EMPTY=\n"
        "NO_EXPANSION=${HOME}/x\n"
        "   INDENTED=yes\n"
    )
    assert parse_env_text(text, Path(".env")) == {
        "AUTOQA_BASE_URL": "https://shop.example/#top",
        "AUTOQA_USERNAME": "demo",
        "AUTOQA_PASSWORD": "p#ss word",
        "GREETING": "line1\nline2",
        "EMPTY": "",
        "NO_EXPANSION": "${HOME}/x",
        "INDENTED": "yes",
    }


def test_crlf_and_bom() -> None:
    assert parse_env_text("\ufeffA=1\r\nB=2\r\n", Path(".env")) == {"A": "1", "B": "2"}


def test_malformed_line_names_file_and_line() -> None:
    with pytest.raises(ConfigError) as info:
        parse_env_text("A=1\nthis is not an assignment\n", Path("/p/.env"))
    assert info.value.source == "/p/.env:2"


def test_env_specific_file_wins_over_base(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("A=base\nB=base\n", "utf-8")
    (tmp_path / ".env.staging").write_text("B=staging\nC=staging\n", "utf-8")
    assert load_env_files(tmp_path, "staging") == {"A": "base", "B": "staging", "C": "staging"}
    assert load_env_files(tmp_path, None) == {"A": "base", "B": "base"}


def test_missing_files(tmp_path: Path) -> None:
    assert load_env_files(tmp_path, None) == {}
    with pytest.raises(ConfigError) as info:
        load_env_files(tmp_path, "prod")
    assert info.value.key == "env" and ".env.prod" in str(info.value)
    assert load_env_files(tmp_path, "prod", required=False) == {}


def test_env_names_cannot_escape_the_root(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="invalid environment name"):
        load_env_files(tmp_path, "../secrets")


def test_process_environment_always_wins() -> None:
    assert merged_environ({"A": "file", "B": "file"}, {"A": "process", "C": ""}) == {
        "A": "process",
        "B": "file",
        "C": "",
    }
