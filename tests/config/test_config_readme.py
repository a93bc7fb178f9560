"""The README's configuration table is a projection of the Settings model, kept in step by this test: every
setting has a row, named as the model names it, with the environment variable, default and allowed values
the model has (a setting added, renamed or re-bounded without its row fails here)."""

from __future__ import annotations

from pathlib import Path

from autoqa.config import SETTING_KEYS, Settings, allowed_values

README = Path(__file__).resolve().parents[2] / "README.md"


def _rows() -> dict[str, list[str]]:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index("| key | environment | default | allowed |")
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split(" | ")]
        rows[cells[0].strip("`")] = cells
    return rows


def test_every_setting_has_its_row_with_its_variable_and_allowed_values() -> None:
    rows = _rows()
    assert list(rows) == list(SETTING_KEYS)
    for key, (_, environment, default, allowed) in rows.items():
        if key != "vars":
            assert environment == f"`AUTOQA_{key.upper()}`", key
        expected = allowed_values(key)
        if expected is not None:
            assert allowed.replace("\\|", "|").startswith(expected), key  # a note may follow
        field = Settings.model_fields[key]
        plain = field.default if field.default_factory is None else None
        if plain is not None and not isinstance(plain, tuple):
            shown = plain if not isinstance(plain, Path) else str(plain)
            assert default == f"`{shown}`", (key, default)
