"""The verdict rules of autoqa.agent.verdict, one rule per test."""

from __future__ import annotations

from typing import Any

from autoqa.execute.verdict import Aborted, BugReport, Finish, NoFinish, decide, required_evidence
from autoqa.results import Outcome, StepStatus, ToolCall

from .agent_helpers import spec, step

KINDS = {
    "navigate": "action",
    "click": "action",
    "fill": "action",
    "snapshot": "observe",
    "assert_text_present": "assertion",
    "assert_url": "assertion",
    "assert_element_visible": "assertion",
}


def call(tool: str, step_: int, ok: bool = True, code: str | None = None, **args: Any) -> ToolCall:
    return ToolCall(
        tool=tool,
        args=args,
        ok=ok,
        step=step_,
        error_code=code if not ok else None,
        error_message="nope" if not ok else None,
    )


LOGIN = spec(
    step(1, "Open /login.html"),
    step(2, "Log in as demo", "the Products page opens"),
    step(3, "Verify the heading says Products"),
)
GOOD_CALLS = [
    call("navigate", 1, url="/login.html"),
    call("fill", 2, ref="e3", text="demo"),
    call("click", 2, ref="e5"),
    call("assert_url", 2, url="/products.html"),
    call("assert_text_present", 3, text="Products"),
]


def test_finish_passed_with_evidence_for_every_step_passes() -> None:
    verdict = decide(LOGIN.steps, GOOD_CALLS, KINDS, Finish("passed", "all good"))
    assert verdict.outcome is Outcome.PASSED
    assert [s.status for s in verdict.steps] == [StepStatus.PASSED] * 3
    assert [len(s.tool_calls) for s in verdict.steps] == [1, 3, 1]


def test_finish_passed_without_assertion_for_a_verify_step_fails_with_no_evidence() -> None:
    calls = [*GOOD_CALLS[:-1], call("snapshot", 3)]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", "looks fine"))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 3
    assert verdict.reason is not None and verdict.reason.startswith("no evidence for step 3")


def test_expected_clause_on_an_action_step_needs_an_assertion() -> None:
    calls = [c for c in GOOD_CALLS if c.tool != "assert_url"]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 2
    assert "no evidence for step 2" in (verdict.reason or "")


