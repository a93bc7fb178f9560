"""Outcomes of specs and runs. A failing spec is a result, not an exception."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any


class Outcome(StrEnum):
    PASSED = "passed"
    """Every step ran and every check has a passing assertion as evidence."""
    FAILED = "failed"
    """The app does not meet the spec: an assertion failed, a bug was reported, or evidence is missing."""
    ERROR = "error"
    """The tool could not judge: browser, model API, guardrail, timeout, bad input."""
    SKIPPED = "skipped"
    """Not run (fail-fast, interrupted, filtered, or it needs the agent and no model credentials exist)."""
    NEEDS_AGENT = "needs_agent"
    """Not run: a step is not in the plain grammar (nor in the step cache) and ``--agent never`` forbids
    the model. Neither the app's fault nor the tool's: the spec needs rewriting or the agent."""
    FLAKY = "flaky"
    """Failed or errored, then passed on a retry in a fresh context (``retries``); the failed attempts are
    in ``attempts``. Whether it fails the run is ``flaky_fails``."""


NOT_PASSING = frozenset({Outcome.FAILED, Outcome.ERROR, Outcome.NEEDS_AGENT, Outcome.FLAKY})
"""Outcomes that get a failure class (:class:`Triage`) and, unless waived, fail the run."""


INTERRUPTED = "interrupted"
"""The reason of a spec that was not finished because the run was interrupted (its outcome: skipped)."""


class ExecutorKind(StrEnum):
    """What ran a spec (and, for planning, what will)."""

    PLAIN = "plain"
    """Deterministic plain-grammar steps, no model."""
    REPLAY = "replay"
    """The committed step cache, no model."""
    REPLAY_THEN_AGENT = "replay+agent"
    """The step cache until a step failed or was not cached, then the agent (a heal)."""
    PLAIN_THEN_AGENT = "plain+agent"
    """The plain steps before the first step the grammar does not read, then the agent from that step."""
    AGENT = "agent"
    NONE = "none"
    """Not executed: the job carries a ready outcome (skipped or refused) and its reason."""


class StepStatus(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"
    NOT_RUN = "not_run"


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool invocation as the runner saw it (arguments already redacted)."""

    tool: str
    args: dict[str, Any]
    ok: bool
    step: int | None = None
    error_code: str | None = None
    error_message: str | None = None
    duration_ms: float = 0.0
    screenshot_path: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    images: dict[str, str] = field(default_factory=dict)
    """Evidence images by kind (a visual check's ``expected``, ``actual``, ``diff``): paths like
    ``screenshot_path``."""
    violations: tuple[dict[str, Any], ...] = ()
    """Invariants the app broke, reported with this call: ``{invariant, message, step, url}`` each
    (``step``: the step running when the browser reported it; see ``autoqa.tools.invariants``)."""


class FlagKind(StrEnum):
    VACUOUS_NEGATIVE = "vacuous_negative"
    """A negative check (not visible / hidden / absent / count 0) whose subject never matched in the spec."""
    DRIFT = "drift"
    """A replayed element no longer carries the name the step quotes (the app changed under the cache)."""
    BASELINE = "baseline"
    """A visual baseline was written or rewritten by this run: nothing was compared; review and commit it."""


@dataclass(frozen=True, slots=True)
class StepFlag:
    """Something a reviewer should look at although the step passed (or why a strict setting failed it)."""

    kind: FlagKind
    message: str


@dataclass(frozen=True, slots=True)
class Heal:
    """How a step that failed on replay (or as a plain step: no locators then) was done again by the
    agent."""

    old_locator: str | None
    new_locator: str | None
    explanation: str | None = None
    """The model's own account (its ``finish`` summary)."""


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    text: str
    status: StepStatus
    duration_ms: float = 0.0
    reason: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    healed: bool = False
    """True only for a step that failed (on replay) and was then done by the agent."""
    evidence: tuple[str, ...] = ()
    """The passing assertions that proved this step, one readable line each (the evidence map)."""
    flags: tuple[StepFlag, ...] = ()
    heal: Heal | None = None
    source: str | None = None
    """The file the step was written in (the spec, or a ``steps/`` file it includes), project-relative."""
    line: int | None = None
    """Its line in ``source``."""
    violations: tuple[dict[str, Any], ...] = ()
    """Invariants the app broke while this step ran (``{invariant, message, step, url}``)."""
    transient: tuple[dict[str, Any], ...] = ()
    """Text that appeared in live regions and dialogs while this step ran (``{text, kind, step, url, at_ms}``,
    ``at_ms`` in milliseconds since the spec's first browser call): toasts and status messages, kept even
    when they were gone before a check could read them."""

    position: int | None = None
    """Its number among the steps of ``source`` as written (``index`` counts the expanded spec)."""
    included_at: tuple[tuple[int, str], ...] = ()
    """For a step from a library: the include chain, innermost first, as (the include step's number in
    its file, that file); the last file is the spec itself."""

    @property
    def where(self) -> str:
        """Where a person finds the step, the one wording every report uses: ``step 3 (specs/a.md:7)``;
        an included step by its number in its own file and the include chain, ``step 2 of steps/b.md:4
        (included at step 1 of steps/a.md, included at step 3)``."""
        at = f"{self.source}:{self.line}" if self.source and self.line else None
        if not self.included_at or not self.position or not self.source:
            return f"step {self.index} ({at})" if at else f"step {self.index}"
        *libraries, _spec = self.included_at
        chain = [f"included at step {n} of {source}" for n, source in libraries]
        chain.append(f"included at step {self.included_at[-1][0]}")
        return f"step {self.position} of {at or self.source} ({', '.join(chain)})"


