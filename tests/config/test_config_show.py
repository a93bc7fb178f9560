"""show_config: key = value (source), secrets masked."""

from __future__ import annotations

from pathlib import Path

from autoqa.config import SETTING_KEYS, load_settings, mask_url, show_config


def test_every_setting_is_listed_with_its_source(tmp_path: Path) -> None:
    (tmp_path / "autoqa.toml").write_text('workers = 2\nmodel = "claude-x"\n', "utf-8")
    out = show_config(load_settings(tmp_path, env={"AUTOQA_HEADLESS": "false"}, cli={"fail_fast": True}))
    lines = out.splitlines()
    assert lines[0] == f"# config files: {tmp_path / 'autoqa.toml'}"
    assert "workers = 2  (autoqa.toml)" in lines
    assert 'model = "claude-x"  (autoqa.toml)' in lines
    assert "headless = false  (env AUTOQA_HEADLESS)" in lines
    assert "fail_fast = true  (cli --fail-fast)" in lines
    assert "base_url = unset  (default)" in lines
    assert "tags = []  (default)" in lines
    assert "vars = {}  (default)" in lines
    keys = {line.split(" = ")[0] for line in lines if " = " in line}
    assert set(SETTING_KEYS) <= keys


def test_secrets_are_masked(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("AUTOQA_PASSWORD=hunter2-pw\n", "utf-8")
    resolved = load_settings(
        tmp_path,
        env={"AUTOQA_USERNAME": "demo", "AUTOQA_MEMBER_ID": "M-77123"},
        cli={
            "base_url": "https://admin:s3cr3t-pw@shop.example",
            "connect": "wss://browsers.example/pw?token=abc123xyz",
            "vars": {"API_TOKEN": "tok-998877", "REGION": "eu"},
            "secrets": ["MEMBER_ID"],
        },
    )
    out = show_config(resolved)
    for secret in ("hunter2-pw", "s3cr3t-pw", "abc123xyz", "tok-998877", "M-77123"):
        assert secret not in out
    assert "vars.API_TOKEN = ********  (cli --var)" in out
    assert 'vars.REGION = "eu"  (cli --var)' in out
    assert "{{PASSWORD}} = ********  (env AUTOQA_PASSWORD)" in out
    assert "{{MEMBER_ID}} = ********  (env AUTOQA_MEMBER_ID)" in out
    assert '{{USERNAME}} = "demo"  (env AUTOQA_USERNAME)' in out
    assert 'base_url = "https://admin:********@shop.example"  (cli --url)' in out


def test_plain_settings_object_can_be_shown(tmp_path: Path) -> None:
    settings = load_settings(tmp_path, env={}, cli={}).settings
    out = show_config(settings, {"workers": "somewhere"})
    assert "workers = 1  (somewhere)" in out and 'agent = "auto"  (default)' in out


def test_warnings_are_shown(tmp_path: Path) -> None:
    out = show_config(load_settings(tmp_path, env={"AUTOQA_UI_LANGUAGE": "zh"}, cli={}))
    assert (
        out.splitlines()[-1]
        == "# warning: AUTOQA_UI_LANGUAGE is read by AutoQA-Agent but has no effect in autoqa-py"
    )


def test_mask_url() -> None:
    assert mask_url("https://u:p@h.example/a?x=1&api_key=zz&token=yy#f") == (
        "https://u:********@h.example/a?x=1&api_key=********&token=********#f"
    )
    assert mask_url("https://token@h.example/") == "https://********@h.example/"
    assert mask_url("http://plain.example/path") == "http://plain.example/path"
