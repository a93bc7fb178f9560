"""One evidence contract for every executor: claiming steps, the evidence map and vacuous negative checks,
through the real CLI, a real Chromium and fixture pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autoqa.execute.verdict import Finish, decide, negative_check_flags
from autoqa.results import Outcome, ToolCall
from autoqa.spec.loader import step_kind
from autoqa.spec.model import StepKind
from cli_runs import run_project

PAGE = """<!doctype html><title>Photos</title>
<h1>Photos</h1>
<ul id="photos"><li><a href="#pale">Pale Blue Dot</a></li><li><a href="#earthrise">Earthrise</a></li></ul>
<button onclick="document.querySelector('#photos li').remove()">Remove first</button>
"""


def _project(tmp_path: Path, steps: str) -> Path:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "autoqa.toml").write_text('artifacts = "none"\n')
    (project / "specs" / "photos.md").write_text("# Photos\n\n## Preconditions\n- none\n\n## Steps\n" + steps)
    return project


def _steps(run: dict[str, Any]) -> list[dict[str, Any]]:
    spec = run["specs"][0]
    steps: list[dict[str, Any]] = spec["steps"]
    return steps


def test_a_negative_check_that_never_matched_is_flagged_and_fails_when_strict(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "photos.html").write_text(PAGE)
    project = _project(tmp_path, '1. Open /photos.html\n2. Verify "Pale Blue Dot link" is not visible\n')
    code, run, output = run_project(project, url)
    assert code == 0, output
    flags = _steps(run)[1]["flags"]
    assert [f["kind"] for f in flags] == ["vacuous_negative"]
    assert "never matched during this spec" in flags[0]["message"]

    code, run, output = run_project(project, url, AUTOQA_STRICT_NEGATIVE_CHECKS="true")
    assert code == 1, output
    assert run["specs"][0]["outcome"] == "failed"
    assert run["specs"][0]["failed_step"] == 2


def test_a_negative_check_whose_subject_was_seen_is_not_flagged(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "photos.html").write_text(PAGE)
    project = _project(
        tmp_path,
        '1. Open /photos.html\n2. Verify "Pale Blue Dot" is visible\n3. Click "Remove first"\n'
        '4. Verify "Pale Blue Dot" is not visible\n',
    )
    code, run, output = run_project(project, url, AUTOQA_STRICT_NEGATIVE_CHECKS="true")
    assert code == 0, output
    assert all(not step["flags"] for step in _steps(run))


def test_every_claiming_step_lists_the_assertions_that_proved_it(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "photos.html").write_text(PAGE)
    project = _project(
        tmp_path,
        '1. Open /photos.html\n2. Confirm "Earthrise" is visible\n3. Click "Remove first"\n'
        '   - Expected: "Pale Blue Dot" is not visible\n',
    )
    code, run, output = run_project(project, url)
    assert code == 0, output
    steps = _steps(run)
    assert steps[0]["evidence"] == []
    assert steps[1]["evidence"] == ['assert_text_present text="Earthrise"']
    assert steps[2]["evidence"] == ['assert_text_absent text="Pale Blue Dot"']


def test_confirm_check_that_and_ensure_steps_claim_something() -> None:
    for text in (
        'Confirm "Total: $40" is shown',
        "Check that the order is placed",
        "Ensure the cart is empty",
        "Expect three items",
        "确认页面显示订单",
        "检查购物车为空",
    ):
        assert step_kind(text) is StepKind.ASSERTION, text
    for text in ('Check the "Remember me" checkbox', "Confirmation email: open it", "Click Confirm"):
        assert step_kind(text) is StepKind.ACTION, text


def test_an_agent_cannot_pass_a_confirm_step_without_an_assertion(tmp_path: Path) -> None:
    from autoqa.spec.loader import load_spec

    spec_file = tmp_path / "cart.md"
    spec_file.write_text(
        "# Cart\n\n## Preconditions\n- none\n\n## Steps\n"
        '1. Open /cart.html\n2. Confirm the total is "$40.98"\n'
    )
    spec = load_spec(spec_file, variables={}, root=tmp_path)
    calls = [
        ToolCall("navigate", {"url": "/cart.html"}, ok=True, step=1),
        ToolCall("snapshot", {}, ok=True, step=2),
    ]
    verdict = decide(spec.steps, calls, None, Finish("passed", "the total is right"))
    assert verdict.outcome is Outcome.FAILED
    assert verdict.failed_step == 2 and "no evidence for step 2" in (verdict.reason or "")


SAVING = """<!doctype html><meta charset="utf-8"><title>Save</title>
<button onclick="const p = document.createElement('p'); p.textContent = 'Saving…';
  document.body.append(p); setTimeout(() => p.remove(), 900)">Save</button>
