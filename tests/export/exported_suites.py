"""Run an exported pytest-playwright suite the way a user would: against the page the run passed on, and
against broken builds of that page (one pytest process), which every exported check must fail."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from .test_exported_run import _pytest


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    return env


def passes(exported: Path, url: str) -> None:
    """The exported test passes against the page the run passed on."""
    process = _pytest(exported.parent, "--base-url", url, env=_env())
    out, _ = process.communicate(timeout=140)
    assert process.returncode == 0 and "1 passed" in out, out + "\n" + exported.read_text()


def on_broken_builds(
    exported: Path,
    workdir: Path,
    site: tuple[Path, str],
    *,
    page: str,
    page_name: str,
    builds: Mapping[str, tuple[str, str]],
    fast: bool = False,
) -> str:
    """The exported test run once per broken build of ``page`` (served as ``<page_name>-<build>.html``); the
    pytest output. ``fast``: checks on a static page need not wait Playwright's 5 s to fail."""
    folder, url = site
    source = exported.read_text()
    broken_dir = workdir / "broken"
    broken_dir.mkdir()
    for helper in exported.parent.glob("*.py"):  # the exported suite's conftest (browser, base URL)
        if not helper.name.startswith("test_"):
            (broken_dir / helper.name).write_text(helper.read_text())
    if fast:
        with (broken_dir / "conftest.py").open("a") as conftest:
            conftest.write(
                "\n\nfrom playwright.sync_api import expect\n\nexpect.set_options(timeout=1_000)\n"
            )
    for name, (good, bad) in builds.items():
        assert page.count(good) == 1, name
        (folder / f"{page_name}-{name}.html").write_text(page.replace(good, bad), encoding="utf-8")
        (broken_dir / f"test_broken_{name.replace('-', '_')}.py").write_text(
            source.replace(f"/{page_name}.html", f"/{page_name}-{name}.html")
        )
    process = _pytest(broken_dir, "--base-url", url, "--timeout", "60", env=_env())
    out, _ = process.communicate(timeout=400)
    return out
