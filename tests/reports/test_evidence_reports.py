"""Every surface shows the evidence map, the flags and heals: report.html, JUnit, GitHub annotations."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from autoqa.artifacts.serialize import spec_result_from_dict, spec_result_to_dict
from autoqa.reports.github import annotation_lines
from autoqa.reports.html import render_html
from autoqa.reports.junit import junit_xml
from autoqa.results import (
    FlagKind,
    Heal,
    Outcome,
    Problem,
    ProblemKind,
    RunResult,
    SpecResult,
    StepFlag,
    StepResult,
    StepStatus,
)

STEPS = (
    StepResult(
        1, 'Verify "Onesie" comes first', StepStatus.PASSED, evidence=('assert_order texts=["Onesie"]',)
    ),
    StepResult(
        2,
        'Verify "Pale Blue Dot link" is not visible',
        StepStatus.PASSED,
        evidence=('assert_text_absent text="Pale Blue Dot link"',),
        flags=(StepFlag(FlagKind.VACUOUS_NEGATIVE, '"<b>Pale</b>" never matched — check the wording'),),
    ),
    StepResult(
        3,
        'Fill "Postal code" with "1"',
        StepStatus.PASSED,
        healed=True,
        heal=Heal('page.get_by_test_id("postal-code")', 'page.get_by_label("Zip code")', "the label changed"),
        transient=(
            {"text": "Saving…", "kind": "status", "step": 3, "url": "/checkout", "at_ms": 4213},
            {"text": "Saved", "kind": "status", "step": 3, "url": "/checkout", "at_ms": 5007},
            {"text": "Old run", "kind": "alert", "step": 3, "url": "/checkout"},  # result.json before at_ms
        ),
    ),
)
SPEC = SpecResult(
    Path("specs/a.md"),
    "A",
    Outcome.PASSED,
    "replay+agent",
    steps=STEPS,
    problems=(Problem(ProblemKind.EXPORT, "no unique locator for step 3"),),
)
RUN = RunResult("r1", (SPEC,))


def test_report_html_shows_evidence_flags_heals_and_a_refused_export() -> None:
    html = render_html(RUN)
    assert "proved by:" in html and "assert_order texts=[&quot;Onesie&quot;]" in html
    assert "check the wording" in html and "&lt;b&gt;Pale&lt;/b&gt;" in html and "<b>Pale</b>" not in html
    assert "page.get_by_label(&quot;Zip code&quot;)" in html and "the label changed" in html
    assert "Export refused: no unique locator for step 3" in html


def test_what_appeared_meanwhile_carries_its_time_in_the_report_junit_and_result_json() -> None:
    html = render_html(RUN)
    assert "appeared meanwhile" in html
    assert html.index('<code>Saving…</code> <span class="muted">at 4.213 s</span>') < html.index(
        '<code>Saved</code> <span class="muted">at 5.007 s</span>'
    )
    assert '<code>Old run</code> <span class="muted"></span>' in html
    out = next(ET.fromstring(junit_xml(RUN)).iter("testcase")).findtext("system-out") or ""
    assert "appeared (status, at 4.213 s): Saving…" in out and "appeared (status, at 5.007 s): Saved" in out
    assert "appeared (alert): Old run" in out
    written = json.loads(json.dumps(spec_result_to_dict(SPEC)))
    assert [t.get("at_ms") for t in written["steps"][2]["transient"]] == [4213, 5007, None]
    assert spec_result_from_dict(written).steps[2].transient == STEPS[2].transient


def test_junit_carries_flags_as_properties_and_evidence_in_the_output() -> None:
    case = next(ET.fromstring(junit_xml(RUN)).iter("testcase"))
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert "never matched" in (props.get("flag_vacuous_negative") or "")
    assert props.get("export_error") == "no unique locator for step 3"
    out = case.findtext("system-out") or ""
    assert "proved by: assert_order" in out and "WARNING (vacuous_negative)" in out and "healed:" in out


def test_github_gets_a_warning_per_flag() -> None:
    lines = annotation_lines(RUN, {"GITHUB_ACTIONS": "true"})
    warnings = [line for line in lines if line.startswith("::warning ")]
    assert len(warnings) == 1 and "never matched" in warnings[0]
