"""The demo server over plain HTTP: bug switches, login API, /slow, /status and prompt shutdown."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from http.client import HTTPResponse

import pytest

from autoqa.demo_app import KNOWN_BUGS, DemoServer


def fetch(url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None) -> HTTPResponse:
    """GET/POST without following redirects or raising on 4xx/5xx."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        response: HTTPResponse = opener.open(request, timeout=10)
    except urllib.error.HTTPError as error:
        return error  # type: ignore[return-value]
    return response


def post_json(url: str, payload: object) -> HTTPResponse:
    return fetch(url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"})


def test_unknown_bug_name_is_rejected_with_the_allowed_names() -> None:
    with pytest.raises(ValueError, match="unknown demo bug") as info:
        DemoServer(bugs=("total", "wrongness"))
    message = str(info.value)
    assert "wrongness" in message
    for name in KNOWN_BUGS:
        assert name in message


def test_bugs_accept_a_comma_string_and_default_to_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert DemoServer(bugs="total, label").bugs == frozenset({"total", "label"})
    monkeypatch.setenv("AUTOQA_DEMO_BUGS", "button")
    assert DemoServer().bugs == frozenset({"button"})
    assert DemoServer(bugs=()).bugs == frozenset()  # explicit empty wins over the environment
    monkeypatch.setenv("AUTOQA_DEMO_BUGS", "nonsense")
    with pytest.raises(ValueError, match="nonsense"):
        DemoServer()


def test_url_before_start_is_an_error_and_stop_is_idempotent() -> None:
    server = DemoServer()
    with pytest.raises(RuntimeError, match="start"):
        _ = server.url
    server.stop()  # never started: nothing to do
    with server:
        assert server.url.startswith("http://127.0.0.1:")
        assert not server.url.endswith("/")
        with pytest.raises(RuntimeError, match="already running"):
            server.start()
    server.stop()


def test_config_script_carries_the_server_bugs(buggy_demo_server: DemoServer) -> None:
    body = fetch(buggy_demo_server.url + "/config.js").read().decode()
    assert body.startswith("window.AUTOQA_DEMO = ")
    config = json.loads(body.removeprefix("window.AUTOQA_DEMO = ").rstrip(";\n"))
    assert config["bugs"] == ["button", "label", "total"]


def test_login_api_sets_an_http_only_session_cookie(demo_url: str) -> None:
    ok = post_json(demo_url + "/api/login", {"username": "demo", "password": "demo-pass-123"})
    assert ok.status == 200
    cookie = ok.headers["Set-Cookie"]
    assert cookie.startswith("session=") and "HttpOnly" in cookie and "Path=/" in cookie
    token = cookie.split(";")[0]
    session = fetch(demo_url + "/api/session", headers={"Cookie": token})
    assert json.loads(session.read()) == {"username": "demo"}
    page = fetch(demo_url + "/products.html", headers={"Cookie": token})
    assert page.status == 200 and b"<h1>Products</h1>" in page.read()


def test_login_api_errors(demo_url: str) -> None:
    bad = post_json(demo_url + "/api/login", {"username": "demo", "password": "nope"})
    assert (bad.status, json.loads(bad.read())) == (401, {"error": "Invalid username or password"})
    locked = post_json(demo_url + "/api/login", {"username": "locked", "password": "demo-pass-123"})
    assert (locked.status, json.loads(locked.read())) == (401, {"error": "This account is locked"})
    garbage = fetch(demo_url + "/api/login", data=b"{not json", headers={"Content-Type": "application/json"})
    assert garbage.status == 400


def test_custom_credentials() -> None:
    with DemoServer(username="alice", password="s3cret-value") as server:
        login = server.url + "/api/login"
        assert post_json(login, {"username": "alice", "password": "s3cret-value"}).status == 200
        assert post_json(login, {"username": "demo", "password": "demo-pass-123"}).status == 401


def test_protected_pages_redirect_to_login_keeping_the_query(demo_url: str) -> None:
    for path in ("/products.html", "/cart.html", "/checkout.html"):
        response = fetch(demo_url + path)
        assert response.status == 302, path
        assert response.headers["Location"] == "/login.html"
    kept = fetch(demo_url + "/cart.html?bugs=total")
    assert kept.headers["Location"] == "/login.html?bugs=total"


def test_status_endpoint(demo_url: str) -> None:
    response = fetch(demo_url + "/status/500")
    assert response.status == 500
    assert b"<h1>Status 500</h1>" in response.read()
    assert fetch(demo_url + "/status/404").status == 404
    assert fetch(demo_url + "/status/abc").status == 400
    assert fetch(demo_url + "/status/42").status == 400


def test_slow_endpoint_waits_and_validates(demo_url: str) -> None:
    start = time.monotonic()
    response = fetch(demo_url + "/slow?ms=300")
    assert response.status == 200
    assert b"Slow page" in response.read()
    assert time.monotonic() - start >= 0.3
    assert fetch(demo_url + "/slow?ms=soon").status == 400


def test_unknown_path_and_traversal_are_404(demo_url: str) -> None:
    assert fetch(demo_url + "/nope.html").status == 404
    assert fetch(demo_url + "/../server.py").status == 404
    assert fetch(demo_url + "/%2e%2e/server.py").status == 404


def test_stop_is_prompt_with_a_pending_slow_request() -> None:
    server = DemoServer().start()
    outcome: list[object] = []

    def slow_request() -> None:
        try:
            outcome.append(fetch(server.url + "/slow?ms=30000").status)
        except OSError as error:  # the connection may also just close
            outcome.append(error)

    worker = threading.Thread(target=slow_request, daemon=True)
    worker.start()
    time.sleep(0.3)  # let the request reach the handler
    started = time.monotonic()
    server.stop()
    assert time.monotonic() - started < 1.5
    worker.join(timeout=3)
    assert not worker.is_alive(), "the pending /slow request was not released"
    assert outcome and outcome[0] != 200
