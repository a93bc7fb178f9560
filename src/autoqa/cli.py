"""The ``autoqa`` command line: parse, resolve config once, call the library, render, map to exit codes."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from autoqa.errors import AgentError, AutoQAError, BrowserError, SpecError
from autoqa.exit_codes import ExitCode

_CHOICE_AGENT = click.Choice(["auto", "on-miss", "never", "always"])
_CHOICE_POLICY = click.Choice(["all", "fail", "none"])
_CHOICE_CONTEXT = click.Choice(["screenshot", "snapshot", "none"])
_CHOICE_RECORD = click.Choice(["on", "off", "retain-on-failure"])


def _fail(exc: AutoQAError) -> None:
    """Print our error plainly (no traceback) and exit with the code its kind calls for."""
    click.echo(f"autoqa: error: {exc}", err=True)
    code = ExitCode.INFRA_ERROR if isinstance(exc, (BrowserError, AgentError)) else ExitCode.USAGE_ERROR
    sys.exit(int(code))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(package_name="autoqa-py", prog_name="autoqa")
def main() -> None:
    """Run Markdown acceptance specs in a real browser: plain steps directly, the rest with a Claude agent."""


def _run_options(func: Any) -> Any:
    options = [
        click.option("--url", "base_url", help="Base URL of the app under test ({{BASE_URL}})."),
        click.option("--login-url", "login_base_url", help="Second origin for {{LOGIN_BASE_URL}}."),
        click.option("--env", "env", help="Load .env.<ENV> after .env and set {{ENV}}."),
        click.option(
            "--var", "variables", multiple=True, metavar="NAME=VALUE", help="Set a {{NAME}} variable."
        ),
        click.option("-k", "keyword", help="Only specs whose path or title contains this text."),
        click.option("-t", "--tag", "tags", multiple=True, help="Only specs with this front-matter tag."),
        click.option("-j", "--workers", type=click.IntRange(1, 64), help="Parallel workers (browsers)."),
        click.option("--shard", help="Run the i-th of n deterministic partitions, e.g. 2/4."),
        click.option("-x", "--fail-fast", is_flag=True, default=None, help="Stop after the first non-pass."),
        click.option("--headed", is_flag=True, default=None, help="Show the browser window."),
        click.option(
            "--debug",
            is_flag=True,
            default=None,
            help="Verbose tool and agent log; headed and slow motion when a display exists.",
        ),
        click.option("--model", help="Claude model for agent specs."),
        click.option("--max-turns", type=click.IntRange(1), help="Agent turn limit per spec."),
        click.option("--max-tool-calls", "max_tool_calls_per_spec", type=click.IntRange(1)),
        click.option("--max-consecutive-errors", type=click.IntRange(1)),
        click.option("--max-retries-per-step", type=click.IntRange(1)),
        click.option(
            "--spec-timeout", "spec_timeout_s", type=click.FloatRange(min=1), help="Seconds per spec."
        ),
        click.option("--max-budget-usd", type=click.FloatRange(min=0), help="Model budget per spec."),
        click.option("--max-run-budget-usd", type=click.FloatRange(min=0), help="Model budget per run."),
        click.option("--artifacts", type=_CHOICE_POLICY, help="What to keep: all, fail (default) or none."),
        click.option("--tool-context", type=_CHOICE_CONTEXT, help="Extra context for the model on failure."),
        click.option("--trace", type=_CHOICE_RECORD, help="Playwright trace per spec."),
        click.option("--video", type=_CHOICE_RECORD, help="Video per spec."),
        click.option("--output", "output_dir", type=click.Path(file_okay=False), help="Artifacts folder."),
        click.option("--agent", type=_CHOICE_AGENT, help="When to use the model (default auto)."),
        click.option("--connect", help="Use a remote browser: ws:// endpoint of `playwright run-server`."),
        click.option("--browser-path", help="Chromium executable to launch."),
        click.option(
            "--interactive", is_flag=True, default=None, help="Allow the agent to ask you (TTY only)."
        ),
        click.option("--json", "json_output", is_flag=True, help="Print the run result as JSON on stdout."),
        click.option("--dry-run", is_flag=True, help="Parse and print the steps; no browser."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


_OVERRIDE_KEYS = (
    "base_url",
    "login_base_url",
    "env",
    "workers",
    "shard",
    "fail_fast",
    "model",
    "max_turns",
    "max_tool_calls_per_spec",
    "max_consecutive_errors",
    "max_retries_per_step",
    "spec_timeout_s",
    "max_budget_usd",
    "max_run_budget_usd",
    "artifacts",
    "tool_context",
    "trace",
    "video",
    "output_dir",
    "agent",
    "connect",
    "browser_path",
    "interactive",
    "debug",
)


def _overrides(kwargs: dict[str, Any]) -> dict[str, Any]:
    cli = {key: kwargs[key] for key in _OVERRIDE_KEYS if kwargs.get(key) is not None}
    if kwargs.get("headed"):
        cli["headless"] = False
    if kwargs.get("debug") and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        cli["headless"] = False  # --debug shows the browser when there is a screen to show it on
    if kwargs.get("tags"):
        cli["tags"] = list(kwargs["tags"])
    return cli


# (option, option, why): each names the keyword argument and its flag.
_CONFLICTS = (
    (("connect", "--connect"), ("browser_path", "--browser-path"), "a remote browser is not launched"),
    (("connect", "--connect"), ("headed", "--headed"), "the remote browser decides if it shows a window"),
    (("dry_run", "--dry-run"), ("json_output", "--json"), "a dry run prints steps as text, not a run result"),
)


def _check_conflicts(kwargs: dict[str, Any]) -> None:
    """Flags that contradict each other are refused instead of one of them being silently ignored."""
    for (first, first_flag), (second, second_flag), why in _CONFLICTS:
        if kwargs.get(first) and kwargs.get(second):
            raise click.UsageError(f"{first_flag} and {second_flag} cannot be used together: {why}")


def _parse_vars(pairs: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.UsageError(f"--var expects NAME=VALUE, got {pair!r}")
        out[name.strip()] = value
    return out


@main.command()
@click.argument("paths", nargs=-1)
@_run_options
def run(paths: tuple[str, ...], **kwargs: Any) -> None:
    """Run specs: files, folders or globs (default: specs/)."""
    from autoqa.console import execute_and_report
    from autoqa.runner.run import RunRequest

    _check_conflicts(kwargs)
    request = RunRequest(
        paths=paths or ("specs",),
        root=Path.cwd(),
        cli=_overrides(kwargs),
        cli_vars=_parse_vars(kwargs["variables"]),
        keyword=kwargs.get("keyword"),
        environ=dict(os.environ),
    )
    try:
        code = execute_and_report(request, json_output=kwargs["json_output"], dry_run=kwargs["dry_run"])
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
@click.option("--bugs", default="", help="Inject known bugs: total,button,label.")
@click.option("--agent", type=_CHOICE_AGENT, default=None, help="When to use the model (default auto).")
@click.option("--output", "output_dir", type=click.Path(file_okay=False), help="Artifacts folder.")
@click.option("--json", "json_output", is_flag=True, help="Print the run result as JSON on stdout.")
@click.option("-j", "--workers", type=click.IntRange(1, 64), default=None)
def demo(
    serve: bool,
    port: int,
    bugs: str,
    agent: str | None,
    output_dir: str | None,
    json_output: bool,
    workers: int | None,
) -> None:
    """Start the bundled demo shop and run the bundled example specs against it."""
    from autoqa.demo_app.server import DemoServer, serve_forever

    bug_list = tuple(b.strip() for b in bugs.split(",") if b.strip())
    if serve:
        try:
            serve_forever("127.0.0.1", port, bug_list)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from exc
        return
    from autoqa.console import execute_and_report
    from autoqa.demo_app import SPECS_DIR as specs_dir
    from autoqa.runner.run import RunRequest
    try:
        server = DemoServer(port=port, bugs=bug_list).start()
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    try:
        # The bundled specs live inside the package: their step cache and exported tests go to the
        # output folder instead, where the user can look at them.
        output = Path(output_dir or "artifacts").resolve()
        cli: dict[str, Any] = {
            "base_url": server.url,
            "cache_dir": str(output / "demo-step-cache"),
            "export_dir": str(output / "demo-exported-tests"),
        }
        for key, value in (("agent", agent), ("output_dir", output_dir), ("workers", workers)):
            if value is not None:
                cli[key] = value
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
@click.option(
    "--output",
    "output_dir",
    default="artifacts",
    type=click.Path(file_okay=False),
    help="Artifacts folder holding the runs.",
)
@click.option("--to", "export_dir", type=click.Path(file_okay=False), help="Folder for the test files.")
@click.option("--var", "variables", multiple=True, metavar="NAME=VALUE")
def export(target: str, output_dir: str, export_dir: str | None, variables: tuple[str, ...]) -> None:
    """Write pytest-playwright files from a run: TARGET is a run id, `latest`, or a spec file."""
    from autoqa.config import find_project_root, load_settings
    from autoqa.export.from_run import export_run, find_run_dir
    from autoqa.spec.loader import load_spec

    root = find_project_root(Path.cwd())
    try:
        resolved = load_settings(
            root, env=dict(os.environ), cli={"vars": _parse_vars(variables)} if variables else {}
        )
        settings = resolved.settings
        run_dir = find_run_dir(Path(output_dir), target)
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
@click.option("--var", "variables", multiple=True, metavar="NAME=VALUE")
def config_show(variables: tuple[str, ...]) -> None:
    """Print every setting with the source it came from (secrets masked)."""
    from autoqa.config import find_project_root, load_settings, show_config

    root = find_project_root(Path.cwd())
    try:
        resolved = load_settings(root, env=dict(os.environ), cli={})
    except AutoQAError as exc:
        _fail(exc)
    click.echo(show_config(resolved))


@main.group()
def specs() -> None:
    """Validate and list specs without a browser."""


@specs.command("validate")
@click.argument("paths", nargs=-1)
@click.option("--url", "base_url", help="Base URL used to render {{BASE_URL}}.")
@click.option("--var", "variables", multiple=True, metavar="NAME=VALUE")
def specs_validate(paths: tuple[str, ...], base_url: str | None, variables: tuple[str, ...]) -> None:
    """Parse specs, expand includes, render variables, print the steps; exit 2 on the first problem."""
    from autoqa.console import execute_and_report
    from autoqa.runner.run import RunRequest

    request = RunRequest(
        paths=paths or ("specs",),
        root=Path.cwd(),
        cli={"base_url": base_url} if base_url else {},
        cli_vars=_parse_vars(variables),
        keyword=None,
        environ=dict(os.environ),
    )
    try:
        code = execute_and_report(request, json_output=False, dry_run=True)
    except AutoQAError as exc:
        _fail(exc)
    sys.exit(int(code))


@main.group()
def runs() -> None:
    """List and clean past runs in the artifacts folder."""


@runs.command("list")
@click.option("--output", "output_dir", default="artifacts", type=click.Path(file_okay=False))
def runs_list(output_dir: str) -> None:
    from autoqa.artifacts.runs import list_runs

    for summary in list_runs(Path(output_dir)):
        click.echo(str(summary))


@runs.command("clean")
@click.option("--keep", type=click.IntRange(0), default=10, show_default=True)
@click.option("--output", "output_dir", default="artifacts", type=click.Path(file_okay=False))
def runs_clean(keep: int, output_dir: str) -> None:
    from autoqa.artifacts.runs import clean_runs

    removed = clean_runs(Path(output_dir), keep)
    click.echo(f"removed {len(removed)} run(s), kept the newest {keep}")
