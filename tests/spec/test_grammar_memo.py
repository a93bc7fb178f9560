"""Readings are remembered per sentence (a step is read at load, by the planner and by each executor, and
suites repeat steps), but every caller gets arguments of its own."""

from __future__ import annotations

from autoqa.spec.grammar import parse_plain_actions


def test_a_repeated_step_reads_the_same_and_a_callers_change_does_not_reach_the_next_reading() -> None:
    step = 'Fill "Email" with "ann@example.com" and click "Save"'
    first = parse_plain_actions(step)
    assert first is not None and [a.tool for a in first] == ["fill", "click"]
    first[0].args["value"] = "changed by a caller"
    second = parse_plain_actions(step)
    assert second is not None
    assert second[0].args["value"] == "ann@example.com"
    assert second == parse_plain_actions(step)
