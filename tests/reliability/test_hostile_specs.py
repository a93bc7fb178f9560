"""Hostile spec files through the CLI: empty, binary, 10 MB, deeply nested, cyclic includes, unknown
variables, broken or explosive front matter — each next to a good spec.

What must hold: ``autoqa specs validate`` and ``autoqa run`` exit 2 quickly with bounded memory, every
bad file is named with its line and what is wrong, no traceback. As documented (exit 2 = "nothing ran"),
every spec must load before a run starts: one bad spec stops the whole run, so the good spec does not run
either — and the output says so — while ``validate`` of the good spec alone passes.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from autoqa.testing.processes import high_water_kb

from .harness import assert_aftermath, campaign_environ, run_autoqa

GOOD = """# Good

## Preconditions
- The app runs

## Steps
1. Navigate to /
2. Verify "Welcome" is visible
"""
BODY = "# Title\n\n## Preconditions\n- a\n\n## Steps\n1. Navigate to /\n"
TEN_MB = 10_000_000


def _front(yaml_text: str) -> str:
    return f"---\n{yaml_text}\n---\n{BODY}"


def _yaml_bomb() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 9):  # 9**9 = 387 million strings if anything expanded the aliases
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join([*lines, "tags: *a8"])


def _huge_steps() -> str:
    steps = "".join(f'{n}. Click "button number {n} of the very long list"\n' for n in range(1, 200_001))
    return "# Huge\n\n## Preconditions\n- a\n\n## Steps\n" + steps


def _deep_list(levels: int, indent: str) -> str:
    notes = "".join(indent * level + f"- note {level}\n" for level in range(1, levels + 1))
    return f"# Deep\n\n## Preconditions\n- a\n\n## Steps\n1. Navigate to /\n{notes}"


@dataclass(frozen=True)
class Bad:
    content: str | bytes
    line: int | None
    """The line the message must name (None: the problem is the whole file)."""
    says: str


BAD_SPECS: dict[str, Bad] = {
    "empty.md": Bad("", 1, "missing '## Preconditions' section"),
    "binary.md": Bad(bytes([0xFF, 0xFE, 0x00]) + random.Random(7).randbytes(4_000), None, "not UTF-8 text"),
    "nul-bytes.md": Bad("# T\n\n## Preconditions\n- a\x00b\n", 4, "contains a NUL character"),
    "ten-mb-of-steps.md": Bad(_huge_steps(), None, "may be at most 1 MB"),
    "ten-mb-line.md": Bad(BODY + '2. Click "' + "x" * TEN_MB + '"\n', None, "may be at most 1 MB"),
    "five-thousand-levels.md": Bad(_deep_list(5_000, "  "), None, "may be at most 1 MB"),
    "include-cycle.md": Bad(BODY + "2. include: ping\n", 1, "include cycle: specs/include-cycle.md → "),
    "include-missing.md": Bad(
        BODY + "2. include: no-such-library\n", 8, "step library 'no-such-library' not"
    ),
    "unknown-variable.md": Bad(BODY + '2. Fill "Name" with {{NOPE}}\n', 8, "unknown variable {{NOPE}}"),
    "bad-yaml.md": Bad(_front("title: [unclosed"), 2, "invalid YAML in front matter"),
    "wrong-type.md": Bad(_front("title: ok\ntags: 5"), 3, "front matter 'tags': Input should be a list"),
    "negative-timeout.md": Bad(_front("timeout: -3"), 2, "front matter 'timeout': Input should be greater"),
    "unknown-key.md": Bad(
        _front("timout: 30"), 2, "unknown front matter key 'timout' (did you mean 'timeout'?)"
    ),
    "list-front-matter.md": Bad(_front("- smoke\n- login"), 2, "front matter must be a mapping"),
    "yaml-bomb.md": Bad(_front(_yaml_bomb()), 11, "front matter 'tags'"),
    "yaml-deep.md": Bad(
        _front("title: " + "[" * 5_000 + "]" * 5_000), 2, "front matter is nested too deeply"
    ),
}
STEP_LIBRARIES = {"ping.md": "1. include: pong\n", "pong.md": "1. include: ping\n"}


@dataclass
class Finished:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_rss_mb: float


def run_measured(args: list[str], project: Path, timeout: float = 60) -> Finished:
    """``python -m autoqa <args>`` with a hard timeout (a hang fails the test) and its own peak memory.

    The peak is the child's ``VmHWM``, polled: ``ru_maxrss`` would not do, as Linux carries the forking
    parent's high-water mark across exec, so inside a long pytest session it reports pytest's size."""
    out, err = project / ".out", project / ".err"
    started = time.monotonic()
    with out.open("w") as stdout, err.open("w") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "autoqa", *args],
            cwd=project,
            env=campaign_environ("http://127.0.0.1:9"),
            stdout=stdout,
            stderr=stderr,
        )
        peak_kb = 0
        while True:
            peak_kb = max(peak_kb, high_water_kb(proc.pid))
            pid, status = os.waitpid(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > timeout:
                proc.kill()
                proc.wait()
                raise AssertionError(f"autoqa {' '.join(args)} hung for {timeout}s")
            time.sleep(0.02)
    return Finished(
        os.waitstatus_to_exitcode(status),
        out.read_text(),
        err.read_text(),
        time.monotonic() - started,
        peak_kb / 1024,
    )


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile-specs")
    (root / "specs").mkdir()
    (root / "steps").mkdir()
    (root / "autoqa.toml").write_text('artifacts = "fail"\n')
    (root / "specs" / "good.md").write_text(GOOD)
    for name, bad in BAD_SPECS.items():
        target = root / "specs" / name
        target.write_bytes(bad.content if isinstance(bad.content, bytes) else bad.content.encode())
    for name, text in STEP_LIBRARIES.items():
        (root / "steps" / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def validated(project: Path) -> Finished:
    return run_measured(["specs", "validate", "specs"], project)


def test_validate_refuses_the_lot_quickly_with_bounded_memory_and_no_traceback(validated: Finished) -> None:
    assert validated.returncode == 2, validated.stderr[-3000:]
    assert "Traceback" not in validated.stderr + validated.stdout
    assert f"{len(BAD_SPECS)} specs have problems" in validated.stderr
    assert "good.md" not in validated.stderr
    assert validated.seconds < 20, validated.seconds
    assert validated.peak_rss_mb < 250, f"peak memory {validated.peak_rss_mb:.0f} MB"


@pytest.mark.parametrize("name", list(BAD_SPECS))
def test_each_bad_spec_is_named_with_its_line_and_what_is_wrong(
    validated: Finished, project: Path, name: str
) -> None:
    bad = BAD_SPECS[name]
    lines = [line.strip() for line in validated.stderr.splitlines() if f"/{name}" in line or "steps/" in line]
    if name == "include-cycle.md":  # reported where the cycle closes, naming the whole chain
        where = f"{project}/steps/pong.md:{bad.line}: "
        lines = [line for line in lines if "include-cycle.md" in line]
    else:
        where = f"{project}/specs/{name}" + (f":{bad.line}: " if bad.line else ": ")
    mine = [line for line in lines if line.startswith(where)]
    assert mine, f"no line starting {where!r} in:\n{validated.stderr[-4000:]}"
    assert bad.says in mine[0], mine[0]
    assert len(mine[0]) < 600, "a problem line must not echo the hostile content"


def test_a_run_with_one_bad_spec_runs_nothing_not_even_the_good_spec(project: Path) -> None:
    run = run_autoqa(
        ["run", "specs/good.md", "specs/include-cycle.md", "specs/ten-mb-line.md"],
        project=project,
        env=campaign_environ("http://127.0.0.1:9"),
        timeout=60,
    )
    assert_aftermath(run, exit_code=2, reports=False, secret=None)
    assert "nothing was run" in run.stderr
    assert "2 specs have problems" in run.stderr and "good.md" not in run.stderr
    assert run.run_dir is None, "a run folder was written although nothing ran"
    assert not run.events


def test_the_good_spec_and_a_deep_but_small_list_validate_on_their_own(project: Path) -> None:
    # 1,300 levels of tabs: under the size limit, deeper than Python's recursion limit.
    (project / "deep-notes").mkdir(exist_ok=True)
    deep = project / "deep-notes" / "deep.md"
    deep.write_text(_deep_list(1_300, "\t"))
    finished = run_measured(["specs", "validate", "specs/good.md", str(deep)], project)
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "Traceback" not in finished.stderr
    assert "- note 1300" in finished.stdout and finished.seconds < 20
