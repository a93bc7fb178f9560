"""The quarantine file: specs that still run and are reported, but whose outcome does not fail the run.

It lives beside the step cache (``<cache_dir>/quarantine.toml``, by default ``specs/.autoqa/``), is
meant to be committed and reviewed like code, and is written by hand or by ``autoqa runs stats
--propose --write``::

    [[spec]]
    path = "specs/checkout.md"                  # relative to the project root
    reason = "payment sandbox times out (JIRA-123)"

A file that is not valid (bad TOML, an unknown key, an entry without ``path`` or ``reason``, the same
spec twice) is a :class:`ConfigError` naming the file and line: exit 2 before any browser starts.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autoqa.config.layers import config_text
from autoqa.errors import ConfigError

QUARANTINE_FILE = "quarantine.toml"
_KEYS = ("path", "reason")
_HEADER = re.compile(r"^\s*\[\[\s*spec\s*\]\]")
_TOML_LINE = re.compile(r"at line (\d+)")


@dataclass(frozen=True, slots=True)
class QuarantineEntry:
    path: str
    """The spec, relative to the project root (as written)."""
    reason: str
    line: int
    """Where the entry starts in the file."""


@dataclass(frozen=True, slots=True)
class Quarantine:
    file: Path
    root: Path
    entries: tuple[QuarantineEntry, ...] = ()

    def _key(self, path: Path | str) -> str:
        candidate = Path(path)
        return str((candidate if candidate.is_absolute() else self.root / candidate).resolve())

    def reason_for(self, spec_path: Path) -> str | None:
        """The entry's reason when ``spec_path`` is quarantined, else None."""
        wanted = self._key(spec_path)
        return next((e.reason for e in self.entries if self._key(e.path) == wanted), None)

    def stale(self) -> list[str]:
        """Entries that name no spec file (renamed or deleted): each quarantines nothing."""
        return [
            f"{self.file}:{e.line}: {e.path} is not a file; this quarantine entry has no effect"
            for e in self.entries
            if not Path(self._key(e.path)).is_file()
        ]


def quarantine_file(cache_dir: Path, project_root: Path) -> Path:
    """``<cache_dir>/quarantine.toml``, ``cache_dir`` relative to the project root."""
    folder = cache_dir if cache_dir.is_absolute() else project_root / cache_dir
    return folder / QUARANTINE_FILE


def _entry_lines(text: str) -> list[int]:
    return [number for number, line in enumerate(text.splitlines(), start=1) if _HEADER.match(line)]


def _key_line(text: str, start: int, key: str) -> int:
    pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
    lines = text.splitlines()
    for number in range(start, len(lines) + 1):
        if number > start and _HEADER.match(lines[number - 1]):
            break
        if pattern.match(lines[number - 1]):
            return number
    return start


def load_quarantine(path: Path, root: Path) -> Quarantine:
    """Read and validate ``path``; a missing file is an empty quarantine.

    Raises:
        ConfigError: the file is not valid, naming ``file:line``.
    """
    if not path.exists():
        return Quarantine(path, root)
    label = str(path)
    text = config_text(path, label)

    def fail(message: str, line: int) -> ConfigError:
        return ConfigError(message, source=f"{label}:{line}", hint="see README: Quarantine")

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_LINE.search(str(exc))
        raise fail(f"invalid TOML: {exc}", int(found.group(1)) if found else 1) from None
    unknown = [key for key in data if key != "spec"]
    if unknown:
        line = _key_line(text, 1, unknown[0])
        raise fail(f"unknown key {unknown[0]!r}: write each spec as a [[spec]] entry", line)
    raw: Any = data.get("spec", [])
    if not isinstance(raw, list):
        raise fail("'spec' must be a list of [[spec]] entries", 1)
    starts = _entry_lines(text)
    entries: list[QuarantineEntry] = []
    seen: dict[str, int] = {}
    for position, item in enumerate(raw):
        line = starts[position] if position < len(starts) else 1
        if not isinstance(item, dict):
            raise fail("each [[spec]] entry must be a table", line)
        for key in item:
            if key not in _KEYS:
                raise fail(
                    f"unknown key {key!r} in a [[spec]] entry; allowed: path, reason",
                    _key_line(text, line, key),
                )
        for key in _KEYS:
            value = item.get(key)
            if not isinstance(value, str) or not value.strip():
                where = _key_line(text, line, key) if key in item else line
                raise fail(f"[[spec]] entry needs {key} = '…' (non-empty text)", where)
        entry = QuarantineEntry(str(item["path"]).strip(), " ".join(str(item["reason"]).split()), line)
        key = Quarantine(path, root)._key(entry.path)
        if key in seen:
            raise fail(f"{entry.path} is quarantined twice (first at line {seen[key]})", line)
        seen[key] = line
        entries.append(entry)
    return Quarantine(path, root, tuple(entries))


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in escaped) + '"'


def entries_text(entries: Iterable[tuple[str, str]]) -> str:
    """``[[spec]]`` blocks for ``(path, reason)`` pairs, as ``--propose`` prints and ``--write`` appends."""
    return "".join(f"\n[[spec]]\npath = {_toml_string(p)}\nreason = {_toml_string(r)}\n" for p, r in entries)


def append_entries(path: Path, entries: Sequence[tuple[str, str]]) -> None:
    """Append entries to the quarantine file (created with a header comment), keeping what it holds."""
    if not entries:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    head = ""
    if not path.exists():
        head = (
            "# Specs that still run and are reported, but do not fail the run (autoqa: README, Quarantine).\n"
        )
    with path.open("a", encoding="utf-8") as handle:
        handle.write(head + entries_text(entries))
