"""Invariants and transient UI end to end on the demo shop, through ``autoqa run`` as a user runs it.

One order spec, written once, runs on the working shop and on five broken builds (each switched on with
``?bugs=`` in its first URL): a console error, an uncaught exception, an order API answering 500 while the
page says "Thank you", "Qty: NaN" and a toast that never shows. The working build passes — its toast is
gone when the check runs and still proves the claim — and each broken build fails at the step that caused
it, with the message or request as evidence in the console, result.json, report.html and JUnit. The
exported test and the step cache carry the toast check too."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from playwright.async_api import Browser

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from autoqa.execute import replay_plan
from autoqa.invariant_names import INVARIANTS
from autoqa.replay import StepCache
from autoqa.results import Outcome
from cli_runs import run_project
from export.test_exported_run import _pytest
from record.helpers import PlainCaller, new_context, record_spec

ORDER = """---
title: {title}
auth: login
{front}---
# Order

## Preconditions
- Logged in

## Steps
1. Navigate to /products.html{query}
2. Click "add-backpack"
3. Click "Cart"
4. {check}
5. Click "Checkout"
6. Fill "First name" with "Ada"
7. Fill "Last name" with "Lovelace"
8. Fill "Postal code" with "12345"
9. Click "Place order"
10. Click "Confirm"
11. Wait 2.5 seconds
12. Verify the toast "Order placed" appeared
13. Verify "Thank you for your order!" is visible
"""

# spec → (bugs in its first URL, the step that must fail: None passes, the invariant named in the reason)
BUILDS = {
    "02-order.md": ("", None, None),
    "03-console-error.md": ("console-error", 3, "no-console-errors"),
    "04-page-error.md": ("page-error", 2, "no-uncaught-exceptions"),
    "05-order-api.md": ("order-api", 10, "no-failed-requests"),
    "06-nan.md": ("nan", 3, "no-error-text"),
    "07-no-toast.md": ("no-toast", 12, "did not appear in a toast"),
}


def _write_project(project: Path) -> None:
    specs = project / "specs"
    (specs / "steps").mkdir(parents=True)
    shutil.copy(SPECS_DIR / "01-login.md", specs)
    shutil.copy(SPECS_DIR / "steps" / "login.md", specs / "steps")
    for name, (bugs, _, _) in BUILDS.items():
        title = "Order with a toast" if not bugs else f"Order on the {bugs} build"
        text = ORDER.format(
            title=title,
            front="",
            query=f"?bugs={bugs}" if bugs else "",
            check='Verify "Total: $29.99" is visible',
        )
        (specs / name).write_text(text, encoding="utf-8")
    # A spec that expects the error text, and turns the console check off for itself.
    (specs / "08-expects-nan.md").write_text(
        ORDER.format(
            title="A spec that expects NaN",
            front='invariants: ["!no-console-errors"]\n',
            query="?bugs=nan,console-error",
            check='Verify "Qty: NaN" is visible',
        ),
        encoding="utf-8",
    )
    every = ", ".join(f'"{name}"' for name in INVARIANTS)
    (project / "autoqa.toml").write_text(
        f"invariants = [{every}]\nassertion_timeout_ms = 1500\n", encoding="utf-8"
    )


@pytest.mark.timeout(300)
def test_each_invariant_and_the_toast_fail_their_step_on_a_broken_build(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = tmp_path / "project"
    _write_project(project)
    credentials = {
        "AUTOQA_USERNAME": demo_server.username,
        "AUTOQA_PASSWORD": demo_server.credentials.password,
    }
    code, run, output = run_project(project, demo_server.url, "-j", "2", **credentials)

    assert code == 1, output
    by_name = {Path(s["path"]).name: s for s in run["specs"]}
    assert by_name["01-login.md"]["outcome"] == "passed"
    assert by_name["08-expects-nan.md"]["outcome"] == "passed", by_name["08-expects-nan.md"]["reason"]
    for name, (bugs, step, evidence) in BUILDS.items():
        spec = by_name[name]
        if step is None:
            assert spec["outcome"] == "passed", f"{name}: step {spec['failed_step']}: {spec['reason']}"
            continue
        assert (spec["outcome"], spec["failed_step"]) == ("failed", step), f"{bugs}: {spec['reason']}"
        assert evidence in spec["reason"], spec["reason"]
    assert 'console error "Recommendations failed to load"' in by_name["03-console-error.md"]["reason"]
    assert "/api/orders answered 500 (fetch)" in by_name["05-order-api.md"]["reason"]
    assert 'the page shows "NaN": "Qty: NaN"' in by_name["06-nan.md"]["reason"]
    assert "INVARIANT_VIOLATED" in output and "no-failed-requests" in output

    # result.json: the violation and what appeared during the step, per step.
    run_dir = next(p for p in (project / "out").iterdir() if p.is_dir() and not p.is_symlink())
    result = json.loads((run_dir / by_name["05-order-api.md"]["slug"] / "result.json").read_text())
    confirm = result["steps"][9]
    assert [v["invariant"] for v in confirm["violations"]] == ["no-failed-requests"]
    assert ("status", "Order placed") in {(t["kind"], t["text"]) for t in confirm["transient"]}
    # Each entry carries when it appeared (ms since the spec's first browser call), in the order it did.
    times = [t["at_ms"] for step in result["steps"] for t in step["transient"]]
    assert times and all(isinstance(at, int) and at >= 0 for at in times), times
    assert times == sorted(times), times
    placed = next(t for t in confirm["transient"] if t["text"] == "Order placed")
    report = (run_dir / "report.html").read_text()
    assert "invariant <code>no-failed-requests</code>" in report and "appeared meanwhile" in report
    assert f'<code>Order placed</code> <span class="muted">at {placed["at_ms"] / 1000:.3f} s</span>' in report
    junit = (run_dir / "junit.xml").read_text()
    assert 'type="INVARIANT_VIOLATED"' in junit and "/api/orders answered 500" in junit
    assert f"appeared (status, at {placed['at_ms'] / 1000:.3f} s): Order placed" in junit

    # The exported test watches live regions from its first navigation: it passes on the working shop,
    # where the toast is gone before the check, and fails where the toast never shows.
    exported = project / "tests" / "autoqa"
    order_test = (exported / "test_specs_02_order.py").read_text()
    assert "appeared_since_10 = autoqa_live_regions.mark()" in order_test
    assert 'autoqa_live_regions.expect_appeared("Order placed", since=appeared_since_10)' in order_test
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    env["AUTOQA_PASSWORD"] = demo_server.credentials.password
    # The two pytest runs started together (each mostly waits on its browser).
    with DemoServer(bugs=("no-toast",)) as broken:
        working = _pytest(exported, "-k", "toast", "--base-url", demo_server.url, env=env)
        failing = _pytest(exported, "-k", "toast", "--base-url", broken.url, env=env)
        out, _ = working.communicate(timeout=120)
        broken_out, _ = failing.communicate(timeout=120)
    assert working.returncode == 0 and "1 passed" in out, out
    assert failing.returncode == 1 and "1 failed" in broken_out, broken_out
    assert "'Order placed' did not appear in a live region or dialog" in broken_out


TOAST = """# Toast

## Preconditions
- The demo shop runs

## Steps
1. Navigate to /playground.html
2. Click "Show toast"
3. Wait 2.5 seconds
4. Verify the toast "Saved!" appeared
"""


async def test_the_step_cache_replays_the_toast_check(browser: Browser, tmp_path: Path) -> None:
    (tmp_path / "toast.md").write_text(TOAST, encoding="utf-8")
    cache = StepCache(tmp_path / "cache", root=tmp_path)
    with DemoServer(bugs=()) as shop, DemoServer(bugs=("no-toast",)) as broken:
        recorded = await record_spec(browser, shop, "toast.md", root=tmp_path)
        assert recorded.result.outcome is Outcome.PASSED, recorded.result.reason
        assert cache.update(recorded.spec, recorded.records, recorded.result) is not None
        outcomes = []
        for server in (shop, broken):
            context, ctx = await new_context(browser, server)
            try:
                replay = await replay_plan(
                    recorded.spec, cache.lookup(recorded.spec), PlainCaller(ctx), ctx=ctx
                )
            finally:
                await context.close()
            outcomes.append((replay.spec_result.outcome, replay.spec_result.failed_step))
    assert outcomes == [(Outcome.PASSED, None), (Outcome.FAILED, 4)]
