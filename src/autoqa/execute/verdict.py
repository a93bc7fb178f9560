"""One verdict module for every executor (plain steps, replay, agent): which tool calls are evidence, what a
step needs before it counts as done, how a failed call's code becomes an outcome, and — for agent runs —
how the session's ending and the recorded calls become the spec's outcome.

Evidence rules (every executor):

- a step that claims something (``Step.needs_evidence``: a Verify/Assert/Check that/Ensure/Confirm/确认
  step, or one with ``Expected:`` clauses — decided by the grammar's vocabulary) needs
  ``max(1, number of Expected clauses)`` distinct passing assertion calls tagged with it;
- a failed assertion is cleared only by a later passing call of the same assertion tool on the same step
  with the same expected values (only the locator may change);
- a negative check (not visible / hidden / absent / count 0) whose subject never matched anything during
  the spec is flagged "never matched during this spec — check the wording" (a failure with
  ``strict_negative_checks``);
- a step during which the app broke an invariant (``autoqa.tools.invariants``: a console error, an
  uncaught exception, a failed request, error text) fails, with the violation as its reason — whatever the
  model says, and before any other problem of that step.

A failed tool call's code → outcome: the app not behaving as specified (an assertion fails, an element
the spec names is missing or unusable) is ``failed``; anything that keeps us from judging (the browser
died, the app is unreachable, invalid arguments, a navigation outside the allow-list) is ``error``.

Agent endings, applied in this order:

1. The session ended abnormally (a guardrail, an API error, the CLI failing) → ``error`` — except when a
   step's attempts ran out (``max_retries_per_step``) and every failure on it was the app's answer (an
   assertion that saw other content, a target not on the page; calls the circuit breaker refused did not
   run and do not count, a timeout beside a mismatch does not undo it): that is ``failed`` at that step,
   with the last mismatch as its reason.
2. ``report_bug(step, expected, actual)`` → ``failed`` at that step, with the model's reason.
3. ``finish(status="failed")`` → ``failed`` with the model's summary.
4. ``finish(status="passed")`` → ``passed`` only if every step holds up, checked step by step in order;
   the first step with a problem fails the spec: a failed assertion not cleared; missing evidence; a
   non-optional step with no tool call tagged with it (not executed); a non-optional action step whose
   calls only looked at the page (no evidence of the action); a non-optional step whose every call failed
   (not done). An optional step the agent skipped (``skip_step``) is ``skipped`` with its reason.
5. The stream ended without ``finish`` or ``report_bug``: ``failed`` if a failed assertion was never
   cleared (the app is wrong whatever the agent did next), otherwise ``error`` ("the agent stopped
   without calling finish").
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from autoqa.record.skip import SKIP_TOOL
from autoqa.results import FlagKind, Outcome, SpecResult, StepFlag, StepResult, StepStatus, ToolCall
from autoqa.spec.model import Step, StepKind
from autoqa.target_scope import split_scope
from autoqa.text_match import fold
from autoqa.tools.result import REFUSED_CODES, ErrorCode
from autoqa.tools.targets import parse_target

ASSERTION_FAILED = "ASSERTION_FAILED"
LOCATOR_KEYS = frozenset({"ref", "target", "step"})

APP_FAILURE_CODES = frozenset(
    {
        ErrorCode.ASSERTION_FAILED,
        ErrorCode.ELEMENT_NOT_FOUND,
        ErrorCode.AMBIGUOUS_TARGET,
        ErrorCode.ELEMENT_NOT_INTERACTABLE,
        ErrorCode.TIMEOUT,
        ErrorCode.VISUAL_MISMATCH,
        ErrorCode.INVARIANT_VIOLATED,
    }
)
MISMATCH_CODES = frozenset({ASSERTION_FAILED, ErrorCode.VISUAL_MISMATCH})
"""An assertion that saw the page and found it other than claimed (text, state, or how it looks)."""


def outcome_for_code(code: ErrorCode | str | None) -> Outcome:
    try:
        parsed = ErrorCode(code) if code is not None else ErrorCode.INTERNAL_ERROR
    except ValueError:
        return Outcome.ERROR
    return Outcome.FAILED if parsed in APP_FAILURE_CODES else Outcome.ERROR


@functools.cache
def tool_kinds() -> Mapping[str, str]:
    """Tool name → kind (``action``, ``assertion``, ``observe``, ``control``), from the tool registry: the
    one place that says which tools are assertions."""
    from autoqa.tools.registry import TOOLS

    return {name: str(spec.kind) for name, spec in TOOLS.items()}


def is_assertion(tool: str) -> bool:
    return tool_kinds().get(tool) == "assertion"


@dataclass(frozen=True, slots=True)
class Finish:
    status: Literal["passed", "failed"]
    summary: str


@dataclass(frozen=True, slots=True)
class BugReport:
    step: int
    expected: str
    actual: str


@dataclass(frozen=True, slots=True)
class Aborted:
    """The session could not finish normally: guardrail, API error, CLI failure, isolation failure."""

    reason: str
    exhausted_step: int | None = None
    """Set when the per-step retry limit ended it: the step whose attempts ran out."""


@dataclass(frozen=True, slots=True)
class NoFinish:
    """The model ended its turn without calling finish or report_bug."""

    detail: str = ""


Ending = Finish | BugReport | Aborted | NoFinish


@dataclass(frozen=True, slots=True)
class Verdict:
    outcome: Outcome
    reason: str | None
    failed_step: int | None
    steps: tuple[StepResult, ...]


def expectation_key(call: ToolCall) -> str:
    """What an assertion checks, without where the element is: retries may relocate, never re-expect."""
    rest = {k: v for k, v in call.args.items() if k not in LOCATOR_KEYS}
    return call.tool + " " + json.dumps(rest, sort_keys=True, default=str)


def evidence_key(call: ToolCall) -> str:
    rest = {k: v for k, v in call.args.items() if k != "step"}
    return call.tool + " " + json.dumps(rest, sort_keys=True, default=str)


_ANY_PAGE = frozenset({"http", "https", "http:", "https:", "http://", "https://", "/", "www", ".", ":"})


def trivially_true(call: ToolCall) -> bool:
    """An assertion any page passes — ``assert_url`` / ``assert_title`` *containing* ``http`` or a few
    characters — proves no claim, so it never counts as evidence (live or cached)."""
    if call.tool not in ("assert_url", "assert_title"):
        return False
    if call.args.get("match", "contains") != "contains":
        return False
    if not isinstance(call.args.get("expected"), str):
        return False
    expected = call.args["expected"].strip().lower()
    return len(expected) < 4 or expected in _ANY_PAGE


def planned_step_problem(step: Step, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """What a step planned ahead of time (a cached step) lacks before it may run: the same evidence rules
    as a live run, checked before anything is replayed. None when it may run."""
    if not calls:
        return None if step.optional else "has no tool calls (only an Optional: step may be empty)"
    kinds = tool_kinds()
    unknown = sorted({tool for tool, _ in calls if tool not in kinds})
    if unknown:
        return f"calls unknown tool(s) {', '.join(unknown)}"
    planned = [ToolCall(tool, dict(args), True, step=step.index) for tool, args in calls]
    need = required_evidence(step)
    facts = _facts(planned, kinds)
    if facts.looked_only and step.kind is StepKind.ACTION and not step.optional:
        return "only looks at the page (snapshot, screenshot); an action step needs its action"
    found = facts.evidence
    if found < need:
        return (
            f"claims something but holds {found} assertion(s) that can prove it, needs {need} "
            "(an assertion any page passes does not count)"
        )
    return None


def required_evidence(step: Step) -> int:
    return max(1, len(step.expected)) if step.needs_evidence else 0


@dataclass(frozen=True, slots=True)
class _StepFacts:
    calls: tuple[ToolCall, ...]
    uncleared: ToolCall | None
    """The first failed assertion that no later identical expectation passed."""
    evidence: int
    """Distinct passing assertion calls."""
    looked_only: bool = False
    """Every call only observed the page (snapshot, screenshot)."""
    violations: tuple[dict[str, Any], ...] = ()
    """Invariants the app broke while the step ran."""
    skip: ToolCall | None = None
    """The agent's ``skip_step`` for an optional step (only optional steps can hold one)."""

    @property
    def skip_reason(self) -> str:
        target = self.skip.args.get("target") if self.skip is not None else None
        reason = str(self.skip.args.get("reason", "")).strip() if self.skip is not None else ""
        looked = f" (looked for {target})" if isinstance(target, str) and target.strip() else ""
        return f"skipped by the agent: {reason or 'nothing to do'}{looked}"


