"""The evidence map, flags and heal details survive result.json / run.json, and older files still load."""

from __future__ import annotations

from pathlib import Path

from autoqa.artifacts.serialize import spec_result_from_dict, spec_result_to_dict
from autoqa.results import FlagKind, Heal, Outcome, SpecResult, StepFlag, StepResult, StepStatus


def test_evidence_flags_heal_and_summary_round_trip() -> None:
    step = StepResult(
        2,
        'Verify "Pale Blue Dot link" is not visible',
        StepStatus.PASSED,
        evidence=('assert_text_absent text="Pale Blue Dot link"',),
        flags=(StepFlag(FlagKind.VACUOUS_NEGATIVE, "never matched during this spec — check the wording"),),
        healed=True,
        heal=Heal('page.get_by_test_id("postal-code")', 'page.get_by_label("Zip code")', "label renamed"),
    )
    result = SpecResult(Path("a.md"), "A", Outcome.PASSED, "replay+agent", steps=(step,), summary="done")
    again = spec_result_from_dict(spec_result_to_dict(result))
    assert again.steps == (step,)
    assert again.summary == "done"


def test_a_result_written_before_these_fields_loads() -> None:
    old = {"path": "specs/a.md", "title": "A", "outcome": "passed", "executor": "plain",
           "steps": [{"index": 1, "text": "x", "status": "passed", "tool_calls": []}]}  # fmt: skip
    step = spec_result_from_dict(old).steps[0]
    assert (step.evidence, step.flags, step.heal) == ((), (), None)


def test_triage_attempts_quarantine_and_budget_round_trip() -> None:
    from autoqa.results import Attempt, Budget, FailureClass, Triage, TriageAction

    bug = Triage(FailureClass.APP_BUG, "an assertion saw other content: step 2", TriageAction.WARN)
    result = SpecResult(
        Path("a.md"), "A", Outcome.FLAKY, "plain", triage=bug, quarantined="JIRA-1", budget=Budget(60.0),
        attempts=(Attempt(1, Outcome.FAILED, "no", 2, 900.0, bug, {"dir": "a/attempt-1"}),),
    )  # fmt: skip
    data = spec_result_to_dict(result)
    assert data["fails_run"] is False and data["triage"]["class"] == "app_bug"
    assert spec_result_from_dict(data) == result
