from __future__ import annotations

import base64
import io
import json
import shutil
import threading
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from autoqa.artifacts import Redactor, RunArtifacts
from autoqa.artifacts.latest import read_latest
from autoqa.errors import ConfigError
from autoqa.results import Outcome, ProblemKind, RunResult, SpecResult, StepResult, StepStatus, ToolCall
from autoqa.runner.reporting import finish_and_report

from .conftest import PASSWORD, TOKEN, policy_for

ResultFactory = Callable[..., SpecResult]
RunFactory = Callable[..., RunArtifacts]


def _run_json(run: RunArtifacts) -> dict:
    return json.loads((run.path / "run.json").read_text())


def test_create_writes_a_valid_run_json_and_points_latest(make_run: RunFactory, tmp_path: Path) -> None:
    config = {
        "base_url": "https://bob:hunter2@shop.test/?token=abc",
        "password": PASSWORD,
        "headers": {"Authorization": "Bearer zzz"},
        "model": "claude-sonnet",
        "output": "/home/alice/proj/artifacts",
    }
    run = make_run(run_id="r1", config_snapshot=config, versions={"browser": "Chromium 156"})
    data = _run_json(run)
    assert data["status"] == "running" and data["specs"] == [] and data["run_id"] == "r1"
    assert data["config"] == {
        "base_url": "https://***@shop.test/?token=***",
        "password": "***",
        "headers": {"Authorization": "***"},
        "model": "claude-sonnet",
        "output": "~/proj/artifacts",
    }
    assert data["versions"]["browser"] == "Chromium 156"
    assert data["versions"]["playwright"] == "1.65.2"
    assert data["policy"] == {"artifacts": "fail", "trace": "retain-on-failure", "video": "off",
                              "tool_context": "screenshot"}  # fmt: skip
    root = tmp_path / "artifacts"
    assert (root / "latest").resolve() == run.path.resolve()
    assert (root / "LATEST").read_text().strip() == "r1"
    assert read_latest(root) == "r1"


@pytest.mark.parametrize("bad", ["../escape", "a/b", ".hidden", "latest", "x" * 101, "spaced id"])
def test_bad_run_ids_are_rejected(make_run: RunFactory, bad: str) -> None:
    with pytest.raises(ConfigError, match="run id"):
        make_run(run_id=bad)


def test_an_existing_run_folder_is_never_reused(make_run: RunFactory) -> None:
    make_run(run_id="same")
    with pytest.raises(ConfigError, match="already exists"):
        make_run(run_id="same")


def test_generated_run_ids_are_unique_and_sortable(make_run: RunFactory) -> None:
    ids = [make_run().run_id for _ in range(5)]
    assert len(set(ids)) == 5
    assert all(len(i.split("-")) == 3 and i[:8].isdigit() for i in ids)


def test_events_are_redacted_flushed_and_safe_across_threads(make_run: RunFactory) -> None:
    run = make_run(run_id="events")

    def worker(n: int) -> None:
        for i in range(100):
            run.events.emit("tool.called", spec=f"s{n}", step=i, tool="fill", args={"value": PASSWORD})

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # Readable before the sink is closed: every line is flushed as it is written.
    lines = (run.path / "events.jsonl").read_text().splitlines()
    assert len(lines) == 800
    events = [json.loads(line) for line in lines]
    assert {e["args"]["value"] for e in events} == {"<secret:PASSWORD>"}
    assert all(e["run_id"] == "events" and e["event"] == "tool.called" for e in events)
    assert PASSWORD not in "\n".join(lines)


def test_run_json_grows_with_each_finished_spec(make_run: RunFactory, make_result: ResultFactory) -> None:
    run = make_run(run_id="grow")
    for index, outcome in enumerate((Outcome.PASSED, Outcome.FAILED, Outcome.ERROR), start=1):
        spec = run.open_spec(f"spec-{index}", index)
        run.finish_spec(spec, make_result(outcome, index=index, slug=f"spec-{index}"))
        data = _run_json(run)
        assert [s["index"] for s in data["specs"]] == list(range(1, index + 1))
        assert data["summary"]["total"] == index
    assert _run_json(run)["summary"] == {
        "total": 3,
        "passed": 1,
        "failed": 1,
        "error": 1,
        "skipped": 0,
        "needs_agent": 0,
        "flaky": 0,
    }


