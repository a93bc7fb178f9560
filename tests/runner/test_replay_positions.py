"""A cached step that claimed a position in the page's main list ("the cheapest product comes first",
recorded as ``item=1``) replays as that position: on a page whose list is reordered the replay fails, it
does not pass on the element that used to be first. The agent records; replay runs with no model."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from autoqa.results import Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use

pytestmark = pytest.mark.agent

PRODUCTS = """<!doctype html><meta charset="utf-8"><title>Products</title>
<main><h1>Products</h1><ul class="products">{items}</ul></main>
"""
CHEAPEST_FIRST = ("Onesie $7.99", "Backpack $29.99", "Jacket $49.99")

SPEC = """# Sorting
## Preconditions
- none
## Steps
1. Open /products.html
2. Verify the cheapest product comes first
"""


def _page(folder: Path, names: tuple[str, ...]) -> None:
    items = "".join(f"<li>{name}</li>" for name in names)
    (folder / "products.html").write_text(PRODUCTS.format(items=items), encoding="utf-8")


def _request(project: Path, environ: dict[str, str], **cli: object) -> RunRequest:
    return RunRequest(
        paths=("specs",),
        root=project,
        cli=cli,
        cli_vars={},
        keyword=None,
        environ=environ,
        project_root=project,
    )


async def test_a_recorded_position_is_replayed_as_a_position(tmp_path: Path, site: tuple[Path, str]) -> None:
    folder, url = site
    _page(folder, CHEAPEST_FIRST)
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "sorting.md").write_text(SPEC, encoding="utf-8")
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CI"))}
    environ["AUTOQA_BASE_URL"] = url

    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/products.html", "step": 1}),
            tool_use("assert_text_in", {"target": "item=1", "text": "Onesie", "step": 2}),
            tool_use("finish", {"status": "passed", "summary": "Onesie is first"}),
            text("done"),
        )
        agent_env = {**environ, **offline_env(fake.url, str(tmp_path / "cfg"))}
        recorded = await execute_run(prepare_run(_request(project, agent_env)))
    assert recorded.specs[0].outcome is Outcome.PASSED, recorded.specs[0].reason
    cache = json.loads((project / "specs" / ".autoqa" / "specs-sorting.json").read_text())
    assert cache["steps"][1]["calls"][0]["args"]["target"] == "item=1"  # the position, not the element

    replayed = await execute_run(prepare_run(_request(project, environ, agent="never")))
    assert replayed.specs[0].outcome is Outcome.PASSED and replayed.specs[0].executor == "replay"

    _page(folder, ("Backpack $29.99", "Onesie $7.99", "Jacket $49.99"))  # Onesie is still on the page
    broken = await execute_run(prepare_run(_request(project, environ, agent="never")))
    spec = broken.specs[0]
    assert spec.outcome is Outcome.FAILED, (spec.outcome, spec.reason)
    assert spec.failed_step == 2 and "Onesie" in (spec.reason or ""), spec.reason
