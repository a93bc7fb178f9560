"""pytest plugin: Markdown specs as test items, run by the same runner as ``autoqa run``.

Opt in with ``--autoqa`` or ``autoqa_specs = true`` in the ini file; then ``pytest specs/`` collects each
``*.md`` spec (never ``README.md``, hidden files or step libraries under ``steps/``) as one
:class:`SpecItem`. A failing spec reports the failed step, the reason and the screenshot path — not a
traceback into autoqa. Options live in the ``autoqa`` group (``pytest --help``); ini keys mirror them.

The whole session is one autoqa run (:class:`autoqa.runner.run.OpenRun`): one browser pool, one run
folder, one report; each item submits its own spec's job and waits for its result. The run lives on an
event loop of its own in a worker thread, so it never disturbs pytest-asyncio's or pytest-playwright's
loops; it starts with the first item that runs and is closed when the session ends. A spec with
``auth: NAME`` first runs the collected spec that has ``setup: NAME`` (once per session). Works with
``pytest-xdist`` (one run per worker) and ``--junitxml``.

Retries (``--autoqa-retries N``) happen inside the run, as in ``autoqa run``: a flaky spec's item passes
(its ``autoqa_outcome`` property says ``flaky``) unless ``flaky_fails`` is set; a failure whose class is
warned (``[triage]``) or that is quarantined is an ``xfail`` with the reason, never a pass.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import threading
from collections.abc import Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from autoqa.errors import AutoQAError
from autoqa.results import Outcome, SpecFailed, SpecResult, StepStatus

RESULT_KEY = pytest.StashKey[SpecResult]()
"""``item.stash[RESULT_KEY]``: the spec's result once the item ran."""
SETUPS_KEY = pytest.StashKey[dict[str, Path]]()
"""``config.stash[SETUPS_KEY]``: ``setup:`` name → spec file, from the collected specs."""
PATHS_KEY = pytest.StashKey[tuple[Path, ...]]()
"""``config.stash[PATHS_KEY]``: every collected spec file, in collection order."""
RUN_KEY = pytest.StashKey["SessionRun"]()
"""``config.stash[RUN_KEY]``: the session's run, once an item started it."""


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    # The first hook pytest calls on this plugin, before pytest_addoption imports the settings model.
    _no_assert_rewrite(pluginmanager)


def _no_assert_rewrite(pluginmanager: pytest.PytestPluginManager) -> None:
    """Leave autoqa's own modules to Python's import, not pytest's assertion rewriting.

    pytest marks every package of a distribution that provides a plugin for rewriting, so each of the
    ~135 autoqa modules a session imports is parsed, rewritten and compiled again (about twice a plain
    compile), and nothing is cached when bytecode is not written (a fresh CI checkout,
    ``PYTHONDONTWRITEBYTECODE``). They are a library, not test code: their few ``assert`` statements are
    internal checks. The test doubles users' own tests import (``autoqa.testing``) stay rewritten. A
    pytest without these internals (or ``--assert=plain``) leaves this a no-op.
    """
    hook = getattr(pluginmanager, "rewrite_hook", None)
    marked = getattr(hook, "_must_rewrite", None)
    if not isinstance(marked, set) or "autoqa" not in marked:
        return
    marked.discard("autoqa")
    marked.add("autoqa.testing")
    cache = getattr(hook, "_marked_for_rewrite_cache", None)
    if isinstance(cache, dict):
        cache.clear()


def _option_name(long: str) -> str:
    return "--autoqa-" + long.removeprefix("--")


def pytest_addoption(parser: pytest.Parser) -> None:
    from autoqa.config.flags import PLUGIN_KEYS, flags

    group = parser.getgroup("autoqa", "autoqa-py Markdown specs")
    group.addoption("--autoqa", action="store_true", default=False, help="collect *.md specs as tests")
    # The settings the plugin takes, projected from the settings model (names, choices, help).
    for f in flags(PLUGIN_KEYS):
        name, dest = _option_name(f.long), f"autoqa_{f.key}"
        if f.kind == "switch":
            group.addoption(name, action="store_true", default=None, dest=dest, help=f.help)
        elif f.kind in ("list", "vars"):
            many = "NAME=VALUE" if f.kind == "vars" else "VALUE"
            group.addoption(name, action="append", default=[], dest=dest, metavar=many, help=f.help)
        else:
            one = None if f.choices else f.long.removeprefix("--").upper()
            group.addoption(name, choices=f.choices, default=None, dest=dest, metavar=one, help=f.help)
    group.addoption("--autoqa-config", metavar="FILE", default=None, help="autoqa config file to use")
    parser.addini("autoqa_specs", "collect *.md specs as tests (true/false)", type="bool", default=False)
    parser.addini("autoqa_url", "base URL of the app under test", default=None)
    parser.addini("autoqa_agent", "when the model may run: auto, on-miss, never, always", default=None)


