"""Leaving a field survives record → export: the TodoMVC edit spec, which commits an edit by clicking
outside the field, exports to a pytest-playwright test that passes on the app and fails on a build whose
blur cancels the edit (the spot clicked and the focus check are kept, not dropped)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_runs import run_project

SPEC = Path(__file__).parents[1] / "todomvc" / "specs" / "04-edit.md"


def _environ(base_url: str) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "PYTEST_", "CI"))
    }
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    return {**env, "AUTOQA_BASE_URL": base_url}


@pytest.mark.timeout(300)
def test_click_outside_exports_and_the_export_catches_a_blur_that_cancels(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    shutil.copy(SPEC.parents[1] / "todomvc.html", folder / "todomvc.html")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    shutil.copy(SPEC, project / "specs" / "edit.md")
    code, _, output = run_project(project, url)
    assert code == 0, output

    env = _environ(url)
    exported = subprocess.run(
        [sys.executable, "-m", "autoqa", "export", "latest", "--output", "out", "--to", "exported"],
        cwd=project, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert exported.returncode == 0, exported.stdout + exported.stderr
    test_file = next((project / "exported").rglob("test_*.py"))
    code_text = test_file.read_text(encoding="utf-8")
    assert "page.mouse.click(" in code_text and "still has the focus" in code_text

    def exported_pytest() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "exported", "-p", "playwright", "-p", "no:cacheprovider",
             "-p", "no:asyncio", "-p", "no:hypothesispytest", "-q", "-rfE", "--base-url", url],
            cwd=project, env=env, capture_output=True, text=True, timeout=180,
        )  # fmt: skip

    passed = exported_pytest()
    assert passed.returncode == 0, passed.stdout[-3000:]
    code_text = test_file.read_text(encoding="utf-8")
    test_file.write_text(code_text.replace("todomvc.html", "todomvc.html?bug=blur-cancels"), encoding="utf-8")
    failed = exported_pytest()
    assert failed.returncode == 1, failed.stdout[-3000:]
    assert "buy bread" in failed.stdout, failed.stdout[-3000:]  # step 26: the edit was not kept
