"""A passing spec's verdict stands when what it leaves behind fails in a way nobody expected.

The CI check of an earlier stop turned a passed TodoMVC spec into an ``error`` because its export raised an
exception the hook did not catch (a CPython AST bug, since fixed). Whatever a hook raises now becomes a
problem beside the verdict, as a refused export does.
"""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Browser

from autoqa.config.settings import Settings
from autoqa.demo_app.server import DemoServer
from autoqa.events import ListSink
from autoqa.record import Recorder
from autoqa.results import ExecutorKind, Outcome, ProblemKind, SpecResult
from autoqa.runner.after_pass import PassedSpec, after_pass_hooks, guarded
from autoqa.runner.jobs import SpecJob
from autoqa.runner.run_context import RunEnvironment
from autoqa.secrets import SecretSet
from autoqa.tools.context import ToolSettings
from record.helpers import load_demo_spec, new_context, record_spec


def _env(tmp_path: Path, events: ListSink) -> RunEnvironment:
    settings = Settings()
    return RunEnvironment(
        settings=settings,
        root=tmp_path,
        base_url=None,
        tool_settings=ToolSettings.from_settings(settings),
        events=events,
        export_dir=tmp_path / "exported",
    )


async def test_an_unexpected_exception_in_a_hook_leaves_the_pass_with_a_problem(
    browser: Browser, demo_server: DemoServer, tmp_path: Path
) -> None:
    recording = await record_spec(browser, demo_server, "01-login.md")
    assert recording.result.outcome is Outcome.PASSED
    context, ctx = await new_context(browser, demo_server)
    try:
        passed = PassedSpec(SpecJob(0, recording.spec, SecretSet({}), ExecutorKind.PLAIN), Recorder(ctx))

        async def exploding(passed: PassedSpec, result: SpecResult) -> SpecResult:
            raise SystemError("AST constructor recursion depth mismatch")

        events = ListSink()
        result = await guarded(ProblemKind.EXPORT, exploding, _env(tmp_path, events))(
            passed, recording.result
        )
    finally:
        await context.close()
    assert result.outcome is Outcome.PASSED
    assert [(p.kind, p.message) for p in result.problems] == [
        (ProblemKind.EXPORT, "unexpected SystemError: AST constructor recursion depth mismatch")
    ]
    [warning] = events.of("run.warning")
    assert "SystemError" in warning["message"] and recording.spec.slug in warning["message"]


async def test_the_export_hook_a_run_registers_is_guarded(
    browser: Browser, demo_server: DemoServer, tmp_path: Path
) -> None:
    """The run's own export hook, given records it cannot read (an unexpected shape, not an ExportError),
    reports a problem and keeps the pass."""
    spec = load_demo_spec("01-login.md", demo_server)
    recording = await record_spec(browser, demo_server, "01-login.md")
    context, ctx = await new_context(browser, demo_server)
    try:
        recorder = Recorder(ctx)
        recorder.records.append("not a record")  # type: ignore[arg-type]
        passed = PassedSpec(SpecJob(0, spec, SecretSet({}), ExecutorKind.PLAIN), recorder)
        events = ListSink()
        env = _env(tmp_path, events)
        result = recording.result
        for hook in after_pass_hooks(env):
            result = await hook(passed, result)
    finally:
        await context.close()
    assert result.outcome is Outcome.PASSED
    [problem] = result.problems
    assert problem.kind is ProblemKind.EXPORT and problem.message.startswith("unexpected ")
    assert not list((tmp_path / "exported").glob("test_*.py"))
