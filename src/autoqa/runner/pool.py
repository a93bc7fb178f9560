"""Workers: one browser each, one fresh context per spec, results in a stable order."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from playwright.async_api import Browser

from autoqa.errors import BrowserError
from autoqa.execute.triage import Evidence, known
from autoqa.results import Outcome, SpecResult
from autoqa.runner.disposition import settle, should_retry
from autoqa.runner.jobs import SpecJob
from autoqa.runner.run_context import RunEnvironment
from autoqa.runner.spec_runner import (
    PendingAttempt,
    close_agent,
    emit_finished,
    finish_attempt,
    not_run_result,
    retire_attempt,
    run_attempt,
    start_agent,
    unfinished_result,
)

BrowserFactory = Callable[[], Awaitable[Browser]]


class WorkerPool:
    """Runs jobs on ``workers`` browsers. ``fail_fast`` skips what has not started after a non-pass.

    Browsers outlive a call to :meth:`run`: a run that submits jobs in several calls (setup specs first,
    the pytest plugin one item at a time) starts each browser once; :meth:`close` ends them.
    """

    def __init__(
        self, env: RunEnvironment, new_browser: BrowserFactory, *, workers: int = 1, fail_fast: bool = False
    ) -> None:
        self.env = env
        self.new_browser = new_browser
        self.workers = max(1, workers)
        self.fail_fast = fail_fast
        self.results: dict[int, SpecResult] = {}
        self._stop_reason: str | None = None
        self._stop_outcome = Outcome.SKIPPED
        self.max_run_budget_usd: float | None = getattr(env.settings, "max_run_budget_usd", None)
        self.cost_usd = 0.0
        self._browsers: list[Browser | None] = [None] * self.workers
        self.retries: int = getattr(env.settings, "retries", 0)

    async def close(self) -> None:
        """Close every browser the workers started (bounded: a hung browser cannot hold the run)."""
        browsers, self._browsers = self._browsers, [None] * self.workers
        for browser in browsers:
            if browser is not None:
                with contextlib.suppress(BaseException):
                    await asyncio.shield(asyncio.wait_for(browser.close(), 15))

    async def browser(self, slot: int = 0) -> Browser:
        """Worker ``slot``'s browser, launched (or relaunched, when it died) if needed; raises BrowserError.

        Also lent to work that is not a spec (the crawl of ``autoqa plan``), between calls to :meth:`run`.
        """
        browser = self._browsers[slot]
        if browser is None or not browser.is_connected():
            if browser is not None:  # it died under an earlier spec: let go of it before relaunching
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(browser.close(), 5)
            browser = self._browsers[slot] = await self.new_browser()
        return browser

    async def run(self, jobs: Sequence[SpecJob]) -> None:
        """Setup specs (``setup:``) run first so their storage states exist before ``auth:`` specs start."""
        setups = [job for job in jobs if job.spec.setup]
        rest = [job for job in jobs if not job.spec.setup]
        for phase in (setups, rest):
            if phase:
                await self._run_phase(phase)

    async def _run_phase(self, jobs: Sequence[SpecJob]) -> None:
        queue: asyncio.Queue[SpecJob] = asyncio.Queue()
        for job in jobs:
            queue.put_nowait(job)
        count = min(self.workers, len(jobs))
        tasks = [asyncio.create_task(self._worker(n, queue), name=f"autoqa-worker-{n}") for n in range(count)]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.gather(*tasks, return_exceptions=True)

    async def _worker(self, slot: int, queue: asyncio.Queue[SpecJob]) -> None:
        while True:
            try:
                job = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            if self._stop_reason:
                stopped = not_run_result(job, self._stop_reason, self._stop_outcome)
                if self._stop_outcome is Outcome.ERROR:  # the run budget: a guardrail of the run
                    stopped = replace(stopped, triage=known(Evidence.GUARDRAIL, self._stop_reason))
                await self._record(stopped)
                continue
            result = await self._run_with_retries(slot, job)
            if result is None:
                continue
            self.results[job.index] = result
            self.cost_usd += result.usage.cost_usd  # every attempt's, summed
            if self.max_run_budget_usd is not None and self.cost_usd >= self.max_run_budget_usd:
                # A guardrail, not a skip: the run could not judge these specs within its budget.
                self._stop_reason = (
                    f"guardrail max_run_budget_usd: limit={self.max_run_budget_usd:g} "
                    f"actual={self.cost_usd:.4f}; not run"
                )
                self._stop_outcome = Outcome.ERROR
            elif self.fail_fast and result.fails_run and result.outcome is not Outcome.NEEDS_AGENT:
                # A warned or quarantined failure does not fail the run, so it does not stop it either.
                self._stop_reason = f"not run: --fail-fast after {job.spec.path.name} {result.outcome}"

    async def _run_with_retries(self, slot: int, job: SpecJob) -> SpecResult | None:
        """Run ``job``; a failure worth retrying (see ``disposition.should_retry``) runs again in a fresh
        context, up to ``retries`` times, unless the run is stopping or its budget is spent (attempts so
        far included). None when no browser could start (that spec's error is recorded)."""
        earlier: list[SpecResult] = []
        while True:
            agent = start_agent(job, self.env)  # the CLI starts while the browser does
            try:
                try:
                    browser = await self.browser(slot)
                except BrowserError as exc:
                    failed = not_run_result(job, str(exc), Outcome.ERROR)
                    failed = replace(failed, triage=known(Evidence.INFRASTRUCTURE, str(exc)))
                    if not earlier:
                        await self._record(failed)
                        return None
                    pending = PendingAttempt(failed, None, time.monotonic())
                    return await finish_attempt(job, self.env, pending, earlier)
                pending = await run_attempt(browser, job, self.env, agent)
            finally:
                if agent is not None:
                    await close_agent(agent)
            spent = self.cost_usd + pending.result.usage.cost_usd + sum(r.usage.cost_usd for r in earlier)
            affordable = self.max_run_budget_usd is None or spent < self.max_run_budget_usd
            again = len(earlier) < self.retries and not self._stop_reason and affordable
            if again and should_retry(pending.result):
                retired = await retire_attempt(job, self.env, pending, len(earlier) + 1)
                # Until the next attempt ends, run.json (and an interrupted run) show this one.
                self.results[job.index] = retired
                earlier.append(retired)
                continue
            return await finish_attempt(job, self.env, pending, earlier)

    async def _record(self, result: SpecResult) -> None:
        """Results that never reached run_spec still go into run.json and events."""
        result = settle(result, self.env.settings, self.env.quarantine)
        if self.env.artifacts is not None:
            result = await asyncio.to_thread(self.env.artifacts.finish_spec, None, result)
        emit_finished(self.env, result)
        self.results[result.index] = result

    def ordered(self, jobs: Sequence[SpecJob], *, interrupted: bool = False) -> tuple[SpecResult, ...]:
        out = []
        for job in sorted(jobs, key=lambda j: j.index):
            result = self.results.get(job.index)
            if result is None:
                result = unfinished_result(job, interrupted=interrupted)
            out.append(result)
        return tuple(out)
