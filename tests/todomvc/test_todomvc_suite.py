"""A TodoMVC acceptance suite, translated the way a QA engineer writes it (``specs/``: adding, toggling,
toggle-all, editing, clearing, counter, hash routing, the back button, persistence), runs in the plain
grammar with no model and no CSS or XPath: green on every build that behaves as the TodoMVC specification
says, red — in the spec that checks it — on every build that breaks one behaviour.

``todomvc.html`` is our own build of the public TodoMVC markup (classes, routes, storage key), with two
variants of how frameworks draw it and a switch per bug. The specs run under strict negative checks, so a
negative step that never saw its subject fails too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cli_runs import run_project

HERE = Path(__file__).parent
SPECS = sorted(p.name for p in (HERE / "specs").glob("*.md"))

# Builds that behave, drawn the ways public builds draw the same app (todomvc.html says which): plain; late
# re-renders with a hidden label naming the new-todo field; the toggle-all label laid over its box with an
# exclaiming counter; a 1 px toggle-all input only its label drives; rows as web components.
GOOD = ("", "variant=async,labelled", "variant=styled,exclaim", "variant=tiny", "variant=components")

# One broken behaviour each, and the spec whose steps check it.
BUGS = {
    "plural": "02-toggle.md",  # "1 items left"
    "prepend": "01-new-todo.md",  # new items at the top
    "input-kept": "01-new-todo.md",  # the field keeps the text after adding
    "toggle-all-stale": "03-toggle-all.md",  # "Mark all as complete" does not follow the items
    "escape-saves": "04-edit.md",  # Escape keeps the edit instead of cancelling it
    "empty-edit-kept": "04-edit.md",  # an edit to nothing keeps the item
    "blur-cancels": "04-edit.md",  # leaving the edit field cancels the edit instead of saving it
    "clear-shown": "05-clear-completed.md",  # "Clear completed" shown with nothing completed
    "filter-selected": "06-routing.md",  # the selected filter does not follow the route
    "no-storage": "06-routing.md",  # nothing survives a reload
}


# The wordings specs (07: how QA teams write these steps; 08: as test-management exports flatten them; 09: a
# tester's checklist shorthand, verbs left out: "counter -> "2 items left"", "1 item visible") on
# builds that break what their steps check: each fails at the step that checks it (its index in the spec).
WORDING_BUGS = {
    "07-wordings.md": {
        "no-completed-class": 5,  # a completed item is not marked with the class "completed"
        "blur-cancels": 8,  # clicking outside the edit field cancels the edit
        "empty-edit-kept": 10,  # an edit to nothing keeps the item
        "filter-selected": 13,  # the selected filter does not follow the route
    },
    "09-checklist.md": {
        "clear-shown": 6,  # "Clear completed" shown with nothing completed
        "plural": 8,  # "1 items left"
        "no-storage": 16,  # nothing survives a reload
    },
    "08-export-style.md": {
        "prepend": 3,  # new items at the top
        "filter-selected": 12,  # the selected filter does not follow the route
        "escape-saves": 14,  # Escape keeps the edit: "Book dentist" is renamed
    },
}


def _runs(group: str) -> dict[str, tuple[str, str]]:
    """Spec file to write → (build query, spec of the suite)."""
    if group == "working":
        return {
            f"{build or 'plain'}-{spec}".replace("=", "-"): (build, spec) for build in GOOD for spec in SPECS
        }
    runs = {f"bug-{bug}-{spec}": (f"bug={bug}", spec) for bug, spec in BUGS.items()}
    return runs | {
        f"bug-{bug}-{spec}": (f"bug={bug}", spec) for spec, bugs in WORDING_BUGS.items() for bug in bugs
    }


# Two runs of about a dozen specs each (not one of 27), so each stays well inside the CLI run's time limit
# on a busy machine.
@pytest.mark.timeout(600)
@pytest.mark.parametrize("group", ["working", "broken"])
def test_the_suite_passes_on_working_builds_and_fails_on_broken_ones(
    group: str, tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    shutil.copy(HERE / "todomvc.html", folder / "todomvc.html")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    runs = _runs(group)
    for name, (build, spec) in runs.items():
        text = (HERE / "specs" / spec).read_text(encoding="utf-8")
        assert text.count("Open /todomvc.html\n") == 1, spec
        opened = f"Open /todomvc.html?{build}\n" if build else "Open /todomvc.html\n"
        (project / "specs" / name).write_text(text.replace("Open /todomvc.html\n", opened), encoding="utf-8")

    # A broken build's failing check need not wait the default 5 s for a page that will not change.
    patience = {"AUTOQA_ASSERTION_TIMEOUT_MS": "1500"} if group == "broken" else {}
    code, run, output = run_project(
        project,
        url,
        "--workers",
        "2",
        "--artifacts",
        "none",
        AUTOQA_STRICT_NEGATIVE_CHECKS="true",
        **patience,
    )
    outcomes = {Path(spec["path"]).name: spec["outcome"] for spec in run["specs"]}
    assert sorted(outcomes) == sorted(runs), output
    expected = "passed" if group == "working" else "failed"
    # the steps of any spec that did not end as expected, first: a long output is cut short in the report
    odd = [
        (Path(spec["path"]).name, step.get("index"), step.get("status"), str(step.get("error"))[:400])
        for spec in run["specs"]
        if spec["outcome"] != expected
        for step in spec["steps"]
        if step.get("status") not in ("passed", "not_run")
    ]
    assert set(outcomes.values()) == {expected}, (odd, outcomes, output)
    for spec in run["specs"]:
        name = Path(spec["path"]).name
        for wordings, bugs in WORDING_BUGS.items():
            bug = name.removeprefix("bug-").removesuffix(f"-{wordings}")
            if group == "broken" and name.endswith(wordings):
                failed = [step.get("index") for step in spec["steps"] if step.get("status") == "failed"]
                assert failed[:1] == [bugs[bug]], (name, failed, odd)
    assert code == (0 if group == "working" else 1), output
