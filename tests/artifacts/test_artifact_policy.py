from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from autoqa.api import load_settings
from autoqa.artifacts import ArtifactPolicy, RunArtifacts, SpecArtifacts
from autoqa.errors import ConfigError
from autoqa.results import Outcome, SpecResult

from .conftest import policy_for

ResultFactory = Callable[..., SpecResult]
RunFactory = Callable[..., RunArtifacts]


def test_defaults_follow_the_original_fail_mode() -> None:
    policy = policy_for()
    assert policy == ArtifactPolicy("fail", "retain-on-failure", "off", "screenshot")


@pytest.mark.parametrize(
    ("artifacts", "trace"), [("all", "on"), ("fail", "retain-on-failure"), ("none", "off")]
)
def test_trace_default_follows_artifacts(artifacts: str, trace: str) -> None:
    assert policy_for(artifacts=artifacts).trace == trace


def test_explicit_trace_and_video_win_and_env_is_read(tmp_path: Path) -> None:
    env = {"AUTOQA_ARTIFACTS": "none", "AUTOQA_TRACE": "on", "AUTOQA_VIDEO": "retain-on-failure",
           "AUTOQA_TOOL_CONTEXT": "snapshot"}  # fmt: skip
    policy = ArtifactPolicy.from_settings(load_settings(tmp_path, environ=env))
    assert policy == ArtifactPolicy("none", "on", "retain-on-failure", "snapshot")


