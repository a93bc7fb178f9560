"""The public surface is exactly ``autoqa.__all__``: adding or dropping a name is a deliberate change."""

from __future__ import annotations

import shutil
from pathlib import Path

import autoqa
from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer


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
    assert issubclass(autoqa.AutoQAWarning, UserWarning)


def test_importing_the_package_does_not_load_playwright() -> None:
    import subprocess
    import sys

    code = "import sys, autoqa; print('playwright' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert autoqa.call_tool.__name__ == "call_tool"


def test_load_settings_reads_the_project_like_the_cli(tmp_path: Path) -> None:
    (tmp_path / "autoqa.toml").write_text('workers = 2\nartifacts = "none"\n')
    settings = autoqa.load_settings(tmp_path, environ={"AUTOQA_TRACE": "off"}, agent="never")
    assert isinstance(settings, autoqa.Settings)
    assert (settings.workers, settings.artifacts, settings.trace, settings.agent) == (
        2,
        "none",
        "off",
        "never",
    )


async def test_run_is_a_library_door_to_a_whole_run(tmp_path: Path, demo_server: DemoServer) -> None:
    project = tmp_path / "project"
    shutil.copytree(SPECS_DIR, project / "specs")
    (project / "autoqa.toml").write_text('artifacts = "none"\nexport_on_pass = false\n')
    environ = {
        "AUTOQA_USERNAME": demo_server.credentials.username,
        "AUTOQA_PASSWORD": demo_server.credentials.password,
    }
    settings = autoqa.load_settings(project, environ=environ, base_url=demo_server.url)
    result = await autoqa.run(
        ["specs/01-login.md", "specs/02-bad-password.md"],
        settings=settings,
        root=project,
        environ=environ,
        agent="never",
        output_dir="out",
    )
    assert isinstance(result, autoqa.RunResult)
    assert [s.outcome for s in result.specs] == [autoqa.Outcome.PASSED, autoqa.Outcome.PASSED]
    assert result.output_dir is not None and result.output_dir.parent == project / "out"
    import json

    versions = json.loads((result.output_dir / "run.json").read_text())["versions"]
    assert set(versions) == {"python", "platform", "autoqa", "playwright", "claude_agent_sdk"}  # once each
