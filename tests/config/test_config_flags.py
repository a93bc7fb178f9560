"""Flags are projected from the settings model: every label that names a flag names one the CLI accepts,
and choices, defaults and help come from the one model."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner

from autoqa.cli import main
from autoqa.config import load_settings
from autoqa.config.flags import RUN_KEYS, flags
from autoqa.config.settings import Settings


def _run_help() -> str:
    return CliRunner().invoke(main, ["run", "--help"], terminal_width=200).output


def test_every_source_label_of_a_cli_value_names_a_flag_autoqa_run_accepts(tmp_path: Path) -> None:
    accepted = set(re.findall(r"(--[a-z][a-z-]+)", _run_help()))
    values = {
        "workers": 2,
        "max_tool_calls_per_spec": 3,
        "output_dir": "out",
        "headless": False,
        "spec_timeout_s": 9.0,
        "tags": ["smoke"],
        "vars": {"X": "1"},
        "base_url": "http://127.0.0.1:1",
        "viewport": "800x600",  # no flag: labelled as an override, never as a made-up flag
    }
    resolved = load_settings(tmp_path, env={}, cli=values)
    labels = [label for key, label in resolved.sources.items() if label.startswith("cli ")]
    assert len(labels) >= 8, resolved.sources
    for label in labels:
        assert label.removeprefix("cli ") in accepted, label
    assert resolved.sources["viewport"] == "override viewport"


def test_choices_and_defaults_come_from_the_settings_model() -> None:
    text = _run_help()
    for f in flags(RUN_KEYS):
        annotation = Settings.model_fields[f.key].annotation
        literal = next(
            (a for a in (annotation, *typing.get_args(annotation)) if typing.get_origin(a) is typing.Literal),
            None,
        )
        if literal is not None:
            assert f.choices == tuple(typing.get_args(literal))
            assert f"[{'|'.join(f.choices)}]" in text, f.key
        assert f.long in text, f.key


def test_config_show_takes_the_run_flags_and_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, ["config", "show", "--var", "REGION=eu", "-j", "3"], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert re.search(r"workers\s+3\s+cli -j|workers.*3.*cli --workers", out.output), out.output
    assert "REGION" in out.output and "cli --var" in out.output
