"""Drag and drop as QA suites write it ('Drag the "Write tests" card to the "Done" column', 'Drag "Nude"
above "Reckoner" in the queue'): a kanban board with native HTML5 drag and drop and a queue sorted by
pointer events (the way sortable libraries work). Each drop lands where the step says, in the run and in
its exported test alike, so a board that ignores the drop or a queue that puts an item on the wrong side
fails at the step that checks it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Board</title>
<style>
.col { display: inline-block; vertical-align: top; width: 200px; min-height: 150px; border: 1px solid #999 }
.card { border: 1px solid #333; margin: 4px; padding: 6px } li { padding: 8px; list-style: none }
</style>
<main><h1>Board</h1>
<section class="col" aria-labelledby="todo"><h2 id="todo">To do</h2>
<div class="card" draggable="true">Write tests</div><div class="card" draggable="true">Fix bug</div></section>
<section class="col" aria-labelledby="done"><h2 id="done">Done</h2></section>
<h2>Queue</h2>
<ul id="queue"><li>Reckoner</li><li>Nude</li><li>Videotape</li></ul></main>
<script>
let dragged = null;
for (const card of document.querySelectorAll('.card')) {
  card.addEventListener('dragstart', (e) => {
    dragged = card;
    e.dataTransfer.setData('text/plain', card.textContent);
  });
}
const DROPS = true;
for (const col of document.querySelectorAll('.col')) {
  col.addEventListener('dragover', (e) => e.preventDefault());
  col.addEventListener('drop', (e) => {
    e.preventDefault();
    if (dragged && DROPS) col.append(dragged);
    dragged = null;
  });
}
// a sortable list on pointer events: a press, a move past 5 px, and the release point picks the side
let item = null, start = null, moving = false;
queue.addEventListener('pointerdown', (e) => {
  if (e.target.tagName === 'LI') { item = e.target; start = [e.clientX, e.clientY]; moving = false; }
});
document.addEventListener('pointermove', (e) => {
  if (item && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 5) moving = true;
});
const UPPER = (e, r) => e.clientY < r.top + r.height / 2;
document.addEventListener('pointerup', (e) => {
  if (item && moving) {
    const over = [...queue.children].find((li) => {
      const r = li.getBoundingClientRect();
      return e.clientY >= r.top && e.clientY <= r.bottom;
    });
    if (over && over !== item) {
      queue.insertBefore(item, UPPER(e, over.getBoundingClientRect()) ? over : over.nextSibling);
    }
  }
  item = null; moving = false;
});
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Drag "Nude" above "Reckoner" in the queue
3. Verify "Nude", "Reckoner", "Videotape" appear in that order
4. Drag "Nude" below "Videotape"
5. Verify "Reckoner", "Videotape", "Nude" appear in that order
6. Drag the "Write tests" card to the "Done" column
7. Verify "Write tests" is shown under "Done"
"""

BROKEN = {
    # the board ignores drops: the card stays in "To do"
    "no-drop": ("const DROPS = true;", "const DROPS = false;", 7),
    # the queue takes every drop as "after"
    "always-after": (
        "const UPPER = (e, r) => e.clientY < r.top + r.height / 2;",
        "const UPPER = () => false;",
        3,
    ),
    # the queue takes every drop as "before"
    "always-before": (
        "const UPPER = (e, r) => e.clientY < r.top + r.height / 2;",
        "const UPPER = () => true;",
        5,
    ),
}


@pytest.mark.timeout(480)
def test_drags_land_where_the_step_says_run_and_exported(tmp_path: Path, site: tuple[Path, str]) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="board", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert ".drag_to(" in source and "target_position=" in source, source
    # the step cache keeps each drag with both ends and the place, so a replay drops where the run did: the
    # destination as validated when it was captured, else as the step named it (a region has no tool form)
    cache = json.loads((tmp_path / "project" / "specs" / ".autoqa" / "specs-board.json").read_text())
    drags = [c["args"] for step in cache["steps"] for c in step["calls"] if c["tool"] == "drag"]
    assert [(d["place"], d["to_target"]) for d in drags] == [
        ("above", "text=Reckoner"),
        ("below", "text=Videotape"),
        ("onto", "Done"),
    ], cache
