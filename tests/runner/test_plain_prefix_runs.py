"""A spec whose first steps are plain and whose later ones need the model, through the whole CLI (real SDK,
bundled CLI, fake model server): the plain steps run as plain steps — no model turn — and the model takes
over at the first step the grammar does not read, told that the steps before it are done and judged on the
rest. A plain-only step before it (a drag: the model is not offered that tool) works. A plain step that
fails is not final: the model takes it over, told how it failed and shown the page, as after a replay."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from autoqa.testing.anthropic_replies import Turn
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use

from .conftest import run_cli

pytestmark = pytest.mark.agent

BOARD = """<!doctype html><meta charset="utf-8"><title>Board</title>
<style>section { display: inline-block; width: 200px; min-height: 120px; border: 1px solid }</style>
<main><h1>Board</h1>
<section aria-labelledby="todo"><h2 id="todo">To do</h2>
<div draggable="true" id="card">Write tests</div></section>
<section aria-labelledby="done" id="done-col"><h2 id="done">Done</h2></section></main>
<script>
card.addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'card'));
document.getElementById('done-col').addEventListener('dragover', (e) => e.preventDefault());
document.getElementById('done-col').addEventListener('drop', (e) => {
  e.preventDefault();
  e.currentTarget.append(card);
});
</script>"""

SPEC = """# Board, then a judgement
## Preconditions
- none
## Steps
1. Open /board.html
2. Drag the "{card}" card to the "Done" column
3. Check that the board looks tidy
"""


def _run(
    site: tuple[Path, str], tmp_path: Path, card: str, *script: Turn
) -> tuple[dict[str, object], FakeAnthropic]:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "board.md").write_text(SPEC.replace("{card}", card))
    return _run_spec(site, tmp_path, *script)


def _run_spec(
    site: tuple[Path, str], tmp_path: Path, *script: Turn
) -> tuple[dict[str, object], FakeAnthropic]:
    folder, base_url = site
    (folder / "board.html").write_text(BOARD)
    project = tmp_path / "project"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    fake = FakeAnthropic()
    with fake:
        fake.script(
            *script
            or (
                # the model checks where the plain drag left the card: it fails unless the drag was done
                tool_use("assert_text_in", {"target": "region=Done", "text": "Write tests", "step": 3}),
                tool_use("finish", {"status": "passed", "summary": "the card is done"}),
                text("done"),
            )
        )
        env.update(AUTOQA_BASE_URL=base_url, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(["run", "specs/board.md", "--json"], cwd=project, env=env, timeout=240)
    assert out.stdout, out.stderr
    result = json.loads(out.stdout)["specs"][0]
    assert isinstance(result, dict), out.stderr
    return result, fake


def test_the_plain_steps_run_without_the_model_which_takes_over_after_them(
    site: tuple[Path, str], tmp_path: Path
) -> None:
    result, fake = _run(site, tmp_path, "Write tests")
    assert result["outcome"] == "passed" and result["executor"] == "plain+agent", result
    calls = {s["index"]: [c["tool"] for c in s["tool_calls"]] for s in result["steps"]}
    assert calls == {1: ["navigate"], 2: ["drag"], 3: ["assert_text_in"]}, calls
    # the model saw only step 3 as a step to do, and was told the two before it were done
    first = fake.message_requests[0]
    opening = json.dumps(first.body["messages"][0])
    assert "Steps before step 3 were done without you and passed" in opening, opening
    assert "Already done as plain steps, without you: 1. Open /board.html; 2. Drag" in first.system_text
    assert "3. Check that the board looks tidy" in first.system_text
    assert "mcp__browser__drag" not in first.tool_names  # done without the model, which has no drag tool


def test_a_plain_step_that_fails_is_the_models_from_that_step_told_how_it_failed(
    site: tuple[Path, str], tmp_path: Path
) -> None:
    # no "Fix bug" card: the plain drag fails; the model, told so and shown the page, cannot do it either
    result, fake = _run(
        site,
        tmp_path,
        "Fix bug",
        tool_use("finish", {"status": "failed", "summary": "there is no Fix bug card to drag"}),
        text("done"),
    )
    statuses = [s["status"] for s in result["steps"]]
    assert result["outcome"] == "failed" and result["executor"] == "plain+agent", result
    assert statuses[0] == "passed" and "passed" not in statuses[1:], result
    first = fake.message_requests[0]
    opening = first.body["messages"][0]["content"]
    said = json.dumps(opening)
    assert "Steps before step 2 were done without you and passed" in said, said
    assert "step 2, run as a plain step, failed: drag ELEMENT_NOT_FOUND" in said, said
    assert any(part.get("type") == "image" for part in opening), "the failure screenshot was not sent"
    assert "Already done as plain steps, without you: 1. Open /board.html" in first.system_text
    assert "2. Drag the" in first.system_text.split("Already done")[1].split("\n", 1)[1]


def test_a_plain_reading_the_page_does_not_fit_is_healed_by_the_model(
    site: tuple[Path, str], tmp_path: Path
) -> None:
    # 'Open the archive page' reads as a click on an "archive" link, which the board does not have: the
    # model opens the page another way, and the verdict is its evidence; the step is marked healed
    folder, _ = site
    (folder / "archive.html").write_text("<!doctype html><title>Archive</title><h1>Archive</h1><p>Old cards")
    spec = SPEC.replace('2. Drag the "{card}" card to the "Done" column', "2. Open the archive page")
    (tmp_path / "project" / "specs").mkdir(parents=True)
    (tmp_path / "project" / "specs" / "board.md").write_text(spec)
    result, fake = _run_spec(
        site,
        tmp_path,
        tool_use("navigate", {"url": "/archive.html", "step": 2}),
        tool_use("assert_text_present", {"text": "Old cards", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "the archive is tidy"}),
        text("done"),
    )
    assert result["outcome"] == "passed" and result["executor"] == "plain+agent", result
    steps = {s["index"]: s for s in result["steps"]}
    assert [c["tool"] for c in steps[2]["tool_calls"]] == ["click", "navigate"], steps[2]
    assert steps[2]["healed"] is True and steps[1].get("healed") is not True, result
    assert "run as a plain step it failed (click ELEMENT_NOT_FOUND)" in str(steps[2].get("heal")), steps[2]
    assert "step 2, run as a plain step, failed: click ELEMENT_NOT_FOUND" in json.dumps(
        fake.message_requests[0].body["messages"][0]
    )
