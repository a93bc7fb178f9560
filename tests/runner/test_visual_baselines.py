"""Visual baselines end to end on the demo shop: the first run writes them, the next compares, the ``layout``
bug (a CSS change no text check sees) fails the page baseline with expected / actual / diff images in
result.json and report.html, CI refuses to invent a missing baseline, ``--update-baselines`` rewrites, and
the exported pytest-playwright test compares the same way."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from autoqa.demo_app.server import DemoServer
from autoqa.exit_codes import ExitCode, exit_code_for
from autoqa.results import ExecutorKind, FlagKind, Outcome, RunResult, SpecResult
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from export.test_exported_run import _environ, _pytest

from .conftest import DEMO_SPECS, demo_environ, run_cli

CART_LOOK = """---
title: The cart looks as it did
auth: login
---
# Cart look

## Preconditions
- Logged in (storage state from the login spec)

## Steps
1. Navigate to /products.html
2. Click "add-backpack"
3. Click "Cart"
4. Verify "Total: $29.99" is visible
5. Verify the "cart-items" list matches the baseline "cart items"
6. Verify the page matches the baseline "cart" ignoring "cart-count"
"""
BASELINES = "specs/.autoqa/baselines/specs-09-cart-look"


@pytest.fixture(scope="module")
def layout_bug_server() -> object:
    with DemoServer(bugs=("layout",)) as server:
        yield server


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    shutil.copy(DEMO_SPECS / "01-login.md", project / "specs")
    shutil.copytree(DEMO_SPECS / "steps", project / "specs" / "steps")
    (project / "specs" / "09-cart-look.md").write_text(CART_LOOK)
    (project / "autoqa.toml").write_text('artifacts = "fail"\n')
    return project


async def _run(
    project: Path, server: DemoServer, *, cli: dict[str, object] | None = None, **env: str
) -> RunResult:
    request = RunRequest(
        paths=("specs",),
        root=project,
        cli=cli or {},
        cli_vars={},
        keyword=None,
        environ=demo_environ(server, **env),
        project_root=project,
    )
    return await execute_run(prepare_run(request))


def _cart(run: RunResult) -> SpecResult:
    return next(s for s in run.specs if s.path.name == "09-cart-look.md")


async def test_baselines_are_written_compared_broken_by_the_layout_bug_and_rewritten(
    project: Path, demo_server: DemoServer, layout_bug_server: DemoServer
) -> None:
    # First run: nothing to compare with yet, so the pictures become the baselines, flagged for review.
    first = await _run(project, demo_server)
    cart = _cart(first)
    assert cart.outcome is Outcome.PASSED and cart.executor is ExecutorKind.PLAIN, cart.reason
    flags = [f for step in cart.steps for f in step.flags if f.kind is FlagKind.BASELINE]
    assert [f.message for f in flags] == [
        f"baseline written: {BASELINES}/cart-items.png — review it and commit it",
        f"baseline written: {BASELINES}/cart.png — review it and commit it",
    ]
    page_baseline = project / BASELINES / "cart.png"
    written = page_baseline.read_bytes()
    exported = project / "tests" / "autoqa" / "test_specs_09_cart_look.py"
    code = exported.read_text()
    assert "from autoqa.export.visual_check import expect_matches_baseline" in code
    assert code.count("expect_matches_baseline(") == 2
    assert f'"{BASELINES}/cart.png",' in code
    assert 'mask=[page.get_by_test_id("cart-count")],' in code  # the ignored region, as recorded

    # The exported test compares the same way: it passes on the shop and fails on the layout bug (run in
    # the background while the next run, which leaves the baselines alone, goes on).
    tests = project / "tests" / "autoqa"
    exported_runs = {
        "shop": _pytest(tests, env=_environ(demo_server, AUTOQA_BASE_URL=demo_server.url)),
        "layout": _pytest(tests, env=_environ(layout_bug_server, AUTOQA_BASE_URL=layout_bug_server.url)),
    }

    # The layout bug moves the total: the page baseline fails, the items list (unchanged) still matches,
    # unflagged (a short assertion timeout: a mismatch is retaken until it runs out).
    broken_run = await _run(project, layout_bug_server, cli={"assertion_timeout_ms": 1500})
    broken = _cart(broken_run)
    assert broken.outcome is Outcome.FAILED and broken.failed_step == 6
    assert exit_code_for(broken_run) is ExitCode.SPECS_FAILED
    reason = broken.reason or ""
    assert 'does not match the baseline "cart"' in reason and "VISUAL_MISMATCH" in reason
    assert broken.steps[4].status == "passed" and not broken.steps[4].flags
    assert page_baseline.read_bytes() == written
    run_dir = broken_run.output_dir
    assert run_dir is not None
    result_json = json.loads((run_dir / broken.artifacts["result"]).read_text())
    (call,) = [c for c in result_json["steps"][5]["tool_calls"] if c["tool"] == "assert_matches_baseline"]
    assert call["error_code"] == "VISUAL_MISMATCH" and set(call["images"]) == {"expected", "actual", "diff"}
    for path in call["images"].values():
        assert (run_dir / path).read_bytes().startswith(b"\x89PNG")
    assert (run_dir / call["images"]["expected"]).read_bytes() == written
    report = (run_dir / "report.html").read_text()
    assert report.count('<div class="visual">') == 1
    for label in ("expected (baseline)", "actual", "diff (red: changed)"):
        assert f'alt="{label}" src="data:image/png;base64,' in report

    outputs = {name: (p.communicate(timeout=140)[0], p.returncode) for name, p in exported_runs.items()}
    assert outputs["shop"][1] == 0, outputs["shop"][0]
    output, code = outputs["layout"]
    assert code == 1 and "1 failed, 1 passed" in output, output
    assert "does not match the baseline" in output and "pixels differ" in output
    assert "the screenshot is" not in output  # same size: the test took it at the run's viewport
    assert "FAILED test_specs_09_cart_look.py" in output

    # In CI a missing baseline is not invented: the spec is an error, the picture attached for review.
    kept = page_baseline.rename(page_baseline.with_suffix(".kept"))
    ci_run = await _run(project, demo_server, CI="true")
    missing = _cart(ci_run)
    assert missing.outcome is Outcome.ERROR and "BASELINE_MISSING" in (missing.reason or "")
    assert exit_code_for(ci_run) is ExitCode.INFRA_ERROR
    assert not page_baseline.exists()
    assert set(missing.steps[5].tool_calls[-1].images) == {"actual"}
    kept.rename(page_baseline)

    # --update-baselines takes what the page shows now (here: the broken layout) and says so.
    updated = _cart(await _run(project, layout_bug_server, cli={"update_baselines": True}, CI="true"))
    assert updated.outcome is Outcome.PASSED
    assert [f.message for s in updated.steps for f in s.flags] == [
        f"baseline updated: {BASELINES}/cart.png — review it and commit it"
    ]  # the items list looks the same: its baseline is left alone
    assert page_baseline.read_bytes() != written


HELP_LOOK = """# Help look