def test_each_expected_clause_needs_its_own_distinct_assertion() -> None:
    two = spec(step(1, "Open the cart", "the cart lists Backpack", "the total is $29.99"))
    assert required_evidence(two.steps[0]) == 2
    same_twice = [
        call("navigate", 1, url="/cart.html"),
        call("assert_text_present", 1, text="Backpack"),
        call("assert_text_present", 1, text="Backpack"),
    ]
    verdict = decide(two.steps, same_twice, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.FAILED
    assert "needs 2 passing assertions, found 1" in (verdict.reason or "")
    distinct = [*same_twice[:2], call("assert_text_present", 1, text="Total: $29.99")]
    assert decide(two.steps, distinct, KINDS, Finish("passed", "")).outcome is Outcome.PASSED


def test_assertion_evidence_must_be_tagged_with_its_step() -> None:
    calls = [*GOOD_CALLS[:-1], call("assert_text_present", 2, text="Products")]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 3


def test_failed_assertion_cleared_by_the_same_expectation_with_another_locator() -> None:
    calls = [
        *GOOD_CALLS[:-1],
        call("assert_element_visible", 3, ok=False, code="ASSERTION_FAILED", ref="e9"),
        call("snapshot", 3),
        call("assert_element_visible", 3, ref="e12"),
    ]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.PASSED
    assert verdict.steps[2].healed is True


def test_weakened_assertion_does_not_clear_the_failure() -> None:
    calls = [
        *GOOD_CALLS[:-1],
        call("assert_text_present", 3, ok=False, code="ASSERTION_FAILED", text="Total: $51.97"),
        call("assert_text_present", 3, text="Total"),
    ]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", "all good"))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 3
    assert "assert_text_present failed and never passed" in (verdict.reason or "")
    assert verdict.steps[2].status is StepStatus.FAILED


def test_assertion_failing_with_invalid_input_is_not_an_app_failure() -> None:
    calls = [*GOOD_CALLS, call("assert_text_present", 3, ok=False, code="INVALID_INPUT", text="")]
    assert decide(LOGIN.steps, calls, KINDS, Finish("passed", "")).outcome is Outcome.PASSED


def test_report_bug_fails_with_the_models_reason() -> None:
    verdict = decide(
        LOGIN.steps, GOOD_CALLS[:3], KINDS, BugReport(2, "Products page", "Invalid password alert")
    )
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 2
    assert verdict.reason == "bug reported at step 2: expected Products page; actual Invalid password alert"
    assert verdict.steps[1].status is StepStatus.FAILED
    assert verdict.steps[2].status is StepStatus.NOT_RUN


def test_finish_failed_is_failed() -> None:
    verdict = decide(LOGIN.steps, GOOD_CALLS[:1], KINDS, Finish("failed", "login form missing"))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.reason == "agent reported failure: login form missing"


def test_unexecuted_step_fails_a_claimed_pass() -> None:
    calls = [c for c in GOOD_CALLS if c.step != 1]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.reason == "step 1 was not executed (no tool call for it)"


def test_step_whose_every_call_failed_fails_a_claimed_pass() -> None:
    calls = [call("navigate", 1, ok=False, code="NAVIGATION_FAILED", url="/nope"), *GOOD_CALLS[1:]]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 1
    assert "every tool call failed" in (verdict.reason or "")


def test_optional_step_may_be_skipped() -> None:
    with_optional = spec(step(1, "Open /"), step(2, "Close the cookie banner", optional=True))
    verdict = decide(with_optional.steps, [call("navigate", 1, url="/")], KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.PASSED
    assert verdict.steps[1].status is StepStatus.SKIPPED


def test_no_finish_is_error_unless_an_assertion_failed() -> None:
    verdict = decide(LOGIN.steps, GOOD_CALLS, KINDS, NoFinish("I am done"))
    assert verdict.outcome is Outcome.ERROR
    assert verdict.reason == "the agent stopped without calling finish: I am done"
    failing = [*GOOD_CALLS, call("assert_text_present", 3, ok=False, code="ASSERTION_FAILED", text="Cart")]
    verdict = decide(LOGIN.steps, failing, KINDS, NoFinish())
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 3


def test_aborted_session_is_error_even_with_full_evidence() -> None:
    verdict = decide(
        LOGIN.steps, GOOD_CALLS, KINDS, Aborted("guardrail max_turns tripped: limit 5, actual 6")
    )
    assert verdict.outcome is Outcome.ERROR
    assert verdict.reason == "guardrail max_turns tripped: limit 5, actual 6"
    assert verdict.steps[0].status is StepStatus.PASSED


def test_an_assertion_any_page_passes_is_not_evidence() -> None:
    calls = [c for c in GOOD_CALLS if c.tool != "assert_url"] + [
        call("assert_url", 2, expected="http", match="contains")
    ]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.FAILED and "no evidence for step 2" in (verdict.reason or "")


def test_attempts_run_out_on_mismatches_and_refusals_is_failed_on_timeouts_alone_error() -> None:
    """The circuit breaker's refusals never ran; a timeout beside a mismatch does not undo it."""
    exhausted = Aborted("guardrail max_retries_per_step tripped", exhausted_step=3)
    mismatch = call("assert_text_present", 3, ok=False, code="ASSERTION_FAILED", text="Cart")
    timeout = call("assert_text_present", 3, ok=False, code="TIMEOUT", text="Cart")
    refused = call("assert_text_present", 3, ok=False, code="CIRCUIT_OPEN", text="Cart")
    for tried in ([mismatch, refused, refused], [timeout, mismatch, timeout, refused]):
        verdict = decide(LOGIN.steps, [*GOOD_CALLS[:4], *tried], KINDS, exhausted)
        assert verdict.outcome is Outcome.FAILED and verdict.failed_step == 3, tried
        assert "ASSERTION_FAILED" in (verdict.reason or "")
    for tried in (
        [timeout, timeout, refused],
        [refused, refused],
        [mismatch, call("click", 3, False, "INVALID_INPUT")],
    ):
        verdict = decide(LOGIN.steps, [*GOOD_CALLS[:4], *tried], KINDS, exhausted)
        assert verdict.outcome is Outcome.ERROR, tried


def test_an_action_step_that_only_looked_at_the_page_has_no_evidence() -> None:
    calls = [call("snapshot", 1) if c.step == 1 else c for c in GOOD_CALLS]
    verdict = decide(LOGIN.steps, calls, KINDS, Finish("passed", "opened"))
    assert verdict.outcome is Outcome.FAILED and verdict.failed_step == 1
    assert (verdict.reason or "").startswith("no evidence for step 1: it only looked at the page")


def test_a_skipped_optional_step_carries_the_models_reason() -> None:
    with_optional = spec(step(1, "Open /"), step(2, "Accept the cookie banner", "it closes", optional=True))
    skip = call("skip_step", 2, reason="no banner", target="Accept cookies")
    verdict = decide(with_optional.steps, [call("navigate", 1, url="/"), skip], KINDS, Finish("passed", ""))
    assert verdict.outcome is Outcome.PASSED
    assert verdict.steps[1].status is StepStatus.SKIPPED
    assert verdict.steps[1].reason == "skipped by the agent: no banner (looked for Accept cookies)"


def test_a_look_only_action_step_is_never_shown_as_passed_when_the_session_broke() -> None:
    verdict = decide(LOGIN.steps, [call("snapshot", 1)], KINDS, Aborted("model API error 529"))
    assert verdict.outcome is Outcome.ERROR
    assert verdict.steps[0].status is StepStatus.NOT_RUN and "only looked" in (verdict.steps[0].reason or "")
