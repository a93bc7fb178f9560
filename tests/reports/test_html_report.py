"""The HTML report opened in real headless Chromium from disk."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from playwright.async_api import ConsoleMessage, Error, Page, Request, expect

from autoqa.reports import render_html, write_html
from autoqa.reports.github import step_summary_markdown
from autoqa.results import INTERRUPTED, Outcome, RunResult, SpecResult


async def test_report_renders_offline_without_errors(
    page: Page, sample_run: RunResult, run_dir: Path, project: Path, tmp_path: Path
) -> None:
    report = write_html(sample_run, run_dir / "report.html", run_dir, root=project)
    problems: list[str] = []
    requests: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            problems.append(message.text)

    def on_page_error(error: Error) -> None:
        problems.append(str(error))

    def on_request(request: Request) -> None:
        requests.append(request.url)

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("request", on_request)

    await page.goto(report.as_uri())

    await expect(page).to_have_title("autoqa failed: r-42")
    await expect(page.locator("#verdict")).to_have_text("failed")
    await expect(page.locator("#usage")).to_contain_text("$0.0421")
    failed = page.locator('details.spec[data-outcome="failed"]')
    await expect(failed).to_have_attribute("open", "")
    await expect(failed).to_contain_text('[ASSERTION_FAILED] step 3 "Verify the total is $29.99"')
    await expect(failed.get_by_role("row")).to_have_count(4)
    await expect(failed).to_contain_text("expected 'Total: $29.99' but page shows 'Total: $30.99'")
    await expect(failed).to_contain_text("12,345 in / 678 out tokens")
    await expect(failed.get_by_role("link", name="shop-checkout/trace.zip")).to_have_attribute(
        "href", "shop-checkout/trace.zip"
    )
    await expect(failed.locator("code", has_text="playwright show-trace")).to_contain_text(
        "artifacts/r-42/shop-checkout/trace.zip"
    )
    # The failure screenshot is embedded and actually decodes.
    image = failed.locator("img.shot")
    assert (await image.get_attribute("src") or "").startswith("data:image/jpeg;base64,")
    assert await image.evaluate("img => img.complete && img.naturalWidth") == 320
    # Markup in spec titles is shown as text, never interpreted.
    await expect(page.locator('details.spec[data-outcome="error"] summary b')).to_have_text(
        "Search, with <html> & commas: yes"
    )

    # The filters work (inline script, no errors).
    await page.get_by_role("button", name="Failed (1)").click()
    await expect(page.locator("details.spec:visible")).to_have_count(1)
    await page.get_by_role("button", name="All (4)").click()
    await expect(page.locator("details.spec:visible")).to_have_count(4)

    shot = tmp_path / "report.png"
    await page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 5_000
    assert shot.read_bytes().startswith(b"\x89PNG")
    assert problems == []
    assert all(url.startswith(("file:", "data:")) for url in requests), requests


def test_report_is_a_single_self_contained_file(sample_run: RunResult, run_dir: Path) -> None:
    html = render_html(sample_run, run_dir)
    assert "<link" not in html and 'src="http' not in html and "url(" not in html
    assert "default-src 'none'" in html
    assert html.count("data:image/jpeg;base64,") == 1


def test_missing_screenshot_file_does_not_break_the_report(sample_run: RunResult, tmp_path: Path) -> None:
    html = render_html(sample_run, tmp_path / "nowhere")
    assert "data:image" not in html
    assert "Checkout total" in html


def test_empty_and_interrupted_runs(tmp_path: Path) -> None:
    html = render_html(replace(RunResult("r0", ()), interrupted=True), tmp_path)
    assert "No specs ran." in html and "interrupted" in html
    assert "missing" not in html  # unfinished specs are in the results, as skipped (interrupted)
    assert "autoqa passed: r0" in html


def test_an_interrupted_run_counts_its_unfinished_specs(tmp_path: Path) -> None:
    unfinished = SpecResult(Path("specs/b.md"), "B", Outcome.SKIPPED, "none", reason=INTERRUPTED, index=1)
    done = SpecResult(Path("specs/a.md"), "A", Outcome.PASSED, "plain", index=0)
    run = replace(RunResult("r1", (done, unfinished)), interrupted=True)
    note = "The run was interrupted: 1 spec did not finish and is listed as skipped (interrupted)."
    assert note in render_html(run, tmp_path)
    assert f"**{note}**" in step_summary_markdown(run)


def test_a_spec_that_needs_the_agent_is_its_own_outcome_everywhere(tmp_path: Path) -> None:
    from autoqa.exit_codes import ExitCode, exit_code_for
    from autoqa.reports.junit import junit_xml

    refused = SpecResult(
        Path("specs/b.md"), "B", Outcome.NEEDS_AGENT, "none", reason="step 2 needs the agent", index=1
    )
    done = SpecResult(Path("specs/a.md"), "A", Outcome.PASSED, "plain", index=0)
    run = RunResult("r2", (done, refused))
    assert exit_code_for(run) is ExitCode.NEEDS_AGENT
    assert 'data-filter="needs_agent">Needs the agent (1)' in render_html(run, tmp_path)
    assert "1 passed, 0 failed, 0 error, 0 skipped, 1 need the agent" in step_summary_markdown(run)
    xml = junit_xml(run)
    assert 'skipped="1"' in xml and 'message="needs the agent: step 2 needs the agent"' in xml
    assert "Needs the agent" not in render_html(RunResult("r3", (done,)), tmp_path)


async def test_failure_classes_filter_and_a_warned_failure_is_never_shown_as_a_pass(
    page: Page, sample_run: RunResult, run_dir: Path, project: Path
) -> None:
    from autoqa.results import Attempt, FailureClass, Triage, TriageAction

    passed, failed, errored, skipped = sample_run.specs
    bug = Triage(FailureClass.APP_BUG, "an assertion saw other content: step 3")
    outage = Triage(FailureClass.ENVIRONMENT, "the app was unreachable", TriageAction.WARN)
    flaky = replace(
        passed,
        outcome=Outcome.FLAKY,
        triage=Triage(FailureClass.APP_BUG, "an assertion saw other content", TriageAction.WARN),
        attempts=(Attempt(1, Outcome.FAILED, "total mismatch", 3, 900.0, bug, {"dir": "login/attempt-1"}),),
    )
    run = replace(
        sample_run, specs=(flaky, replace(failed, triage=bug), replace(errored, triage=outage), skipped)
    )
    report = write_html(run, run_dir / "report.html", run_dir, root=project)
    await page.goto(report.as_uri())

    await expect(page.locator("#verdict")).to_have_text("failed")  # the app bug fails the run
    await page.get_by_role("button", name="app_bug (2)").click()
    await expect(page.locator("details.spec:visible")).to_have_count(2)
    await page.get_by_role("button", name="Failed (1)").click()  # both filters apply
    await expect(page.locator("details.spec:visible")).to_have_count(1)
    await page.get_by_role("button", name="any").click()
    await page.get_by_role("button", name="Error (1)").click()
    warned = page.locator("details.spec:visible")
    await expect(warned).to_have_count(1)
    await expect(warned.locator("summary")).to_contain_text("error")
    await expect(warned.locator("summary")).to_contain_text("not failing the run")
    await expect(warned).to_contain_text("Does not fail the run: triage environment: warn")
    await expect(page.locator("#waived")).to_contain_text("error specs/search.md (triage environment: warn)")
    await page.get_by_role("button", name="Flaky (1)").click()
    await expect(page.locator("details.spec:visible")).to_contain_text(
        "attempt 1: failed [app_bug] total mismatch"
    )

    alone = replace(run, specs=(flaky, replace(errored, triage=outage)))
    await page.goto(write_html(alone, run_dir / "warned.html", run_dir, root=project).as_uri())
    await expect(page.locator("#verdict")).to_have_text("warned")