@pytest.mark.parametrize(
    ("env", "key"),
    [({"AUTOQA_ARTIFACTS": "failed"}, "artifacts"), ({"AUTOQA_TRACE": "yes"}, "trace"),
     ({"AUTOQA_VIDEO": "always"}, "video"), ({"AUTOQA_TOOL_CONTEXT": "image"}, "tool_context")],
)  # fmt: skip
def test_bad_values_name_the_key_and_choices(tmp_path: Path, env: dict[str, str], key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(tmp_path, environ=env)
    assert caught.value.key == key
    variable = next(iter(env))
    assert f"from env {variable}" in str(caught.value) and "allowed" in str(caught.value)


@pytest.mark.parametrize(
    ("artifacts", "tool_context", "ok", "shot", "snap"),
    [
        ("all", "screenshot", True, True, False), ("all", "screenshot", False, True, False),
        ("fail", "screenshot", True, False, False), ("fail", "screenshot", False, True, False),
        ("fail", "snapshot", False, False, True), ("all", "snapshot", True, False, True),
        ("none", "screenshot", False, False, False), ("all", "none", False, False, False),
    ],
)  # fmt: skip
def test_what_is_captured_around_tool_calls(
    artifacts: str, tool_context: str, ok: bool, shot: bool, snap: bool
) -> None:
    policy = policy_for(artifacts=artifacts, tool_context=tool_context)
    assert policy.capture_tool_screenshot(ok) is shot
    assert policy.capture_tool_snapshot(ok) is snap


def _stage_everything(spec: SpecArtifacts, jpeg: bytes) -> dict[str, str]:
    """What a runner produces during a spec: tool and final screenshots, a snapshot, a transcript,
    a trace and a video. Returns the staging paths the runner would put into the result."""
    tool_shot = spec.save_screenshot(jpeg, "step1-click")
    final = spec.save_screenshot(jpeg, "final")
    spec.save_snapshot("- heading 'Log in' [ref=e1]", "step1")
    spec.transcript.record("tool.result", tool="click", ok=True, image=tool_shot)
    with zipfile.ZipFile(spec.trace_path, "w") as archive:
        archive.writestr(
            "trace.trace", json.dumps({"type": "before", "method": "fill", "params": {"value": "x"}})
        )
    spec.video_dir.mkdir(parents=True, exist_ok=True)
    (spec.video_dir / "3f1c2a.webm").write_bytes(b"\x1a\x45\xdf\xa3webm")
    return {"tool": str(tool_shot), "final": str(final)}


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


_ALL_FILES = {
    "result.json",
    "transcript.jsonl",
    "screenshots/001-step1-click.jpg",
    "screenshots/002-final.jpg",
    "snapshots/003-step1.aria.yaml",
    "trace.zip",
    "video.webm",
}


@pytest.mark.parametrize(
    ("artifacts", "outcome", "expected"),
    [
        ("all", Outcome.PASSED, _ALL_FILES - {"video.webm"}),
        ("all", Outcome.FAILED, _ALL_FILES),
        ("all", Outcome.ERROR, _ALL_FILES),
        ("fail", Outcome.PASSED, {"result.json"}),
        ("fail", Outcome.FAILED, _ALL_FILES),
        ("fail", Outcome.ERROR, _ALL_FILES),
        ("none", Outcome.PASSED, None),
        # An explicit video (or trace) setting wins over artifacts=none: the user asked for it.
        ("none", Outcome.FAILED, {"video.webm"}),
    ],
)
def test_each_policy_keeps_exactly_what_it_should(
    make_run: RunFactory,
    make_result: ResultFactory,
    jpeg: bytes,
    artifacts: str,
    outcome: Outcome,
    expected: set[str] | None,
) -> None:
    run = make_run(policy_for(artifacts=artifacts, video="retain-on-failure"), run_id="matrix")
    spec = run.open_spec("shop-login", 1)
    staged = _stage_everything(spec, jpeg)
    result = make_result(outcome, artifacts={"screenshot": staged["final"]})

    kept = run.finish_spec(spec, result)

    assert not spec.dir.exists(), "staging is removed"
    spec_dirs = [p for p in run.path.iterdir() if p.is_dir() and not p.name.startswith(".")]
    if expected is None:
        assert spec_dirs == []
        assert kept.artifacts == {}
        assert kept.steps[1].tool_calls[0].screenshot_path is None
        return
    assert [p.name for p in spec_dirs] == ["shop-login"]
    assert _files(spec_dirs[0]) == expected
    # Every path in the returned result points at a file that exists, relative to the run folder.
    for kind, rel in kept.artifacts.items():
        assert (run.path / rel).exists(), kind
    keeps_files = "screenshots/002-final.jpg" in expected
    assert kept.artifacts.get("screenshot") == (
        "shop-login/screenshots/002-final.jpg" if keeps_files else None
    )
    assert ("trace" in kept.artifacts) is ("trace.zip" in expected)
    assert ("video" in kept.artifacts) is ("video.webm" in expected)
    if "result.json" in expected:
        on_disk = json.loads((run.path / kept.artifacts["result"]).read_text())
        assert on_disk["outcome"] == str(outcome)
        assert on_disk["artifacts"] == kept.artifacts


def test_trace_on_keeps_trace_of_passing_spec_without_other_files(
    make_run: RunFactory, make_result: ResultFactory, jpeg: bytes
) -> None:
    run = make_run(policy_for(trace="on"), run_id="trace-on")
    spec = run.open_spec("shop-login", 1)
    _stage_everything(spec, jpeg)
    kept = run.finish_spec(spec, make_result(Outcome.PASSED))
    assert _files(run.path / "shop-login") == {"result.json", "trace.zip"}
    assert kept.artifacts["trace"] == "shop-login/trace.zip"


def test_tool_call_screenshots_are_remapped_to_kept_files(
    make_run: RunFactory, make_result: ResultFactory, jpeg: bytes
) -> None:
    run = make_run(policy_for(), run_id="remap")
    spec = run.open_spec("shop-login", 1)
    staged = _stage_everything(spec, jpeg)
    result = make_result(Outcome.FAILED)
    steps = list(result.steps)
    call = replace(steps[1].tool_calls[0], screenshot_path=staged["tool"])
    steps[1] = replace(steps[1], tool_calls=(call,))
    kept = run.finish_spec(spec, replace(result, steps=tuple(steps)))
    path = kept.steps[1].tool_calls[0].screenshot_path
    assert path == "shop-login/screenshots/001-step1-click.jpg"
    assert (run.path / path).read_bytes() == jpeg
    # The transcript refers to the image relative to the spec folder, which stays valid after the move.
    line = json.loads((run.path / "shop-login/transcript.jsonl").read_text().splitlines()[0])
    assert line["image"] == "screenshots/001-step1-click.jpg"
    assert (run.path / "shop-login" / line["image"]).is_file()
