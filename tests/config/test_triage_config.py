"""The ``[triage]`` table and the quarantine file: validated where they come in, errors naming where."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.config import load_settings
from autoqa.config.quarantine import append_entries, load_quarantine
from autoqa.errors import ConfigError
from autoqa.results import FailureClass, TriageAction


def test_triage_defaults_merge_by_entry_and_app_bug_always_fails(tmp_path: Path) -> None:
    defaults = load_settings(tmp_path, env={}, cli={}).settings.triage
    assert {c: defaults.action(c) for c in FailureClass} == {
        FailureClass.APP_BUG: TriageAction.FAIL,
        FailureClass.APP_CHANGE: TriageAction.HEAL,
        FailureClass.TEST_AUTHORING: TriageAction.FAIL,
        FailureClass.ENVIRONMENT: TriageAction.FAIL,
        FailureClass.AGENT_OR_CACHE: TriageAction.FAIL,
    }
    (tmp_path / "autoqa.toml").write_text('[triage]\nenvironment = "warn"\n')
    merged = load_settings(tmp_path, env={"AUTOQA_TRIAGE": "agent_or_cache=warn"}, cli={}).settings.triage
    assert (merged.environment, merged.agent_or_cache, merged.app_change) == ("warn", "warn", "heal")


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ('app_bug = "warn"', "triage.app_bug (from autoqa.toml): invalid value 'warn': app_bug always fails"),
        ('environment = "heal"', "triage.environment (from autoqa.toml): invalid value 'heal': heal is only"),
        (
            'envronment = "warn"',
            "triage.envronment (from autoqa.toml): invalid value 'warn': unknown failure",
        ),
    ],
)
def test_a_bad_triage_entry_names_it(tmp_path: Path, table: str, expected: str) -> None:
    (tmp_path / "autoqa.toml").write_text(f"[triage]\n{table}\n")
    with pytest.raises(ConfigError) as info:
        load_settings(tmp_path, env={}, cli={})
    assert str(info.value).startswith(expected)


def test_quarantine_file_round_trip_and_errors_name_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "a.md").write_text("# A\n")
    path = tmp_path / "specs" / ".autoqa" / "quarantine.toml"
    assert load_quarantine(path, tmp_path).entries == ()  # no file: nothing quarantined
    append_entries(path, [("specs/a.md", 'flaky "sometimes"'), ("specs/gone.md", "renamed")])
    quarantine = load_quarantine(path, tmp_path)
    assert quarantine.reason_for(tmp_path / "specs" / "a.md") == 'flaky "sometimes"'
    assert quarantine.reason_for(tmp_path / "specs" / "b.md") is None
    assert quarantine.stale() == [
        f"{path}:7: specs/gone.md is not a file; this quarantine entry has no effect"
    ]

    for text, where in [
        ('[[spec]]\npath = "specs/a.md"\n', f"{path}:1: [[spec]] entry needs reason"),
        ('# note\n[[spec]]\npath = "specs/a.md"\nreason = ""\n', f"{path}:4: [[spec]] entry needs reason"),
        ('[[spec]]\npath = "a"\nreason = "x"\n\n[[spec]]\npath = "a"\nreason = "y"\n', f"{path}:5: a is"),
        ('specs = ["a"]\n', f"{path}:1: unknown key 'specs'"),
        ('[[spec]]\npath = "a\n', f"{path}:2: invalid TOML"),
    ]:
        path.write_text(text)
        with pytest.raises(ConfigError) as info:
            load_quarantine(path, tmp_path)
        assert str(info.value).startswith(where), str(info.value)
