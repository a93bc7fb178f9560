"""The recorder over whole demo specs: what is recorded, what is not, and the ir.jsonl file."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser

from autoqa.demo_app.server import DemoServer
from autoqa.errors import ExportError
from autoqa.record import IRWriter, Recorder, read_ir, records_for
from autoqa.results import Outcome, StepStatus
from autoqa.tools import call_tool
from record.helpers import Recording, new_context, record_spec, recording_caller


def _by_step(recording: Recording) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for record in recording.records:
        out.setdefault(record.step or 0, []).append(record.tool)
    return out


def test_playground_records_each_step_and_nothing_that_failed(demo_suite: dict[str, Recording]) -> None:
    run = demo_suite["04-playground.md"]
    assert run.result.outcome is Outcome.PASSED
    steps = _by_step(run)
    assert 2 not in steps  # the optional "Accept cookies" click failed (absent): never recorded
    assert run.result.steps[1].status is StepStatus.SKIPPED
    assert steps[3] == ["click"] and steps[4] == ["assert_text_present"] and steps[11] == ["wait_for"]
    assert [r.seq for r in run.records] == list(range(1, len(run.records) + 1))


def test_dialogs_popups_and_frames_are_recorded(demo_suite: dict[str, Recording]) -> None:
    records = {r.step: r for r in demo_suite["04-playground.md"].records}
    assert [(d.type, d.message, d.handled_as) for d in records[12].dialogs] == [
        ("confirm", "Delete this item?", "accept")
    ]
    assert [f.selector for f in records[14].element.frames] == ['iframe[title="Newsletter"]']  # type: ignore[union-attr]
    assert (
        records[16].text is not None and records[16].text.frames[0].selector == 'iframe[title="Newsletter"]'
    )
    # The popup surfaces on the click or, when its page event is late, on the next call (the switch).
    assert 1 in (records[17].popup, records[18].popup)
    assert records[19].page_index == 1 and records[19].page_url.endswith("/help.html")


def test_secrets_are_recorded_as_placeholders(
    demo_suite: dict[str, Recording], demo_server: DemoServer
) -> None:
    login = demo_suite["01-login.md"]
    fill_password = next(r for r in login.records if r.tool == "fill" and r.args.get("target") == "Password")
    assert fill_password.args["value"] == "{{PASSWORD}}"
    dumped = "".join(r.to_line() for r in login.records)
    assert demo_server.credentials.password not in dumped


async def test_a_secret_typed_literally_is_stored_as_its_name(
    browser: Browser, demo_server: DemoServer
) -> None:
    context, ctx = await new_context(browser, demo_server)
    try:
        recorder = Recorder(ctx)
        caller = recording_caller(recorder)
        await caller("navigate", {"url": "/login.html"}, step=1)
        await caller("fill", {"target": "Password", "value": demo_server.credentials.password}, step=2)
        await caller("snapshot", {}, step=2)
        assert [r.tool for r in recorder.records] == ["navigate", "fill"]  # observations are not recorded
        assert recorder.records[1].args["value"] == "{{PASSWORD}}"
    finally:
        await context.close()


async def test_ir_file_round_trips_and_survives_a_cut_off_line(
    browser: Browser, demo_server: DemoServer, tmp_path: Path
) -> None:
    path = tmp_path / "run" / "ir.jsonl"
    run = await record_spec(browser, demo_server, "02-bad-password.md", ir_path=path)
    assert run.result.outcome is Outcome.PASSED
    assert read_ir(path) == list(run.records)
    assert demo_server.credentials.password not in path.read_text()
    with path.open("a") as handle:
        handle.write('{"seq": 99, "tool": "cli')  # a run killed mid-write
    assert read_ir(path) == list(run.records)
    assert records_for(read_ir(path), run.spec.path) == list(run.records)
    assert records_for(read_ir(path), Path("other.md")) == []


def test_read_ir_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "ir.jsonl"
    path.write_text('{"seq": 1, "tool": "navigate"}\nnot json\n{"seq": 2, "tool": "click"}\n')
    with pytest.raises(ExportError, match=r"ir.jsonl:2: not an action record"):
        read_ir(path)
    with pytest.raises(ExportError, match="no action record"):
        read_ir(tmp_path / "missing.jsonl")


def test_writer_appends_lines(tmp_path: Path, demo_suite: dict[str, Recording]) -> None:
    path = tmp_path / "ir.jsonl"
    records = demo_suite["05-long-list.md"].records
    with IRWriter(path) as writer:
        for record in records[:2]:
            writer.write(record)
    with IRWriter(path) as writer:
        writer.write(records[2])
    assert len(path.read_text().splitlines()) == 3
    assert read_ir(path) == list(records[:3])


async def test_checks_over_several_elements_record_a_locator_for_all_of_them(
    browser: Browser, demo_server: DemoServer, demo_suite: dict[str, Recording]
) -> None:
    context, ctx = await new_context(browser, demo_server, demo_suite["01-login.md"].storage_state)
    try:
        recorder = Recorder(ctx)
        caller = recording_caller(recorder)
        assert (await caller("navigate", {"url": "/products.html"}, step=1)).ok
        assert (await caller("assert_count", {"target": "Add to cart", "count": 6}, step=2)).ok
        assert (await caller("assert_element_visible", {"target": "Add to cart"}, step=3)).ok
        for record in recorder.records[1:]:
            element = record.element
            assert element is not None and element.group_size == 6
            assert element.chosen is not None
            assert element.chosen.code() == 'page.get_by_role("button", name="Add to cart", exact=True)'
            assert element.replay_target == "role=button name=Add to cart"
            # The replay target, given back to the tool, checks the same six buttons.
            again = await call_tool(ctx, record.tool, {**record.args, "target": element.replay_target})
            assert again.ok, again.error
    finally:
        await context.close()


async def test_a_popup_is_never_lost_to_an_unrecorded_call(browser: Browser, demo_server: DemoServer) -> None:
    context, ctx = await new_context(browser, demo_server)
    try:
        recorder = Recorder(ctx)
        caller = recording_caller(recorder)
        assert (await caller("navigate", {"url": "/playground.html"}, step=1)).ok
        assert (await caller("click", {"target": "Open help"}, step=2)).ok
        assert (await caller("snapshot", {}, step=3)).ok  # an observation: not recorded
        assert (await caller("tabs", {"action": "switch", "index": 1}, step=3)).ok
        popups = [r.popup for r in recorder.records if r.popup is not None]
        assert popups == [1]
        assert recorder.records[-1].tool == "tabs" and recorder.records[-1].page_index == 1
    finally:
        await context.close()