@dataclass(frozen=True, slots=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_creation_tokens: int = 0
    cost_usd: float = 0.0
    model_requests: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.cache_creation_tokens + other.cache_creation_tokens,
            self.cost_usd + other.cost_usd,
            self.model_requests + other.model_requests,
        )


@dataclass(frozen=True, slots=True)
class GuardrailTrip:
    """A limit that ended a spec (its outcome: ``error``): which one, its value, and how far it went."""

    name: str
    """The setting: ``max_tool_calls_per_spec``, ``spec_timeout_s``, ``max_budget_usd``…"""
    limit: float
    actual: float
    step: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The documented ``{name, limit, actual}`` of result.json and run.json."""
        return {"name": self.name, "limit": self.limit, "actual": self.actual}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GuardrailTrip:
        return cls(str(data.get("name", "")), data.get("limit") or 0, data.get("actual") or 0)

    @property
    def reason(self) -> str:
        where = f" at step {self.step}" if self.step is not None else ""
        return f"guardrail {self.name} tripped{where}: limit {self.limit}, actual {self.actual}"


class ProblemKind(StrEnum):
    """Something a spec's run could not leave behind. The spec's outcome is not changed by it."""

    EXPORT = "export"
    """The passing run was not exported (export refused, or the file could not be written)."""
    STEP_CACHE = "step_cache"
    """The step cache was not updated."""
    TRACE = "trace"
    """The trace was dropped (it could not be scrubbed of secrets)."""
    FILES = "files"
    """A spec file (result.json, screenshots...) could not be written."""

    @property
    def artifact_key(self) -> str:
        """The key it has among ``artifacts`` in result.json / run.json (their documented shape)."""
        return "error" if self is ProblemKind.FILES else f"{self.value}_error"


@dataclass(frozen=True, slots=True)
class Problem:
    kind: ProblemKind
    message: str


class FailureClass(StrEnum):
    """Why a spec did not pass, decided from its evidence by :mod:`autoqa.execute.triage`."""

    APP_BUG = "app_bug"
    """The app does not do what the spec says: an assertion saw other content, a bug was reported."""
    APP_CHANGE = "app_change"
    """The app changed under the spec: a target is gone but a similar element exists, drift, a heal."""
    TEST_AUTHORING = "test_authoring"
    """The spec itself: refused, an ambiguous target, a vacuous negative check, no evidence for a step."""
    ENVIRONMENT = "environment"
    """Not the app's behaviour: the app unreachable, HTTP 5xx on the document, a browser crash, a timeout."""
    AGENT_OR_CACHE = "agent_or_cache"
    """Our machinery: a guardrail, a model API error, an agent session that broke, an invalid step cache."""


class TriageAction(StrEnum):
    """What a failure class does to the run (config ``triage``)."""

    FAIL = "fail"
    """The spec fails the run (exit 1 or 3, as its outcome says)."""
    WARN = "warn"
    """Reported with its real outcome and class everywhere, but the run's exit code ignores it."""
    HEAL = "heal"
    """App change only: a replayed step that no longer finds its element is handed to the agent (when
    credentials exist); a spec that still does not pass fails the run."""


