"""Browser resolution order: explicit path → Playwright-managed Chromium → system browsers on PATH.

Resolution only looks at files, so fake executables stand in where no real browser is needed.
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from autoqa.browser import SYSTEM_BROWSERS, playwright_managed_chromium, resolve_browser
from autoqa.errors import BrowserError


def _exe(path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\necho Chromium 1.0\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def _which_from(found: dict[str, str]):
    return lambda name: found.get(name)


def test_explicit_path_wins_over_everything(tmp_path: Path) -> None:
    explicit = _exe(tmp_path / "my-chrome")
    choice = resolve_browser(
        explicit, env={}, which=_which_from({"chromium": "/usr/bin/chromium"}), managed=lambda: "/pw/chrome"
    )
    assert (choice.path, choice.source) == (explicit, "explicit")


def test_env_variable_is_the_explicit_path_when_no_config(tmp_path: Path) -> None:
    from_env = _exe(tmp_path / "env-chrome")
    choice = resolve_browser(
        None, env={"AUTOQA_BROWSER_PATH": from_env}, which=_which_from({}), managed=lambda: None
    )
    assert choice.path == from_env and "AUTOQA_BROWSER_PATH" in choice.reason


def test_a_broken_explicit_path_is_an_error_not_a_silent_fallback(tmp_path: Path) -> None:
    with pytest.raises(BrowserError, match="not an executable"):
        resolve_browser(
            str(tmp_path / "missing"), env={}, which=_which_from({"chromium": "/x"}), managed=lambda: None
        )


def test_playwright_managed_comes_before_system_browsers() -> None:
    choice = resolve_browser(
        None, env={}, which=_which_from({"chromium": "/usr/bin/chromium"}), managed=lambda: "/pw/chrome"
    )
    assert (choice.path, choice.source) == ("/pw/chrome", "playwright")


def test_system_browsers_in_preference_order() -> None:
    everything = {name: f"/usr/bin/{name}" for name in SYSTEM_BROWSERS}
    choice = resolve_browser(None, env={}, which=_which_from(everything), managed=lambda: None)
    assert choice.path == "/usr/bin/chromium-headless-shell" and choice.source == "system"
    only_chrome = resolve_browser(
        None, env={}, which=_which_from({"google-chrome": "/opt/gc"}), managed=lambda: None
    )
    assert only_chrome.path == "/opt/gc"


def test_nothing_found_names_what_to_install() -> None:
    with pytest.raises(BrowserError) as info:
        resolve_browser(None, env={}, which=_which_from({}), managed=lambda: None)
    assert "playwright install chromium" in str(info.value) and "chromium-headless-shell" in str(info.value)


def test_managed_chromium_is_found_in_a_registry_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = _exe(
        tmp_path / "chromium_headless_shell-1255" / "chrome-headless-shell-linux64" / "chrome-headless-shell"
    )
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))
    assert playwright_managed_chromium() == shell
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "empty"))
    assert playwright_managed_chromium() is None


@pytest.mark.parametrize(
    ("how", "names"),
    [
        ({"flags": ["--browser-path", "/no/such/chrome"]}, "cli --browser-path"),
        ({"toml": 'browser_path = "/no/such/chrome"\n'}, "autoqa.toml"),
        ({"env": {"AUTOQA_BROWSER_PATH": "/no/such/chrome"}}, "env AUTOQA_BROWSER_PATH"),
    ],
)
def test_a_bad_browser_path_names_where_it_was_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: dict[str, object], names: str
) -> None:
    from click.testing import CliRunner

    from autoqa.cli import main

    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "a.md").write_text("# A\n## Preconditions\n- none\n## Steps\n1. Open /\n")
    (tmp_path / "autoqa.toml").write_text(str(how.get("toml", "")))
    monkeypatch.chdir(tmp_path)
    env = {"AUTOQA_BASE_URL": "http://127.0.0.1:9", **how.get("env", {})}  # type: ignore[dict-item]
    flags = list(how.get("flags", []))  # type: ignore[call-overload]
    result = CliRunner().invoke(main, ["run", "specs", "--output", "out", *flags], env=env)
    assert result.exit_code == 3, result.output
    assert f"browser from {names} is not an executable file: /no/such/chrome" in result.stderr
