"""Replay over a renamed control: a cached locator (a test id) still finds the field after its label
changed from "Postal code" to "Zip code"; the step is flagged as drift, and fails with strict_drift."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from autoqa.replay.keys import step_keys
from autoqa.results import FlagKind, Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from autoqa.spec.loader import load_spec

FORM = """<!doctype html><meta charset="utf-8"><title>Address</title>
<label for="pc">{label}</label><input id="pc" data-testid="postal-code">
"""
SPEC = """# Address
## Preconditions
- none
## Steps
1. Navigate to /form.html
2. Scroll through the address form the way a customer would
3. Fill "Postal code" with "12345"
"""
CALLS: list[list[dict[str, Any]]] = [
    [{"tool": "navigate", "args": {"url": "/form.html"}}],
    [{"tool": "scroll", "args": {"direction": "top"}}],
    [{"tool": "fill", "args": {"target": '[data-testid="postal-code"]', "value": "12345"},
      "locator": 'page.get_by_test_id("postal-code")', "element": 'textbox "Postal code"'}],
]  # fmt: skip


def _project(tmp_path: Path, url: str) -> Path:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "address.md").write_text(SPEC)
    (project / "autoqa.toml").write_text('artifacts = "none"\nexport_on_pass = false\n')
    spec = load_spec(project / "specs" / "address.md", variables={"BASE_URL": url}, root=project)
    steps = [
        {"index": s.index, "text": s.raw_text or s.text, "key": key, "calls": calls}
        for s, key, calls in zip(spec.steps, step_keys(spec.steps), CALLS, strict=True)
    ]
    cache = project / "specs" / ".autoqa" / "specs-address.json"
    cache.parent.mkdir(parents=True)
    cache.write_text(json.dumps({"version": 1, "spec": "specs/address.md", "steps": steps}))
    return project


async def _run(project: Path, url: str, **cli: Any) -> Any:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTOQA_")}
    environ["AUTOQA_BASE_URL"] = url
    request = RunRequest(
        ("specs",), project, {"agent": "never", **cli}, {}, None, environ, project_root=project
    )
    return (await execute_run(prepare_run(request))).specs[0]


async def test_a_renamed_control_is_drift_and_strict_drift_fails_it(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    folder, url = site
    project = _project(tmp_path, url)
    (folder / "form.html").write_text(FORM.format(label="Postal code"))
    same = await _run(project, url)
    assert same.outcome is Outcome.PASSED and same.executor == "replay", same.reason
    assert not same.steps[2].flags

    (folder / "form.html").write_text(FORM.format(label="Zip code"))
    renamed = await _run(project, url)
    assert renamed.outcome is Outcome.PASSED  # flagged, not failed, by default
    flags = renamed.steps[2].flags
    assert [f.kind for f in flags] == [FlagKind.DRIFT]
    assert '"Postal code"' in flags[0].message and "Zip code" in flags[0].message

    # The flagged pass did not rewrite the cache (the drift would vanish unreviewed): strict fails it.
    strict = await _run(project, url, strict_drift=True)
    assert strict.outcome is Outcome.FAILED and strict.failed_step == 3
    assert "Zip code" in (strict.reason or "")
