"""Load: 50 specs replayed from the step cache with 2 workers, the CLI's resources sampled as each ends.

A leak per spec — a file handle, a browser context whose renderer stays alive, a process, memory the
runner keeps — is invisible in a 3-spec run and fatal in a 500-spec CI suite. Sampled at every
``spec.finished`` of a 50-spec run (see ``load_probe.py`` for how the cache is recorded and why):

* open fds and live descendant processes at the end are the same as after the first few specs, with a
  slack of 2 each: a sample can land while the other worker holds a transient fd (an atomic write's
  temporary file or a directory fsync) or while its next context's renderer starts before the previous
  one has exited — the windowed medians absorb most of that; a leak of one per spec would add ~40;
* the CLI process's RSS grows by less than 20 MB from spec 10 to the end (measured: ~2.5 MB, i.e. ~60 KB
  per spec for the results the run keeps for run.json; a leak of 1 MB per spec would add ~38 MB);
* the whole tree (CLI + driver + both browsers) grows by less than 25 % (measured: +3-5 %, the driver's
  V8 heap settling; a leaked renderer per spec would double it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer

from .harness import assert_aftermath
from .load_probe import figures, load_project, record_step_cache, run_load, spec_name

SPECS = 50
WORKERS = 2


@pytest.mark.timeout(300)  # ~50 s on an idle 2-core machine; twice that when other suites share it
def test_fifty_replayed_specs_on_two_workers_leak_no_fds_processes_or_memory(
    campaign_server: DemoServer, tmp_path: Path
) -> None:
    project = load_project(tmp_path / "project", SPECS)
    recorded = record_step_cache(project, campaign_server.url, SPECS)
    # step 1's plain reading (a "playground" link) looks for an element on the blank start tab, where it
    # can only fail: the model does the spec from step 1
    assert recorded.spec(spec_name(0))["executor"] == "agent"

    run, probe = run_load(project, campaign_server.url, SPECS, WORKERS, tmp_path / "tmp")

    assert_aftermath(run, expected={spec_name(n): "passed" for n in range(SPECS)}, exit_code=0)
    specs = run.run_json["specs"]
    assert len(specs) == SPECS
    assert {s["executor"] for s in specs} == {"replay"}, "every spec must come from the step cache"
    assert run.run_dir is not None and not (run.run_dir / ".staging").exists()
    left = sorted(p.name for p in (tmp_path / "tmp").iterdir())
    assert not left, f"temporary files left behind (auth states, browser profiles …): {left}"

    assert len(probe.samples) == SPECS, f"sampled {len(probe.samples)} of {SPECS} spec ends"
    found = figures(probe.samples, WORKERS)
    report = f"{found}\n{probe.samples}"
    assert found.fds_last <= found.fds_first + 2, report
    assert found.children_last <= found.children_first + 2, report
    assert found.children_first >= 1 + WORKERS, report  # the driver and a browser per worker were seen
    assert found.cli_growth_mb < 20, report
    assert found.tree_growth < 0.25, report
