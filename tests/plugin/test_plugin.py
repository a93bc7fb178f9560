"""The pytest plugin, driven by pytester: Markdown specs become items run by the real runner."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer

pytest_plugins = ["pytester"]

DEMO_SPECS = SPECS_DIR


# Compact specs of their own (the demo's login and a shorter checkout) keep these runs quick.
LOGIN = """---
title: Log in
setup: login
---
# Log in
## Preconditions
- The demo shop runs at {{BASE_URL}}
## Steps
1. include: login
2. Verify the URL contains "/products.html"
3. Verify "Products" is visible
"""
CHECKOUT = """---
title: Cart total
auth: login
---
# Cart total
## Preconditions
- Logged in
## Steps
1. Navigate to /products.html
2. Click "add-backpack"
3. Click "add-bike-light"
4. Click "Cart"
5. Verify the URL contains "/cart.html"
6. Verify "Total: $39.98" is visible
"""


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, demo_server: DemoServer) -> Path:
    """A folder with four specs, their step library and a README (which is not a spec)."""
    specs = pytester.path / "specs"
    (specs / "steps").mkdir(parents=True)
    (specs / "01-login.md").write_text(LOGIN)
    (specs / "03-cart.md").write_text(CHECKOUT)
    for name in ("02-bad-password.md", "05-long-list.md"):
        shutil.copy(DEMO_SPECS / name, specs / name)
    shutil.copy(DEMO_SPECS / "steps" / "login.md", specs / "steps" / "login.md")
    (specs / "README.md").write_text("# About these specs\n\nNot a spec.\n")
    # A wrong total stays wrong: no need to wait the default 5 s before failing.
    (pytester.path / "autoqa.toml").write_text("assertion_timeout_ms = 1500\n")
    monkeypatch.setenv("AUTOQA_USERNAME", demo_server.credentials.username)
    monkeypatch.setenv("AUTOQA_PASSWORD", demo_server.credentials.password)
    return specs


QUIET = ("-p", "no:cacheprovider", "-p", "no:asyncio", "-p", "no:playwright", "-p", "no:hypothesispytest")


def _args(pytester: pytest.Pytester, url: str, *more: str) -> list[str]:
    return [
        "--autoqa",
        "--autoqa-url",
        url,
        "--autoqa-agent",
        "never",
        "--autoqa-output",
        str(pytester.path / "artifacts"),
        *QUIET,
        *more,
    ]


def test_specs_are_collected_only_when_asked(
    pytester: pytest.Pytester, project: Path, demo_server: DemoServer
) -> None:
    result = pytester.runpytest("specs", "--collect-only", "-q", *QUIET)
    result.stdout.fnmatch_lines(["*no tests collected*"])
    result = pytester.runpytest("specs", "--collect-only", "-q", *_args(pytester, demo_server.url))
    result.stdout.fnmatch_lines(
        [
            "specs/01-login.md::Log in",
            "specs/02-bad-password.md::A wrong password is refused",
            "specs/03-cart.md::Cart total",
            "specs/05-long-list.md::Reach the end of a long list",
            "4 tests collected*",
        ]
    )
    assert "README" not in result.stdout.str() and "steps/login" not in result.stdout.str()


def test_autoqa_modules_are_not_assertion_rewritten_but_its_test_doubles_are(
    pytester: pytest.Pytester, project: Path, demo_server: DemoServer
) -> None:
    # pytest marks the plugin's whole package for rewriting; only autoqa.testing (imported by users' tests)
    # needs it. A subprocess: in-process runs would find autoqa already imported by this session.
    pytester.makeconftest(
        """
        import sys

        def pytest_collection_finish(session):
            import autoqa.testing
            for name in ("autoqa.config.flags", "autoqa.spec.loader", "autoqa.testing"):
                print("LOADER", name, type(sys.modules[name].__loader__).__name__)
        """
    )
    args = _args(pytester, demo_server.url)
    result = pytester.runpytest_subprocess("specs", "--collect-only", "-q", "-s", *args)
    result.stdout.fnmatch_lines(
        [
            "LOADER autoqa.config.flags SourceFileLoader",
            "LOADER autoqa.spec.loader SourceFileLoader",
            "LOADER autoqa.testing AssertionRewritingHook",
            "4 tests collected*",
        ]
    )


def test_the_ini_switch_turns_collection_on(
    pytester: pytest.Pytester, project: Path, demo_server: DemoServer
) -> None:
    pytester.makeini(f"[pytest]\nautoqa_specs = true\nautoqa_url = {demo_server.url}\n")
    result = pytester.runpytest("specs/05-long-list.md", "--collect-only", "-q", *QUIET)
    result.stdout.fnmatch_lines(["specs/05-long-list.md::Reach the end of a long list", "1 test collected*"])


def test_a_failing_spec_reports_the_step_reason_and_screenshot(
    pytester: pytest.Pytester, project: Path, buggy_demo_server: DemoServer
) -> None:
    junit = pytester.path / "report.xml"
    result = pytester.runpytest(
        "specs/01-login.md",
        "specs/03-cart.md",
        *_args(pytester, buggy_demo_server.url, f"--junitxml={junit}"),
    )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ spec: Cart total _*",
            "FAILED: Cart total (03-cart.md, executor: plain)",
            '  step 6: Verify "Total: $39.98" is visible',
            "  reason: assert_text_present failed (ASSERTION_FAILED): expected text 'Total: $39.98'*",
            "  screenshot: */artifacts/*.jpg",
        ]
    )
    text = result.stdout.str()
    assert "Traceback" not in text and "site-packages" not in text and "autoqa/runner" not in text
    screenshot = next(line for line in text.splitlines() if line.startswith("  screenshot: "))
    assert Path(screenshot.split(": ", 1)[1]).is_file()

    cases = {case.get("name"): case for case in ET.parse(junit).getroot().iter("testcase")}
    assert set(cases) == {"Log in", "Cart total"}
    failure = cases["Cart total"].find("failure")
    assert failure is not None and "step 6" in (failure.text or "")
    properties = {p.get("name"): p.get("value") for p in cases["Cart total"].iter("property")}
    assert properties["autoqa_outcome"] == "failed" and properties["autoqa_failed_step"] == "6"


def test_a_broken_spec_is_a_clear_collection_error(
    pytester: pytest.Pytester, project: Path, demo_server: DemoServer
) -> None:
    (project / "broken.md").write_text('# Broken\n\n## Steps\n1. Click "x"\n')
    result = pytester.runpytest("specs/broken.md", *_args(pytester, demo_server.url))
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["autoqa could not load this spec:", "*broken.md:*Preconditions*"])
    assert "Traceback" not in result.stdout.str()


@pytest.mark.timeout(120)
def test_passing_specs_pass_under_xdist_and_auth_specs_get_their_setup(
    pytester: pytest.Pytester, project: Path, demo_server: DemoServer
) -> None:
    result = pytester.runpytest_subprocess(
        "specs/01-login.md",
        "specs/02-bad-password.md",
        "specs/05-long-list.md",
        "specs/03-cart.md",
        "-n",
        "2",
        *_args(pytester, demo_server.url),
    )
    result.assert_outcomes(passed=4)


def test_the_session_is_one_run_with_one_run_folder(
    pytester: pytest.Pytester, project: Path, demo_server: DemoServer
) -> None:
    result = pytester.runpytest(
        "specs/01-login.md", "specs/02-bad-password.md", "specs/03-cart.md", *_args(pytester, demo_server.url)
    )
    result.assert_outcomes(passed=3)
    folder = pytester.path / "artifacts"
    runs = [p for p in folder.iterdir() if not p.is_symlink() and (p / "run.json").is_file()]
    assert len(runs) == 1, runs  # one run folder, one report for the session (was one per item)
    run = json.loads((runs[0] / "run.json").read_text())
    assert [s["outcome"] for s in run["specs"]] == ["passed", "passed", "passed"]
    assert (runs[0] / "junit.xml").is_file() and (runs[0] / "report.html").is_file()
