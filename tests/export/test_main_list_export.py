"""Positions and counts in the page's main list ("Verify the first item is …", "Verify the list has 3
items", "Verify "x" is shown in the results") pass live and export as the same claim: the item at that
position of that list. When the app puts the items in another order, the run and the exported
pytest-playwright test both fail."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cli_runs import run_project

from .test_exported_run import _pytest

PAGE = """<!doctype html><meta charset="utf-8"><title>Todos</title>
<header><ul><li><a href="#">Home</a></li><li><a href="#">Help</a></li></ul></header>
<main><ul class="todo-list">
  <li><input type="checkbox"><label>feed the cat</label></li>
  <li><input type="checkbox"><label>buy milk</label></li>
  <li><input type="checkbox"><label>water plants</label></li>
</ul></main>
<footer><ul><li><a href="#/">All</a></li><li><a href="#/active">Active</a></li></ul></footer>
"""
REORDERED = PAGE.replace("feed the cat", "@").replace("buy milk", "feed the cat").replace("@", "buy milk")

SPEC = """# Main list
## Preconditions
- none
## Steps
1. Open /todos.html
2. Verify the list has 3 items
3. Verify the first item is "feed the cat"
4. Verify item 2 is "buy milk"
5. Verify "water plants" is the last item
6. Verify "buy milk" is shown in the list
"""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    return env


@pytest.mark.timeout(300)
def test_positions_pass_live_replay_and_export_and_fail_when_reordered(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    page = folder / "todos.html"
    page.write_text(PAGE, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "list.md").write_text(SPEC)

    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_list.py"
    source = exported.read_text()
    compact = "".join(source.split())  # formatted: compare without line breaks
    assert ".filter(visible=True).nth(0)" in compact and ".nth(-1)" in compact, source
    assert ".filter(visible=True)).to_have_count(3" in compact, source
    process = _pytest(exported.parent, "--base-url", url, env=_env())
    out, _ = process.communicate(timeout=140)
    assert process.returncode == 0 and "1 passed" in out, out + "\n" + source

    # the step cache keeps the positions too (a replay asks for the position, not for the recorded element)
    cache = json.loads((project / "specs" / ".autoqa" / "specs-list.json").read_text())
    targets = [call["args"].get("target") for step in cache["steps"] for call in step["calls"]]
    assert targets[1:] == ["items=", "item=1", "item=2", "item=-1", "list="], cache

    page.write_text(REORDERED, encoding="utf-8")
    code, run, output = run_project(project, url)
    spec = run["specs"][0]
    assert code == 1 and spec["outcome"] == "failed" and spec["failed_step"] == 3, output
    assert "its text is 'buy milk'" in spec["steps"][2]["reason"], output
    process = _pytest(exported.parent, "--base-url", url, env=_env())
    out, _ = process.communicate(timeout=140)
    assert process.returncode == 1 and "1 failed" in out, out
