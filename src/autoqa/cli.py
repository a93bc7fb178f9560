"""The ``autoqa`` command line: parse, resolve config once, call the library, render, map to exit codes."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from autoqa.config.flags import (
    PLAN_EXPLORE_KEYS,
    PLAN_GENERATE_KEYS,
    PLAN_KEYS,
    RUN_KEYS,
    VariableError,
    click_options,
    settings_from_options,
)
from autoqa.config.settings import Settings
from autoqa.demo_app.bugs import KNOWN_BUGS
from autoqa.errors import AgentError, AutoQAError, BrowserError, SpecError
from autoqa.exit_codes import ExitCode
from autoqa.results import Outcome
from autoqa.text_safety import terminal_safe

if TYPE_CHECKING:
    from autoqa.runner.driver import DriverStart


def _fail(exc: AutoQAError) -> None:
    """Print our error plainly (no traceback) and exit with the code its kind calls for."""
    click.echo(terminal_safe(f"autoqa: error: {exc}"), err=True)
    code = ExitCode.INFRA_ERROR if isinstance(exc, (BrowserError, AgentError)) else ExitCode.USAGE_ERROR
    sys.exit(int(code))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(package_name="autoqa-py", prog_name="autoqa")
def main() -> None:
    """Run Markdown acceptance specs in a real browser: plain steps directly, the rest with a Claude agent."""


def _run_options(func: Any) -> Any:
    """The settings ``autoqa run`` takes (projected from the settings model), then the run's own options."""
    own = [
        click.option("-k", "keyword", help="Only specs whose path or title contains this text."),
        click.option("--json", "json_output", is_flag=True, help="Print the run result as JSON on stdout."),
        click.option("--dry-run", is_flag=True, help="Parse and print the steps; no browser."),
    ]
    for option in reversed(own):
        func = option(func)
    return click_options(RUN_KEYS)(func)


def _overrides(kwargs: dict[str, Any], keys: tuple[str, ...] = RUN_KEYS) -> dict[str, Any]:
    try:
        cli = settings_from_options(kwargs, keys)
    except VariableError as exc:
        raise click.UsageError(str(exc)) from exc
    if kwargs.get("debug") and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        cli["headless"] = False  # --debug shows the browser when there is a screen to show it on
    return cli


# (option, option, why): each names the keyword argument and its flag.
_CONFLICTS = (
    (("connect", "--connect"), ("browser_path", "--browser-path"), "a remote browser is not launched"),
    (("connect", "--connect"), ("headless", "--headed"), "the remote browser decides if it shows a window"),
    (("dry_run", "--dry-run"), ("json_output", "--json"), "a dry run prints steps as text, not a run result"),
)


_DEMO_KEYS = ("agent", "output_dir", "workers")
_VALIDATE_KEYS = ("base_url", "env", "vars", "tags")


def _output_root(configured: Path) -> Path:
    """The output folder as a run resolves it (relative to where autoqa runs)."""
    return configured if configured.is_absolute() else Path.cwd() / configured


def _configured_output(kwargs: dict[str, Any]) -> Path:
    """``--output`` if given, else the configured ``output_dir`` (config files, AUTOQA_OUTPUT_DIR)."""
    from autoqa.config.loading import find_project_root, load_settings

    try:
        resolved = load_settings(
            find_project_root(Path.cwd()), env=dict(os.environ), cli=_overrides(kwargs, ("output_dir",))
        )
    except AutoQAError as exc:
        _fail(exc)
    return _output_root(resolved.settings.output_dir)


def _check_conflicts(kwargs: dict[str, Any]) -> None:
    """Flags that contradict each other are refused instead of one of them being silently ignored."""
    for (first, first_flag), (second, second_flag), why in _CONFLICTS:
        if kwargs.get(first) and kwargs.get(second):
            raise click.UsageError(f"{first_flag} and {second_flag} cannot be used together: {why}")


@main.command()
@click.argument("paths", nargs=-1)
@_run_options
def run(paths: tuple[str, ...], **kwargs: Any) -> None:
    """Run specs: files, folders or globs (default: specs/)."""
    _check_conflicts(kwargs)
    cli = _overrides(kwargs)
    # The driver boots (Node.js, ~0.5-1 s) while the runner's modules import and the specs are read.
    driver = None if kwargs["dry_run"] else _start_driver()
    try:
        _run(paths, kwargs, cli, driver)
    finally:
        if driver is not None:
            driver.close()


