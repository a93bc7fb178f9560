"""pytest plugin: collect Markdown specs as test items (opt-in with ``--autoqa``)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("autoqa", "autoqa-py Markdown specs")
    group.addoption("--autoqa", action="store_true", default=False, help="collect *.md specs as tests")
    parser.addini("autoqa_specs", "collect *.md specs as tests (true/false)", type="bool", default=False)
