"""Outages and HTTP errors behind a failing tool call: an unreachable app, a 500 page, a crashed tab."""

from __future__ import annotations

import dataclasses
import socket

import pytest

from autoqa.tools import ToolContext
from autoqa.tools.page_health import describe_load_failure

from .tools_helpers import IMPATIENT, Call, failed, ok


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize(
    ("error", "words"),
    [
        ("net::ERR_CONNECTION_REFUSED", "unreachable: connection refused"),
        ("net::ERR_CONNECTION_RESET", "unreachable: connection reset"),
        ("net::ERR_NAME_NOT_RESOLVED", "unreachable: DNS lookup failed"),
        ("net::ERR_CERT_AUTHORITY_INVALID", "unreachable: its TLS certificate"),
    ],
)
def test_network_failures_read_as_an_unreachable_app(error: str, words: str) -> None:
    message = describe_load_failure("http://shop.test:8080/cart?x=1", error)
    assert message.startswith(f"the app at http://shop.test:8080 is {words}")
    assert message.endswith(f"({error} loading /cart?x=1)")


def test_other_load_failures_are_not_called_an_outage() -> None:
    assert describe_load_failure("http://shop.test/a", "net::ERR_TOO_MANY_REDIRECTS") == (
        "http://shop.test/a could not be loaded (net::ERR_TOO_MANY_REDIRECTS loading /a)"
    )


async def test_a_click_into_a_dead_app_is_blamed_on_the_outage(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(IMPATIENT, failure_screenshots=False)
    dead = f"http://127.0.0.1:{closed_port()}"
    await tool_ctx.page.set_content(f'<a href="{dead}/checkout.html">Checkout</a>')
    result = failed(await call("click", target="Checkout"), "NAVIGATION_FAILED")
    assert result.error is not None
    assert result.error.message == (
        f"click went through, but the page it led to did not load: the app at {dead} is unreachable: "
        "connection refused (net::ERR_CONNECTION_REFUSED loading /checkout.html)"
    )
    # Looking at the error page is fine; a check that finds nothing there names the outage, not the app.
    ok(await call("snapshot"))
    check = failed(await call("assert_text_present", text="Place order"), "NAVIGATION_FAILED")
    assert check.error is not None and "unreachable: connection refused" in check.error.message
    assert check.error.details is not None and "'Place order'" in check.error.details["symptom"]


async def test_a_failing_check_names_the_http_error_status(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(IMPATIENT, failure_screenshots=False)
    ok(await call("navigate", url="/status/500"))
    ok(await call("assert_text_present", text="Status 500"))  # an error page is not a failure by itself
    result = failed(await call("assert_text_present", text="Welcome"), "ASSERTION_FAILED")
    assert result.error is not None and result.error.message.endswith("; the page answered HTTP 500")
    ok(await call("navigate", url="/status/200"))
    fine = failed(await call("assert_text_present", text="Welcome"), "ASSERTION_FAILED")
    assert fine.error is not None and "HTTP" not in fine.error.message


async def test_a_crashed_page_says_so(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(IMPATIENT, failure_screenshots=False)
    await tool_ctx.page.set_content("<button>Go</button>")
    crashed = tool_ctx.page.wait_for_event("crash", timeout=5_000)
    with pytest.raises(Exception, match="ERR_ABORTED"):  # chrome://crash never commits
        await tool_ctx.page.goto("chrome://crash", timeout=5_000)
    await crashed
    result = failed(await call("click", target="Go"), "PAGE_CLOSED")
    assert result.error is not None
    assert result.error.message == "the page crashed (its renderer process died); it cannot be used any more"


# A new tab starts on about:blank and nothing ever appears there by itself: a call that looks for an
# element or a text before any page was opened fails at once, saying why, instead of waiting out its
# timeout and blaming a missing element (and a negative check there proves nothing, so it fails too).
@pytest.mark.parametrize(
    ("tool", "args", "code"),
    [
        ("click", {"target": '"sign-in" link'}, "ELEMENT_NOT_FOUND"),
        ("fill", {"target": "Username", "value": "demo"}, "ELEMENT_NOT_FOUND"),
        ("assert_text_present", {"text": "Username"}, "ASSERTION_FAILED"),
        ("assert_text_absent", {"text": "Error"}, "ASSERTION_FAILED"),
        ("assert_element_hidden", {"target": "Spinner"}, "ASSERTION_FAILED"),
        ("wait_for", {"text": "Welcome", "seconds": 5}, "TIMEOUT"),
    ],
)
async def test_a_call_before_any_page_was_opened_says_so(
    call: Call, tool_ctx: ToolContext, tool: str, args: dict[str, object], code: str
) -> None:
    assert tool_ctx.page.url == "about:blank"
    result = failed(await call(tool, **args), code)
    assert result.error is not None
    assert "nothing has been opened yet" in result.error.message, result.error.message
    assert "navigate" in result.error.message


async def test_a_blank_tab_a_script_wrote_into_is_read_as_usual(call: Call, tool_ctx: ToolContext) -> None:
    """A popup a script opened and wrote into keeps about:blank as its URL: it has content to act on."""
    await tool_ctx.page.set_content("<button onclick=\"this.textContent='Done'\">Go</button>")
    assert tool_ctx.page.url == "about:blank"
    ok(await call("click", target="Go"))
    ok(await call("assert_text_present", text="Done"))
    ok(await call("assert_text_absent", text="Error"))