"""


def test_a_negative_check_that_saw_its_subject_go_away_is_not_flagged(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "save.html").write_text(SAVING)
    project = _project(tmp_path, '1. Open /save.html\n2. Click "Save"\n3. Verify "Saving…" is not visible\n')
    code, run, output = run_project(project, url, AUTOQA_STRICT_NEGATIVE_CHECKS="true")
    assert code == 0, output
    assert not _steps(run)[2]["flags"]
    assert _steps(run)[2]["tool_calls"][0]["data"]["subject_seen"] is True


def test_a_row_found_by_its_text_was_seen() -> None:
    # "Check the checkbox in the "feed the cat" row" found that row: a later "Verify "feed the cat" is not
    # visible" checks something that was there (strict CI runs fail flagged steps: this was a false red).
    gone = ToolCall("assert_text_absent", {"text": "feed the cat"}, True, step=2)
    scoped = {"target": 'the checkbox in "feed the cat"', "checked": True}
    assert negative_check_flags([ToolCall("set_checked", scoped, True, step=1), gone]) == {}
    assert 2 in negative_check_flags([gone])
    failed_call = ToolCall("set_checked", scoped, False, step=1, error_code="ELEMENT_NOT_FOUND")
    assert 2 in negative_check_flags([failed_call, gone])  # a row that was not found was not seen


def test_an_element_a_later_step_found_by_its_bare_name_was_seen() -> None:
    # jQuery TodoMVC draws "Clear completed" only once an item is done: "Verify the "Clear completed" button
    # is not visible" (step 1) then "Click "Clear completed"" (step 2) found that very button — a false red.
    hidden = ToolCall("assert_element_hidden", {"target": '"Clear completed" button'}, True, step=1)

    def clicked(element: str) -> ToolCall:
        return ToolCall("click", {"target": "Clear completed"}, True, step=2, data={"element": element})

    assert negative_check_flags([hidden, clicked('button "Clear completed"')]) == {}
    assert 1 in negative_check_flags([hidden, clicked('link "Clear completed"')])  # a link is not the button
    assert 1 in negative_check_flags([hidden, clicked('button "Clear completed items"')])  # another name
    text_gone = ToolCall("assert_text_absent", {"text": "clear completed"}, True, step=1)
    assert negative_check_flags([text_gone, clicked('link "Clear completed"')]) == {}  # any element's text


def test_a_text_not_in_a_region_is_a_negative_check_too() -> None:
    # 'Verify "Spn 45" is no longer listed under "Upcoming"': a typo passes any absence check; the verdict
    # flags it as it flags "Verify "Spn 45" is not visible"
    def absent(text: str, seen: bool) -> ToolCall:
        args = {"target": "region=Upcoming", "text": text, "absent": True}
        return ToolCall("assert_text_in", args, True, step=2, data={"subject_seen": seen})

    assert 2 in negative_check_flags([absent("Spn 45", False)])
    assert negative_check_flags([absent("Spin 45", True)]) == {}  # the tool saw it (there, or elsewhere)
    listed = ToolCall("assert_text_in", {"target": "region=Upcoming", "text": "Spin 45"}, True, step=1)
    assert negative_check_flags([listed, absent("Spin 45", False)]) == {}  # an earlier step saw it
    # a positive claim in a region is no negative check
    assert (
        negative_check_flags(
            [ToolCall("assert_text_in", {"target": "region=Upcoming", "text": "x"}, True, step=3)]
        )
        == {}
    )
