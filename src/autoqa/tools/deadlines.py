"""Bounding and polling: every await on the browser ends, and waits poll like Playwright's ``expect``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

# Like Playwright's expect: check at once, then back off, but never sleep long (a toast lasts ~2 s).
POLL_INTERVALS_MS = (0, 50, 100, 250, 500)

# A check that runs while the page navigates (a click just submitted a form) loses its JS context; like
# Playwright's expect, polling treats that as "not yet" instead of failing the wait.
_NAVIGATION_RACES = (
    "execution context was destroyed",
    "most likely because of a navigation",
    "cannot find context with specified id",
    "frame was detached",
)


def _is_navigation_race(exc: Exception) -> bool:
    text = str(exc).lower()
    return any(marker in text for marker in _NAVIGATION_RACES)


class Deadline:
    """A point in time a tool must finish by; ``remaining_ms`` feeds Playwright ``timeout=`` arguments."""

    __slots__ = ("_end", "total_ms")

    def __init__(self, total_ms: float) -> None:
        self.total_ms = max(0.0, total_ms)
        self._end = time.monotonic() + self.total_ms / 1000

    def remaining_ms(self, floor: float = 1.0) -> float:
        """Milliseconds left, at least ``floor`` (Playwright treats ``timeout=0`` as "no timeout")."""
        return max(floor, (self._end - time.monotonic()) * 1000)

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self._end


async def bounded(awaitable: Awaitable[T], timeout_ms: float) -> T:
    """Await a browser call that has no ``timeout=`` parameter of its own (count, evaluate, title)."""
    return await asyncio.wait_for(awaitable, timeout_ms / 1000)


async def poll(check: Callable[[], Awaitable[T | None]], deadline: Deadline) -> T | None:
    """Call ``check`` until it returns something other than ``None`` or the deadline passes.

    Returns the first non-``None`` value, or ``None`` when time ran out. ``check`` is always called at
    least once, and once more right at the deadline, so a condition that just became true is not missed.
    """
    attempt = 0
    while True:
        try:
            result = await check()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if deadline.expired or not _is_navigation_race(exc):
                raise
            result = None
        if result is not None:
            return result
        if deadline.expired:
            return None
        delay = POLL_INTERVALS_MS[min(attempt + 1, len(POLL_INTERVALS_MS) - 1)]
        attempt += 1
        await asyncio.sleep(min(delay, deadline.remaining_ms(0.0)) / 1000)