def _enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("--autoqa") or config.getini("autoqa_specs"))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> SpecFile | None:
    if file_path.suffix.lower() != ".md" or not _enabled(parent.config):
        return None
    if file_path.name.lower() == "readme.md" or file_path.name.startswith("."):
        return None
    from autoqa.spec.discovery import is_step_library

    if is_step_library(file_path, parent.config.rootpath) or "steps" in file_path.parent.parts[-1:]:
        return None
    return SpecFile.from_parent(parent, path=file_path)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    setups: dict[str, Path] = {}
    paths: dict[Path, None] = {}
    for item in items:
        if isinstance(item, SpecItem):
            paths[item.path] = None
            if item.spec_setup:
                setups.setdefault(item.spec_setup, item.path)
    config.stash[SETUPS_KEY] = setups
    config.stash[PATHS_KEY] = tuple(paths)


def pytest_sessionfinish(session: pytest.Session) -> None:
    run = session.config.stash.get(RUN_KEY, None)
    if run is not None:
        run.close()


class SessionRun:
    """One autoqa run for the whole session, on its own event loop in a thread of its own."""

    def __init__(self, config: pytest.Config) -> None:
        from autoqa.runner.run import OpenRun

        self.config = config
        paths: tuple[Path, ...] = config.stash.get(PATHS_KEY, ())
        self.prepared = _prepare(config, paths)
        self.results: dict[Path, SpecResult] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="autoqa-run", daemon=True)
        self._thread.start()
        self.run = OpenRun(self.prepared)
        self._call(self.run.open())

    def _call(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def _job(self, path: Path) -> Any:
        wanted = path.resolve()
        return next((j for j in self.prepared.jobs if Path(j.spec.path).resolve() == wanted), None)

    def result(self, path: Path, setup: Path | None) -> SpecResult | None:
        """Run the spec at ``path`` (after its setup spec, once) and return its result; None when the
        autoqa settings did not select it (tags, filters)."""
        if setup is not None and setup.resolve() not in self.results:
            self.result(setup, None)
        job = self._job(path)
        if job is None:
            return None
        if path.resolve() not in self.results:
            for done in self._call(self.run.run_jobs([job])):
                self.results[Path(done.path).resolve()] = _absolute_artifacts(done, self.run.output_dir)
        return self.results.get(path.resolve())

    def close(self) -> None:
        try:
            self._call(self.run.close())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=30)
            self._loop.close()


class SpecCollectionError(Exception):
    """A spec that cannot be loaded (bad syntax, unknown variable, missing include)."""


class SpecFile(pytest.File):
    def collect(self) -> Iterator[SpecItem]:
        try:
            prepared = _prepare(self.config, (self.path,))
        except AutoQAError as exc:
            raise SpecCollectionError(str(exc)) from None
        for job in prepared.jobs:
            yield SpecItem.from_parent(
                self,
                name=job.spec.title or self.path.stem,
                spec_setup=job.spec.setup,
                spec_auth=job.spec.auth,
            )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, SpecCollectionError):
            return f"autoqa could not load this spec:\n{excinfo.value}"
        return super().repr_failure(excinfo)


class SpecItem(pytest.Item):
    def __init__(self, *, spec_setup: str | None = None, spec_auth: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spec_setup = spec_setup
        self.spec_auth = spec_auth

    def runtest(self) -> None:
        setup: Path | None = None
        if self.spec_auth:
            found = self.config.stash.get(SETUPS_KEY, {}).get(self.spec_auth)
            setup = found if found is not None and found != self.path else None
        run = self.config.stash.get(RUN_KEY, None)
        if run is None:
            try:
                run = self.config.stash[RUN_KEY] = SessionRun(self.config)
            except AutoQAError as exc:
                raise SpecCollectionError(str(exc)) from None
        result = run.result(self.path, setup)
        if result is None:
            pytest.skip("the spec was not selected by the autoqa settings (tags, filters)")
        self.stash[RESULT_KEY] = result
        self.user_properties.extend(_properties(result))
        note = None
        if setup is not None and result.outcome is not Outcome.PASSED:
            note = _setup_note(tuple(run.results.values()), setup)
        if result.outcome is Outcome.SKIPPED:
            pytest.skip(result.reason or "skipped by autoqa")
        if result.outcome is Outcome.NEEDS_AGENT and result.fails_run:
            pytest.skip(f"needs the agent: {result.reason or ''}")
        if result.outcome is Outcome.PASSED or (result.outcome is Outcome.FLAKY and not result.fails_run):
            return  # a flaky pass is marked by its autoqa_outcome property, like pytest-rerunfailures' rerun
        if not result.fails_run:
            # Warned (triage) or quarantined: reported as an expected failure with why, never as a pass.
            pytest.xfail(f"{result.outcome} ({result.waived}): {result.reason or ''}")
        raise SpecFailed(result, note)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, SpecFailed):
            return describe_failure(excinfo.value.result, excinfo.value.note)
        if isinstance(excinfo.value, SpecCollectionError):
            return f"autoqa could not run this spec:\n{excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, 0, f"spec: {self.name}"


