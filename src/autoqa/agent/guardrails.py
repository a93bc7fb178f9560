"""Hard limits of one agent session, counted from our own view of every tool call.

Counting rules (a limit trips when the count goes **over** it; the spec then ends as ``error`` and the
trip is reported as ``{"name", "limit", "actual"}``):

- ``max_tool_calls_per_spec``: +1 per browser tool call the model makes (control tools excluded). The
  call that goes over the limit is refused, not run.
- ``max_consecutive_errors``: +1 per failed result, back to 0 on any successful one.
- ``max_retries_per_step``: +1 per failed result tagged with that step; never reset.
- ``circuit_breaker_threshold`` (not a trip: a brake): after that many failures in a row of the same
  tool with the same arguments, further identical calls get ``CIRCUIT_OPEN`` without running until
  ``circuit_breaker_cooldown`` other calls have happened. Refused calls count as failures above.
- ``max_turns``, ``max_budget_usd`` (enforced by the SDK, reported here) and ``spec_timeout_s``
  (wall clock, enforced by the session).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from autoqa.agent.options import AgentOptions
from autoqa.results import GuardrailTrip
from autoqa.tools.result import ErrorCode

LOCATOR_KEYS = frozenset({"step"})


@dataclass(frozen=True, slots=True)
class Refusal:
    """A call the guardrails refuse to run."""

    code: ErrorCode
    message: str


def call_key(tool: str, args: Mapping[str, Any]) -> str:
    """Identity of "the same tool on the same target": the tool plus its arguments, minus ``step``."""
    rest = {k: v for k, v in args.items() if k not in LOCATOR_KEYS}
    return tool + " " + json.dumps(rest, sort_keys=True, default=str)


class Guardrails:
    """Counts calls and failures; ``tripped`` holds the first limit that went over."""

    def __init__(self, options: AgentOptions) -> None:
        self.options = options
        self.tripped: GuardrailTrip | None = None
        self.tool_calls = 0
        self.consecutive_errors = 0
        self.errors_by_step: Counter[int] = Counter()
        self._failures_by_key: Counter[str] = Counter()
        self._open_circuits: dict[str, int] = {}
        """Key → number of other calls still to happen before it may run again."""
        self.circuit_trips = 0

    def trip(self, name: str, limit: float, actual: float, step: int | None = None) -> GuardrailTrip:
        if self.tripped is None:
            self.tripped = GuardrailTrip(name, limit, actual, step)
        return self.tripped

    def before_call(self, tool: str, args: Mapping[str, Any], step: int | None) -> Refusal | None:
        """Count a browser tool call; a refusal means: do not run it."""
        if self.tripped is not None:
            return Refusal(
                ErrorCode.GUARDRAIL_TRIPPED,
                self.tripped.reason + "; the session is ending, stop calling tools",
            )
        self.tool_calls += 1
        if self.tool_calls > self.options.max_tool_calls_per_spec:
            trip = self.trip(
                "max_tool_calls_per_spec", self.options.max_tool_calls_per_spec, self.tool_calls, step
            )
            return Refusal(ErrorCode.GUARDRAIL_TRIPPED, trip.reason)
        key = call_key(tool, args)
        for other in list(self._open_circuits):
            if other != key:
                self._open_circuits[other] -= 1
                if self._open_circuits[other] <= 0:
                    del self._open_circuits[other]
        if key in self._open_circuits:
            return Refusal(
                ErrorCode.CIRCUIT_OPEN,
                f"{tool} failed {self.options.circuit_breaker_threshold} times in a row with these "
                "arguments; not run. Call snapshot and try a different target or approach.",
            )
        return None

    def after_call(
        self, tool: str, args: Mapping[str, Any], step: int | None, ok: bool, *, refused: bool = False
    ) -> bool:
        """Record a result (refusals count as failures). True when this failure opened a circuit."""
        key = call_key(tool, args)
        opened = False
        if ok:
            self.consecutive_errors = 0
            self._failures_by_key.pop(key, None)
            return opened
        self.consecutive_errors += 1
        if step is not None:
            self.errors_by_step[step] += 1
        if not refused:
            self._failures_by_key[key] += 1
            if self._failures_by_key[key] >= self.options.circuit_breaker_threshold:
                self._failures_by_key.pop(key)
                self._open_circuits[key] = max(1, self.options.circuit_breaker_cooldown)
                self.circuit_trips += 1
                opened = True
        if self.consecutive_errors > self.options.max_consecutive_errors:
            self.trip(
                "max_consecutive_errors", self.options.max_consecutive_errors, self.consecutive_errors, step
            )
        elif step is not None and self.errors_by_step[step] > self.options.max_retries_per_step:
            self.trip(
                "max_retries_per_step", self.options.max_retries_per_step, self.errors_by_step[step], step
            )
        return opened

    def circuit_open(self, tool: str, args: Mapping[str, Any]) -> bool:
        return call_key(tool, args) in self._open_circuits
