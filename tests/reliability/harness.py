"""The reliability campaign's harness: run the real CLI, inject a fault at a chosen moment, check the rest.

A campaign run is ``autoqa run`` in a subprocess (its own session); its environment carries a unique tag.
Playwright's driver, the Claude CLI and Chromium's browser process inherit it; Chromium's zygote children
(renderers, GPU, network service) drop the environment but stay in the browser's session (Playwright starts
the browser detached, in a session of its own). So the run's processes are: the tagged ones, plus every
process in a session a tagged process was seen in while the run was live. Faults fire on the run's own event
stream: a watcher thread tails ``events.jsonl`` (flushed per line) and runs a trigger's action the first
time its predicate matches an event, so "kill the browser while step 3 of checkout runs" is a line of test
code, not a sleep.

After the run, :func:`assert_aftermath` checks what every fault must leave behind: no traceback, a valid
``run.json`` and ``junit.xml`` naming every spec, no process left over, the secret nowhere on disk or in
the output.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autoqa.demo_app.accounts import Credentials
from autoqa.testing.secret_scan import files_containing

Event = dict[str, Any]

SECRET_PASSWORD = "s3cret-Campaign-pw-9173"
"""The demo password for campaign runs: long and unique so a scan for it cannot hit by accident."""


@dataclass
class Trigger:
    """Run ``action`` (once) the first time ``when`` matches an event of the run."""

    when: Callable[[Event], bool]
    action: Callable[[], None]
    fired_at: Event | None = None


def on_step(spec: str, step: int, phase: str = "started") -> Callable[[Event], bool]:
    """Predicate: ``step.<phase>`` of step ``step`` in the spec whose slug contains ``spec``."""

    def match(event: Event) -> bool:
        return (
            event.get("event") == f"step.{phase}"
            and spec in str(event.get("spec", ""))
            and event.get("step") == step
        )

    return match


def on_event(kind: str, **fields: Any) -> Callable[[Event], bool]:
    """Predicate: an event of this kind whose fields contain ``fields``."""

    def match(event: Event) -> bool:
        return event.get("event") == kind and all(event.get(k) == v for k, v in fields.items())

    return match


@dataclass
class CampaignRun:
    returncode: int
    stdout: str
    stderr: str
    project: Path
    run_dir: Path | None
    leftovers: list[str]
    triggers: list[Trigger]
    seconds: float
    events: list[Event] = field(default_factory=list)

    @property
    def run_json(self) -> dict[str, Any]:
        assert self.run_dir is not None, f"no run folder was written\n{self.stderr}"
        return json.loads((self.run_dir / "run.json").read_text())

    def outcomes(self) -> dict[str, str]:
        """Spec file name → outcome, from run.json."""
        return {Path(s["path"]).name: s["outcome"] for s in self.run_json["specs"]}

    def spec(self, name: str) -> dict[str, Any]:
        return next(s for s in self.run_json["specs"] if Path(s["path"]).name == name)


def write_project(root: Path, specs: Mapping[str, str], *, config: str = 'artifacts = "fail"\n') -> Path:
    """A project folder with ``specs/<name>`` for each entry and ``autoqa.toml`` holding ``config``."""
    (root / "specs").mkdir(parents=True, exist_ok=True)
    for name, text in specs.items():
        path = root / "specs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "autoqa.toml").write_text(config)
    return root


def campaign_environ(base_url: str, credentials: Credentials | None = None, **extra: str) -> dict[str, str]:
    """The process environment for a campaign run: no developer AUTOQA_/ANTHROPIC_ settings leak in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CLAUDE_"))}
    if browser_path := os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = browser_path
    env["AUTOQA_BASE_URL"] = base_url
    if credentials is not None:
        env["AUTOQA_USERNAME"] = credentials.username
        env["AUTOQA_PASSWORD"] = credentials.password
    env.update(extra)
    return env