def describe_failure(result: SpecResult, note: str | None = None) -> str:
    """The failed step, the reason and the evidence, as pytest shows it."""
    lines = [f"{result.outcome.upper()}: {result.title} ({result.path.name}, executor: {result.executor})"]
    if result.triage is not None:
        lines.append(f"  class: {result.triage.failure_class} ({result.triage.evidence})")
    step = next((s for s in result.steps if s.index == result.failed_step), None)
    if step is not None:
        lines.append(f"  step {step.index}: {step.text}")
    elif result.failed_step is not None:
        lines.append(f"  step {result.failed_step}")
    lines.append(f"  reason: {result.reason or 'no reason given'}")
    if note:
        lines.append(f"  {note}")
    for kind in ("screenshot", "trace", "video", "transcript"):
        if kind in result.artifacts:
            lines.append(f"  {kind}: {result.artifacts[kind]}")
    passed = sum(1 for s in result.steps if s.status is StepStatus.PASSED)
    lines.append(f"  steps passed before it: {passed} of {len(result.steps)}")
    return "\n".join(lines)


def _properties(result: SpecResult) -> list[tuple[str, object]]:
    props: list[tuple[str, object]] = [
        ("autoqa_outcome", str(result.outcome)),
        ("autoqa_executor", str(result.executor)),  # plain values: xdist serializes them
    ]
    if result.failed_step is not None:
        props.append(("autoqa_failed_step", result.failed_step))
    if result.triage is not None:
        props.append(("autoqa_failure_class", str(result.triage.failure_class)))
        props.append(("autoqa_failure_evidence", result.triage.evidence))
    if result.attempts:
        props.append(("autoqa_attempts", len(result.attempts) + 1))
    if result.quarantined is not None:
        props.append(("autoqa_quarantined", result.quarantined))
    if "screenshot" in result.artifacts:
        props.append(("autoqa_screenshot", result.artifacts["screenshot"]))
    return props


def _cli(config: pytest.Config) -> dict[str, Any]:
    from autoqa.config.flags import PLUGIN_KEYS, VariableError, settings_from_options

    given = {key: config.getoption(f"autoqa_{key}") for key in PLUGIN_KEYS}
    given["base_url"] = given["base_url"] or config.getini("autoqa_url") or None
    given["agent"] = given["agent"] or config.getini("autoqa_agent") or None
    try:
        cli = settings_from_options(given, PLUGIN_KEYS, prefix="--autoqa-")
    except VariableError as exc:
        raise pytest.UsageError(str(exc)) from None
    if config.getoption("--autoqa-config") is not None:
        cli["config"] = config.getoption("--autoqa-config")
    return cli


def _prepare(config: pytest.Config, paths: Sequence[Path]) -> Any:
    from autoqa.runner.run import RunRequest, prepare_run

    cli = _cli(config)
    request = RunRequest(
        paths=tuple(str(p) for p in paths),
        root=Path(config.invocation_params.dir),
        cli=cli,
        cli_vars=cli.pop("vars", {}),
        keyword=None,
        environ=dict(os.environ),
        origin="pytest",
    )
    return prepare_run(request, skip_agent_without_credentials=True)


def _setup_note(results: Sequence[SpecResult], setup: Path) -> str | None:
    """Why an ``auth:`` spec could not start: its setup spec did not pass."""
    found = _result_for(results, setup)
    if found is None or found.outcome is Outcome.PASSED:
        return None
    return f"setup spec {setup.name} {found.outcome}: {found.reason}"


def _absolute_artifacts(result: SpecResult, output_dir: Path | None) -> SpecResult:
    """Artifact paths relative to the run folder → paths a reader can open from anywhere."""
    if output_dir is None:
        return result
    fixed = {
        kind: str(Path(output_dir) / path) if not Path(path).is_absolute() else path
        for kind, path in result.artifacts.items()
    }
    return dataclasses.replace(result, artifacts=fixed)


def _result_for(results: Sequence[SpecResult], path: Path) -> SpecResult | None:
    wanted = path.resolve()
    return next((r for r in results if Path(r.path).resolve() == wanted), None)
