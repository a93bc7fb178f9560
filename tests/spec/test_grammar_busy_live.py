"""Waiting for the page to stop being busy ("Wait until the spinner disappears", "Wait for loading to
finish"): the step waits until no busy indicator shows (autoqa.busy: an indeterminate progress bar,
aria-busy, a spinner's or loader's class), ignores a progress bar that shows a value, and fails when a
spinner never goes; the exported test waits the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.busy import BUSY
from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

# The report arrives after 4 s: longer than the check after the wait would wait on its own (2.5 s).
PAGE = """<!doctype html><meta charset="utf-8"><title>Report</title><main><h1>Report</h1>
<div role="progressbar" aria-valuenow="60" aria-valuemin="0" aria-valuemax="100">Profile 60% complete</div>
<div class="spinner" id="sp">Loading…</div><p id="out"></p></main>
<script>setTimeout(() => { document.querySelector('#sp').remove();
  document.querySelector('#out').textContent = 'Report ready'; }, 4000);</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Wait until the spinner disappears
3. Verify "Report ready" is visible
"""

BROKEN = {"stuck": ("document.querySelector('#sp').remove();", "", 2)}


@pytest.mark.parametrize(
    "written",
    [
        "Wait until the spinner disappears",
        "Wait for the loading indicator to go away",
        "Wait for loading to finish",
        "Wait until the loader is gone",
    ],
)
def test_a_wait_for_the_page_to_stop_being_busy(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and actions[0].args == {"target": BUSY, "state": "hidden"}


def test_a_named_page_loading_is_not_this_wait() -> None:
    assert parse_plain_actions("Wait for the checkout page to load") is None


# One `autoqa run` of the page and its builds checks the run, and wrote the exported test checked after it.
@pytest.mark.timeout(480)
def test_the_wait_passes_once_the_spinner_goes_and_fails_when_it_stays_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, out = check_run_and_export(
        tmp_path,
        site,
        name="report",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
        # With its checks given 1 s (fast), the exported test still passes on a copy of the working page only
        # if its wait held it until the spinner went (the report shows after 4 s), and on the stuck build it
        # is the wait, not the check after it, that fails.
        export_builds={
            **{build: (good, bad) for build, (good, bad, _) in BROKEN.items()},
            "unbroken": ("</main>", "</main>"),
        },
        passing=("unbroken",),
    )
    assert ".filter(visible=True)).to_have_count(0, timeout=10000)" in "".join(source.split()).replace(
        ",timeout", ", timeout"
    ), source
    assert "1 failed, 2 passed" in out, out + source
    failed = [line for line in out.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and "test_broken_stuck.py" in failed[0], out
    assert "Locator expected to have count '0'" in out and "expected to be visible" not in out, out
