from __future__ import annotations

import os
from pathlib import Path

import pytest

from autoqa.artifacts.atomic import atomic_writer, symlink_atomic, write_json_atomic, write_text_atomic


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    target = write_text_atomic(tmp_path / "run.json", '{"old": true}')
    with pytest.raises(RuntimeError), atomic_writer(target) as handle:
        handle.write(b'{"new": tr')
        raise RuntimeError("killed mid-write")
    assert target.read_text() == '{"old": true}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


def test_json_is_utf8_and_paths_become_strings(tmp_path: Path) -> None:
    path = write_json_atomic(tmp_path / "sub" / "x.json", {"name": "café", "path": Path("/a/b")})
    assert path.read_text(encoding="utf-8") == '{\n  "name": "café",\n  "path": "/a/b"\n}\n'


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlink_is_replaced_in_place(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    link = tmp_path / "latest"
    assert symlink_atomic(link, "a")
    assert symlink_atomic(link, "b")
    assert os.readlink(link) == "b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "latest"]