def violations_by_step(calls: Sequence[ToolCall]) -> dict[int, list[dict[str, Any]]]:
    """Each reported violation under the step that was running when the browser reported it (the call
    that carried it may belong to a later step)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for call in calls:
        for violation in call.violations:
            step = violation.get("step")
            step = step if isinstance(step, int) else call.step
            if step is not None:
                out.setdefault(step, []).append(violation)
    return out


def _facts(
    calls: Sequence[ToolCall],
    kinds: Mapping[str, str] | None = None,
    violations: Sequence[dict[str, Any]] = (),
) -> _StepFacts:
    kinds = kinds if kinds is not None else tool_kinds()

    def is_assertion(call: ToolCall) -> bool:
        return kinds.get(call.tool) == "assertion"

    uncleared: ToolCall | None = None
    for i, call in enumerate(calls):
        if is_assertion(call) and not call.ok and call.error_code in MISMATCH_CODES:
            key = expectation_key(call)
            cleared = any(
                is_assertion(later) and later.ok and expectation_key(later) == key for later in calls[i + 1 :]
            )
            if not cleared:
                uncleared = call
                break
    evidence = len({evidence_key(c) for c in calls if is_assertion(c) and c.ok and not trivially_true(c)})
    skip = next((c for c in reversed(calls) if c.tool == SKIP_TOOL), None)
    ran = [c for c in calls if c.tool != SKIP_TOOL]
    # Only looked (snapshot, screenshot): nothing was done for the step.
    looked_only = bool(ran) and all(kinds.get(c.tool) == "observe" for c in ran)
    return _StepFacts(tuple(calls), uncleared, evidence, looked_only, tuple(violations), skip)


# The app's answer, not ours: another approach could not change what the page shows.
_MISMATCH_CODES = MISMATCH_CODES | {ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.INVARIANT_VIOLATED}


def _genuine_mismatch(facts: _StepFacts) -> str | None:
    """The last mismatch's text when every failed call of the step that ran saw the page other than
    claimed. A timeout next to such a mismatch does not undo it; timeouts alone stay an ``error``."""
    ran = [c for c in facts.calls if not c.ok and c.error_code not in REFUSED_CODES]
    mismatches = [c for c in ran if c.error_code in _MISMATCH_CODES]
    if not mismatches or any(c.error_code not in _MISMATCH_CODES | {ErrorCode.TIMEOUT} for c in ran):
        return None
    last = mismatches[-1]
    return f"{last.tool} {last.error_code}: {last.error_message or ''}".strip()


def violation_reason(step: int, violations: Sequence[dict[str, Any]]) -> str:
    first = violations[0]
    more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
    return f"step {step}: the app broke an invariant: {first.get('invariant')}: {first.get('message')}{more}"


def _problem(step: Step, facts: _StepFacts) -> str | None:
    if facts.violations:
        return violation_reason(step.index, facts.violations)
    if facts.uncleared is not None:
        call = facts.uncleared
        return (
            f"step {step.index}: {call.tool} failed and never passed: {call.error_message or call.error_code}"
        )
    if step.optional and facts.skip is not None:
        return None  # nothing to act on, and what it would have claimed depended on acting
    need = required_evidence(step)
    if facts.evidence < need:
        return (
            f"no evidence for step {step.index}: it needs {need} passing assertion"
            f"{'s' if need > 1 else ''}, found {facts.evidence}"
        )
    if step.optional:
        return None
    if not facts.calls:
        return f"step {step.index} was not executed (no tool call for it)"
    if facts.looked_only and step.kind is StepKind.ACTION:
        return (
            f"no evidence for step {step.index}: it only looked at the page (snapshot, screenshot); "
            "nothing shows the action was done"
        )
    if not any(c.ok for c in facts.calls):
        return f"step {step.index}: every tool call failed ({facts.calls[-1].error_code})"
    return None


def _step_result(step: Step, facts: _StepFacts, status: StepStatus, reason: str | None) -> StepResult:
    return StepResult(
        index=step.index,
        text=step.text,
        status=status,
        duration_ms=round(sum(c.duration_ms for c in facts.calls), 1),
        reason=reason,
        tool_calls=facts.calls,
        healed=status is StepStatus.PASSED and any(not c.ok for c in facts.calls),
    )


def step_problem(step: Step, calls: Sequence[ToolCall]) -> str | None:
    """Why ``step`` does not count as done on the evidence of ``calls`` (its own calls), or None."""
    return _problem(step, _facts(calls, violations=violations_by_step(calls).get(step.index, ())))


def decide(
    steps: Sequence[Step],
    calls: Sequence[ToolCall],
    kinds: Mapping[str, str] | None,
    ending: Ending,
) -> Verdict:
    """Apply the rules of the module docstring. ``kinds`` maps tool name → ToolSpec kind (None: the
    registry's)."""
    by_step: dict[int, list[ToolCall]] = {s.index: [] for s in steps}
    for call in calls:
        if call.step in by_step:
            by_step[call.step].append(call)
    violated = violations_by_step(calls)
    facts = {s.index: _facts(by_step[s.index], kinds, violated.get(s.index, ())) for s in steps}
    problems = {s.index: _problem(s, facts[s.index]) for s in steps}

    def statuses(failed_at: int | None, failed_reason: str | None, judged: bool) -> tuple[StepResult, ...]:
        out: list[StepResult] = []
        for step in steps:
            f = facts[step.index]
            if step.index == failed_at:
                out.append(_step_result(step, f, StepStatus.FAILED, failed_reason))
            elif step.optional and f.skip is not None and f.uncleared is None and not f.violations:
                out.append(_step_result(step, f, StepStatus.SKIPPED, f.skip_reason))
            elif not f.calls or (step.optional and f.looked_only and judged):
                # An optional step the model only looked at had nothing to act on: skipped, as in replay.
                status = StepStatus.SKIPPED if step.optional and judged else StepStatus.NOT_RUN
                out.append(_step_result(step, f, status, None))
            elif f.looked_only and not judged and not step.optional and problems[step.index] is not None:
                # Only looked, and the session ended before a verdict: not done, and never shown as passed.
                out.append(_step_result(step, f, StepStatus.NOT_RUN, problems[step.index]))
            elif (judged and problems[step.index] is not None) or f.uncleared is not None or f.violations:
                out.append(_step_result(step, f, StepStatus.FAILED, problems[step.index]))
            elif any(c.ok for c in f.calls):
                out.append(_step_result(step, f, StepStatus.PASSED, None))
            else:
                out.append(_step_result(step, f, StepStatus.FAILED, problems[step.index]))
        return tuple(out)

    # A failed assertion never cleared, or an invariant the app broke: the app is wrong, whatever came next.
    first_uncleared = next(
        (s.index for s in steps if facts[s.index].uncleared is not None or facts[s.index].violations), None
    )

    if isinstance(ending, Aborted):
        mismatch = _genuine_mismatch(facts[ending.exhausted_step]) if ending.exhausted_step in facts else None
        if ending.exhausted_step is not None and mismatch is not None:
            reason = f"step {ending.exhausted_step}: its attempts ran out; last: {mismatch}"
            at = ending.exhausted_step
            return Verdict(Outcome.FAILED, reason, at, statuses(at, reason, judged=False))
        return Verdict(Outcome.ERROR, ending.reason, None, statuses(None, None, judged=False))
    if isinstance(ending, BugReport):
        reason = f"bug reported at step {ending.step}: expected {ending.expected}; actual {ending.actual}"
        return Verdict(Outcome.FAILED, reason, ending.step, statuses(ending.step, reason, judged=False))
    if isinstance(ending, Finish) and ending.status == "failed":
        failed_at = first_uncleared or next((i for i, p in problems.items() if p is not None), None)
        reason = f"agent reported failure: {ending.summary}"
        return Verdict(Outcome.FAILED, reason, failed_at, statuses(failed_at, reason, judged=False))
    if isinstance(ending, Finish):
        for step in steps:
            problem = problems[step.index]
            if problem is not None:
                return Verdict(
                    Outcome.FAILED, problem, step.index, statuses(step.index, problem, judged=True)
                )
        return Verdict(Outcome.PASSED, None, None, statuses(None, None, judged=True))
    # NoFinish
    if first_uncleared is not None:
        reason = problems[first_uncleared] or "an assertion failed"
        return Verdict(
            Outcome.FAILED, reason, first_uncleared, statuses(first_uncleared, reason, judged=False)
        )
    reason = "the agent stopped without calling finish" + (f": {ending.detail}" if ending.detail else "")
    return Verdict(Outcome.ERROR, reason, None, statuses(None, None, judged=False))


def summarize_ending(ending: Ending) -> dict[str, Any]:
    """A JSON-friendly description of how the session ended (for events and transcripts)."""
    if isinstance(ending, Finish):
        return {"kind": "finish", "status": ending.status, "summary": ending.summary}
    if isinstance(ending, BugReport):
        return {
            "kind": "report_bug",
            "step": ending.step,
            "expected": ending.expected,
            "actual": ending.actual,
        }
    if isinstance(ending, Aborted):
        return {"kind": "aborted", "reason": ending.reason}
    return {"kind": "no_finish", "detail": ending.detail}


# --- the evidence map and negative checks, for every executor ------------------------------------------

_NEGATIVE_TOOLS = frozenset({"assert_text_absent", "assert_element_hidden"})
_SUBJECT_KEYS = ("text", "target")


def describe_call(call: ToolCall) -> str:
    """``assert_text_present text="Total: $29.99"`` — one readable line for the evidence map."""
    shown = " ".join(
        f"{key}={json.dumps(value, ensure_ascii=False, default=str)}"
        for key, value in call.args.items()
        if key != "step"
    )
    return f"{call.tool} {shown}".strip()


def is_negative_check(call: ToolCall) -> bool:
    if call.tool in _NEGATIVE_TOOLS:
        return True
    if call.tool == "assert_text_in" and call.args.get("absent") is True:  # a text not in one region
        return True
    return call.tool == "assert_count" and call.args.get("count") == 0


def _subject(call: ToolCall) -> str | None:
    for key in _SUBJECT_KEYS:
        value = call.args.get(key)
        if isinstance(value, str) and value.strip():
            return fold(value)
    return None


def _saw_subject(call: ToolCall) -> bool:
    """Whether ``call`` observed its text or target on the page."""
    if is_negative_check(call):
        if call.data.get("subject_seen"):
            return True
        return not call.ok and call.error_code == ASSERTION_FAILED  # it failed because the subject was there
    return call.ok  # any other call that passed with this text or target found it


def _scope_seen(call: ToolCall) -> str | None:
    """The row or region text of a passing scoped call (``the checkbox in "feed the cat"``): that row was
    on the page, so a later "Verify "feed the cat" is not visible" checks something that was there."""
    target = call.args.get("target")
    if not (call.ok and isinstance(target, str)) or is_negative_check(call):
        return None
    within = split_scope(target)[1]
    return fold(within) if within else None


_ELEMENT = re.compile(r'(?P<role>[\w-]+) "(?P<name>.*)"', re.DOTALL)


def _element_names(call: ToolCall) -> set[str]:
    """What a passing call found, as names a negative check may mean: ``button "Clear completed"`` →
    ``clear completed`` and ``clear completed|button`` (the button a step clicked by its bare name is the
    one a "the "Clear completed" button is not visible" step was about)."""
    element = call.data.get("element")
    found = _ELEMENT.fullmatch(element) if call.ok and isinstance(element, str) else None
    if found is None:
        return set()
    name = fold(found["name"])
    return {name, f"{name}|{found['role']}"}


def _checked_names(call: ToolCall) -> set[str]:
    """The names a negative check is about, in the form of :func:`_element_names`."""
    text = call.args.get("text")
    if isinstance(text, str):
        return {fold(text)}
    target = call.args.get("target")
    if not isinstance(target, str):
        return set()
    query = parse_target(split_scope(target)[0])
    name = fold(query.name)
    return {f"{name}|{role}" for role in query.roles} if query.roles else {name}


def negative_check_flags(calls: Sequence[ToolCall]) -> dict[int, tuple[StepFlag, ...]]:
    """Step → flags for passing negative checks whose subject matched nothing at any point of the spec."""
    seen = {subject for call in calls if (subject := _subject(call)) and _saw_subject(call)}
    seen |= {within for call in calls if (within := _scope_seen(call))}
    seen |= {name for call in calls for name in _element_names(call)}
    flags: dict[int, list[StepFlag]] = {}
    for call in calls:
        subject = _subject(call)
        if not (call.ok and is_negative_check(call) and subject) or subject in seen or call.step is None:
            continue
        if _checked_names(call) & seen:
            continue
        shown = call.args.get("text") or call.args.get("target")
        message = f'"{shown}" never matched during this spec — check the wording'
        similar = call.data.get("similar_visible")
        if isinstance(similar, str) and similar:
            message += f" (a similar element is visible: {similar})"
        step_flags = flags.setdefault(call.step, [])
        if all(f.message != message for f in step_flags):
            step_flags.append(StepFlag(FlagKind.VACUOUS_NEGATIVE, message))
    return {step: tuple(found) for step, found in flags.items()}


def baseline_flags(calls: Sequence[ToolCall]) -> tuple[StepFlag, ...]:
    """A visual check that wrote or rewrote its baseline compared nothing: its pass is the picture a
    reviewer must look at before committing it."""
    flags: list[StepFlag] = []
    for call in calls:
        status = call.data.get("status")
        if call.ok and call.tool == "assert_matches_baseline" and status in ("written", "updated"):
            where = call.data.get("baseline") or call.data.get("name")
            flags.append(StepFlag(FlagKind.BASELINE, f"baseline {status}: {where} — review it and commit it"))
    return tuple(flags)


MAX_TRANSIENT_PER_STEP = 20


def with_evidence(
    result: SpecResult,
    calls: Sequence[ToolCall],
    *,
    strict_negative: bool,
    seen: Sequence[Mapping[str, Any]] = (),
) -> SpecResult:
    """Attach the evidence map, the negative-check flags, the invariant violations and what appeared in
    live regions and dialogs (``seen``: ``{text, kind, step, url, at_ms}``) to every step of ``result``. A
    spec that would pass with a violation on record fails at its step (the executors already fail it; this
    holds whatever path got here); with ``strict_negative`` a flagged step fails it too."""
    by_step: dict[int, list[ToolCall]] = {}
    for call in calls:
        if call.step is not None:
            by_step.setdefault(call.step, []).append(call)
    flags = negative_check_flags(calls)
    violated = violations_by_step(calls)
    appeared: dict[int, list[dict[str, Any]]] = {}
    for entry in seen:
        step_seen = entry.get("step")
        if isinstance(step_seen, int):
            appeared.setdefault(step_seen, []).append(dict(entry))
    steps = []
    for step in result.steps:
        own = by_step.get(step.index, [])
        lines = tuple(dict.fromkeys(describe_call(c) for c in own if c.ok and is_assertion(c.tool)))
        steps.append(
            dataclasses.replace(
                step,
                evidence=lines,
                flags=step.flags + flags.get(step.index, ()) + baseline_flags(own),
                violations=tuple(violated.get(step.index, ())),
                transient=tuple(appeared.get(step.index, ())[-MAX_TRANSIENT_PER_STEP:]),
            )
        )
    result = dataclasses.replace(result, steps=tuple(steps))
    broken = next((s for s in result.steps if s.violations), None)
    if broken is not None and result.outcome is Outcome.PASSED:
        reason = violation_reason(broken.index, broken.violations)
        return dataclasses.replace(
            result,
            outcome=Outcome.FAILED,
            reason=reason,
            failed_step=broken.index,
            steps=tuple(
                dataclasses.replace(s, status=StepStatus.FAILED, reason=reason) if s is broken else s
                for s in result.steps
            ),
        )
    if not strict_negative or result.outcome is not Outcome.PASSED:
        return result
    flagged = next(
        (s for s in result.steps if any(f.kind is FlagKind.VACUOUS_NEGATIVE for f in s.flags)), None
    )
    if flagged is None:
        return result
    reason = f"step {flagged.index}: {flagged.flags[0].message} (strict_negative_checks is on)"
    failed = tuple(
        dataclasses.replace(s, status=StepStatus.FAILED, reason=reason) if s.index == flagged.index else s
        for s in result.steps
    )
    return dataclasses.replace(
        result, outcome=Outcome.FAILED, reason=reason, failed_step=flagged.index, steps=failed
    )
