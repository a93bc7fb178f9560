"""Clicks on a list item by position ("Click the first job", "Open the last job", "Click the top result"):
the item at that position of the list the page names as holding jobs, and in it what a person clicks — its
one link or button, or its title's — not the item's middle. An item with several controls and no title
among them is ambiguous and fails. The run passes on the working page and fails at its own step on each
broken build, and so does its exported test."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Jobs</title>
<main><h1>Jobs</h1><p id="shown">Nothing open</p><ul id="jobs">
<li class="job"><h3><a href="#/jobs/1">Backend engineer</a></h3><p>Berlin</p><button>Save</button></li>
<li class="job"><h3><a href="#/jobs/2">Designer</a></h3><p>Lisbon</p><button>Save</button></li>
<li class="job"><h3><a href="#/jobs/3">Data analyst</a></h3><p>Remote</p><button>Save</button></li>
</ul><ul class="tips"><li><a href="#/tips/1">How to apply</a></li></ul></main>
<script>addEventListener('hashchange', () => {
  document.querySelector('#shown').textContent = 'Viewing ' + location.hash.slice(2); });</script>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the first job
3. Verify "Viewing jobs/1" is visible
4. Open the last job
5. Verify "Viewing jobs/3" is visible
"""

BROKEN = {
    # The first job's title leads elsewhere.
    "wrong_link": ('<a href="#/jobs/1">', '<a href="#/jobs/7">', 3),
    # The first job's title is no link; two controls, neither its title: which to click is not said.
    "no_title_link": (
        '<h3><a href="#/jobs/1">Backend engineer</a></h3>',
        '<h3>Backend engineer</h3><a href="#/jobs/1">Details</a>',
        2,
    ),
    # The last job is gone: the last item is now the designer.
    "last_gone": (
        '<li class="job"><h3><a href="#/jobs/3">Data analyst</a></h3><p>Remote</p><button>Save</button>'
        "</li>\n",
        "",
        5,
    ),
}


@pytest.mark.parametrize(
    ("written", "target"),
    [
        ("Click the first job", "item=1:job"),
        ("Open the 3rd result", "item=3"),
        ("Click the top result", "item=1"),
        ("Click on the last recipe in the list", "item=-1:recipe"),
        # a role word is no item: the first button in reading order (autoqa.target_ordinal)
        ("Click the first button", "first button"),
    ],
)
def test_a_click_on_an_item_by_position_reads_as_that_item(written: str, target: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and (actions[0].tool, actions[0].args["target"]) == ("click", target)


@pytest.mark.parametrize(
    "written",
    [
        "Click the first done item",
        "Click the first available slot",
        "Click the cheapest job",
    ],
)
def test_a_click_that_picks_by_judgement_or_by_role_stays_with_the_agent(written: str) -> None:
    assert parse_plain_actions(written) is None


# One `autoqa run` of the page and its builds checks the run, and wrote the exported test checked after it.
@pytest.mark.timeout(480)
def test_each_item_click_passes_on_the_page_and_fails_on_its_broken_build_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path,
        site,
        name="jobs",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
    assert source.count('.locator(":scope > h3:nth-child(1) > a:nth-child(1)").click()') == 2, source
