"""An ``Optional:`` step probes for its element: a short wait, and no failure screenshot when the element is
simply absent (the step is skipped; the picture would show nothing wrong and cost ~0.2 s). A probe that
fails for another reason fails the step and keeps its screenshot."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import BrowserContext, Page

from autoqa.execute.plain import plan_plain, run_plain
from autoqa.execute.recording import RecordingCaller
from autoqa.results import StepStatus
from autoqa.secrets import SecretSet
from autoqa.spec.loader import load_spec
from autoqa.tools import ToolContext

PAGE = """<!doctype html><meta charset="utf-8"><title>Banner</title>
<main><h1>Shop</h1><button>Accept</button><button>Accept</button></main>"""


async def _run(
    site: tuple[Path, str], context: BrowserContext, page: Page, step: str
) -> tuple[StepStatus, list[str]]:
    folder, url = site
    (folder / "banner.html").write_text(PAGE, encoding="utf-8")
    spec_path = folder / "probe.md"
    spec_path.write_text(
        f"# Probe\n## Preconditions\n- none\n## Steps\n1. Navigate to /banner.html\n2. Optional: {step}\n"
        '3. Verify "Shop" is visible\n',
        encoding="utf-8",
    )
    spec = load_spec(spec_path, variables={"BASE_URL": url}, root=folder)
    shots: list[str] = []

    def save(data: bytes, hint: str) -> str:
        assert data[:2] == b"\xff\xd8"  # a JPEG was taken
        shots.append(hint)
        return str(folder / f"{hint}.jpg")

    ctx = ToolContext(context=context, page=page, base_url=url)
    caller = RecordingCaller(ctx, secrets=SecretSet({}), save_screenshot=save)
    result = await run_plain(spec, plan_plain(spec), caller, ctx=ctx)
    return result.steps[1].status, shots


async def test_an_absent_optional_element_is_skipped_without_a_screenshot(
    site: tuple[Path, str], context: BrowserContext, page: Page
) -> None:
    status, shots = await _run(site, context, page, 'Click "Dismiss banner"')
    assert status is StepStatus.SKIPPED
    assert shots == []


async def test_an_optional_step_that_fails_otherwise_keeps_its_screenshot(
    site: tuple[Path, str], context: BrowserContext, page: Page
) -> None:
    status, shots = await _run(site, context, page, 'Click "Accept"')  # two buttons: which one?
    assert status is StepStatus.FAILED
    assert len(shots) == 1 and "click" in shots[0]
