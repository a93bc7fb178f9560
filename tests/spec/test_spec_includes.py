"""include: lookup order, nesting, cycles, invalid names, optional includes."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.errors import IncludeError
from autoqa.spec.includes import search_folders
from autoqa.spec.loader import load_spec

SPEC_HEAD = "## Preconditions\n- ok\n\n## Steps\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load(path: Path, root: Path):  # type: ignore[no-untyped-def]
    return load_spec(path, variables={}, root=root)


def test_library_next_to_the_spec_wins_over_parent_and_root(tmp_path: Path) -> None:
    spec = write(tmp_path / "specs" / "shop" / "buy.md", SPEC_HEAD + "1. include: login\n")
    write(tmp_path / "specs" / "shop" / "steps" / "login.md", '1. Click "near"\n')
    write(tmp_path / "specs" / "steps" / "login.md", '1. Click "parent"\n')
    write(tmp_path / "steps" / "login.md", '1. Click "root"\n')
    assert load(spec, tmp_path).steps[0].text == 'Click "near"'


def test_parent_folders_are_searched_up_to_the_root(tmp_path: Path) -> None:
    spec = write(tmp_path / "specs" / "shop" / "buy.md", SPEC_HEAD + "1. include: login\n")
    write(tmp_path / "specs" / "steps" / "login.md", '1. Click "parent"\n')
    write(tmp_path / "steps" / "login.md", '1. Click "root"\n')
    assert load(spec, tmp_path).steps[0].text == 'Click "parent"'


def test_root_specs_steps_is_the_last_place(tmp_path: Path) -> None:
    spec = write(tmp_path / "elsewhere" / "buy.md", SPEC_HEAD + "1. include: login\n")
    write(tmp_path / "specs" / "steps" / "login.md", '1. Click "root specs"\n')
    assert load(spec, tmp_path).steps[0].text == 'Click "root specs"'


def test_search_folders_order(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    assert search_folders(root / "specs" / "shop" / "buy.md", root) == [
        root / "specs" / "shop" / "steps",
        root / "specs" / "steps",
        root / "steps",
    ]


def test_a_library_finds_its_siblings_first(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    assert search_folders(root / "steps" / "checkout.md", root)[:2] == [
        root / "steps",
        root / "steps" / "steps",
    ]


def test_spec_outside_the_root_only_uses_its_own_folder_and_the_root(tmp_path: Path) -> None:
    root = (tmp_path / "project").resolve()
    outside = (tmp_path / "other" / "deep" / "spec.md").resolve()
    assert search_folders(outside, root) == [
        outside.parent / "steps",
        root / "steps",
        root / "specs" / "steps",
    ]


def test_nested_includes_and_sibling_libraries_keep_source_and_line(tmp_path: Path) -> None:
    spec = write(
        tmp_path / "specs" / "a.md", SPEC_HEAD + '1. Navigate to /\n2. include: checkout\n3. Click "Done"\n'
    )
    write(tmp_path / "steps" / "checkout.md", '# Checkout\n\n1. include: address\n2. Click "Pay"\n')
    write(tmp_path / "steps" / "address.md", '1. Fill "Zip" with "1"\n2. Fill "City" with "X"\n')
    spec_obj = load(spec, tmp_path)
    rows = [(s.index, s.text, s.source.name, s.line) for s in spec_obj.steps]
    assert rows == [
        (1, "Navigate to /", "a.md", 5),
        (2, 'Fill "Zip" with "1"', "address.md", 1),
        (3, 'Fill "City" with "X"', "address.md", 2),
        (4, 'Click "Pay"', "checkout.md", 4),
        (5, 'Click "Done"', "a.md", 7),
    ]


def test_include_names_with_folders_and_md_suffix(tmp_path: Path) -> None:
    spec = write(tmp_path / "a.md", SPEC_HEAD + "1. include: auth/sso.md\n")
    write(tmp_path / "steps" / "auth" / "sso.md", '1. Click "SSO"\n')
    assert load(spec, tmp_path).steps[0].text == 'Click "SSO"'


def test_cycle_is_reported_with_the_whole_chain(tmp_path: Path) -> None:
    spec = write(tmp_path / "specs" / "a.md", SPEC_HEAD + "1. include: one\n")
    write(tmp_path / "steps" / "one.md", "1. include: two\n")
    write(tmp_path / "steps" / "two.md", '1. Click "x"\n2. include: one\n')
    with pytest.raises(IncludeError) as info:
        load(spec, tmp_path)
    assert info.value.reason == "include cycle: specs/a.md → steps/one.md → steps/two.md → steps/one.md"
    assert info.value.path is not None and info.value.path.name == "two.md" and info.value.line == 2


def test_self_include_is_a_cycle(tmp_path: Path) -> None:
    spec = write(tmp_path / "steps-user.md", SPEC_HEAD + "1. include: me\n")
    write(tmp_path / "steps" / "me.md", "1. include: me\n")
    with pytest.raises(IncludeError, match="include cycle"):
        load(spec, tmp_path)


@pytest.mark.parametrize("name", ["../etc/passwd", "/abs", "a..b", "with space", "a\\b", "x.txt", "a//b", ""])
def test_invalid_names_are_rejected_with_the_line(tmp_path: Path, name: str) -> None:
    spec = write(tmp_path / "a.md", SPEC_HEAD + "1. Navigate to /\n2. include: " + name + "\n")
    with pytest.raises(IncludeError) as info:
        load(spec, tmp_path)
    assert info.value.line == 6 and "invalid include name" in info.value.reason


def test_missing_library_lists_where_it_looked(tmp_path: Path) -> None:
    spec = write(tmp_path / "specs" / "a.md", SPEC_HEAD + "1. include: nope\n")
    with pytest.raises(IncludeError) as info:
        load(spec, tmp_path)
    assert "specs/steps/nope.md" in info.value.reason and "steps/nope.md" in info.value.reason
    assert info.value.line == 5


def test_library_without_steps_is_an_error_naming_the_library(tmp_path: Path) -> None:
    spec = write(tmp_path / "a.md", SPEC_HEAD + "1. include: empty\n")
    write(tmp_path / "steps" / "empty.md", "# Nothing here\n")
    with pytest.raises(IncludeError) as info:
        load(spec, tmp_path)
    assert info.value.path is not None and info.value.path.name == "empty.md"


def test_optional_include_makes_every_included_step_optional(tmp_path: Path) -> None:
    spec = write(tmp_path / "a.md", SPEC_HEAD + '1. Optional: include: banner\n2. Click "Go"\n')
    write(tmp_path / "steps" / "banner.md", '1. Click "Accept"\n2. Click "Close"\n')
    assert [s.optional for s in load(spec, tmp_path).steps] == [True, True, False]


def test_unreadable_library_is_an_include_error(tmp_path: Path) -> None:
    spec = write(tmp_path / "a.md", SPEC_HEAD + "1. include: binary\n")
    (tmp_path / "steps").mkdir()
    (tmp_path / "steps" / "binary.md").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(IncludeError, match="cannot read step library"):
        load(spec, tmp_path)


def test_each_step_keeps_its_number_in_its_own_file_and_the_include_chain(tmp_path: Path) -> None:
    spec = write(tmp_path / "specs" / "buy.md", SPEC_HEAD + '1. Click "a"\n2. include: outer\n3. Click "z"\n')
    outer = write(tmp_path / "steps" / "outer.md", '1. Click "o1"\n2. include: inner\n')
    inner = write(tmp_path / "steps" / "inner.md", '1. Click "i1"\n2. Click "i2"\n')
    steps = load(spec, tmp_path).steps
    placed = [(s.index, s.position, [(n, p.name) for n, p in s.included_at]) for s in steps]
    assert placed == [
        (1, 1, []),
        (2, 1, [(2, "buy.md")]),
        (3, 1, [(2, "outer.md"), (2, "buy.md")]),
        (4, 2, [(2, "outer.md"), (2, "buy.md")]),
        (5, 3, []),
    ]
    assert steps[3].source == inner.resolve() and steps[1].source == outer.resolve()