def _start_driver() -> DriverStart:
    from autoqa.runner.driver import DriverStart

    return DriverStart()


def _run(
    paths: tuple[str, ...], kwargs: dict[str, Any], cli: dict[str, Any], driver: DriverStart | None
) -> None:
    from autoqa.console import execute_and_report
    from autoqa.runner.run import RunRequest

    request = RunRequest(
        paths=paths or ("specs",),
        root=Path.cwd(),
        cli=cli,
        cli_vars=cli.pop("vars", {}),
        keyword=kwargs.get("keyword"),
        environ=dict(os.environ),
    )
    try:
        code = execute_and_report(
            request, json_output=kwargs["json_output"], dry_run=kwargs["dry_run"], driver=driver
        )
    except SpecError as exc:
        # Documented: every spec must load before anything runs, so one bad spec stops the whole run.
        click.echo("autoqa: nothing was run: fix the spec problem(s) below and run again", err=True)
        _fail(exc)
    except AutoQAError as exc:
        _fail(exc)
    sys.exit(int(code))


@main.command()
@click.option("--serve", is_flag=True, help="Only serve the demo app until Ctrl-C.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port (default: a free one).")
@click.option(
    "--bugs",
    default=None,
    help=f"Inject known bugs, comma-separated: {', '.join(KNOWN_BUGS)} (default: AUTOQA_DEMO_BUGS).",
)
@click_options(_DEMO_KEYS)
@click.option("--json", "json_output", is_flag=True, help="Print the run result as JSON on stdout.")
def demo(serve: bool, port: int, bugs: str | None, json_output: bool, **kwargs: Any) -> None:
    """Start the bundled demo shop and run the bundled example specs against it."""
    from autoqa.demo_app.server import DemoServer, serve_forever

    # None: the demo server reads AUTOQA_DEMO_BUGS (as CONTRACT.md says), for --serve too.
    bug_list = tuple(b.strip() for b in bugs.split(",") if b.strip()) if bugs is not None else None
    if serve:
        try:
            serve_forever("127.0.0.1", port, bug_list)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from exc
        return
    from autoqa.console import execute_and_report
    from autoqa.demo_app.handler import SPECS_DIR as specs_dir
    from autoqa.runner.run import RunRequest

    try:
        server = DemoServer(port=port, bugs=bug_list).start()
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    try:
        # The bundled specs live inside the package: their step cache and exported tests go to the
        # output folder instead, where the user can look at them.
        given = _overrides(kwargs, _DEMO_KEYS)
        output = Path(given.get("output_dir") or Settings.model_fields["output_dir"].default).resolve()
        cli: dict[str, Any] = {
            "base_url": server.url,
            "cache_dir": str(output / "demo-step-cache"),
            "export_dir": str(output / "demo-exported-tests"),
            **given,
        }
        environ = dict(os.environ)
        # The demo is self-contained: its own account wins over any AUTOQA_USERNAME/PASSWORD around.
        environ["AUTOQA_USERNAME"] = server.credentials.username
        environ["AUTOQA_PASSWORD"] = server.credentials.password
        request = RunRequest(
            paths=(str(specs_dir),),
            root=Path.cwd(),
            cli=cli,
            cli_vars={},
            keyword=None,
            environ=environ,
            project_root=specs_dir.parent,
        )
        code = execute_and_report(request, json_output=json_output, dry_run=False, demo=True)
    except AutoQAError as exc:
        _fail(exc)
    finally:
        server.stop()
    sys.exit(int(code))