def test_results_are_redacted_everywhere_they_are_written(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path, jpeg: bytes
) -> None:
    run = make_run(policy_for(artifacts="all"), run_id="leak")
    spec = run.open_spec("login", 1)
    spec.save_snapshot(f"- textbox 'Token': {TOKEN}", f"after-{PASSWORD}")
    spec.transcript.record("model.turn", role="assistant", text=f"I will type {PASSWORD}")
    spec.transcript.record("tool.call", tool="fill", args={"value": PASSWORD, "api_key": "k-1"})
    call = ToolCall("fill", {"value": PASSWORD}, False, step=1, error_code="TIMEOUT",
                    error_message=f"could not type {PASSWORD}", data={"token": TOKEN})  # fmt: skip
    result = make_result(
        Outcome.FAILED,
        slug="login",
        path=tmp_path / "specs" / "login.md",
        reason=f"login with {PASSWORD} failed; see https://u:{TOKEN}@x.test",
        steps=(StepResult(1, f"Fill password with {PASSWORD}", StepStatus.FAILED, tool_calls=(call,)),),
        failed_step=1,
    )
    kept = run.finish_spec(spec, result)
    run.events.emit("spec.finished", reason=result.reason)
    finish_and_report(run, RunResult("leak", (kept,), duration_ms=500.0), env={})

    assert kept.reason == "login with <secret:PASSWORD> failed; see https://***@x.test"
    assert kept.path == result.path, "the returned result keeps a usable path"
    written = [p for p in run.path.rglob("*") if p.is_file()]
    expected = {"run.json", "events.jsonl", "junit.xml", "report.html", "result.json", "transcript.jsonl"}
    assert {p.name for p in written} >= expected
    for path in written:
        content = path.read_bytes()
        assert PASSWORD.encode() not in content, path
        assert TOKEN.encode() not in content, path
    on_disk = json.loads((run.path / "login/result.json").read_text())
    assert on_disk["path"] == "specs/login.md", "spec paths are written relative to the project"
    assert on_disk["steps"][0]["tool_calls"][0]["data"] == {"token": "***"}
    assert [p.name for p in (run.path / "login/snapshots").iterdir()] == [
        "001-after-secret-PASSWORD.aria.yaml"
    ]


def test_slug_collisions_and_reserved_names_get_distinct_folders(
    make_run: RunFactory, make_result: ResultFactory
) -> None:
    run = make_run(run_id="collide")
    names = []
    for index, slug in enumerate(("shop", "shop", "report.html", "../etc", ""), start=1):
        spec = run.open_spec(slug, index)
        names.append(run.finish_spec(spec, make_result(index=index, slug=slug)).artifacts["dir"])
    assert names == ["shop", "shop-2", "report.html-spec", "etc", "spec-5"]
    assert all((run.path / n / "result.json").is_file() for n in names)


def test_parallel_workers_never_share_a_folder(
    make_run: RunFactory, make_result: ResultFactory, jpeg: bytes
) -> None:
    run = make_run(policy_for(artifacts="all"), run_id="parallel")
    kept: list[SpecResult] = []
    lock = threading.Lock()

    def worker(index: int) -> None:
        spec = run.open_spec("same-spec", index)
        for _ in range(3):
            spec.save_screenshot(jpeg, "shot")
        result = run.finish_spec(spec, make_result(Outcome.FAILED, index=index, slug="same-spec"))
        with lock:
            kept.append(result)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    folders = {r.artifacts["dir"] for r in kept}
    assert len(folders) == 8
    for folder in folders:
        shots = sorted(p.name for p in (run.path / folder / "screenshots").iterdir())
        assert shots == ["001-shot.jpg", "002-shot.jpg", "003-shot.jpg"]
    assert len(_run_json(run)["specs"]) == 8
    assert not list((run.path / ".staging").iterdir())


def test_a_spec_that_never_ran_is_recorded_without_staging(
    make_run: RunFactory, make_result: ResultFactory
) -> None:
    run = make_run(run_id="skip")
    kept = run.finish_spec(None, make_result(Outcome.SKIPPED, reason="no credentials for an agent spec"))
    assert kept.artifacts == {"dir": "shop-login", "result": "shop-login/result.json"}
    assert _run_json(run)["specs"][0]["outcome"] == "skipped"

    quiet = make_run(policy_for(artifacts="none"), run_id="skip-none")
    assert quiet.finish_spec(None, make_result(Outcome.SKIPPED)).artifacts == {}
    assert sorted(p.name for p in quiet.path.iterdir()) == [".autoqa-run", "events.jsonl", "run.json"]


