from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from junitparser import Error, Failure, JUnitXml, Properties, Skipped, TestCase

from autoqa.reports import junit_xml, write_junit
from autoqa.results import RunResult


def _properties(case: TestCase) -> dict[str, str]:
    props = case.child(Properties)
    return {p.name: p.value for p in props} if props is not None else {}


def test_junit_reads_back_with_one_case_per_spec(
    sample_run: RunResult, project: Path, tmp_path: Path
) -> None:
    path = write_junit(sample_run, tmp_path / "junit.xml", root=project)

    xml = JUnitXml.fromfile(str(path))
    (suite,) = list(xml)
    assert (suite.tests, suite.failures, suite.errors, suite.skipped) == (4, 1, 1, 1)
    assert suite.time == 77.0
    cases = {case.name: case for case in suite}
    assert set(cases) == {"Log in", "Checkout total", "Search, with <html> & commas: yes", "Agent only"}

    passed = cases["Log in"]
    assert passed.classname == "specs.login" and passed.is_passed and passed.time == 0.812

    failed = cases["Checkout total"]
    assert failed.classname == "specs.shop.checkout"
    (failure,) = failed.result
    assert isinstance(failure, Failure)
    assert failure.type == "ASSERTION_FAILED"
    assert failure.message.startswith('step 3 "Verify the total is $29.99": the total is $30.99')
    props = _properties(failed)
    assert props["screenshot"] == "shop-checkout/screenshots/004-final.jpg"
    assert props["trace"] == "shop-checkout/trace.zip"
    assert props["cost_usd"] == "0.0421" and props["input_tokens"] == "12345"
    assert props["tags"] == "smoke,cart" and props["outcome"] == "failed"
    assert "[[ATTACHMENT|shop-checkout/screenshots/004-final.jpg]]" in failed.system_out
    assert "assert_text ASSERTION_FAILED" in failed.system_out

    errored = cases["Search, with <html> & commas: yes"]
    (error,) = errored.result
    assert isinstance(error, Error) and error.type == "GUARDRAIL_MAX_TOOL_CALLS"
    assert _properties(errored)["guardrail"] == "max_tool_calls (limit 40)"

    (skip,) = cases["Agent only"].result
    assert isinstance(skip, Skipped) and skip.message == "no model credentials"


def test_control_characters_never_break_the_xml(sample_run: RunResult, tmp_path: Path) -> None:
    spec = replace(sample_run.specs[1], reason="bad \x00 byte \x1b[31m colour", title="t\x07itle")
    path = write_junit(RunResult("x", (spec,)), tmp_path / "j.xml")
    (case,) = list(next(iter(JUnitXml.fromfile(str(path)))))
    assert case.name == "t\N{REPLACEMENT CHARACTER}itle"
    assert "\N{REPLACEMENT CHARACTER}[31m colour" in case.result[0].message


def test_an_empty_run_is_still_valid_junit() -> None:
    text = junit_xml(RunResult("empty", ()))
    assert text.startswith("<?xml version='1.0' encoding='utf-8'?>")
    (suite,) = list(JUnitXml.fromstring(text))
    assert suite.tests == 0
