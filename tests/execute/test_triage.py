"""The triage table: complete, and each agent ending the verdict module produces gets the class it should.
(The wording of page health, target resolution and the step cache is pinned end to end by
tests/runner/test_triage_runs.py, on real pages.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.execute.triage import CLASS_OF, CODE_EVIDENCE, Evidence, classify, known
from autoqa.execute.verdict import Aborted, BugReport, Finish, NoFinish, decide
from autoqa.results import ExecutorKind, FailureClass, GuardrailTrip, Outcome, SpecResult, ToolCall
from autoqa.spec.model import Spec, Step, StepKind
from autoqa.tools.result import ErrorCode

SPEC = Spec(
    Path("specs/t.md"),
    "T",
    (),
    (
        Step(1, "Open /cart.html", StepKind.ACTION, Path("specs/t.md"), 5),
        Step(2, 'Verify "Total: $29.99" is visible', StepKind.ASSERTION, Path("specs/t.md"), 6),
    ),
)
OPEN = ToolCall("navigate", {"url": "/cart.html"}, True, step=1)


def _judged(ending: object, *calls: ToolCall, executor: ExecutorKind = ExecutorKind.AGENT) -> SpecResult:
    verdict = decide(SPEC.steps, [OPEN, *calls], None, ending)  # type: ignore[arg-type]
    return SpecResult(
        SPEC.path, "T", verdict.outcome, executor, reason=verdict.reason, failed_step=verdict.failed_step,
        steps=verdict.steps,
    )  # fmt: skip


def test_every_code_and_every_kind_of_evidence_has_a_class() -> None:
    assert set(CODE_EVIDENCE) == set(ErrorCode)
    assert set(CLASS_OF) == set(Evidence)
    # The codes other branches add are app bugs.
    for code in (ErrorCode.INVARIANT_VIOLATED, ErrorCode.VISUAL_MISMATCH, ErrorCode.ASSERTION_FAILED):
        assert CLASS_OF[CODE_EVIDENCE[code]] is FailureClass.APP_BUG


MISMATCH = ToolCall(
    "assert_text_present", {"text": "Total: $29.99"}, False, step=2, error_code="ASSERTION_FAILED",
    error_message="expected text 'Total: $29.99' to be shown; closest visible text: 'Total: $30.99'",
)  # fmt: skip


MISSING = ToolCall(
    "click", {"target": "Checkout"}, False, step=1, error_code="ELEMENT_NOT_FOUND",
    error_message="no element matches target 'Checkout'; nothing similar is visible",
)  # fmt: skip


@pytest.mark.parametrize(
    ("ending", "calls", "expected", "evidence"),
    [
        (BugReport(2, "$29.99", "$30.99"), (), FailureClass.APP_BUG, Evidence.BUG_REPORTED),
        (Finish("passed", "ok"), (), FailureClass.TEST_AUTHORING, Evidence.NO_EVIDENCE),
        (NoFinish(), (MISMATCH,), FailureClass.APP_BUG, Evidence.ASSERTION_MISMATCH),
        (Finish("failed", "the total is wrong"), (), FailureClass.APP_BUG, Evidence.AGENT_REPORTED_FAILURE),
        (
            Aborted("model API error 529: Overloaded"),
            (),
            FailureClass.AGENT_OR_CACHE,
            Evidence.MODEL_API_ERROR,
        ),
        # an agent's error is the session's, even after a call failed on the page
        (NoFinish("done"), (MISSING,), FailureClass.AGENT_OR_CACHE, Evidence.AGENT_SESSION),
    ],
)
def test_agent_endings_get_their_class(
    ending: object, calls: tuple[ToolCall, ...], expected: FailureClass, evidence: Evidence
) -> None:
    triage = classify(_judged(ending, *calls))
    assert triage is not None and triage.failure_class is expected
    assert triage.evidence.startswith(str(evidence)), triage.evidence


def test_a_guardrail_is_the_agents_but_a_time_limit_on_a_plain_spec_is_the_environments() -> None:
    trip = GuardrailTrip("budget.seconds", 1.0, 1.0)
    agent = SpecResult(SPEC.path, "T", Outcome.ERROR, ExecutorKind.AGENT, guardrail=trip, reason=trip.reason)
    plain = SpecResult(SPEC.path, "T", Outcome.ERROR, ExecutorKind.PLAIN, guardrail=trip, reason=trip.reason)
    assert classify(agent).failure_class is FailureClass.AGENT_OR_CACHE  # type: ignore[union-attr]
    assert classify(plain).failure_class is FailureClass.ENVIRONMENT  # type: ignore[union-attr]


def test_a_cause_the_runner_knew_first_hand_is_kept_and_passing_specs_have_no_class() -> None:
    crashed = known(Evidence.BROWSER_CRASH, "the browser process exited during step 2")
    result = SpecResult(SPEC.path, "T", Outcome.ERROR, ExecutorKind.PLAIN, triage=crashed)
    assert classify(result) is crashed
    assert classify(SpecResult(SPEC.path, "T", Outcome.PASSED, ExecutorKind.PLAIN)) is None
    assert classify(SpecResult(SPEC.path, "T", Outcome.SKIPPED, ExecutorKind.NONE)) is None
