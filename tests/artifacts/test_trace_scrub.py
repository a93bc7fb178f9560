"""A real Playwright trace recorded while typing a password: the kept trace.zip must not contain it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from urllib.parse import quote_plus

from playwright.async_api import BrowserContext, Page

from autoqa.artifacts import ArtifactPolicy, Redactor, RunArtifacts
from autoqa.artifacts.trace_scrub import scrub_trace
from autoqa.config.settings import Settings
from autoqa.results import Outcome, SpecResult
from autoqa.secrets import SecretSet

PASSWORD = "demo-pass-123"  # the demo app's real password, so the login really happens


def _members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        return {name: archive.read(name) for name in archive.namelist()}


async def _record_login(context: BrowserContext, page: Page, trace_path: Path) -> None:
    await context.tracing.start(screenshots=True, snapshots=True, sources=True, title="login")
    await page.goto("/login.html")
    await page.get_by_label("Username").fill("demo")
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Log in").click()
    await page.wait_for_url("**/products.html")
    await page.get_by_role("heading", name="Products").wait_for()
    await context.tracing.stop(path=str(trace_path))


async def test_kept_trace_has_no_secret_in_any_member(
    context: BrowserContext, page: Page, tmp_path: Path
) -> None:
    redactor = Redactor(SecretSet({"PASSWORD": PASSWORD}))
    run = RunArtifacts.create(
        tmp_path / "artifacts", ArtifactPolicy.from_settings(Settings()), redactor, run_id="trace"
    )
    spec = run.open_spec("login", 1)
    await _record_login(context, page, spec.trace_path)

    raw = _members(spec.trace_path)
    leaking = sorted(name for name, data in raw.items() if PASSWORD.encode() in data)
    # Playwright really records the typed value (the fill action), the login request body and this
    # test's own source; that is what the scrubber is for.
    assert "trace.trace" in leaking
    assert any(name.startswith("resources/") for name in leaking)

    result = run.finish_spec(
        spec, SpecResult(Path("specs/login.md"), "Log in", Outcome.FAILED, "plain", slug="login", index=1)
    )

    kept = run.path / result.artifacts["trace"]
    assert kept == run.path / "login" / "trace.zip"
    members = _members(kept)
    assert sorted(members) == sorted(raw), "same members, same names"
    for name, data in members.items():
        for spelling in (PASSWORD, quote_plus(PASSWORD), json.dumps(PASSWORD)[1:-1]):
            assert spelling.encode() not in data, f"{spelling!r} still in {name}"
    # Still a usable trace: every JSON Lines member parses, and the fill action is there, redacted.
    actions = []
    for name in ("trace.trace", "trace.network"):
        for line in members[name].decode().splitlines():
            if line.strip():
                actions.append(json.loads(line))
    fills = [a for a in actions if a.get("method") == "fill"]
    assert [f["params"].get("value") for f in fills] == ["demo", "<secret:PASSWORD>"]
    frames = [name for name in members if name.endswith(".jpeg")]
    assert frames and all(members[name] == raw[name] for name in frames), "screencast frames untouched"
    assert not spec.dir.exists(), "the unscrubbed original is gone with the staging folder"


async def test_scrubbing_a_real_trace_is_deterministic_and_idempotent(
    context: BrowserContext, page: Page, tmp_path: Path
) -> None:
    redactor = Redactor(SecretSet({"PASSWORD": PASSWORD}))
    original = tmp_path / "raw.zip"
    await _record_login(context, page, original)
    once, twice = tmp_path / "once.zip", tmp_path / "twice.zip"
    report = scrub_trace(original, once, redactor)
    assert report.members == len(_members(original))
    assert report.rewritten >= 1 and report.images >= 1
    second = scrub_trace(once, twice, redactor)
    assert second.rewritten == 0
    assert _members(once) == _members(twice)