def run_autoqa(
    args: list[str],
    *,
    project: Path,
    env: Mapping[str, str],
    triggers: list[Trigger] | None = None,
    timeout: float = 180,
) -> CampaignRun:
    """Run ``python -m autoqa <args>`` in ``project``; fire ``triggers`` on its events; collect the aftermath.

    A run that outlives ``timeout`` is killed (its whole session) and the test fails: a hang is a defect.
    """
    tag = uuid.uuid4().hex
    triggers = list(triggers or [])
    output = project / "artifacts"
    before = set(output.iterdir()) if output.is_dir() else set()
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "autoqa", *args],
        cwd=project,
        env={**env, "AUTOQA_CAMPAIGN_TAG": tag},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    global _live_run
    processes = _live_run = RunProcesses(tag, proc.pid)
    seen: list[Event] = []
    stop = threading.Event()
    watcher = threading.Thread(
        target=_watch_events,
        args=(output, before, triggers, seen, stop, processes),
        daemon=True,
        name="campaign-events",
    )
    watcher.start()
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        stop.set()
        processes.kill()
        raise AssertionError(f"autoqa {' '.join(args)} hung past {timeout}s\n{stderr[-3000:]}") from None
    finally:
        stop.set()
        watcher.join(5)
    seconds = time.monotonic() - started
    leftovers = processes.wait_for_exit(within_s=10)
    processes.kill()
    _live_run = None
    return CampaignRun(
        returncode=proc.returncode,
        stdout=stdout,
        stderr=stderr,
        project=project,
        run_dir=_newest_run_dir(output, before),
        leftovers=leftovers,
        triggers=triggers,
        seconds=seconds,
        events=seen,
    )


def _newest_run_dir(output: Path, before: set[Path]) -> Path | None:
    if not output.is_dir():
        return None
    new = [p for p in output.iterdir() if p not in before and p.is_dir() and not p.is_symlink()]
    return max(new, key=lambda p: p.stat().st_mtime) if new else None


def _watch_events(
    output: Path,
    before: set[Path],
    triggers: list[Trigger],
    seen: list[Event],
    stop: threading.Event,
    processes: RunProcesses,
) -> None:
    """Tail events.jsonl of the run folder that appears; fire each trigger once, in the watcher thread.
    Every quarter second it also looks at the run's processes, so their sessions are known after the run."""
    events_file: Path | None = None
    next_look = 0.0
    offset = 0
    pending = b""
    while not stop.is_set():
        if time.monotonic() >= next_look:
            processes.live()
            next_look = time.monotonic() + 0.25
        if events_file is None:
            run_dir = _newest_run_dir(output, before)
            if run_dir is not None and (run_dir / "events.jsonl").exists():
                events_file = run_dir / "events.jsonl"
        if events_file is not None:
            try:
                with events_file.open("rb") as handle:
                    handle.seek(offset)
                    chunk = handle.read()
            except OSError:
                chunk = b""
            offset += len(chunk)
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                seen.append(event)
                for trigger in triggers:
                    if trigger.fired_at is None and trigger.when(event):
                        trigger.fired_at = event
                        trigger.action()
        stop.wait(0.02)


# --- processes -----------------------------------------------------------------------------------------