def test_transcript_saves_inline_images_as_files(
    make_run: RunFactory, make_result: ResultFactory, jpeg: bytes
) -> None:
    run = make_run(policy_for(artifacts="all"), run_id="transcript")
    spec = run.open_spec("agent", 1)
    encoded = base64.b64encode(jpeg).decode()
    spec.transcript.record(
        "tool.result",
        tool="click",
        content=[
            {"type": "text", "text": "clicked"},
            {"type": "image", "data": encoded, "mimeType": "image/jpeg"},
        ],
    )
    spec.transcript.record(
        "model.turn", role="user", content=[{"type": "image", "source": {"data": encoded}}]
    )
    spec.transcript.record("tool.result", tool="screenshot", image=jpeg)
    kept = run.finish_spec(spec, make_result(Outcome.PASSED, slug="agent"))
    lines = [json.loads(x) for x in (run.path / kept.artifacts["transcript"]).read_text().splitlines()]
    assert [line["seq"] for line in lines] == [1, 2, 3]
    first = lines[0]["content"][1]
    assert first == {
        "type": "image",
        "mimeType": "image/jpeg",
        "file": "screenshots/001-tool.result-content.jpg",
    }
    assert lines[1]["content"][0]["file"] == "screenshots/002-model.turn-content.jpg"
    assert lines[2]["image"] == "screenshots/003-tool.result-image.jpg"
    raw = (run.path / kept.artifacts["transcript"]).read_text()
    assert encoded[:40] not in raw, "no base64 image data in the transcript"
    for line, ref in ((lines[0], first["file"]), (lines[2], lines[2]["image"])):
        assert (run.path / "agent" / ref).read_bytes() == jpeg, line


def test_an_unreadable_trace_is_dropped_not_kept(make_run: RunFactory, make_result: ResultFactory) -> None:
    run = make_run(run_id="badtrace")
    spec = run.open_spec("t", 1)
    spec.trace_path.write_bytes(b"not a zip " + PASSWORD.encode())
    kept = run.finish_spec(spec, make_result(Outcome.FAILED, slug="t"))
    assert "trace" not in kept.artifacts
    assert "could not scrub" in (kept.problem(ProblemKind.TRACE) or "")
    assert "trace" not in kept.artifacts
    assert not (run.path / "t" / "trace.zip").exists()


def test_finish_run_writes_reports_and_github_output(
    make_run: RunFactory, make_result: ResultFactory, tmp_path: Path
) -> None:
    run = make_run(run_id="final")
    results = []
    for index, outcome in enumerate((Outcome.PASSED, Outcome.FAILED, Outcome.SKIPPED), start=1):
        spec = run.open_spec(f"s{index}", index)
        results.append(run.finish_spec(spec, make_result(outcome, index=index, slug=f"s{index}")))
    orphan = run.open_spec("never-finished", 9)  # e.g. cancelled: its staging must not survive
    (orphan.dir / "junk.txt").write_text("x")
    summary_file = tmp_path / "summary.md"
    out = io.StringIO()
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary_file)}

    written = finish_and_report(
        run, RunResult("final", tuple(results), duration_ms=1234.0), env=env, annotations=out
    )

    assert set(written) == {"run_json", "events", "junit", "html", "step_summary", "latest"}
    assert all(p.exists() for p in written.values())
    data = _run_json(run)
    assert data["status"] == "finished" and data["duration_ms"] == 1234.0 and data["finished_at"]
    assert data["summary"] == {
        "total": 3,
        "passed": 1,
        "failed": 1,
        "error": 0,
        "skipped": 1,
        "needs_agent": 0,
        "flaky": 0,
    }
    assert out.getvalue().startswith("::error file=specs/shop/login.md,")
    assert out.getvalue().count("::error") == 1
    assert "1 failed" in summary_file.read_text()
    assert not (run.path / ".staging").exists()
    assert run.load().specs[1].outcome is Outcome.FAILED


def test_an_interrupted_run_says_so(make_run: RunFactory, make_result: ResultFactory) -> None:
    run = make_run(run_id="stop")
    spec = run.open_spec("a", 1)
    first = run.finish_spec(spec, make_result(slug="a"))
    finish_and_report(run, RunResult("stop", (first,), interrupted=True), env={})
    assert _run_json(run)["status"] == "interrupted"
    assert "interrupted" in (run.path / "report.html").read_text()


