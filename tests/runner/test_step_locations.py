"""A failing step is located where it was written: an included step in its ``steps/`` file, in the
console line, the GitHub annotation and result.json."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autoqa.results import Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use
from cli_runs import run_project

PAGE = '<!doctype html><meta charset="utf-8"><title>L</title><h1>todos</h1>'


def test_an_included_step_that_fails_points_at_its_own_file_and_line(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "l.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "steps").mkdir()
    (project / "steps" / "open.md").write_text(
        '# Open it\n\n1. Open /l.html\n2. Verify "nope nope" is visible\n'
    )
    (project / "specs" / "inc.md").write_text(
        '# Inc\n## Preconditions\n- none\n## Steps\n1. include: open\n2. Verify "todos" is visible\n'
    )
    code, run, output = run_project(project, url, GITHUB_ACTIONS="true")
    assert code == 1, output
    assert "— step 2 of steps/open.md:4 (included at step 1): assert_text_present failed" in output
    assert "::error file=steps/open.md,line=4," in output
    steps = run["specs"][0]["steps"]
    assert [(s["source"], s["line"]) for s in steps] == [
        ("steps/open.md", 3),
        ("steps/open.md", 4),
        ("specs/inc.md", 6),
    ]


def _latest_run(project: Path) -> Path:
    return sorted(p for p in (project / "out").glob("*") if p.is_dir() and not p.is_symlink())[-1]


def test_a_nested_included_step_is_named_by_its_number_in_its_file_and_the_include_chain(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "l.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "steps").mkdir()
    (project / "steps" / "a.md").write_text('# A\n\n1. include: b\n2. Verify "todos" is visible\n')
    (project / "steps" / "b.md").write_text('# B\n\n1. Open /l.html\n2. Verify "nope nope" is visible\n')
    (project / "specs" / "nest.md").write_text(
        "# Nest\n## Preconditions\n- none\n## Steps\n"
        '1. Open /l.html\n2. Verify "x" is not visible\n3. include: a\n4. Verify "todos" is visible\n'
    )
    code, run, output = run_project(project, url, GITHUB_ACTIONS="true")
    assert code == 1, output
    where = "step 2 of steps/b.md:4 (included at step 1 of steps/a.md, included at step 3)"
    # The FAILED line, the live line of the failing call, the annotation's message, JUnit and the report.
    assert f"— {where}: assert_text_present failed" in output
    assert f"  specs-nest {where}: assert_text_present" in output
    annotation = next(line for line in output.splitlines() if line.startswith("::error "))
    assert annotation.startswith("::error file=steps/b.md,line=4,"), annotation
    assert f'::[app_bug] {where} "Verify' in annotation, annotation
    steps = run["specs"][0]["steps"]
    assert steps[3]["index"] == 4 and steps[3]["position"] == 2
    assert steps[3]["included_at"] == [
        {"step": 1, "source": "steps/a.md"},
        {"step": 3, "source": "specs/nest.md"},
    ]
    assert steps[1]["included_at"] == [] and steps[1]["position"] == 2
    out = _latest_run(project)
    junit = (out / "junit.xml").read_text()
    assert f'message="[app_bug] {where} &quot;Verify' in junit, junit
    assert where in (out / "report.html").read_text()


def test_where_is_the_one_wording_for_a_step() -> None:
    from autoqa.results import StepResult, StepStatus

    top = StepResult(5, "x", StepStatus.FAILED, source="specs/a.md", line=9, position=2)
    assert top.where == "step 5 (specs/a.md:9)"
    once = StepResult(
        3,
        "x",
        StepStatus.FAILED,
        source="steps/login.md",
        line=6,
        position=3,
        included_at=((1, "specs/a.md"),),
    )
    assert once.where == "step 3 of steps/login.md:6 (included at step 1)"


@pytest.mark.agent
async def test_a_replayed_included_step_is_named_in_the_live_line_as_in_the_failure(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    """The agent records a spec whose included library has a step only the agent runs; replayed with no
    model on a page that no longer shows the text, the live line of the failing call names the step where
    it was written, as the FAILED line does (replay's events go through the same placing)."""
    folder, url = site
    (folder / "l.html").write_text(PAGE)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "steps").mkdir()
    (project / "steps" / "b.md").write_text(
        "# B\n\n1. Open /l.html\n2. Verify the page's main heading reads todos, as a person sees it\n"
    )
    (project / "specs" / "rep.md").write_text(
        '# Rep\n## Preconditions\n- none\n## Steps\n1. Verify "x" is not visible\n2. include: b\n'
    )
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CI"))}
    environ["AUTOQA_BASE_URL"] = url
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/l.html", "step": 1}),  # the tab starts blank: nothing to check
            tool_use("assert_text_absent", {"text": "x", "step": 1}),
            tool_use("navigate", {"url": "/l.html", "step": 2}),
            tool_use("assert_text_in", {"target": '"todos" heading', "text": "todos", "step": 3}),
            tool_use("finish", {"status": "passed", "summary": "the heading reads todos"}),
            text("done"),
        )
        agent_env = {**environ, **offline_env(fake.url, str(tmp_path / "cfg"))}
        request = RunRequest(
            paths=("specs",),
            root=project,
            cli={},
            cli_vars={},
            keyword=None,
            environ=agent_env,
            project_root=project,
        )
        recorded = await execute_run(prepare_run(request))
    assert recorded.specs[0].outcome is Outcome.PASSED, recorded.specs[0].reason

    (folder / "l.html").write_text(PAGE.replace("todos", "tasks"))
    code, run, output = run_project(project, url, AUTOQA_ASSERTION_TIMEOUT_MS="1500")
    assert code == 1 and run["specs"][0]["executor"] == "replay", output
    where = "step 2 of steps/b.md:4 (included at step 2)"
    assert f"— {where}: " in output, output
    assert f"  specs-rep {where}: assert_text_in" in output, output
