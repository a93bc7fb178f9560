"""The public surface is exactly ``autoqa.__all__``: adding or dropping a name is a deliberate change."""

from __future__ import annotations

import autoqa


def test_all_lists_exactly_the_public_names() -> None:
    public = {name for name in vars(autoqa) if not name.startswith("_") and name != "annotations"}
    modules = {name for name in public if type(getattr(autoqa, name)).__name__ == "module"}
    assert sorted(autoqa.__all__) == autoqa.__all__
    assert set(autoqa.__all__) == public - modules


def test_errors_form_one_tree() -> None:
    for name in ("AgentError", "BrowserError", "ConfigError", "ExportError", "SpecError", "UsageError"):
        assert issubclass(getattr(autoqa, name), autoqa.AutoQAError)
    assert issubclass(autoqa.CredentialsError, autoqa.AgentError)
    assert issubclass(autoqa.IncludeError, autoqa.SpecError)
