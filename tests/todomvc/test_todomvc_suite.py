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

# Builds that behave: the plain build, one that re-renders a moment late, one whose new-todo field has a
# visually hidden label of its own (the placeholder is then not its name).
GOOD = ("", "variant=async", "variant=labelled")

# One broken behaviour each, and the spec whose steps check it.
BUGS = {
    "plural": "02-toggle.md",  # "1 items left"
    "prepend": "01-new-todo.md",  # new items at the top
    "input-kept": "01-new-todo.md",  # the field keeps the text after adding
    "toggle-all-stale": "03-toggle-all.md",  # "Mark all as complete" does not follow the items
    "escape-saves": "04-edit.md",  # Escape keeps the edit instead of cancelling it
    "empty-edit-kept": "04-edit.md",  # an edit to nothing keeps the item
    "clear-shown": "05-clear-completed.md",  # "Clear completed" shown with nothing completed
    "filter-selected": "06-routing.md",  # the selected filter does not follow the route
    "no-storage": "06-routing.md",  # nothing survives a reload
}


@pytest.mark.timeout(600)
def test_the_suite_passes_on_working_builds_and_fails_on_broken_ones(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    shutil.copy(HERE / "todomvc.html", folder / "todomvc.html")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    runs: dict[str, tuple[str, str]] = {}  # spec file written → (build, spec of the suite)
    for build in GOOD:
        for spec in SPECS:
            runs[f"{build or 'plain'}-{spec}".replace("=", "-")] = (build, spec)
    for bug, spec in BUGS.items():
        runs[f"bug-{bug}-{spec}"] = (f"bug={bug}", spec)
    for name, (build, spec) in runs.items():
        text = (HERE / "specs" / spec).read_text(encoding="utf-8")
        assert text.count("Open /todomvc.html\n") == 1, spec
        opened = f"Open /todomvc.html?{build}\n" if build else "Open /todomvc.html\n"
        (project / "specs" / name).write_text(text.replace("Open /todomvc.html\n", opened), encoding="utf-8")

    code, run, output = run_project(
        project, url, "--workers", "2", "--artifacts", "none", AUTOQA_STRICT_NEGATIVE_CHECKS="true"
    )
    outcomes = {Path(spec["path"]).name: spec["outcome"] for spec in run["specs"]}
    assert len(outcomes) == len(runs), output
    working = {name: outcome for name, outcome in outcomes.items() if not name.startswith("bug-")}
    assert set(working.values()) == {"passed"}, (working, output)
    broken = {name: outcome for name, outcome in outcomes.items() if name.startswith("bug-")}
    assert set(broken.values()) == {"failed"}, (broken, output)
    assert code == 1
