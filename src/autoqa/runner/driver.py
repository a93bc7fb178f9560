"""The Playwright driver, started before ``autoqa run`` imports its modules and reads the specs.

The driver is a Node.js process that takes about as long to boot (~0.5-1 s, more on a busy machine) as the
CLI takes to import the runner and plan the specs; one after the other, a run paid both. Started first,
they overlap on two cores: the event loop runs only long enough to spawn the process and send its first
message, then waits, with the process booting meanwhile, until the run itself is under way in the same
loop (``asyncio.Runner``) and takes the driver over (:meth:`DriverStart.take`).

A run that never gets that far (a bad config, no specs, Ctrl-C) stops the driver in :meth:`close`,
once it has booted, so no process is left behind.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

_FIRST_TURNS = 20
"""Loop turns that spawn the process, connect its pipes and send ``initialize`` (no I/O wait among them)."""


class DriverStart:
    """``async_playwright().start()`` begun on a loop of its own; the run continues on that loop."""

    def __init__(self) -> None:
        from playwright.async_api import async_playwright

        self.runner = asyncio.Runner()
        self.manager: Any = async_playwright()
        self.started: asyncio.Task[Any] = self.runner.get_loop().create_task(self.manager.start())
        self._taken = False
        self.runner.run(_turns(self.started))

    def take(self) -> tuple[Any, asyncio.Task[Any]]:
        """The context manager (to stop it) and the task that ends with the ``Playwright`` object; the
        caller now owns both (and must be running on :attr:`runner`'s loop)."""
        self._taken = True
        return self.manager, self.started

    def close(self) -> None:
        """Stop the driver unless a run took it over, then close the loop. Never raises."""
        with contextlib.suppress(BaseException):
            try:
                if not self._taken:
                    self.runner.run(self._stop())
            finally:
                self.runner.close()

    async def _stop(self) -> None:
        with contextlib.suppress(Exception):
            await self.started
        with contextlib.suppress(Exception):
            await self.manager.__aexit__(None, None, None)


async def _turns(task: asyncio.Task[Any]) -> None:
    for _ in range(_FIRST_TURNS):
        if task.done():
            return
        await asyncio.sleep(0)
