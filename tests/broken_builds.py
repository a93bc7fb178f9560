"""One page, its broken builds and one spec run against each: the working page must pass plain, and each
build must fail at its own step with every step before it passed (the shape of the grammar's live tests)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from cli_runs import run_project

T = TypeVar("T")

BUILDS_OUTPUT = "out-builds"
"""The builds' run folder in the project (the working page's is ``out``)."""


def check_broken_builds(
    project: Path,
    site: tuple[Path, str],
    *,
    name: str,
    page: str,
    builds: Mapping[str, tuple[str, str, int]],
    spec: Callable[[str], str],
    then: Callable[[], T] | None = None,
) -> T | None:
    """``builds``: build name → (text of ``page`` to replace, its replacement, the step that must fail,
    counting the spec's first step as 1); ``spec(page_name)`` is the spec's Markdown for that page.
    ``then``: what to check once the working page has passed (its exported test, say); it runs while the
    builds' run goes on, and its result is returned after the builds are checked."""
    folder, url = site
    (project / "specs").mkdir(parents=True)
    pages = {name: page}
    for build, (good, bad, _) in builds.items():
        assert page.count(good) == 1, build
        pages[f"{name}-{build}"] = page.replace(good, bad)
    for page_name, html in pages.items():
        (folder / f"{page_name}.html").write_text(html, encoding="utf-8")
        (project / "specs" / f"{page_name}.md").write_text(spec(page_name), encoding="utf-8")

    # The working page and the builds run at once, into two output folders, and ``then`` starts as soon
    # as the working page has passed: most of the builds' time is checks waiting to fail, which leaves the
    # machine idle. The working page's checks get 2.5 s (room on a busy machine; the default is 5 s), the
    # builds' 1 s: a build is a static page, so the check that fails on it would fail after any wait, and
    # ~1.5 s per build is time the suite only waits. No Playwright trace: it records a DOM snapshot of
    # every action of every spec (~25% of such a run's CPU) for a failure's debugging, which these checks
    # never read.
    quiet = ("--trace", "off")
    with ThreadPoolExecutor(2) as pool:
        broken = pool.submit(
            run_project,
            project,
            url,
            "--workers",
            "2",
            *quiet,
            paths=tuple(f"specs/{name}-{build}.md" for build in builds),
            output=BUILDS_OUTPUT,
            AUTOQA_ASSERTION_TIMEOUT_MS="1000",
        )
        code, run, output = run_project(
            project, url, *quiet, paths=(f"specs/{name}.md",), AUTOQA_ASSERTION_TIMEOUT_MS="2500"
        )
        assert code == 0, output
        (working,) = run["specs"]
        assert working["outcome"] == "passed", output
        assert working["executor"] == "plain", output
        later = pool.submit(then) if then is not None else None
        broken_code, broken_run, broken_output = broken.result()
    assert broken_code == 1, broken_output
    results = {Path(s["path"]).stem: s for s in broken_run["specs"]}
    output += broken_output
    for build, (_, _, step) in builds.items():
        result = results[f"{name}-{build}"]
        statuses = [s["status"] for s in result["steps"]]
        assert result["outcome"] == "failed" and statuses[step - 1] == "failed", (build, statuses, output)
        assert statuses[: step - 1] == ["passed"] * (step - 1), (build, statuses)
    return later.result() if later is not None else None


def check_run_and_export(
    tmp_path: Path,
    site: tuple[Path, str],
    *,
    name: str,
    page: str,
    builds: Mapping[str, tuple[str, str, int]],
    spec: Callable[[str], str],
    pinned: tuple[str, ...] = (),
    export_builds: Mapping[str, tuple[str, str]] | None = None,
    passing: tuple[str, ...] = (),
    export_steps: Mapping[str, int] | None = None,
) -> tuple[str, str]:
    """:func:`check_broken_builds`, and the working page's exported test (which that run wrote, so one
    ``autoqa run`` serves both checks; it runs beside the builds' run): it passes on the page and fails on
    every build but ``pinned`` ones (builds only a run can see, as an ambiguity an exported test has pinned
    away). ``export_builds``: the builds (text of ``page`` to replace, its replacement) the exported test
    runs on instead of ``builds``; ``passing``: of those, the ones it must pass (see
    :func:`exported_suites.on_broken_builds`). A build's exported test fails at the run's step, or at
    the one ``export_steps`` gives (where the export pinned an element the run found another way). The
    exported source and the builds' pytest output."""
    from export import exported_suites  # the export helpers, for the live tests that check both

    project = tmp_path / "project"
    if export_builds is None:
        export_builds = {
            build: (good, bad) for build, (good, bad, _) in builds.items() if build not in pinned
        }
    chosen = export_builds

    def exported_test() -> tuple[str, str]:
        exported = project / "tests" / "autoqa" / f"test_specs_{name}.py"
        assert exported.is_file(), sorted(str(p) for p in project.rglob("test_*.py"))
        source = exported.read_text()
        # the working page and the builds in one pytest process: it checks the one pass is the working page's
        # a build the exported test runs as the run did fails at the run's step
        steps = {b: step for b, (good, bad, step) in builds.items() if chosen.get(b) == (good, bad)}
        steps.update(export_steps or {})
        out = exported_suites.on_broken_builds(
            exported,
            tmp_path,
            site,
            page=page,
            page_name=name,
            builds=chosen,
            fast=True,
            passing=passing,
            steps={build: step for build, step in steps.items() if build not in passing},
        )
        failed, passed = len(chosen) - len(passing), 1 + len(passing)
        assert f"{failed} failed, {passed} passed" in out, out + source
        return source, out

    checked = check_broken_builds(
        project, site, name=name, page=page, builds=builds, spec=spec, then=exported_test
    )
    assert checked is not None
    return checked
