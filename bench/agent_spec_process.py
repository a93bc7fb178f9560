"""One agent spec in a fresh Python process, the way ``autoqa run`` pays for it; prints a JSON timeline.

``python -m bench.agent_spec_process`` reads a JSON object from stdin (``spec``, ``root``, ``demo_url``,
``fake_url``, ``username``, ``password``: stdin keeps the password out of the process list).
A fresh process so that importing claude-agent-sdk, starting Playwright and launching the browser are
really paid here, once, as in a real run. The spec goes through the runner's own pieces (RecordingCaller
+ Recorder + :func:`autoqa.agent.run_agent_spec`); ``auth:`` specs get a storage state from a log-in done
first in a throwaway context (the setup spec's work, timed apart).

Every mark is ``time.perf_counter()`` (one system-wide monotonic clock; see :mod:`bench.agent_probe`).
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # before anything else is imported

import asyncio  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402


async def _run(config: dict[str, Any], marks: dict[str, Any]) -> None:
    from playwright.async_api import async_playwright

    from autoqa.agent import AgentOptions, run_agent_spec
    from autoqa.browser import launch_browser, resolve_browser
    from autoqa.execute.recording import RecordingCaller
    from autoqa.record import Recorder
    from autoqa.spec.loader import load_spec, spec_secrets
    from autoqa.testing.fake_anthropic import offline_env
    from autoqa.tools import ToolContext
    from bench.agent_probe import TimedEvents, cli_spawn_probe

    variables = {
        "BASE_URL": config["demo_url"],
        "USERNAME": config["username"],
        "PASSWORD": config["password"],
    }
    spec = load_spec(config["spec"], variables=variables, root=Path(config["root"]))
    secrets = spec_secrets(spec, variables)
    events = TimedEvents()
    marks["spec_loaded"] = time.perf_counter()
    async with async_playwright() as playwright:
        marks["playwright_started"] = time.perf_counter()
        browser = await launch_browser(playwright, resolve_browser())
        marks["browser_launched"] = time.perf_counter()
        options: dict[str, Any] = {"base_url": config["demo_url"], "viewport": {"width": 1280, "height": 800}}
        if spec.auth:
            options["storage_state"] = await _log_in(browser, config)
        marks["setup_done"] = time.perf_counter()
        context = await browser.new_context(**options)
        page = await context.new_page()
        marks["context_ready"] = time.perf_counter()
        ctx = ToolContext(
            context=context, page=page, base_url=config["demo_url"], secrets=dict(secrets.values)
        )
        recorder = Recorder(ctx, None, spec_path=spec.path, run_id="bench")
        ctx.element_hook = recorder.before_element_action
        caller = RecordingCaller(ctx, secrets=secrets, events=events, spec_slug=spec.slug, recorder=recorder)
        agent_options = AgentOptions(env=offline_env(config["fake_url"]), spec_timeout_s=60)
        with cli_spawn_probe() as spawns:
            marks["agent_started"] = time.perf_counter()
            result = await run_agent_spec(
                spec, ctx, agent_options, caller=caller, events=events, secrets=secrets
            )
            marks["agent_returned"] = time.perf_counter()
        await context.close()
        await browser.close()
    marks["browser_closed"] = time.perf_counter()
    marks["cli_spawn"] = spawns[0] if spawns else None
    marks["init_message"] = events.first("agent.turn", phase="init")
    marks["tool_spans"] = events.tool_spans()
    marks["outcome"] = str(result.outcome)
    marks["reason"] = result.reason


async def _log_in(browser: Any, config: dict[str, Any]) -> dict[str, Any]:
    context = await browser.new_context(base_url=config["demo_url"])
    page = await context.new_page()
    await page.goto("/login.html")
    await page.get_by_label("Username").fill(config["username"])
    await page.get_by_label("Password").fill(config["password"])
    await page.get_by_role("button", name="Log in").click()
    await page.wait_for_url("**/products.html")
    state: dict[str, Any] = await context.storage_state()
    await context.close()
    return state


def main() -> None:
    config = json.loads(sys.stdin.read())
    marks: dict[str, Any] = {"process_main": STARTED}
    # What every run imports before it knows of agent specs, then what only agent specs pull in.
    for module in ("playwright.async_api", "autoqa.cli"):
        importlib.import_module(module)
    marks["autoqa_imported"] = time.perf_counter()
    for module in ("claude_agent_sdk", "autoqa.agent.session"):
        importlib.import_module(module)
    marks["sdk_imported"] = time.perf_counter()
    asyncio.run(_run(config, marks))
    print(json.dumps(marks))


if __name__ == "__main__":
    main()
