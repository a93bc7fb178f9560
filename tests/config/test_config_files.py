"""Config files: autoqa.toml, [tool.autoqa] in pyproject.toml, the original's autoqa.config.json, --config."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autoqa.config import find_project_root, load_settings
from autoqa.errors import ConfigError


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load(root: Path, **kwargs):  # type: ignore[no-untyped-def]
    return load_settings(root, env={}, cli={}, **kwargs)


def test_unknown_toml_key_suggests_the_right_one(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", "max_turn = 10\n")
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert (info.value.key, info.value.source) == ("max_turn", "autoqa.toml")
    assert info.value.hint == "did you mean 'max_turns'?"


def test_unknown_key_without_a_close_match_points_to_config_show(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", "zzz = 1\n")
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert info.value.hint is not None and "autoqa config show" in info.value.hint


def test_invalid_toml_names_the_file_and_position(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", "workers = \n")
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert info.value.source == "autoqa.toml" and "line 1" in str(info.value)


def test_pyproject_tool_autoqa(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.autoqa]\nworkers = 3\nsecrets = ["MEMBER_ID"]\n\n'
        '[tool.autoqa.vars]\nREGION = "eu"\n',
    )
    resolved = load(tmp_path)
    assert resolved.settings.workers == 3 and resolved.settings.secrets == ("MEMBER_ID",)
    assert resolved.settings.vars == {"REGION": "eu"}
    assert resolved.sources["workers"] == "pyproject.toml [tool.autoqa]"
    assert resolved.files == (tmp_path / "pyproject.toml",)


def test_pyproject_without_tool_autoqa_is_not_a_config_file(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n')
    assert load(tmp_path).files == ()


def test_pyproject_unknown_key(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.autoqa]\nheadles = false\n")
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert (
        info.value.source == "pyproject.toml [tool.autoqa]" and info.value.hint == "did you mean 'headless'?"
    )


def test_original_config_json_is_read_for_compatibility(tmp_path: Path) -> None:
    write(
        tmp_path / "autoqa.config.json",
        json.dumps(
            {
                "schemaVersion": 1,
                "guardrails": {"maxToolCallsPerSpec": 50, "maxConsecutiveErrors": 4, "maxRetriesPerStep": 2},
                "exportDir": "tests/generated",
                "baseUrl": "https://shop.example/",
                "plan": {"maxDepth": 2, "maxPages": 9, "exploreScope": "site"},
            }
        ),
    )
    resolved = load(tmp_path)
    s = resolved.settings
    assert (s.max_tool_calls_per_spec, s.max_consecutive_errors, s.max_retries_per_step) == (50, 4, 2)
    assert s.export_dir == Path("tests/generated") and s.base_url == "https://shop.example"
    assert resolved.sources["max_tool_calls_per_spec"] == "autoqa.config.json guardrails.maxToolCallsPerSpec"
    assert resolved.sources["export_dir"] == "autoqa.config.json exportDir"
    # The crawl limits `autoqa plan` shares with the original's `plan` section are read; the rest is not.
    assert (s.explore_max_depth, s.explore_max_pages) == (2, 9)
    assert resolved.sources["explore_max_depth"] == "autoqa.config.json plan.maxDepth"
    assert resolved.warnings == (
        "autoqa.config.json: 'plan.exploreScope' is read for compatibility but has no effect",
    )


def test_the_file_written_by_the_original_init_loads(tmp_path: Path) -> None:
    original = {
        "schemaVersion": 1,
        "guardrails": {"maxToolCallsPerSpec": 200, "maxConsecutiveErrors": 8, "maxRetriesPerStep": 5},
        "exportDir": "tests/autoqa",
    }
    write(tmp_path / "autoqa.config.json", json.dumps(original, indent=2) + "\n")
    resolved = load(tmp_path)
    assert resolved.settings.max_retries_per_step == 5 and resolved.warnings == ()


@pytest.mark.parametrize(
    ("data", "key", "fragment"),
    [
        ({"guardrails": {}}, "schemaVersion", "missing"),
        ({"schemaVersion": 0}, "schemaVersion", "invalid value 0"),
        ({"schemaVersion": True}, "schemaVersion", "invalid value True"),
        ({"schemaVersion": 1, "exportDirectory": "x"}, "exportDirectory", "unknown setting"),
        (
            {"schemaVersion": 1, "guardrails": {"maxToolCalls": 3}},
            "guardrails.maxToolCalls",
            "unknown setting",
        ),
        (
            {"schemaVersion": 1, "guardrails": {"maxRetriesPerStep": 0}},
            "guardrails.maxRetriesPerStep",
            "invalid",
        ),
        ({"schemaVersion": 1, "guardrails": []}, "guardrails", "must be an object"),
        ({"schemaVersion": 1, "artifacts": "sometimes"}, "artifacts", "invalid value 'sometimes'"),
    ],
)
def test_config_json_errors(tmp_path: Path, data: dict[str, object], key: str, fragment: str) -> None:
    write(tmp_path / "autoqa.config.json", json.dumps(data))
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert info.value.key == key and fragment in str(info.value)
    assert info.value.source is not None and info.value.source.startswith("autoqa.config.json")


def test_config_json_did_you_mean_uses_camel_case(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.config.json", json.dumps({"schemaVersion": 1, "exportDirr": "x"}))
    with pytest.raises(ConfigError) as info:
        load(tmp_path)
    assert info.value.hint == "did you mean 'exportDir'?"


def test_invalid_json_reports_line_and_column(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.config.json", '{\n  "schemaVersion": 1,\n}\n')
    with pytest.raises(ConfigError, match=r"line 3, column 1"):
        load(tmp_path)


def test_files_stack_json_then_pyproject_then_toml(tmp_path: Path) -> None:
    write(
        tmp_path / "autoqa.config.json",
        json.dumps({"schemaVersion": 1, "exportDir": "json-dir", "workers": 2}),
    )
    write(tmp_path / "pyproject.toml", '[tool.autoqa]\nworkers = 3\nmodel = "py"\n')
    write(tmp_path / "autoqa.toml", 'model = "toml"\n')
    resolved = load(tmp_path)
    s = resolved.settings
    assert (str(s.export_dir), s.workers, s.model) == ("json-dir", 3, "toml")
    assert resolved.files == (
        tmp_path / "autoqa.config.json",
        tmp_path / "pyproject.toml",
        tmp_path / "autoqa.toml",
    )


def test_explicit_config_file_replaces_discovery(tmp_path: Path) -> None:
    write(tmp_path / "autoqa.toml", "workers = 2\n")
    ci = write(tmp_path / "ci" / "autoqa.ci.toml", "workers = 6\n")
    resolved = load(tmp_path, config_file=ci)
    assert resolved.settings.workers == 6 and resolved.sources["workers"] == str(ci)
    legacy = write(tmp_path / "ci" / "legacy.json", json.dumps({"schemaVersion": 1, "exportDir": "x"}))
    assert str(load_settings(tmp_path, env={}, cli={"config": str(legacy)}).settings.export_dir) == "x"
    with pytest.raises(ConfigError, match="config file not found"):
        load(tmp_path, config_file=tmp_path / "missing.toml")


def test_find_project_root(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    assert find_project_root(deep) == deep.resolve()  # nothing marks a root: start itself
    (tmp_path / ".git").mkdir()
    assert find_project_root(deep) == tmp_path.resolve()
    write(tmp_path / "a" / "pyproject.toml", '[project]\nname = "not-autoqa"\n')
    assert find_project_root(deep) == tmp_path.resolve()
    write(tmp_path / "a" / "b" / "pyproject.toml", "[tool.autoqa]\nworkers = 2\n")
    assert find_project_root(deep) == (tmp_path / "a" / "b").resolve()
    write(tmp_path / "a" / "b" / "c" / "autoqa.config.json", "{}")
    spec = write(deep / "x.md", "")
    assert find_project_root(spec) == deep.resolve()


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("autoqa.toml", b"x = " + b"[" * 5_000 + b"]" * 5_000 + b"\n", "nested too deeply"),
        ("autoqa.config.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("autoqa.toml", b"workers = 2\nname = '\xff'\n", "not UTF-8 text: byte 0xff at line 2"),
        ("pyproject.toml", b"[tool.autoqa]\nworkers = '\xff'\n", "not UTF-8 text"),
        ("autoqa.toml", "workers = 2\n".encode("utf-16"), "UTF-16"),
        (".env", b"AUTOQA_WORKERS=\xff\n", "not UTF-8 text"),
    ],
)
def test_hostile_config_files_are_config_errors_naming_the_file(
    tmp_path: Path, name: str, content: bytes, words: str
) -> None:
    (tmp_path / name).write_bytes(content)
    with pytest.raises(ConfigError) as info:
        load_settings(tmp_path, env={}, cli={})
    assert words in str(info.value) and name.split(".")[0] in str(info.value)


def test_a_utf8_bom_is_fine(tmp_path: Path) -> None:
    (tmp_path / "autoqa.toml").write_bytes("\ufeffworkers = 3\n".encode())
    assert load_settings(tmp_path, env={}, cli={}).settings.workers == 3