def _process_table() -> dict[int, tuple[int, str, bytes]]:
    """pid → (session id, command line, environ) of every live, non-zombie process but this one."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if fields[0] == "Z":  # a zombie holds nothing; its parent (if any is left) is reported itself
                continue
            environ = (entry / "environ").read_bytes()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        table[int(entry.name)] = (int(fields[3]), cmdline.strip(), environ)
    return table


class RunProcesses:
    """The processes of one campaign run: tagged ones and everything in the sessions they were seen in."""

    def __init__(self, tag: str, root_pid: int) -> None:
        self.needle = f"AUTOQA_CAMPAIGN_TAG={tag}".encode()
        self.root_pid = root_pid
        """The ``autoqa`` process itself."""
        self.sessions: set[int] = set()
        self._lock = threading.Lock()

    def live(self) -> dict[int, str]:
        """pid → command line of the run's live processes; learns the sessions of tagged ones."""
        table = _process_table()
        with self._lock:
            self.sessions |= {sid for sid, _, environ in table.values() if self.needle in environ}
            return {
                pid: cmd
                for pid, (sid, cmd, environ) in table.items()
                if self.needle in environ or sid in self.sessions
            }

    def wait_for_exit(self, *, within_s: float) -> list[str]:
        """Processes of the run still alive ``within_s`` after it ended, as "pid cmdline" lines."""
        deadline = time.monotonic() + within_s
        while True:
            alive = self.live()
            if not alive or time.monotonic() > deadline:
                return [f"{pid} {cmd[:200]}" for pid, cmd in alive.items()]
            time.sleep(0.1)

    def kill(self, match: Callable[[str], bool] = lambda cmd: True, sig: int = signal.SIGKILL) -> list[str]:
        killed = []
        for pid, cmd in self.live().items():
            if match(cmd):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, sig)
                    killed.append(cmd)
        return killed


_live_run: RunProcesses | None = None
"""The campaign run in progress (tests run one at a time): trigger actions act on it and nothing else."""


def live_run_pid() -> int | None:
    """The pid of the ``autoqa`` process of the campaign run in progress (for trigger actions)."""
    return _live_run.root_pid if _live_run is not None else None


class kill_processes:
    """A trigger action: send ``sig`` to the live run's processes whose command line matches.
    ``killed`` lists what it reached, so a test can make sure the fault really happened."""

    def __init__(self, match: Callable[[str], bool], *, sig: int = signal.SIGKILL) -> None:
        self.match = match
        self.sig = sig
        self.killed: list[str] = []

    def __call__(self) -> None:
        assert _live_run is not None, "kill_processes fired outside a campaign run"
        self.killed += _live_run.kill(self.match, self.sig)


def is_browser_main(cmd: str) -> bool:
    """Chromium's browser process (not a renderer, GPU or utility helper)."""
    return (
        ("chrom" in cmd or "headless_shell" in cmd) and "--type=" not in cmd and "--remote-debugging" in cmd
    )


def is_renderer(cmd: str) -> bool:
    return "--type=renderer" in cmd


# --- the aftermath -------------------------------------------------------------------------------------


def assert_aftermath(
    run: CampaignRun,
    *,
    expected: Mapping[str, str] | None = None,
    exit_code: int | None = None,
    secret: str | None = SECRET_PASSWORD,
    reports: bool = True,
) -> None:
    """What every fault must leave: no traceback, valid run.json/junit.xml naming every spec, the expected
    outcomes and exit code, no process left behind, the secret nowhere."""
    context = (
        f"exit {run.returncode}\n--- stderr ---\n{run.stderr[-4000:]}\n--- stdout ---\n{run.stdout[-2000:]}"
    )
    assert "Traceback (most recent call last)" not in run.stderr + run.stdout, context
    if exit_code is not None:
        assert run.returncode == exit_code, context
    assert not run.leftovers, f"processes left behind: {run.leftovers}\n{context}"
    if reports:
        assert run.run_dir is not None, context
        data = run.run_json
        outcomes = {Path(s["path"]).name: s["outcome"] for s in data["specs"]}
        if expected is not None:
            assert outcomes == dict(expected), f"{outcomes} != {dict(expected)}\n{context}"
        junit = ET.parse(run.run_dir / "junit.xml").getroot()
        cases = junit.findall(".//testcase")
        assert len(cases) == len(data["specs"]), ET.tostring(junit)[:2000]
    if secret is not None:
        hits = files_containing(run.project, secret)
        assert not hits, f"the secret was written to {hits}"
        assert secret not in run.stdout + run.stderr, "the secret was printed"
