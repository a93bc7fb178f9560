"""Fixtures for the reliability campaign: a demo shop with a campaign-only password, a project copy."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer

from .harness import SECRET_PASSWORD

DEMO_SPECS = SPECS_DIR


@pytest.fixture(scope="session")
def campaign_server() -> Iterator[DemoServer]:
    """The bundled demo shop whose password is :data:`SECRET_PASSWORD`, so secret scans can look for it."""
    with DemoServer(password=SECRET_PASSWORD) as server:
        yield server


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    """A project holding a copy of the bundled demo specs (01-login is the setup spec others rely on)."""
    project = tmp_path / "project"
    shutil.copytree(DEMO_SPECS, project / "specs")
    (project / "autoqa.toml").write_text('artifacts = "fail"\n')
    return project