@dataclass(frozen=True, slots=True)
class Triage:
    """A non-passing spec's failure class, the evidence line that justified it, and the configured action."""

    failure_class: FailureClass
    evidence: str
    action: TriageAction = TriageAction.FAIL

    def as_dict(self) -> dict[str, str]:
        return {"class": str(self.failure_class), "evidence": self.evidence, "action": str(self.action)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Triage:
        return cls(
            FailureClass(data.get("class", FailureClass.ENVIRONMENT)),
            str(data.get("evidence", "")),
            TriageAction(data.get("action", TriageAction.FAIL)),
        )


@dataclass(frozen=True, slots=True)
class Attempt:
    """An earlier run of a spec that did not pass and was retried (``retries``) in a fresh context."""

    number: int
    outcome: Outcome
    reason: str | None = None
    failed_step: int | None = None
    duration_ms: float = 0.0
    triage: Triage | None = None
    artifacts: dict[str, str] = field(default_factory=dict)
    """What that attempt kept, under ``<spec>/attempt-<number>/`` (paths relative to the run folder)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """A spec's own limits from its front matter (``budget: {seconds, usd}``)."""

    seconds: float | None = None
    usd: float | None = None


@dataclass(frozen=True, slots=True)
class SpecResult:
    path: Path
    title: str
    outcome: Outcome
    executor: ExecutorKind
    duration_ms: float = 0.0
    reason: str | None = None
    failed_step: int | None = None
    steps: tuple[StepResult, ...] = ()
    usage: Usage = field(default_factory=Usage)
    guardrail: GuardrailTrip | None = None
    """The limit that ended the spec, if one did."""
    artifacts: dict[str, str] = field(default_factory=dict)
    """Kind → path of what was kept (screenshot, trace, video, transcript, exported test, step cache)."""
    problems: tuple[Problem, ...] = ()
    """What could not be kept, and why (export refused, cache not written, trace dropped, write errors)."""
    healed_steps: tuple[dict[str, Any], ...] = ()
    summary: str | None = None
    """The agent's own account of the run (its ``finish`` summary); shown with healed steps."""
    tags: tuple[str, ...] = ()
    slug: str = ""
    index: int = 0
    """Position of the spec in the run (stable ordering across workers)."""
    triage: Triage | None = None
    """For a spec that did not pass (and a flaky one: its failed attempt's): class, evidence, action."""
    quarantined: str | None = None
    """The reason from ``quarantine.toml`` when the spec is quarantined: it ran and is reported, but its
    outcome does not fail the run."""
    attempts: tuple[Attempt, ...] = ()
    """Earlier attempts that did not pass (``retries``), oldest first; this result is the last attempt."""
    budget: Budget | None = None
    """The spec's own ``budget:`` from its front matter, shown next to what it actually used."""

    @property
    def fails_run(self) -> bool:
        """Whether this spec makes the run's exit code non-zero: a non-passing outcome that is neither
        warned (its class's action is ``warn``; a flaky spec's is ``flaky_fails``) nor quarantined."""
        if self.outcome not in NOT_PASSING or self.quarantined is not None:
            return False
        return self.triage is None or self.triage.action is not TriageAction.WARN

    @property
    def waived(self) -> str | None:
        """Why a non-passing spec does not fail the run (``quarantined: …`` / ``warn``), or None."""
        if self.outcome not in NOT_PASSING:
            return None
        if self.quarantined is not None:
            return f"quarantined: {self.quarantined}"
        if self.triage is not None and self.triage.action is TriageAction.WARN:
            return (
                "flaky_fails is off"
                if self.outcome is Outcome.FLAKY
                else f"triage {self.triage.failure_class}: warn"
            )
        return None

    @property
    def ok(self) -> bool:
        """Passed, skipped, or flaky without failing the run (a warned failure is not ok)."""
        return self.outcome in (Outcome.PASSED, Outcome.SKIPPED) or (
            self.outcome is Outcome.FLAKY and not self.fails_run
        )

    def problem(self, kind: ProblemKind) -> str | None:
        """The message of the first problem of ``kind``, if any."""
        return next((p.message for p in self.problems if p.kind is kind), None)

    def with_problem(self, kind: ProblemKind, message: str) -> SpecResult:
        return replace(self, problems=(*self.problems, Problem(kind, message)))

    def raise_for_outcome(self) -> None:
        """Raise :class:`SpecFailed` unless the spec passed, was skipped, or was flaky without failing the
        run. A warned or quarantined failure raises: it did not pass."""
        if not self.ok:
            raise SpecFailed(self)


def spec_notes(result: SpecResult) -> list[str]:
    """What a reviewer should see under a spec's line: flags, heals and a refused export."""
    notes = [f"step {step.index}: {flag.message}" for step in result.steps for flag in step.flags]
    for step in result.steps:
        heal = step.heal
        if heal is not None and heal.old_locator is None and heal.new_locator is None:
            notes.append(f"step {step.index} healed: {heal.explanation or 'by the model'}")
        elif heal is not None:
            why = f" ({heal.explanation})" if heal.explanation else ""
            notes.append(f"step {step.index} healed: {heal.old_locator} -> {heal.new_locator}{why}")
    notes.extend(f"export refused: {p.message}" for p in result.problems if p.kind is ProblemKind.EXPORT)
    if "heal_patch" in result.artifacts:
        notes.append(
            f"passed (healed, needs review): git apply {result.artifacts['heal_patch']} "
            f"(summary: {result.artifacts.get('heal_review', '')})"
        )
    return notes


class SpecFailed(AssertionError):
    """A spec that did not pass, raised where a caller asked for an exception (``raise_for_outcome``, the
    pytest plugin's items). ``note`` adds context, e.g. why an ``auth:`` spec could not start."""

    def __init__(self, result: SpecResult, note: str | None = None) -> None:
        where = f" at step {result.failed_step}" if result.failed_step else ""
        super().__init__(f"{result.path}: {result.outcome}{where}: {result.reason}")
        self.result = result
        self.note = note


@dataclass(frozen=True, slots=True)
class RunResult:
    run_id: str
    specs: tuple[SpecResult, ...]
    duration_ms: float = 0.0
    interrupted: bool = False
    output_dir: Path | None = None
    missing_reports: tuple[str, ...] = ()
    """run.json / junit.xml that could not be written (the output folder broke): CI cannot read them."""

    def count(self, outcome: Outcome) -> int:
        return sum(1 for s in self.specs if s.outcome is outcome)

    @property
    def usage(self) -> Usage:
        total = Usage()
        for spec in self.specs:
            total = total + spec.usage
        return total