@main.command()
@click.argument("target", default="latest")
@click_options(("output_dir", "vars"))
@click.option("--to", "export_dir", type=click.Path(file_okay=False), help="Folder for the test files.")
def export(target: str, export_dir: str | None, **kwargs: Any) -> None:
    """Write pytest-playwright files from a run: TARGET is a run id, `latest`, or a spec file."""
    from autoqa.config.loading import find_project_root, load_settings
    from autoqa.export.from_run import export_run, find_run_dir
    from autoqa.spec.loader import load_spec

    root = find_project_root(Path.cwd())
    try:
        resolved = load_settings(root, env=dict(os.environ), cli=_overrides(kwargs, ("output_dir", "vars")))
        settings = resolved.settings
        run_dir = find_run_dir(_output_root(settings.output_dir), target)
        out = (
            Path(export_dir)
            if export_dir
            else (settings.export_dir if settings.export_dir.is_absolute() else root / settings.export_dir)
        )
        only = (Path(target),) if target.endswith(".md") else ()

        def load(path: Path) -> Any:
            return load_spec(path, variables=resolved.variables, secrets_declared=settings.secrets, root=root)

        outcomes = export_run(run_dir, load, out, only=only, root=root, base_url=settings.base_url)
    except AutoQAError as exc:
        _fail(exc)
    refused = 0
    for outcome in outcomes:
        if outcome.written:
            click.echo(f"wrote    {outcome.written}")
        else:
            refused += 1
            click.echo(f"refused  {outcome.spec_path}: {outcome.error}", err=True)
    if not outcomes:
        click.echo(f"no passing specs in {run_dir}", err=True)
    sys.exit(int(ExitCode.USAGE_ERROR) if refused or not outcomes else 0)


@main.command()
@click.option("--browser-path", default=None, help="Check this Chromium instead of the resolved one.")
def doctor(browser_path: str | None) -> None:
    """Print versions, the browser autoqa would use and why, and whether model credentials exist."""
    from autoqa.doctor import run_doctor

    report = run_doctor(browser_path)
    width = max(len(key) for key, _ in report.lines)
    for key, value in report.lines:
        click.echo(f"{key.ljust(width)}  {value}")
    sys.exit(0 if report.browser_ok else int(ExitCode.INFRA_ERROR))


@main.command()
def init() -> None:
    """Scaffold autoqa.toml, an example spec, a steps library and .env.example (never overwrites)."""
    from autoqa.scaffold import scaffold_project

    for path, created in scaffold_project(Path.cwd()):
        click.echo(f"{'created' if created else 'exists, kept'}  {path}")


@main.group()
def config() -> None:
    """Inspect the effective configuration."""


@config.command("show")
@click_options(RUN_KEYS)
def config_show(**kwargs: Any) -> None:
    """Print every setting with the source it came from (secrets masked); flags as for `autoqa run`."""
    from autoqa.config.loading import find_project_root, load_settings
    from autoqa.config.show import show_config

    root = find_project_root(Path.cwd())
    try:
        resolved = load_settings(root, env=dict(os.environ), cli=_overrides(kwargs))
    except AutoQAError as exc:
        _fail(exc)
    click.echo(show_config(resolved))


@main.group()
def specs() -> None:
    """Validate and list specs without a browser."""


@specs.command("grammar")
def specs_grammar() -> None:
    """Print every sentence form the plain grammar reads, with the tool call each becomes."""
    from autoqa.spec.grammar import grammar_reference

    click.echo(grammar_reference())


@specs.command("validate")
@click.argument("paths", nargs=-1)
@click_options(_VALIDATE_KEYS)
@click.option(
    "--plain-only",
    is_flag=True,
    help="Exit 4 when any step is not plain grammar (would need the agent or the step cache).",
)
def specs_validate(paths: tuple[str, ...], plain_only: bool, **kwargs: Any) -> None:
    """Parse specs, expand includes, render variables and print the steps, marking each step the plain
    grammar does not read (file:line, nearest plain form); exit 2 on a spec problem."""
    from autoqa.console import execute_and_report
    from autoqa.runner.run import RunRequest

    cli = _overrides(kwargs, _VALIDATE_KEYS)
    request = RunRequest(
        paths=paths or ("specs",),
        root=Path.cwd(),
        cli=cli,
        cli_vars=cli.pop("vars", {}),
        keyword=None,
        environ=dict(os.environ),
    )
    try:
        code = execute_and_report(request, json_output=False, dry_run=True, plain_only=plain_only)
    except AutoQAError as exc:
        _fail(exc)
    sys.exit(int(code))


@main.group()
def runs() -> None:
    """List, summarize and clean past runs in the artifacts folder."""


