"""The README's GitHub Actions workflow, run on this machine (``tests/runner/test_ci_example.py``).

Only what the example uses, and anything else fails loudly, so the README cannot grow a construct this
runner does not check: jobs in ``needs`` order, a ``matrix`` of lists, ``${{ matrix.X }}`` and
``${{ secrets.X }}`` (an unset secret is empty, as on GitHub), ``if:`` as ``${{ !cancelled() }}`` or
``always()`` (a step without one is skipped once a step failed), and ``run:`` steps through the runner's
default shell (``bash --noprofile --norc -eo pipefail``). Every job gets its own folder, as every job
gets its own machine. Stand-ins, and nothing else:

* ``actions/checkout``: a copy of the project; ``actions/setup-python``: this interpreter;
* the install step (``bash scripts/bootstrap.sh``): this checkout's ``.venv``, linked (running the
  script in a copy could reinstall the package into the shared venv from a temporary folder);
* ``actions/upload-artifact`` / ``download-artifact``: copies in a local store — hidden files are left
  out and links followed, as upload-artifact v4 does; each artifact downloads into ``<path>/<name>/``.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

_EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
_ALWAYS = ("${{ !cancelled() }}", "${{ always() }}", "!cancelled()", "always()")
INSTALL = "bash scripts/bootstrap.sh"


def workflow_block(readme: str) -> str:
    """The one ```` ```yaml ```` block of the README that is a workflow (it has ``jobs:``)."""
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "\njobs:" in b]
    assert len(blocks) == 1, f"expected one workflow block in the README, found {len(blocks)}"
    return blocks[0]


def substitute(text: str, context: dict[str, str], secrets: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        key = match.group(1)
        if key.startswith("secrets."):
            return secrets.get(key.removeprefix("secrets."), "")
        assert key in context, f"the workflow uses ${{{{ {key} }}}}, which the local runner does not know"
        return context[key]

    return _EXPR.sub(value, text)


@dataclass
class StepRun:
    job: str
    """``specs (shard=1)``, ``report``."""
    name: str
    command: str | None = None
    """The ``run:`` command as executed (expressions substituted); None for an action."""
    returncode: int | None = None
    """None: skipped, or an action stood in for."""
    output: str = ""
    skipped: bool = False


@dataclass
class LocalRunner:
    workflow: dict[str, Any]
    project: Path
    """What ``actions/checkout`` gives each job."""
    workdir: Path
    venv: Path
    environ: dict[str, str]
    """The machine's environment (each step adds its own ``env:``)."""
    secrets: dict[str, str] = field(default_factory=dict)
    steps: list[StepRun] = field(default_factory=list)
    _groups: list[int] = field(default_factory=list)

    @property
    def store(self) -> Path:
        return self.workdir / "artifact-store"

    def run_all(self) -> None:
        done: set[str] = set()
        jobs: dict[str, Any] = self.workflow["jobs"]
        while len(done) < len(jobs):
            ready = [
                name
                for name, job in jobs.items()
                if name not in done and set(_listed(job.get("needs"))) <= done
            ]
            assert ready, f"jobs wait on each other: {sorted(set(jobs) - done)}"
            for name in ready:
                self.run_job(name)
                done.add(name)

    def run_job(self, name: str) -> None:
        job = self.workflow["jobs"][name]
        condition = job.get("if")
        assert condition is None or condition in _ALWAYS, f"job {name}: unsupported if: {condition}"
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        combos: list[dict[str, str]] = [{}]
        for key, values in matrix.items():
            assert isinstance(values, list), f"job {name}: matrix.{key} is not a list"
            combos = [{**combo, key: str(value)} for combo in combos for value in values]
        for combo in combos:
            label = name + (f" ({', '.join(f'{k}={v}' for k, v in combo.items())})" if combo else "")
            folder = self.workdir / "jobs" / re.sub(r"[^\w.-]+", "-", label).strip("-")
            try:
                self._run_steps(job, label, folder, {f"matrix.{k}": v for k, v in combo.items()})
            finally:
                self.close()  # a job's machine goes away with it: so does the app it started

    def _run_steps(self, job: dict[str, Any], label: str, folder: Path, context: dict[str, str]) -> None:
        folder.mkdir(parents=True)
        failed = False
        for step in job["steps"]:
            name = substitute(
                str(step.get("name") or step.get("uses") or step.get("run")), context, self.secrets
            )
            record = StepRun(label, name)
            self.steps.append(record)
            condition = step.get("if")
            assert condition is None or condition in _ALWAYS, f"{label}: unsupported if: {condition}"
            if failed and condition is None:
                record.skipped = True
                continue
            inputs = {
                k: substitute(str(v), context, self.secrets) for k, v in (step.get("with") or {}).items()
            }
            if "uses" in step:
                self._action(str(step["uses"]), inputs, folder, record)
                continue
            command = substitute(str(step["run"]), context, self.secrets)
            record.command = command
            if command.strip() == INSTALL:
                (folder / ".venv").symlink_to(self.venv)
                continue
            env = {
                **self.environ,
                "CI": "true",
                "GITHUB_ACTIONS": "true",
                "GITHUB_STEP_SUMMARY": str(folder / "step-summary.md"),
                **{k: substitute(str(v), context, self.secrets) for k, v in (step.get("env") or {}).items()},
            }
            process = subprocess.Popen(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", command],
                cwd=folder,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,  # its own process group: what it leaves running is stopped in close()
            )
            self._groups.append(process.pid)
            record.output, _ = process.communicate(timeout=300)
            record.returncode = process.returncode
            failed = failed or process.returncode != 0

    def _action(self, uses: str, inputs: dict[str, str], folder: Path, record: StepRun) -> None:
        action = uses.split("@")[0]
        if action == "actions/checkout":
            shutil.copytree(self.project, folder, symlinks=True, dirs_exist_ok=True)
        elif action == "actions/setup-python":
            pass
        elif action == "actions/upload-artifact":
            source = folder / inputs["path"]
            if source.exists():  # upload-artifact warns and uploads nothing (if-no-files-found: warn)
                shutil.copytree(source, self.store / inputs["name"], ignore=_hidden)
        elif action == "actions/download-artifact":
            target = folder / inputs.get("path", ".")
            target.mkdir(parents=True, exist_ok=True)
            names = sorted(p.name for p in self.store.iterdir()) if self.store.is_dir() else []
            for artifact in fnmatch.filter(names, inputs["pattern"]):
                shutil.copytree(self.store / artifact, target / artifact)
        else:
            raise AssertionError(f"the workflow uses {uses}, which the local runner does not stand in for")
        record.output = f"stood in for {action}"

    def close(self) -> None:
        """Stop whatever the steps left running (the app the example starts in the background)."""
        while self._groups:
            group = self._groups.pop()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGTERM)
                for _ in range(50):  # gone before the next job starts its app on the same port
                    time.sleep(0.1)
                    os.killpg(group, 0)
                os.killpg(group, signal.SIGKILL)

    def step(self, job: str, name: str) -> StepRun:
        found = [s for s in self.steps if s.job == job and s.name == name]
        assert len(found) == 1, f"{job}: {name}: {len(found)} steps ({[s.name for s in self.steps]})"
        return found[0]


def _listed(value: Any) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def _hidden(folder: str, names: list[str]) -> list[str]:
    return [name for name in names if name.startswith(".")]


def load_workflow(text: str) -> dict[str, Any]:
    workflow = yaml.safe_load(text)
    assert isinstance(workflow, dict) and isinstance(workflow.get("jobs"), dict), "not a workflow"
    return workflow
