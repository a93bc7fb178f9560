"""Executor choice and shard partitions: pure logic on real parsed specs."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.results import ExecutorKind, Outcome
from autoqa.runner.planning import plan_job, shard
from autoqa.secrets import SecretSet
from autoqa.spec.loader import load_spec

VARS = {"BASE_URL": "http://127.0.0.1:1", "USERNAME": "demo", "PASSWORD": "pw-123456"}


def _spec(tmp_path: Path, steps: str, name: str = "s.md"):
    path = tmp_path / name
    path.write_text(f"# T\n\n## Preconditions\n- none\n\n## Steps\n{steps}")
    return load_spec(path, variables=VARS, root=tmp_path)


def test_plain_spec_runs_without_the_agent(tmp_path: Path) -> None:
    spec = _spec(tmp_path, '1. Navigate to /\n2. Verify "Home" is visible\n')
    job = plan_job(0, spec, SecretSet(), agent_mode="auto", agent_available=False)
    assert job.executor is ExecutorKind.PLAIN


def test_free_text_needs_the_agent_and_is_skipped_without_credentials(tmp_path: Path) -> None:
    spec = _spec(tmp_path, "1. Navigate to /\n2. Sort the products by price\n")
    job = plan_job(
        0, spec, SecretSet(), agent_mode="auto", agent_available=False, agent_unavailable_reason="no key"
    )
    assert job.executor is ExecutorKind.NONE
    assert job.not_run_outcome is Outcome.SKIPPED
    assert "step 2" in (job.not_run_reason or "") and "no key" in (job.not_run_reason or "")


def test_agent_never_refuses_with_the_step_named(tmp_path: Path) -> None:
    spec = _spec(tmp_path, "1. Navigate to /\n2. Sort the products by price\n")
    job = plan_job(0, spec, SecretSet(), agent_mode="never", agent_available=True)
    assert job.executor is ExecutorKind.NONE
    assert job.not_run_outcome is Outcome.NEEDS_AGENT
    assert "step 2" in (job.not_run_reason or "") and "Sort the products" in (job.not_run_reason or "")


def test_agent_always_uses_the_agent_even_for_plain_specs(tmp_path: Path) -> None:
    spec = _spec(tmp_path, "1. Navigate to /\n")
    assert (
        plan_job(0, spec, SecretSet(), agent_mode="always", agent_available=True).executor
        is ExecutorKind.AGENT
    )


def test_a_mixed_spec_keeps_its_plain_steps_for_before_the_model_unless_the_agent_is_always_asked(
    tmp_path: Path,
) -> None:
    spec = _spec(tmp_path, "1. Navigate to /\n2. Sort the products by price\n")
    auto = plan_job(0, spec, SecretSet(), agent_mode="auto", agent_available=True)
    assert auto.executor is ExecutorKind.AGENT and auto.plain is not None
    assert auto.plain.first_unparsed is not None and auto.plain.first_unparsed.index == 2
    always = plan_job(0, spec, SecretSet(), agent_mode="always", agent_available=True)
    assert always.executor is ExecutorKind.AGENT and always.plain is None  # the model from scratch


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_shards_partition_every_spec_exactly_once(tmp_path: Path, count: int) -> None:
    jobs = [
        plan_job(
            i,
            _spec(tmp_path, "1. Navigate to /\n", f"s{i}.md"),
            SecretSet(),
            agent_mode="auto",
            agent_available=False,
        )
        for i in range(7)
    ]
    parts = [shard(jobs, i, count) for i in range(1, count + 1)]
    seen = [job.index for part in parts for job in part]
    assert sorted(seen) == list(range(7))
    assert len(seen) == len(set(seen))
    # The documented partition, written out independently: round-robin over the sorted list, 1-based.
    expected = {
        1: [[0, 1, 2, 3, 4, 5, 6]],
        2: [[0, 2, 4, 6], [1, 3, 5]],
        3: [[0, 3, 6], [1, 4], [2, 5]],
        5: [[0, 5], [1, 6], [2], [3], [4]],
    }
    assert [[j.index for j in p] for p in parts] == expected[count]
    # Deterministic across runs: the same jobs listed again give the same shards.
    again = [shard(sorted(jobs, key=lambda j: j.index), i, count) for i in range(1, count + 1)]
    assert [[j.index for j in p] for p in again] == [[j.index for j in p] for p in parts]


def test_a_shard_runs_the_setup_specs_its_specs_start_from(tmp_path: Path) -> None:
    # 0 = setup: login, 1 and 2 start from it (auth: login), 3 does not: with 3 shards, shard 2 holds
    # spec 1 and shard 3 spec 2, so each runs the login spec too (a storage state cannot cross
    # machines); shard 1 holds 0 and 3 and gets nothing extra.
    def spec(name: str, front: str):
        path = tmp_path / name
        body = "## Preconditions\n- none\n\n## Steps\n1. Navigate to /\n"
        path.write_text(f"---\n{front}\n---\n# {name}\n\n{body}")
        return load_spec(path, variables=VARS, root=tmp_path)

    specs = [spec("a.md", "setup: login"), spec("b.md", "auth: login"), spec("c.md", "auth: login")]
    specs.append(spec("d.md", "title: plain"))
    jobs = [
        plan_job(i, spec, SecretSet(), agent_mode="auto", agent_available=False)
        for i, spec in enumerate(specs)
    ]
    assert [[j.index for j in shard(jobs, i, 3)] for i in (1, 2, 3)] == [[0, 3], [0, 1], [0, 2]]
    assert [[j.index for j in shard(jobs, i, 2)] for i in (1, 2)] == [[0, 2], [0, 1, 3]]