@runs.command("list")
@click_options(("output_dir",))
def runs_list(**kwargs: Any) -> None:
    """The runs in the output folder, newest first."""
    from autoqa.artifacts.runs import list_runs

    for summary in list_runs(_configured_output(kwargs)):
        counts = summary.counts
        tally = ", ".join(
            f"{counts[k]} {k}"
            for k in ("passed", "failed", "error", "skipped", "flaky", "needs_agent")
            if counts.get(k)
        )
        mark = " (latest)" if summary.latest else ""
        if summary.merged_from:
            mark += f" (merged from {len(summary.merged_from)} runs)"
        click.echo(
            terminal_safe(
                f"{summary.run_id}  {summary.started_at or '-':20}  {summary.status:11}  "
                f"{summary.duration_ms / 1000:7.1f}s  {tally or 'no specs'}  {summary.path}{mark}"
            )
        )


@runs.command("stats")
@click.option("--last", type=click.IntRange(1), default=10, show_default=True, help="How many runs to read.")
@click.option("--json", "json_output", is_flag=True, help="Print the statistics as JSON.")
@click.option(
    "--propose",
    is_flag=True,
    help="Print quarantine entries for specs flaky in at least --min-flaky of the runs read.",
)
@click.option("--min-flaky", type=click.IntRange(1), default=2, show_default=True)
@click.option("--write", is_flag=True, help="With --propose: append the entries to the quarantine file.")
@click_options(("output_dir", "cache_dir"))
def runs_stats(
    last: int, json_output: bool, propose: bool, min_flaky: int, write: bool, **kwargs: Any
) -> None:
    """Per spec over the newest runs: runs, pass / flaky / heal rate, median duration, cost."""
    import json

    from autoqa.artifacts.run_stats import history_stats, stats_json, stats_table
    from autoqa.artifacts.run_stats import propose as proposals_for
    from autoqa.config.loading import find_project_root, load_settings
    from autoqa.config.quarantine import append_entries, entries_text, load_quarantine, quarantine_file

    if write and not propose:
        raise click.UsageError("--write needs --propose")
    root = find_project_root(Path.cwd())
    try:
        settings = load_settings(
            root, env=dict(os.environ), cli=_overrides(kwargs, ("output_dir", "cache_dir"))
        ).settings
        path = quarantine_file(settings.cache_dir, root)
        quarantine = load_quarantine(path, root) if propose else None
    except AutoQAError as exc:
        _fail(exc)
    stats = history_stats(_output_root(settings.output_dir), last=last)
    found = []
    if quarantine is not None:
        done = {entry.path for entry in quarantine.entries}
        found = [p for p in proposals_for(stats, min_flaky=min_flaky) if p.path not in done]
    if json_output:
        click.echo(json.dumps(stats_json(stats, found), indent=2))
    else:
        click.echo(f"{len(stats.runs_read)} run(s) read from {_output_root(settings.output_dir)}")
        for line in stats_table(stats):
            click.echo(terminal_safe(line))
        if propose and not found:
            click.echo(f"no spec was flaky in {min_flaky} or more of these runs: nothing to quarantine")
        elif propose:
            click.echo(f"# proposed for {path} (flaky in >= {min_flaky} of the runs read):")
            click.echo(terminal_safe(entries_text((p.path, p.reason) for p in found)).strip("\n"))
    if write and found:
        append_entries(path, [(p.path, p.reason) for p in found])
        click.echo(f"wrote {len(found)} entr{'y' if len(found) == 1 else 'ies'} to {path}", err=True)


@runs.command("clean")
@click.option("--keep", type=click.IntRange(0), default=10, show_default=True)
@click_options(("output_dir",))
def runs_clean(keep: int, **kwargs: Any) -> None:
    """Remove all but the newest KEEP runs autoqa wrote in the output folder."""
    from autoqa.artifacts.runs import clean_runs

    removed = clean_runs(_configured_output(kwargs), keep)
    click.echo(f"removed {len(removed)} run(s), kept the newest {keep}")


# --- autoqa report merge: the run folders of CI shards as one run -------------------------------------


@main.group()
def report() -> None:
    """Reports across runs: merge the run folders of CI shards into one run."""


