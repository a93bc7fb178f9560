"""A spec whose first steps are plain and whose later ones need the model, through the whole CLI (real SDK,
bundled CLI, fake model server): the plain steps run as plain steps — no model turn, a failure final — and
the model takes over at the first step the grammar does not read, told that the steps before it are done
and judged on the rest. A plain-only step before it (a drag: the model is not offered that tool) works."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

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


def _run(site: tuple[Path, str], tmp_path: Path, card: str) -> tuple[dict[str, object], FakeAnthropic]:
    folder, base_url = site
    (folder / "board.html").write_text(BOARD)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "board.md").write_text(SPEC.replace("{card}", card))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    fake = FakeAnthropic()
    with fake:
        fake.script(
            # the model checks where the plain drag left the card: it fails unless the drag was done
            tool_use("assert_text_in", {"target": "region=Done", "text": "Write tests", "step": 3}),
            tool_use("finish", {"status": "passed", "summary": "the card is done"}),
            text("done"),
        )
        env.update(AUTOQA_BASE_URL=base_url, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(["run", "specs/board.md", "--json"], cwd=project, env=env, timeout=240)
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


def test_a_plain_step_that_fails_ends_the_spec_before_the_model_is_asked(
    site: tuple[Path, str], tmp_path: Path
) -> None:
    result, fake = _run(site, tmp_path, "Fix bug")
    statuses = [s["status"] for s in result["steps"]]
    assert result["outcome"] == "failed" and statuses == ["passed", "failed", "not_run"], result
    assert result["executor"] == "plain", result
    assert fake.message_requests == [], "the model was asked after a plain step failed"