## Preconditions
- The demo shop runs

## Steps
1. Navigate to /help.html
2. Verify the page matches the baseline "help"
"""


def test_update_baselines_on_the_command_line_rewrites_a_stale_baseline(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "help-look.md").write_text(HELP_LOOK)
    (project / "autoqa.toml").write_text('artifacts = "fail"\nassertion_timeout_ms = 1000\n')
    label = "specs/.autoqa/baselines/specs-help-look/help.png"
    baseline = project / label
    baseline.parent.mkdir(parents=True)
    stale = io.BytesIO()
    Image.new("RGB", (64, 48), "red").save(stale, "PNG")
    baseline.write_bytes(stale.getvalue())
    env = demo_environ(demo_server, CI="true")
    args = ["run", "specs", "--agent", "never", "--output", "out"]

    compared = run_cli(args, cwd=project, env=env)  # without the flag the stale picture is compared, kept
    assert compared.returncode == ExitCode.SPECS_FAILED, compared.stdout + compared.stderr
    assert baseline.read_bytes() == stale.getvalue()

    updated = run_cli([*args, "--update-baselines"], cwd=project, env=env)
    assert updated.returncode == ExitCode.OK, updated.stdout + updated.stderr
    with Image.open(baseline) as rewritten:
        assert rewritten.size != (64, 48)
    run_json = max((project / "out").glob("*/run.json"), key=lambda p: p.stat().st_mtime)
    (spec,) = json.loads(run_json.read_text())["specs"]
    result = json.loads((run_json.parent / spec["artifacts"]["result"]).read_text())
    flags = [f["message"] for step in result["steps"] for f in step["flags"]]
    assert flags == [f"baseline updated: {label} — review it and commit it"]
