"""The natural-step corpus (bench/grammar_corpus) is well formed, and the grammar never reads a step that
needs judgement as a deterministic one (a false plain parse would be a verdict on the wrong question)."""

from __future__ import annotations

from bench.grammar_acceptance import accepted, load_corpus, measure


def test_the_corpus_is_large_and_every_step_says_what_it_needs() -> None:
    steps = load_corpus()
    assert len(steps) >= 150
    assert {s.expect for s in steps} == {"plain", "agent"}
    assert all(s.text for s in steps)


def test_no_step_that_needs_judgement_parses_as_plain() -> None:
    wrongly_plain = [
        f"{s.file}:{s.line}: {s.text}" for s in load_corpus() if s.expect == "agent" and accepted(s)
    ]
    assert wrongly_plain == []


def test_the_measurement_counts_what_it_reports() -> None:
    figures = measure(load_corpus())
    assert figures["plain_accepted"] + len(figures["rejected_plain"]) == figures["plain_steps"]
    assert figures["false_plain"] == []
