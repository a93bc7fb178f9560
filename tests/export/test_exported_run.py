"""Exported files are real tests: pytest-playwright runs them against the demo shop (pass) and the buggy
shop (fail), in subprocesses, with the generated conftest.py choosing the browser."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.export import SetupRecording, export_spec
from autoqa.record import IRRecord
from autoqa.spec.model import Spec, Step, StepKind
from record.helpers import DEMO_SPECS, SUITE, Recording


def _export_suite(suite: dict[str, Recording], out: Path, base_url: str) -> None:
    login = suite["01-login.md"]
    for name in SUITE:
        run = suite[name]
        setup = SetupRecording(login.spec, login.records) if run.spec.auth else None
        export_spec(run.spec, run.records, out, root=DEMO_SPECS, base_url=base_url, setup=setup)


def _pytest(folder: Path, *args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    command = [
        sys.executable,
        "-m",
        "pytest",
        str(folder),
        "-p",
        "playwright",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:asyncio",
        # hypothesis (this repository's dev dependency, not an exported suite's) registers a pytest plugin
        # whose import costs ~1.9 s of CPU in every pytest process these tests start
        "-p",
        "no:hypothesispytest",
        "-q",
        "-rfE",
        *args,
    ]
    return subprocess.Popen(
        command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _environ(server: DemoServer, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    env["AUTOQA_PASSWORD"] = server.credentials.password
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def exported_runs(
    demo_suite: dict[str, Recording],
    demo_server: DemoServer,
    buggy_demo_server: DemoServer,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[int, str]]:
    """Three pytest runs of exported files, started together (they mostly wait on the browser)."""
    out = tmp_path_factory.mktemp("tests_autoqa")
    _export_suite(demo_suite, out, demo_server.url)
    lone = tmp_path_factory.mktemp("no_url")
    run = demo_suite["05-long-list.md"]
    export_spec(run.spec, run.records, lone, root=DEMO_SPECS, base_url=demo_server.url)
    processes = {
        # The base URL once as --base-url, once as AUTOQA_BASE_URL, once not at all.
        "shop": _pytest(out, "--base-url", demo_server.url, env=_environ(demo_server)),
        # On the buggy shop: the spec that reaches the bugs (checkout) and one that does not.
        "buggy": _pytest(
            out,
            "-k",
            "checkout or long_list",
            env=_environ(buggy_demo_server, AUTOQA_BASE_URL=buggy_demo_server.url),
        ),
        "no_url": _pytest(lone, env=_environ(demo_server)),
    }
    results = {}
    for name, process in processes.items():
        output, _ = process.communicate(timeout=140)
        results[name] = (process.returncode, output)
    return results


@pytest.mark.timeout(150)
def test_exported_suite_passes_on_the_shop(exported_runs: dict[str, tuple[int, str]]) -> None:
    code, output = exported_runs["shop"]
    assert code == 0, output
    assert "5 passed" in output


@pytest.mark.timeout(150)
def test_exported_checkout_fails_on_the_buggy_shop(exported_runs: dict[str, tuple[int, str]]) -> None:
    code, output = exported_runs["buggy"]
    assert code == 1, output
    assert "1 failed, 1 passed" in output
    assert "FAILED test_03_checkout.py::test_buy_two_products" in output
    # the wrong total is what breaks it (a number matched whole, as the tools match it)
    assert 'get_by_text(re.compile("Total:\\\\s*\\\\$39\\\\.98(?![0-9])(?![.,][0-9])"' in output, output


@pytest.mark.timeout(150)
def test_without_a_base_url_the_tests_say_what_is_missing(exported_runs: dict[str, tuple[int, str]]) -> None:
    code, output = exported_runs["no_url"]
    assert code == 1
    assert "pass --base-url URL or set AUTOQA_BASE_URL" in output


@pytest.mark.timeout(150)
def test_files_exported_from_hostile_titles_are_collected(tmp_path: Path) -> None:
    """A quote that would end the docstring, a NUL, a right-to-left override: pytest still collects."""
    titles = ('Check the "Go" button says "hi"', "A NUL \0 in the title", "Open \u202egnp.exe\u200f today")
    out = tmp_path / "out"
    for number, title in enumerate(titles, start=1):
        source = tmp_path / f"hostile{number}.md"
        text = f'Go to "/{title}"'
        spec = Spec(source, title, (), (Step(1, text, StepKind.ACTION, source, 5, raw_text=text),))
        record = IRRecord(seq=1, step=1, tool="navigate", args={"url": f"/{title}"})
        code = export_spec(spec, [record], out, root=tmp_path).read_text(encoding="utf-8")
        assert all(ch.isprintable() or ch == "\n" for ch in code)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    process = _pytest(out, "--collect-only", env=env)
    output, _ = process.communicate(timeout=140)
    assert process.returncode == 0, output
    assert "3 tests collected" in output, output