def test_guardrail_trips_and_usage_are_totalled(make_run: RunFactory, make_result: ResultFactory) -> None:
    from autoqa.results import GuardrailTrip, Usage

    run = make_run(run_id="usage")
    for index in (1, 2):
        usage = Usage(input_tokens=1000 * index, output_tokens=10, cost_usd=0.5)
        guardrail = GuardrailTrip("max_tool_calls", 40, 41) if index == 2 else None
        result = make_result(Outcome.ERROR, index=index, slug=f"g{index}", usage=usage, guardrail=guardrail)
        run.finish_spec(run.open_spec(f"g{index}", index), result)
    data = _run_json(run)
    assert data["usage"]["input_tokens"] == 3000 and data["usage"]["cost_usd"] == 1.0
    assert data["guardrail_trips"] == [
        {"spec": "g2", "path": "specs/shop/login.md", "name": "max_tool_calls", "limit": 40, "actual": 41}
    ]


def test_redact_result_is_idempotent(
    redactor: Redactor, make_run: RunFactory, make_result: ResultFactory
) -> None:
    run = make_run(run_id="idem")
    result = make_result(Outcome.FAILED, reason=f"{PASSWORD} Authorization: Bearer abc")
    once = run.redact_result(result)
    assert once.reason == "<secret:PASSWORD> Authorization: Bearer ***"
    assert run.redact_result(once) == once
    assert replace(once, reason=result.reason) != once


def test_zip_written_by_scrubber_keeps_member_names(make_run: RunFactory, make_result: ResultFactory) -> None:
    run = make_run(run_id="names")
    spec = run.open_spec("z", 1)
    with zipfile.ZipFile(spec.trace_path, "w") as archive:
        archive.writestr("trace.trace", json.dumps({"params": {"value": PASSWORD}}) + "\n")
        archive.writestr("resources/abc123.json", json.dumps({"password": PASSWORD}))
        archive.writestr("resources/frame.jpeg", b"\xff\xd8\xff\xe0" + PASSWORD.encode())
    kept = run.finish_spec(spec, make_result(Outcome.FAILED, slug="z"))
    with zipfile.ZipFile(run.path / kept.artifacts["trace"]) as archive:
        assert archive.namelist() == ["trace.trace", "resources/abc123.json", "resources/frame.jpeg"]
        assert json.loads(archive.read("trace.trace"))["params"]["value"] == "<secret:PASSWORD>"
        # Images only get the byte-level pass (a secret in metadata), never text rules.
        assert archive.read("resources/frame.jpeg") == b"\xff\xd8\xff\xe0<secret:PASSWORD>"


def test_a_file_system_error_is_recorded_not_raised(make_run: RunFactory, make_result: ResultFactory) -> None:
    run = make_run(policy_for(artifacts="all"), run_id="gone")
    spec = run.open_spec("lost", 1)
    shutil.rmtree(run.path)  # someone cleans the output folder while the run is going
    kept = run.finish_spec(spec, make_result(Outcome.FAILED, slug="lost"))
    assert kept.outcome is Outcome.FAILED
    problem = kept.problem(ProblemKind.FILES) or ""
    assert problem.startswith("could not write artifacts to ")
    assert problem.endswith(": No such file or directory")
    data = json.loads((run.path / "run.json").read_text())
    assert data["specs"][0]["artifacts"]["error"] == problem  # run.json keeps its documented shape
    events = [json.loads(x) for x in (run.path / "events.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events] == ["artifacts.error"]


def test_a_run_folder_replaced_by_a_file_loses_files_and_reports_not_results(
    make_run: RunFactory, make_result: ResultFactory
) -> None:
    run = make_run(run_id="swapped")
    warnings: list[str] = []
    run.on_problem = warnings.append
    run.path.rename(run.path.with_name("swapped.moved"))
    run.path.write_text("in the way")
    assert run.open_spec("later", 2) is None  # the spec still runs, without a staging folder
    kept = run.finish_spec(None, make_result(Outcome.FAILED, slug="later", index=2))
    assert kept.outcome is Outcome.FAILED
    written = finish_and_report(
        run, RunResult("swapped", (kept,), duration_ms=10.0), env={}
    )  # does not raise
    assert "run_json" not in written and "junit" not in written
    assert run.missing_reports == ("run.json", "junit.xml")
    assert [w.rsplit("(", 1)[1] for w in warnings] == ["spec files)", "run.json)", "reports)"]
    assert all(f"could not write artifacts to {run.path}" in w and "Not a directory" in w for w in warnings)
    assert run.path.read_text() == "in the way"
