"""Run an exported pytest-playwright suite the way a user would: against the page the run passed on, and
against broken builds of that page, which every exported check must fail."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from xml.etree import ElementTree

from .test_exported_run import _pytest

# Appended to each broken build's copy of the exported test when ``fast``: the broken builds are static
# pages, so a check that will fail need not wait Playwright's 5 s, nor a click on an element a build removed
# its 30 s (actions get 2 s; navigation keeps its 30 s; waits and storage checks carry their own timeouts).
# autoqa's own exported checks (a sorted list, a badge, a region, a column cell …) wait as long as expect
# (autoqa.export.expect_timeout), so they get the 1 s too. An autouse fixture of that module only (set
# before each of its tests, Playwright's default again after; the page is the test's own), so the working
# page's test in the same pytest process keeps the default timeouts.
_FAIL_FAST = """


import pytest as _autoqa_pytest
from playwright.sync_api import expect as _autoqa_expect


@_autoqa_pytest.fixture(autouse=True)
def _autoqa_fail_fast(page):
    _autoqa_expect.set_options(timeout=1_000)
    page.set_default_navigation_timeout(30_000)
    page.set_default_timeout(2_000)
    yield
    _autoqa_expect.set_options(timeout=None)  # Playwright's default again
"""


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
    passing: tuple[str, ...] = (),
    steps: Mapping[str, int] | None = None,
) -> str:
    """The exported test run against the page the run passed on and once per broken build of ``page``
    (served as ``<page_name>-exported-<build>.html``), in one pytest process (one browser); the pytest output.

    Checked here: the working page's test passed (what :func:`passes` checks, in its own pytest process)
    and no broken build's did; the summary then reads ``<len(builds)> failed, 1 passed`` when each build
    is caught. ``fast``: checks on a broken build (a static page) need not wait Playwright's 5 s to fail;
    the working page keeps the default. ``passing``: builds that must pass instead (a copy of the working
    page given the 1 s checks, to show a wait is what holds the test). ``steps``: builds whose test must
    fail at a given spec step (the exported ``# Step N:`` block its failing line is in), not earlier: a
    test that fails on a build for another reason has not caught what the build broke."""
    folder, url = site
    source = exported.read_text()
    broken_dir = workdir / "broken"
    broken_dir.mkdir()
    for helper in exported.parent.glob("*.py"):  # the exported suite's conftest (browser, base URL)
        if not helper.name.startswith("test_"):
            (broken_dir / helper.name).write_text(helper.read_text())
    assert not exported.name.startswith("test_broken_"), exported.name
    (broken_dir / exported.name).write_text(source)  # the working page, as exported
    for name, (good, bad) in builds.items():
        assert page.count(good) == 1, name
        # served under a name of its own: a run may be serving its own builds of ``page`` at the same time
        served = f"{page_name}-exported-{name}"
        (folder / f"{served}.html").write_text(page.replace(good, bad), encoding="utf-8")
        # the build's own page, in its navigations and in its URL checks (a regex spells the dot ``\\.``: a
        # copy still checking the working page's URL fails there, whatever the build broke)
        copy = source.replace(f"/{page_name}.html", f"/{served}.html").replace(
            f"/{page_name}\\\\.html", f"/{served}\\\\.html"
        )
        (broken_dir / f"test_broken_{name.replace('-', '_')}.py").write_text(
            copy + (_FAIL_FAST if fast else "")
        )
    # -rfEp: the summary names each failed and each passed test, so a pass is known to be the working page's
    junit = workdir / "broken-junit.xml"
    process = _pytest(
        broken_dir, "--base-url", url, "--timeout", "60", "-rfEp", f"--junitxml={junit}", env=_env()
    )
    out, _ = process.communicate(timeout=400)
    for name, step in (steps or {}).items():
        file_name = f"test_broken_{name.replace('-', '_')}.py"
        failed_at = _failed_step(junit, broken_dir / file_name)
        assert failed_at == step, (name, f"failed at step {failed_at}, not {step}", out)
    passes = [line for line in out.splitlines() if line.startswith("PASSED ")]
    passed = sorted(line.split("::")[0].removeprefix("PASSED ") for line in passes)
    expected = sorted([exported.name, *(f"test_broken_{name.replace('-', '_')}.py" for name in passing)])
    assert passed == expected, out + "\n" + source
    return out


def _failed_step(junit: Path, test_file: Path) -> int | None:
    """The spec step whose exported block holds the line ``test_file``'s test failed at (from pytest's
    JUnit XML), or None when it did not fail inside a step."""
    for case in ElementTree.parse(junit).iter("testcase"):
        failure = case.find("failure")
        if case.get("classname", "").split(".")[-1] != test_file.stem or failure is None:
            continue
        lines = re.findall(rf"^{re.escape(test_file.name)}:(\d+):", failure.text or "", re.MULTILINE)
        if not lines:
            return None
        step = None
        for line in test_file.read_text().splitlines()[: int(lines[-1])]:
            if found := re.match(r"\s*# Step (\d+):", line):
                step = int(found.group(1))
        return step
    return None
