"""The generated pytest-playwright code: shape, secrets, popups, frames, dialogs, guards and refusals."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.errors import ExportError
from autoqa.export import SetupRecording, export_spec, exported_file_name
from autoqa.export.support import MARKER
from autoqa.record import ElementRecord
from record.helpers import DEMO_SPECS, SUITE, Recording


def _export(suite: dict[str, Recording], name: str, out: Path, server: DemoServer) -> str:
    run = suite[name]
    setup = SetupRecording(suite["01-login.md"].spec, suite["01-login.md"].records) if run.spec.auth else None
    path = export_spec(run.spec, run.records, out, root=DEMO_SPECS, base_url=server.url, setup=setup)
    return path.read_text()


def test_every_demo_spec_exports_to_valid_readable_code(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    for name in SUITE:
        code = _export(demo_suite, name, tmp_path, demo_server)
        ast.parse(code)
        assert code.startswith(f'"""Generated from {name} by autoqa — do not edit.')
        assert "def test_" in code and "(page: Page" in code  # and autoqa_live_regions for dialogs, toasts
        for step in demo_suite[name].spec.steps:
            assert f"# Step {step.index}" in code
        assert demo_server.credentials.password not in code
        assert demo_server.url not in code  # the base URL comes from --base-url / AUTOQA_BASE_URL
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["conftest.py", *(f"test_{Path(n).stem.replace('-', '_')}.py" for n in SUITE)]
    )
    lint = subprocess.run(
        [
            Path(sys.executable).with_name("ruff"),
            "check",
            "--isolated",
            "--select",
            "E,F,W,I",
            "--line-length",
            "110",
            str(tmp_path),
        ],
        # from the export folder, as a user's project sees it: autoqa is a third-party import there (from
        # this checkout ruff would take src/autoqa for first-party and want it in a section of its own)
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert lint.returncode == 0, lint.stdout


def test_login_reads_the_secret_from_the_environment(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    code = _export(demo_suite, "01-login.md", tmp_path, demo_server)
    assert 'page.get_by_test_id("password").fill(os.environ["AUTOQA_PASSWORD"])' in code
    assert 'fill(os.environ.get("AUTOQA_USERNAME", "demo"))' in code  # a plain variable keeps a default
    assert '# Step 3: Fill "Password" with "{{PASSWORD}}"' in code
    assert 'expect(page).to_have_url(re.compile(re.escape("/products.html")))' in code


def test_playground_maps_popups_frames_dialogs_and_optional_steps(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    code = _export(demo_suite, "04-playground.md", tmp_path, demo_server)
    assert "with page.expect_popup() as popup_info:" in code and "popup = popup_info.value" in code
    assert 'expect(popup.get_by_text("Help center")).to_be_visible()' in code
    assert (
        'page.frame_locator(\'iframe[title="Newsletter"]\').get_by_test_id("email").fill("qa@example.com")'
        in code
    )
    assert "# expects a confirm dialog: Delete this item?" in code
    # The confirm is answered as the run answered it, by the fixture that records native dialogs.
    assert 'page.once("dialog"' not in code and "autoqa_live_regions: Any" in code
    assert '# Step 2 (optional): Click "Accept cookies"' in code and "if _is_shown(optional_element):" in code
    assert 'expect(page.get_by_text("Saved!").filter(visible=True)).to_have_count(0, timeout=10000)' in code


def test_auth_spec_starts_from_the_setup_specs_session(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    code = _export(demo_suite, "03-checkout.md", tmp_path, demo_server)
    tree = ast.parse(code)
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert functions == {"login_storage_state", "browser_context_args", "test_buy_two_products"}
    assert 'return {**browser_context_args, "storage_state": login_storage_state}' in code
    run = demo_suite["03-checkout.md"]
    with pytest.raises(ExportError, match="setup: login"):
        export_spec(run.spec, run.records, tmp_path, root=DEMO_SPECS)


def test_an_element_action_without_a_unique_locator_is_refused(
    demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    run = demo_suite["02-bad-password.md"]
    records = list(run.records)
    position = next(i for i, r in enumerate(records) if r.tool == "click")
    element = records[position].element
    assert element is not None
    unusable = ElementRecord(
        fingerprint=element.fingerprint,
        candidates=tuple(c.model_copy(update={"ok": False, "count": 2}) for c in element.candidates),
    )
    records[position] = records[position].model_copy(update={"element": unusable})
    with pytest.raises(ExportError, match=r'^step 4: click on button "Log in" has no unique locator') as info:
        export_spec(run.spec, records, tmp_path / "out", root=DEMO_SPECS)
    assert info.value.step == 4
    assert not (tmp_path / "out").exists()


def test_a_step_without_records_is_refused(demo_suite: dict[str, Recording], tmp_path: Path) -> None:
    run = demo_suite["05-long-list.md"]
    with pytest.raises(ExportError, match="step 3: no tool call was recorded"):
        export_spec(run.spec, [r for r in run.records if r.step != 3], tmp_path, root=DEMO_SPECS)
    with pytest.raises(ExportError, match="nothing was recorded"):
        export_spec(run.spec, [], tmp_path, root=DEMO_SPECS)


def test_a_secret_value_never_reaches_the_file(
    demo_suite: dict[str, Recording], demo_server: DemoServer, tmp_path: Path
) -> None:
    run = demo_suite["01-login.md"]
    leaked = [
        r.model_copy(update={"args": {**r.args, "value": demo_server.credentials.password}})
        if r.args.get("value") == "{{PASSWORD}}"
        else r
        for r in run.records
    ]
    with pytest.raises(ExportError, match="value of secret PASSWORD"):
        export_spec(run.spec, leaked, tmp_path, root=DEMO_SPECS)
    assert not list(tmp_path.glob("test_*.py"))


def test_support_conftest_is_written_but_never_over_a_users_own(
    demo_suite: dict[str, Recording], tmp_path: Path
) -> None:
    run = demo_suite["05-long-list.md"]
    export_spec(run.spec, run.records, tmp_path / "ours", root=DEMO_SPECS)
    assert MARKER in (tmp_path / "ours" / "conftest.py").read_text()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "conftest.py").write_text("# my fixtures\n")
    export_spec(run.spec, run.records, mine, root=DEMO_SPECS)
    assert (mine / "conftest.py").read_text() == "# my fixtures\n"
    assert exported_file_name(run.spec, DEMO_SPECS) == "test_05_long_list.py"


def test_an_element_never_recorded_is_guessed_by_the_name_its_description_gives() -> None:
    """A skipped optional step's '"Accept all" button' is the button named "Accept all" (a guess for a
    button named '"Accept all" button' would never match, and the step would never run)."""
    from autoqa.export.statements import guessed_locator

    assert guessed_locator('"Accept all" button', "page") == (
        'page.get_by_role("button", name="Accept all", exact=True).first'
    )
    assert guessed_locator("the Dismiss link", "page") == (
        'page.get_by_role("link", name="Dismiss", exact=True).first'
    )
    assert 'get_by_text("Accept cookies", exact=True)' in guessed_locator("Accept cookies", "page")