@report.command("merge")
@click.argument("folders", nargs=-1, required=True, type=click.Path(path_type=Path))
@click_options(("output_dir",))
def report_merge(folders: tuple[Path, ...], **kwargs: Any) -> None:
    """Merge the runs of `--shard 1/n` ... `n/n` (run folders, or the output folders holding them) into one
    new run in the output folder: run.json, junit.xml, report.html and each spec's files; exit code as a
    run's (2: the folders are not the shards of one run)."""
    from autoqa.artifacts.redact import Redactor
    from autoqa.config.loading import find_project_root, load_settings
    from autoqa.runner.merge import merge_runs

    try:
        resolved = load_settings(
            find_project_root(Path.cwd()), env=dict(os.environ), cli=_overrides(kwargs, ("output_dir",))
        )
        redactor = Redactor.from_environment(resolved.secret_values, resolved.environ, Path.home())
        merged = merge_runs(
            folders,
            _output_root(resolved.settings.output_dir),
            redactor=redactor,
            env=dict(os.environ),
            warn=lambda message: click.echo(terminal_safe(f"autoqa: warning: {message}"), err=True),
        )
    except AutoQAError as exc:
        _fail(exc)
    run = merged.run
    click.echo(terminal_safe(f"merged {', '.join(p.label for p in merged.plan.parts)} into run {run.run_id}"))
    for part in merged.plan.unfinished:
        click.echo(
            terminal_safe(f"autoqa: warning: {part.label} ({part.folder}) did not finish: {part.status}"),
            err=True,
        )
    tally = ", ".join(f"{run.count(o)} {o}" for o in Outcome if run.count(o))
    click.echo(f"{len(run.specs)} spec(s): {tally or 'none'}")
    click.echo(terminal_safe(f"artifacts: {merged.path}"))
    sys.exit(int(merged.exit_code))


# --- autoqa plan, plan-explore, plan-generate (the original's command names) ----------------------------

_AUTH = click.option(
    "--auth",
    "auth_spec",
    metavar="SPEC",
    help="Start logged in: run this `setup:` spec first and explore from its storage state.",
)
_ALLOW = click.option(
    "--allow",
    "allow",
    multiple=True,
    metavar="WORD",
    help="Let the crawl submit forms and follow links that say WORD (delete, send, pay …; * for all).",
)


def _plan(stage: str, kwargs: dict[str, Any], keys: tuple[str, ...], **extra: Any) -> None:
    from autoqa.console import execute_plan_and_report
    from autoqa.plan.plan_run import PlanRequest

    _check_conflicts(kwargs)
    cli = _overrides(kwargs, keys)
    request = PlanRequest(
        stage=stage,  # type: ignore[arg-type]
        root=Path.cwd(),
        cli=cli,
        cli_vars=cli.pop("vars", {}),
        environ=dict(os.environ),
        **extra,
    )
    try:
        code = execute_plan_and_report(request)
    except AutoQAError as exc:
        _fail(exc)
    sys.exit(int(code))


@main.command("plan-explore")
@click_options(PLAN_EXPLORE_KEYS)
@_AUTH
@_ALLOW
def plan_explore(auth_spec: str | None, allow: tuple[str, ...], **kwargs: Any) -> None:
    """Crawl the site from --url with no model; write plan-explore/explore-graph.json (exit 10: a limit
    left pages unvisited)."""
    _plan("explore", kwargs, PLAN_EXPLORE_KEYS, auth_spec=auth_spec, allow=allow)


@main.command("plan-generate")
@click.option("--run-id", "source_run", default="latest", show_default=True, help="The explored run to read.")
@click_options(PLAN_GENERATE_KEYS)
@_AUTH
def plan_generate(source_run: str, auth_spec: str | None, **kwargs: Any) -> None:
    """Write specs from an explored run's graph (smoke, forms; flows with a model), run each once and keep
    the passing ones, in a new run's plan/ folder."""
    _plan("generate", kwargs, PLAN_GENERATE_KEYS, auth_spec=auth_spec, source_run=source_run)


@main.command("plan")
@click_options(PLAN_KEYS)
@_AUTH
@_ALLOW
def plan(auth_spec: str | None, allow: tuple[str, ...], **kwargs: Any) -> None:
    """Explore the site and generate specs from what was seen, in one run; prints what it wrote."""
    _plan("all", kwargs, PLAN_KEYS, auth_spec=auth_spec, allow=allow)
