"""The runner end to end: real specs, real Chromium, the real demo app, in-process."""

from __future__ import annotations

import json
from pathlib import Path

from autoqa.demo_app.server import DemoServer
from autoqa.exit_codes import ExitCode, exit_code_for
from autoqa.results import Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run

from .conftest import demo_environ


def _request(project: Path, server: DemoServer, **cli: object) -> RunRequest:
    return RunRequest(
        paths=("specs",),
        root=project,
        cli=cli,
        cli_vars={},
        keyword=None,
        environ=demo_environ(server),
        project_root=project,
    )


async def test_demo_specs_pass_and_the_agent_spec_is_skipped(
    demo_project: Path, demo_server: DemoServer
) -> None:
    prepared = prepare_run(_request(demo_project, demo_server), skip_agent_without_credentials=True)
    run = await execute_run(prepared)
    outcomes = {spec.path.name: spec.outcome for spec in run.specs}
    assert outcomes.pop("06-sorting-agent.md") is Outcome.SKIPPED
    assert set(outcomes.values()) == {Outcome.PASSED}, [(s.path.name, s.reason) for s in run.specs]
    assert [s.index for s in run.specs] == sorted(s.index for s in run.specs)
    assert exit_code_for(run) is ExitCode.OK
    # The checkout spec (auth: login) passed only because the login setup spec saved its storage state.
    checkout = next(s for s in run.specs if s.path.name == "03-checkout.md")
    assert checkout.executor == "plain" and all(step.status == "passed" for step in checkout.steps)
    run_json = json.loads((run.output_dir / "run.json").read_text())
    assert run_json["status"] == "finished" and len(run_json["specs"]) == len(run.specs)


async def test_two_workers_give_the_same_results_in_the_same_order(
    demo_project: Path, demo_server: DemoServer
) -> None:
    prepared = prepare_run(
        _request(demo_project, demo_server, workers=2), skip_agent_without_credentials=True
    )
    run = await execute_run(prepared)
    assert [s.path.name for s in run.specs] == sorted(s.path.name for s in run.specs)
    outcomes = {s.path.name: s.outcome for s in run.specs}
    assert outcomes.pop("06-sorting-agent.md") is Outcome.SKIPPED  # needs the agent: no credentials here
    assert set(outcomes.values()) == {Outcome.PASSED}, outcomes


async def test_injected_bugs_make_the_matching_specs_fail(
    demo_project: Path, buggy_demo_server: DemoServer
) -> None:
    prepared = prepare_run(_request(demo_project, buggy_demo_server), skip_agent_without_credentials=True)
    run = await execute_run(prepared)
    checkout = next(s for s in run.specs if s.path.name == "03-checkout.md")
    assert checkout.outcome is Outcome.FAILED
    assert checkout.failed_step == 5 and "Total: $39.98" in (checkout.reason or "")
    assert exit_code_for(run) is ExitCode.SPECS_FAILED
    # Specs the bugs don't touch still pass: every spec runs unless --fail-fast.
    assert next(s for s in run.specs if s.path.name == "05-long-list.md").outcome is Outcome.PASSED


async def test_fail_fast_skips_what_has_not_started(
    demo_project: Path, buggy_demo_server: DemoServer
) -> None:
    prepared = prepare_run(
        _request(demo_project, buggy_demo_server, fail_fast=True), skip_agent_without_credentials=True
    )
    run = await execute_run(prepared)
    names = [s.path.name for s in run.specs]
    after = run.specs[names.index("03-checkout.md") + 1 :]
    assert run.specs[names.index("03-checkout.md")].outcome is Outcome.FAILED
    assert after and all(s.outcome is Outcome.SKIPPED for s in after)
    assert all("fail-fast" in (s.reason or "") for s in after if s.path.name != "06-sorting-agent.md")


async def test_auth_without_a_setup_spec_is_an_error_naming_it(
    demo_project: Path, demo_server: DemoServer
) -> None:
    (demo_project / "specs" / "01-login.md").unlink()
    request = RunRequest(
        paths=("specs/03-checkout.md",),
        root=demo_project,
        cli={},
        cli_vars={},
        keyword=None,
        environ=demo_environ(demo_server),
        project_root=demo_project,
    )
    run = await execute_run(prepare_run(request))
    (result,) = run.specs
    assert result.outcome is Outcome.ERROR
    assert "setup: login" in (result.reason or "")


async def test_a_failed_step_keeps_its_screenshot_and_trace(
    demo_project: Path, buggy_demo_server: DemoServer
) -> None:
    request = RunRequest(
        paths=("specs/03-checkout.md", "specs/01-login.md"),
        root=demo_project,
        cli={},
        cli_vars={},
        keyword=None,
        environ=demo_environ(buggy_demo_server),
        project_root=demo_project,
    )
    run = await execute_run(prepare_run(request))
    checkout = next(s for s in run.specs if s.path.name == "03-checkout.md")
    assert checkout.outcome is Outcome.FAILED
    assert run.output_dir is not None
    kept = {p.name for p in (run.output_dir).rglob("*") if p.is_file()}
    assert "trace.zip" in kept
    assert any(name.endswith(".jpg") for name in kept)
