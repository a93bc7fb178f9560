"""The step cache file: keys and the invalidation cascade, what gets written, and bad files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from autoqa.demo_app.server import DemoServer
from autoqa.record import ElementRecord
from autoqa.replay import StepCache, step_keys
from autoqa.results import Outcome
from record.helpers import DEMO_SPECS, Recording, load_demo_spec


def test_editing_a_step_invalidates_it_and_every_later_step(demo_server: DemoServer) -> None:
    spec = load_demo_spec("02-bad-password.md", demo_server)
    keys = step_keys(spec.steps)
    edited = list(spec.steps)
    edited[2] = dataclasses.replace(edited[2], raw_text='Fill "Password" with "another-wrong-one"')
    changed = step_keys(edited)
    assert changed[:2] == keys[:2]
    assert all(a != b for a, b in zip(changed[2:], keys[2:], strict=True))
    assert len(set(keys)) == len(keys)


def test_keys_use_the_text_as_written_not_variable_values(demo_server: DemoServer) -> None:
    spec = load_demo_spec("01-login.md", demo_server)
    other = dataclasses.replace(
        spec, steps=tuple(dataclasses.replace(s, text=s.text + " (rendered)") for s in spec.steps)
    )
    assert step_keys(spec.steps) == step_keys(other.steps)


def test_a_passing_run_is_cached_readably_without_secrets(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    run = demo_suite["01-login.md"]
    cache = StepCache(tmp_path / ".autoqa", root=DEMO_SPECS)
    assert cache.lookup(run.spec).first_uncached == 1
    path = cache.update(run.spec, run.records, run.result)
    assert path == tmp_path / ".autoqa" / "01-login.json"
    text = path.read_text()
    assert demo_server.credentials.password not in text
    data = json.loads(text)
    assert data["spec"] == "01-login.md" and [s["index"] for s in data["steps"]] == [1, 2, 3, 4, 5, 6]
    fill_user, fill_password = data["steps"][1]["calls"][0], data["steps"][2]["calls"][0]
    assert fill_user["args"] == {"value": "{{USERNAME}}", "target": '[data-testid="username"]'}
    assert fill_password["args"]["value"] == "{{PASSWORD}}"
    assert fill_password["locator"] == 'page.get_by_test_id("password")'
    plan = cache.lookup(run.spec)
    assert plan.complete and plan.usable == (1, 2, 3, 4, 5, 6)


def test_only_passing_runs_are_written_and_unchanged_plans_are_not_rewritten(
    demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    run = demo_suite["05-long-list.md"]
    cache = StepCache(tmp_path, root=DEMO_SPECS)
    failed = dataclasses.replace(run.result, outcome=Outcome.FAILED)
    assert cache.update(run.spec, run.records, failed) is None
    assert not list(tmp_path.iterdir())
    path = cache.update(run.spec, run.records, run.result)
    assert path is not None
    before = path.read_text()
    assert cache.update(run.spec, run.records, run.result) == path
    assert path.read_text() == before


def test_an_edited_spec_keeps_only_the_steps_before_the_edit(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    run = demo_suite["02-bad-password.md"]
    specs = tmp_path / "specs"
    specs.mkdir()
    source = (DEMO_SPECS / "02-bad-password.md").read_text()
    (specs / "02-bad-password.md").write_text(source)
    cache = StepCache(tmp_path / ".autoqa", root=specs)
    original = load_demo_spec("02-bad-password.md", demo_server, specs)
    assert cache.update(original, run.records, run.result) is not None
    (specs / "02-bad-password.md").write_text(source.replace('"not-the-password"', '"still-wrong"'))
    edited = load_demo_spec("02-bad-password.md", demo_server, specs)
    plan = cache.lookup(edited)
    assert plan.usable == (1, 2) and plan.first_uncached == 3
    assert plan.reason is not None and "step 3" in plan.reason


def test_a_step_without_a_replayable_locator_ends_the_cached_prefix(
    demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    run = demo_suite["02-bad-password.md"]
    records = [
        r.model_copy(update={"element": ElementRecord(fingerprint=r.element.fingerprint)})
        if r.step == 3 and r.element is not None
        else r
        for r in run.records
    ]
    cache = StepCache(tmp_path, root=DEMO_SPECS)
    cache.update(run.spec, records, run.result)
    plan = cache.lookup(run.spec)
    assert plan.usable == (1, 2) and plan.first_uncached == 3


def test_a_replayed_pass_keeps_the_entry_it_replayed_where_its_recording_cannot_be_cached(
    demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    # A replayed group check (a css= target several elements match) may be recaptured with no exact
    # locator: the cache it passed on must not shrink to the steps before it (the next --agent never run
    # would need the agent for a spec the cache runs).
    run = demo_suite["02-bad-password.md"]
    cache = StepCache(tmp_path, root=DEMO_SPECS)
    cache.update(run.spec, run.records, run.result)
    replayed_from = cache.lookup(run.spec)
    assert replayed_from.complete
    uncacheable = [
        r.model_copy(update={"element": ElementRecord(fingerprint=r.element.fingerprint)})
        if r.step == 3 and r.element is not None
        else r
        for r in run.records
    ]
    cache.update(run.spec, uncacheable, run.result, previous=replayed_from)
    after = cache.lookup(run.spec)
    assert after.complete and after.usable == replayed_from.usable
    assert after.step(3) == replayed_from.step(3)


def test_a_broken_cache_file_is_reported_not_fatal(demo_suite: dict[str, Recording], tmp_path: Path) -> None:
    run = demo_suite["05-long-list.md"]
    cache = StepCache(tmp_path, root=DEMO_SPECS)
    path = cache.path_for(run.spec)
    for broken in ("{not json", '{"spec": "x", "steps": [{"index": 0}]}', '{"version": 99, "spec": "x"}'):
        path.write_text(broken)
        plan = cache.lookup(run.spec)
        assert plan.steps == () and plan.first_uncached == 1
        assert plan.reason is not None and str(path) in plan.reason
    assert cache.update(run.spec, run.records, run.result) == path
    assert cache.lookup(run.spec).complete


def test_a_step_cached_from_a_plain_reading_this_version_withdrew_is_not_replayed(
    demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    """A version that fixes a wrong plain reading (a false green) must not replay it from a cache an older
    version wrote: a step the grammar read when cached, and reads otherwise or not at all now, ends the
    usable prefix."""
    run = demo_suite["01-login.md"]
    cache = StepCache(tmp_path, root=DEMO_SPECS)
    path = cache.update(run.spec, run.records, run.result)
    assert path is not None
    data = json.loads(path.read_text())
    assert all(step["reading"] for step in data["steps"])  # every step of this spec reads plain

    # The same cache, as if step 4's text had been read plain by an older version: it no longer reads so.
    unreadable = "Verify nothing says the thing it should"
    spec = dataclasses.replace(
        run.spec,
        steps=tuple(
            dataclasses.replace(s, text=unreadable, raw_text=unreadable) if s.index == 4 else s
            for s in run.spec.steps
        ),
    )
    keys = step_keys(spec.steps)
    for step, key in zip(data["steps"], keys, strict=True):
        step["key"] = key
    path.write_text(json.dumps(data))
    plan = cache.lookup(spec)
    assert plan.first_uncached == 4 and plan.usable == (1, 2, 3)
    assert "reads otherwise" in (plan.reason or "")

    # A step still read, but read otherwise now (a reading changed as wrong), stops there too.
    changed = 'Verify "Welcome" is visible'
    spec = dataclasses.replace(
        spec,
        steps=tuple(
            dataclasses.replace(s, text=changed, raw_text=changed) if s.index == 4 else s for s in spec.steps
        ),
    )
    for step, key in zip(data["steps"], step_keys(spec.steps), strict=True):
        step["key"] = key
    path.write_text(json.dumps(data))
    assert cache.lookup(spec).first_uncached == 4

    # The model's calls for a step it ran (not a plain reading) are replayed as before.
    data["steps"][3]["reading"] = None
    path.write_text(json.dumps(data))
    assert cache.lookup(spec).complete
