"""The flaky widget's server side: ``GET /api/flaky`` fails on chosen loads, deterministically.

A test picks a token (its own, so tests never share counts) and how the widget misbehaves:

- ``?token=T&fails=N``: the first ``N`` loads with token ``T`` fail, every later one succeeds ("fails on
  the first attempt of a spec, passes on the second" is ``fails=1``);
- ``?token=T&rate=0.3&seed=S``: each load fails with probability 0.3, decided by a hash of ``S``, ``T``
  and the load's number, so the same seed and token give the same sequence in every run.

Counts live in the server's memory (per :class:`~autoqa.demo_app.server.DemoServer`), bounded.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

MAX_TOKENS = 10_000
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True, slots=True)
class FlakyPlan:
    token: str
    fails: int | None = None
    rate: float | None = None
    seed: str = ""

    def fails_on(self, load: int) -> bool:
        """Whether load number ``load`` (1-based) of this token fails."""
        if self.fails is not None:
            return load <= self.fails
        if not self.rate:
            return False
        digest = hashlib.sha256(f"{self.seed}:{self.token}:{load}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64 < self.rate


def parse_plan(query: Mapping[str, list[str]]) -> FlakyPlan:
    """The plan from ``/api/flaky``'s query; ``ValueError`` saying what is wrong."""

    def one(name: str) -> str | None:
        values = query.get(name)
        return values[0] if values else None

    token = one("token") or ""
    if not _TOKEN.fullmatch(token):
        raise ValueError("token must be 1-64 letters, digits, _ or -")
    fails, rate = one("fails"), one("rate")
    if fails is not None:
        if not fails.isdigit():
            raise ValueError("fails must be a whole number")
        return FlakyPlan(token, fails=int(fails))
    if rate is not None:
        try:
            value = float(rate)
        except ValueError:
            raise ValueError("rate must be a number from 0 to 1") from None
        if not 0 <= value <= 1:
            raise ValueError("rate must be a number from 0 to 1")
        return FlakyPlan(token, rate=value, seed=one("seed") or "")
    return FlakyPlan(token)


class FlakyCounter:
    """How many times each token was loaded (thread-safe; the oldest tokens are forgotten past a bound)."""

    def __init__(self) -> None:
        self._loads: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()

    def load(self, token: str) -> int:
        """Count one more load of ``token``; returns its number (1 for the first)."""
        with self._lock:
            count = self._loads.pop(token, 0) + 1
            self._loads[token] = count
            while len(self._loads) > MAX_TOKENS:
                self._loads.popitem(last=False)
            return count
