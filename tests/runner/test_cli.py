"""The CLI through a real subprocess: exit codes, messages, and what it writes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer

from .conftest import demo_environ, run_cli


def test_dry_run_prints_steps_and_starts_no_browser(demo_project: Path, demo_server: DemoServer) -> None:
    out = run_cli(["run", "specs", "--dry-run"], cwd=demo_project, env=demo_environ(demo_server))
    assert out.returncode == 0, out.stderr
    assert "03-checkout.md  [plain]" in out.stdout
    assert 'Verify "Total: $39.98" is visible' in out.stdout
    assert "{{PASSWORD}}" in out.stdout and demo_server.credentials.password not in out.stdout
    assert not (demo_project / "artifacts").exists()


def test_dry_run_with_agent_never_reports_refused_specs_with_the_run_exit_code(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    (tmp_path / "specs").mkdir()
    head = "# {}\n\n## Preconditions\n- x\n\n## Steps\n1. Go to /login.html\n"
    (tmp_path / "specs" / "plain.md").write_text(head.format("Plain") + '2. Verify "Log in" is visible\n')
    (tmp_path / "specs" / "prose.md").write_text(head.format("Prose") + "2. Admire the login form\n")
    env = demo_environ(demo_server)
    out = run_cli(["run", "specs", "--dry-run", "--agent", "never"], cwd=tmp_path, env=env)
    assert out.returncode == 4, out.stdout + out.stderr  # ExitCode.NEEDS_AGENT, as a real run gives
    assert "→ needs_agent: step 2 " in out.stdout and "--agent never forbids model calls" in out.stdout
    (tmp_path / "specs" / "prose.md").unlink()
    out = run_cli(["run", "specs", "--dry-run", "--agent", "never"], cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stdout + out.stderr


def test_spec_error_exits_2_naming_file_and_line(tmp_path: Path, demo_server: DemoServer) -> None:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "bad.md").write_text(
        "# Bad\n\n## Preconditions\n- x\n\n## Steps\n1. Go to {{NOPE}}\n"
    )
    out = run_cli(["run", "specs"], cwd=tmp_path, env=demo_environ(demo_server))
    assert out.returncode == 2
    assert "bad.md:7" in out.stderr and "NOPE" in out.stderr
    assert "Traceback" not in out.stderr


def test_bad_config_value_exits_2_naming_key_source_and_allowed(
    demo_project: Path, demo_server: DemoServer
) -> None:
    env = demo_environ(demo_server, AUTOQA_ARTIFACTS="sometimes")
    out = run_cli(["run", "specs"], cwd=demo_project, env=env)
    assert out.returncode == 2
    assert "artifacts" in out.stderr and "AUTOQA_ARTIFACTS" in out.stderr and "fail" in out.stderr


def test_failed_spec_exits_1_and_json_output_parses(
    demo_project: Path, buggy_demo_server: DemoServer
) -> None:
    out = run_cli(
        ["run", "specs/01-login.md", "specs/03-checkout.md", "--json"],
        cwd=demo_project,
        env=demo_environ(buggy_demo_server),
    )
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    outcomes = {Path(s["path"]).name: s["outcome"] for s in data["specs"]}
    assert outcomes == {"01-login.md": "passed", "03-checkout.md": "failed"}


def test_without_credentials_agent_specs_are_named_and_the_others_run(
    demo_project: Path, demo_server: DemoServer
) -> None:
    out = run_cli(
        ["run", "specs/01-login.md", "specs/06-sorting-agent.md"],
        cwd=demo_project,
        env=demo_environ(demo_server),
    )
    assert out.returncode == 0, out.stderr  # skipped and named, as `autoqa demo` does
    text = out.stdout + out.stderr
    assert "1 passed, 0 failed, 0 error, 1 skipped" in text
    assert "06-sorting-agent.md:" in text and "needs the agent" in text and "ANTHROPIC_API_KEY" in text


def test_agent_always_without_credentials_fails_fast_before_a_browser(
    demo_project: Path, demo_server: DemoServer
) -> None:
    started = time.monotonic()
    out = run_cli(
        ["run", "specs/06-sorting-agent.md", "--agent", "always"],
        cwd=demo_project,
        env=demo_environ(demo_server),
    )
    assert out.returncode == 3
    assert "ANTHROPIC_API_KEY" in out.stderr
    assert not (demo_project / "artifacts").exists()
    assert time.monotonic() - started < 30


def test_agent_never_refuses_agent_specs_with_a_clear_message(
    demo_project: Path, demo_server: DemoServer
) -> None:
    out = run_cli(
        ["run", "specs/06-sorting-agent.md", "--agent", "never"],
        cwd=demo_project,
        env=demo_environ(demo_server),
    )
    assert out.returncode == 4
    text = out.stdout + out.stderr
    assert "NEEDS_AGENT" in text.upper() and "--agent never" in text and "step 1" in text


def test_init_scaffolds_and_never_overwrites(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOQA_")}
    first = run_cli(["init"], cwd=tmp_path, env=env)
    assert first.returncode == 0, first.stderr
    for name in ("autoqa.toml", "specs/login-example.md", "steps/login.md", ".env.example"):
        assert (tmp_path / name).is_file()
    (tmp_path / "autoqa.toml").write_text("workers = 3\n")
    second = run_cli(["init"], cwd=tmp_path, env=env)
    assert second.returncode == 0
    assert (tmp_path / "autoqa.toml").read_text() == "workers = 3\n"
    assert "exists, kept" in second.stdout
    # The scaffolded spec is valid.
    check = run_cli(
        ["specs", "validate", "specs", "--url", "http://127.0.0.1:9"],
        cwd=tmp_path,
        env={**env, "AUTOQA_USERNAME": "u", "AUTOQA_PASSWORD": "p-123456"},
    )
    assert check.returncode == 0, check.stderr


def test_config_show_masks_secrets_and_names_sources(tmp_path: Path) -> None:
    (tmp_path / "autoqa.toml").write_text('workers = 2\n[vars]\nAPI_TOKEN = "tok-very-secret-1"\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOQA_")}
    env["AUTOQA_MAX_TURNS"] = "12"
    out = run_cli(["config", "show"], cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert "tok-very-secret-1" not in out.stdout
    assert "autoqa.toml" in out.stdout and "AUTOQA_MAX_TURNS" in out.stdout


def test_doctor_reports_the_browser_and_fails_without_one(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    ok = run_cli(["doctor"], cwd=tmp_path, env=env)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "browser launch" in ok.stdout and "model credentials" in ok.stdout
    env["AUTOQA_BROWSER_PATH"] = str(tmp_path / "no-such-chrome")
    bad = run_cli(["doctor"], cwd=tmp_path, env=env)
    assert bad.returncode == 3
    assert "no-such-chrome" in bad.stdout


def test_ctrl_c_stops_cleanly_and_writes_what_finished(demo_project: Path, demo_server: DemoServer) -> None:
    slow = demo_project / "specs" / "99-slow.md"
    slow.write_text(
        "# Slow\n\n## Preconditions\n- x\n\n## Steps\n1. Navigate to /playground.html\n2. Wait 20 seconds\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "autoqa", "run", "specs/01-login.md", "specs/99-slow.md"],
        cwd=demo_project,
        env=demo_environ(demo_server),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    latest = demo_project / "artifacts" / "latest" / "run.json"

    def login_finished() -> bool:
        try:
            specs = json.loads(latest.read_text())["specs"]
        except (OSError, ValueError, KeyError):
            return False
        return any(Path(s["path"]).name == "01-login.md" and s["outcome"] == "passed" for s in specs)

    while time.monotonic() < deadline and proc.poll() is None and not login_finished():
        time.sleep(0.2)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    data = json.loads(latest.read_text())
    outcomes = {Path(s["path"]).name: s["outcome"] for s in data["specs"]}
    assert outcomes.get("01-login.md") == "passed"
    assert "Traceback" not in stderr


def test_github_annotations_and_summary_keep_json_stdout_clean(
    demo_project: Path, buggy_demo_server: DemoServer, tmp_path: Path
) -> None:
    summary = tmp_path / "summary.md"
    env = demo_environ(buggy_demo_server, GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(summary))
    out = run_cli(["run", "specs/01-login.md", "specs/03-checkout.md", "--json"], cwd=demo_project, env=env)
    assert out.returncode == 1
    json.loads(out.stdout)  # nothing but the JSON document on stdout
    assert "::error file=" in out.stderr and "03-checkout.md" in out.stderr
    assert "03-checkout" in summary.read_text()


def test_debug_streams_tool_calls_without_secrets(demo_project: Path, demo_server: DemoServer) -> None:
    out = run_cli(
        ["run", "specs/01-login.md", "--debug"],
        cwd=demo_project,
        env=demo_environ(demo_server),
    )
    assert out.returncode == 0, out.stderr
    assert "[debug] tool.called" in out.stderr and '"fill"' in out.stderr
    assert demo_server.credentials.password not in out.stderr


def test_runs_list_and_clean(demo_project: Path, demo_server: DemoServer) -> None:
    env = demo_environ(demo_server)
    for _ in range(2):
        assert run_cli(["run", "specs/05-long-list.md"], cwd=demo_project, env=env).returncode == 0
    listed = run_cli(["runs", "list"], cwd=demo_project, env=env)
    lines = [ln for ln in listed.stdout.splitlines() if ln.strip()]
    assert listed.returncode == 0 and len(lines) == 2
    assert all("finished" in ln and "1 passed" in ln for ln in lines) and "RunSummary(" not in listed.stdout
    cleaned = run_cli(["runs", "clean", "--keep", "1"], cwd=demo_project, env=env)
    assert cleaned.returncode == 0 and "removed 1" in cleaned.stdout
    runs = [
        p for p in (demo_project / "artifacts").iterdir() if (p / "run.json").is_file() and not p.is_symlink()
    ]
    assert len(runs) == 1


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_start_up_ends_with_130_and_valid_reports(
    demo_project: Path, demo_server: DemoServer, sig: signal.Signals
) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "autoqa", "run", "specs/01-login.md", "specs/02-bad-password.md"],
        cwd=demo_project,
        env=demo_environ(demo_server),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    # The run folder's event log appears when the run opens, before Playwright has started.
    while time.monotonic() < deadline and proc.poll() is None:
        if any((demo_project / "artifacts").glob("*/events.jsonl")):
            break
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(sig)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    run_dir = next(p for p in (demo_project / "artifacts").iterdir() if p.is_dir() and not p.is_symlink())
    data = json.loads((run_dir / "run.json").read_text())
    assert data["status"] == "interrupted"
    assert len(data["specs"]) == 2
    assert (run_dir / "junit.xml").is_file()


def test_video_without_ffmpeg_says_how_to_get_it(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    env = demo_environ(demo_server, PLAYWRIGHT_BROWSERS_PATH=str(tmp_path / "empty-registry"))
    out = run_cli(["run", "specs/01-login.md", "--video", "on"], cwd=demo_project, env=env)
    assert out.returncode == 3, out.stderr
    assert "video recording needs ffmpeg" in out.stderr and "ffmpeg-linux" in out.stderr
    assert "playwright install ffmpeg" in out.stderr and "Traceback" not in out.stderr
    assert not (demo_project / "artifacts").exists()  # refused before any run folder or browser


def test_terminal_escapes_from_a_spec_never_reach_the_terminal(
    demo_project: Path, demo_server: DemoServer
) -> None:
    (demo_project / "specs" / "99-escape.md").write_text(
        "# Esc\x1b[31mape\n\n## Preconditions\n- x\n\n## Steps\n1. Navigate to /login.html\n"
        '2. Verify "\x1b]0;pwned\x07Log in" is visible\n'
    )
    out = run_cli(
        ["specs", "validate", "specs/99-escape.md"], cwd=demo_project, env=demo_environ(demo_server)
    )
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout + out.stderr and "\x07" not in out.stdout + out.stderr
    assert "\\x1b[31m" in out.stdout
    run = run_cli(["run", "specs/99-escape.md"], cwd=demo_project, env=demo_environ(demo_server))
    assert run.returncode == 1 and "\x1b" not in run.stdout + run.stderr, run.stderr


def test_artifacts_none_keeps_no_trace_for_a_failed_spec(
    demo_project: Path, buggy_demo_server: DemoServer
) -> None:
    env = demo_environ(buggy_demo_server)
    out = run_cli(
        ["run", "specs/01-login.md", "specs/03-checkout.md", "--artifacts", "none"], cwd=demo_project, env=env
    )
    assert out.returncode == 1, out.stderr
    assert not list((demo_project / "artifacts").glob("*/**/trace.zip"))  # the policy table: none → off
    out = run_cli(["run", "specs/01-login.md", "specs/03-checkout.md"], cwd=demo_project, env=env)
    assert out.returncode == 1 and list((demo_project / "artifacts").glob("*/**/trace.zip"))  # fail → kept


def test_runs_and_export_use_the_configured_output_dir(demo_project: Path, demo_server: DemoServer) -> None:
    env = demo_environ(demo_server)
    (demo_project / "autoqa.toml").write_text('artifacts = "fail"\noutput_dir = "out"\n')
    assert run_cli(["run", "specs/05-long-list.md"], cwd=demo_project, env=env).returncode == 0
    assert (demo_project / "out" / "latest" / "run.json").is_file()
    listed = run_cli(["runs", "list"], cwd=demo_project, env=env)
    assert listed.returncode == 0 and "1 passed" in listed.stdout, listed.stderr
    exported = run_cli(["export", "latest", "--to", "exported"], cwd=demo_project, env=env)
    assert exported.returncode == 0, exported.stderr
    assert list((demo_project / "exported").glob("test_*.py"))
    cleaned = run_cli(["runs", "clean", "--keep", "0"], cwd=demo_project, env=env)
    assert "removed 1" in cleaned.stdout


def test_validate_lists_every_step_that_is_not_plain_with_where_and_a_plain_form(tmp_path: Path) -> None:
    (tmp_path / "specs" / "steps").mkdir(parents=True)
    (tmp_path / "specs" / "steps" / "open.md").write_text(
        "# Open\n## Steps\n1. Open /tasks.html\n2. Click on the Log in\n"
    )
    (tmp_path / "specs" / "mixed.md").write_text(
        "# Mixed\n## Preconditions\n- none\n## Steps\n1. include: open\n"
        '2. Verify "Tasks" is visble\n3. Verify "Backpack" is missing now\n'
        "4. Sort the list by the cheapest price\n"
    )
    (tmp_path / "specs" / "plain.md").write_text(
        '# Plain\n## Preconditions\n- none\n## Steps\n1. Open /tasks.html\n2. Verify "Tasks" is visible\n'
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    url = ("--url", "http://127.0.0.1:9")
    out = run_cli(["specs", "validate", "specs", *url], cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    # every one, not just the first; at the file and line it was written (an included step: its library)
    assert 'not plain grammar (specs/steps/open.md:4); did you mean: Click "Log in"' in text
    assert 'not plain grammar (specs/mixed.md:6); did you mean: Verify "Tasks" is visible' in text
    # the polarity of a check is kept
    assert 'not plain grammar (specs/mixed.md:7); did you mean: Verify "Backpack" is not visible' in text
    # no suggestion that would change the meaning
    assert "not plain grammar (specs/mixed.md:8)\n" in text
    assert "4 step(s) in 1 spec(s) are not plain grammar" in text

    strict = run_cli(["specs", "validate", "specs", *url, "--plain-only"], cwd=tmp_path, env=env)
    assert strict.returncode == 4
    only_plain = run_cli(["specs", "validate", "specs/plain.md", *url, "--plain-only"], cwd=tmp_path, env=env)
    assert only_plain.returncode == 0 and "every step is plain grammar" in only_plain.stdout


def test_specs_grammar_prints_every_form(tmp_path: Path) -> None:
    out = run_cli(["specs", "grammar"], cwd=tmp_path, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    forms = ('Search for "x"', "Verify the dialog is open|closed", "Clear the edit field", "Click Log in")
    for form in forms:
        assert form in out.stdout, form
