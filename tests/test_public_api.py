"""The public surface is exactly ``autoqa.__all__``: adding or dropping a name is a deliberate change."""

from __future__ import annotations

import autoqa


def test_all_lists_exactly_the_public_names() -> None:
    public = {name for name in dir(autoqa) if not name.startswith("_") and name not in ("annotations", "Any")}
    modules = {name for name in public if type(getattr(autoqa, name)).__name__ == "module"}
    assert sorted(autoqa.__all__) == autoqa.__all__
    assert set(autoqa.__all__) == public - modules


def test_errors_form_one_tree() -> None:
    for name in ("AgentError", "BrowserError", "ConfigError", "ExportError", "SpecError", "UsageError"):
        assert issubclass(getattr(autoqa, name), autoqa.AutoQAError)
    assert issubclass(autoqa.CredentialsError, autoqa.AgentError)
    assert issubclass(autoqa.IncludeError, autoqa.SpecError)


def test_importing_the_package_does_not_load_playwright() -> None:
    import subprocess
    import sys

    code = "import sys, autoqa; print('playwright' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert autoqa.call_tool.__name__ == "call_tool"
