"""discover_specs: files, folders, globs; libraries, hidden folders and READMEs are never specs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autoqa.errors import SpecError, UsageError
from autoqa.spec.discovery import discover_specs, matches_tags


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = [
        "specs/b-cart.md",
        "specs/a-login.md",
        "specs/shop/checkout.md",
        "specs/shop/steps/pay.md",
        "specs/steps/login.md",
        "steps/search.md",
        "specs/README.md",
        "specs/readme.MD",
        "specs/.hidden.md",
        "specs/.autoqa/cache.md",
        "specs/.drafts/draft.md",
        "specs/node_modules/pkg/x.md",
        "specs/notes.txt",
        "top.md",
    ]
    for name in files:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", "utf-8")
    return tmp_path


def rel(paths: list[Path], root: Path) -> list[str]:
    return [p.relative_to(root.resolve()).as_posix() for p in paths]


def test_folder_is_searched_recursively_sorted_and_skips_non_specs(project: Path) -> None:
    found = discover_specs(["specs"], project, cwd=project)
    assert rel(found, project) == ["specs/a-login.md", "specs/b-cart.md", "specs/shop/checkout.md"]
    assert all(p.is_absolute() for p in found)


def test_root_folder_skips_every_steps_library(project: Path) -> None:
    assert rel(discover_specs(["."], project, cwd=project), project) == [
        "specs/a-login.md",
        "specs/b-cart.md",
        "specs/shop/checkout.md",
        "top.md",
    ]


def test_files_and_folders_together_are_deduplicated(project: Path) -> None:
    found = discover_specs(
        ["specs/a-login.md", "specs", str(project / "specs" / "a-login.md")], project, cwd=project
    )
    assert rel(found, project) == ["specs/a-login.md", "specs/b-cart.md", "specs/shop/checkout.md"]


def test_glob_patterns(project: Path) -> None:
    assert rel(discover_specs(["specs/*.md"], project, cwd=project), project) == [
        "specs/a-login.md",
        "specs/b-cart.md",
    ]
    assert rel(discover_specs(["specs/**/*.md"], project, cwd=project), project) == [
        "specs/a-login.md",
        "specs/b-cart.md",
        "specs/shop/checkout.md",
    ]


def test_relative_paths_use_cwd(project: Path) -> None:
    found = discover_specs(["shop"], project, cwd=project / "specs")
    assert rel(found, project) == ["specs/shop/checkout.md"]


def test_explicit_readme_is_allowed_but_explicit_library_is_an_error(project: Path) -> None:
    assert rel(discover_specs(["specs/README.md"], project, cwd=project), project) == ["specs/README.md"]
    with pytest.raises(SpecError, match="step library"):
        discover_specs(["specs/steps/login.md"], project, cwd=project)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("nope.md", "no such file or folder"),
        ("specs/*.feature", "matches no spec files"),
        ("specs/notes.txt", "not a Markdown spec"),
        ("steps", "no spec files"),
    ],
)
def test_paths_that_match_nothing_are_usage_errors(project: Path, given: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        discover_specs([given], project, cwd=project)


def test_include_and_exclude_patterns(project: Path) -> None:
    assert rel(discover_specs(["specs"], project, cwd=project, include=["*login*"]), project) == [
        "specs/a-login.md"
    ]
    assert rel(discover_specs(["specs"], project, cwd=project, exclude=["specs/shop/*"]), project) == [
        "specs/a-login.md",
        "specs/b-cart.md",
    ]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlinked_folders_are_not_followed_but_symlinked_files_are(project: Path) -> None:
    (project / "specs" / "loop").symlink_to(project / "specs", target_is_directory=True)
    (project / "specs" / "linked.md").symlink_to(project / "top.md")
    found = rel(discover_specs(["specs"], project, cwd=project), project)
    assert "specs/linked.md" not in found  # resolved to its target
    assert "top.md" in found
    assert not any(p.startswith("specs/loop/") for p in found)


@pytest.mark.parametrize(
    ("tags", "wanted", "selected"),
    [
        (("smoke", "login"), ["smoke"], True),
        (("login",), ["smoke"], False),
        (("login",), ["smoke", "login"], True),
        (("smoke", "slow"), ["smoke", "!slow"], False),
        (("smoke",), ["-slow"], True),
        ((), [], True),
        (("Smoke",), ["smoke"], True),
    ],
)
def test_matches_tags(tags: tuple[str, ...], wanted: list[str], selected: bool) -> None:
    assert matches_tags(tags, wanted) is selected
