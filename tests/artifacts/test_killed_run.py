"""A run killed midway (SIGKILL: no cleanup code runs) still leaves a valid run.json."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from autoqa.artifacts import list_runs
from autoqa.artifacts.serialize import run_result_from_dict
from autoqa.reports import junit_xml
from autoqa.results import Outcome

_CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from autoqa.artifacts import ArtifactPolicy, Redactor, RunArtifacts
    from autoqa.config.settings import Settings
    from autoqa.results import Outcome, SpecResult
    from autoqa.secrets import SecretSet

    run = RunArtifacts.create(Path(sys.argv[1]), ArtifactPolicy.from_settings(Settings(artifacts="all")),
                              Redactor(SecretSet({"PASSWORD": "demo-pass-123"})), run_id="killed")
    for index, outcome in ((1, Outcome.PASSED), (2, Outcome.FAILED)):
        spec = run.open_spec(f"spec-{index}", index)
        spec.save_screenshot(b"\\xff\\xd8\\xff\\xe0fake", "final")
        run.events.emit("spec.finished", spec=f"spec-{index}", outcome=str(outcome))
        run.finish_spec(spec, SpecResult(Path(f"specs/s{index}.md"), f"Spec {index}", outcome, "plain",
                                         reason="typed demo-pass-123", slug=f"spec-{index}", index=index))
    third = run.open_spec("spec-3", 3)
    third.save_screenshot(b"\\xff\\xd8\\xff\\xe0fake", "midway")
    third.transcript.record("model.turn", text="half way through")
    run.events.emit("spec.started", spec="spec-3")
    print("READY", flush=True)
    time.sleep(60)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_spec_leaves_the_finished_specs_in_run_json(tmp_path: Path) -> None:
    output = tmp_path / "artifacts"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(output)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        ready, _, _ = select.select([child.stdout], [], [], 30)
        assert ready, "child did not get to the third spec in time"
        assert child.stdout is not None and child.stdout.readline().strip() == "READY"
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()

    run_dir = output / "killed"
    data = json.loads((run_dir / "run.json").read_text())
    assert data["status"] == "running"
    assert [(s["index"], s["outcome"]) for s in data["specs"]] == [(1, "passed"), (2, "failed")]
    assert data["specs"][1]["reason"] == "typed <secret:PASSWORD>"
    assert data["specs"][1]["artifacts"]["screenshot"] == "spec-2/screenshots/001-final.jpg"
    assert (run_dir / "spec-2/screenshots/001-final.jpg").is_file()
    assert not list(run_dir.glob(".run.json.*.tmp")), "no half-written run.json left behind"
    # Every event line up to the kill is complete JSON.
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events] == ["spec.finished", "spec.finished", "spec.started"]
    # The killed run is recognisable as such, and its reports can be rebuilt from run.json.
    (summary,) = list_runs(output)
    assert summary.status == "incomplete"
    assert summary.counts["total"] == 2
    rebuilt = run_result_from_dict(data, run_dir)
    assert rebuilt.count(Outcome.FAILED) == 1
    assert 'tests="2"' in junit_xml(rebuilt)
