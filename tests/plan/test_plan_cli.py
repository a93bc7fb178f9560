"""``autoqa plan``, ``plan-explore`` and ``plan-generate`` as a user runs them (real subprocess, real
Chromium): on the demo shop logged in, on a small site past its page limit, and after the site changed."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from autoqa.testing.secret_scan import files_containing

# Every page a link leads to from / (CONTRACT.md); /checkout.html is reached only by a button's script.
DEMO_PAGES = {
    "/", "/login.html", "/products.html", "/cart.html", "/profile.html", "/playground.html", "/help.html",
    "/frame-form.html", "/list.html", "/tasks.html", "/contact.html",
}  # fmt: skip


def _autoqa(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CI"))}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-m", "autoqa", *args, "--output", "out"],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=240,
    )


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _run_dir(out: subprocess.CompletedProcess[str], project: Path) -> Path:
    line = next(line for line in out.stdout.splitlines() if line.startswith("artifacts: "))
    return project / line.removeprefix("artifacts: ")


def test_plan_on_the_demo_shop_logged_in_keeps_smoke_and_form_specs_that_pass(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    shutil.copytree(SPECS_DIR, tmp_path / "specs")
    password = demo_server.credentials.password
    deletions = demo_server.deletion_requests
    out = _autoqa(
        ["plan", "--url", demo_server.url, "--auth", "specs/01-login.md", "--agent", "never"],
        tmp_path,
        AUTOQA_USERNAME=demo_server.credentials.username,
        AUTOQA_PASSWORD=password,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    run = _run_dir(out, tmp_path)
    graph = _json(run / "plan-explore" / "explore-graph.json")
    assert {p["path"] for p in graph["pages"]} == DEMO_PAGES  # the shop pages too: the crawl was logged in
    assert graph["auth"] == {"spec": "specs/01-login.md", "name": "login"} and graph["guardrails"] == []
    links = [link for page in graph["pages"] for link in page["links"]]
    assert {lk["reason"] for lk in links if lk["url"].startswith("https://example.com")} == {"off-origin"}
    assert {lk["reason"] for lk in links if lk["text"] == "Log out"} == {"it would end the session"}
    contact = next(p for p in graph["pages"] if p["path"] == "/contact.html")
    sent, erase = (form["probe"] for form in contact["forms"])
    assert sent["messages"] == ["Name is required", "Email is required", "Message is required"]
    assert not erase["submitted"] and '"delete"' in erase["reason"]
    assert demo_server.deletion_requests == deletions  # the server never got the "Delete my data" request
    # What the crawl recorded of the page: each form's fields and buttons, and the landmarks.
    fields = {
        form["name"]: ([(f["label"], f["type"], f["required"]) for f in form["fields"]], form["buttons"])
        for form in contact["forms"]
    }
    assert fields == {
        "Contact us": (
            [("Name", "text", True), ("Email", "email", True), ("Topic", "select", False),
             ("Message", "textarea", True)],
            ["Submit"],
        ),
        "Delete my data": ([("Account email", "email", True)], ["Delete my data"]),
    }  # fmt: skip
    assert {"role": "main", "name": ""} in contact["landmarks"]
    assert {"role": "form", "name": "Contact us"} in contact["landmarks"]
    # explore-elements.json: every page's bounded snapshot (with element refs) and its forms.
    elements = _json(run / "plan-explore" / "explore-elements.json")["pages"]
    assert [e["path"] for e in elements] == [p["path"] for p in graph["pages"]]
    assert all(re.search(r"\[ref=(f\d+)?e\d+\]", e["snapshot"] or "") for e in elements), [
        e["path"] for e in elements
    ]
    assert next(e for e in elements if e["path"] == "/contact.html")["forms"] == contact["forms"]
    # explore-transcript.jsonl: one visit and one record per page, in the graph's order.
    lines = (run / "plan-explore" / "explore-transcript.jsonl").read_text().splitlines()
    events = [json.loads(line) for line in lines]
    recorded = [e["url"] for e in events if e["event"] == "page.recorded"]
    assert recorded == [p["url"] for p in graph["pages"]]
    assert len([e for e in events if e["event"] == "page.visit"]) == len(graph["pages"]) + len(
        [e for e in events if e["event"] == "page.redirected"]
    )
    assert events[0]["event"] == "crawl.start" and events[-1]["event"] == "crawl.finished"

    plan = _json(run / "plan" / "test-plan.json")
    kinds = sorted((c["kind"], c["status"]) for c in plan["cases"])
    assert kinds == [("form", "kept")] * 3 + [("smoke", "kept")] * len(DEMO_PAGES)
    for case in plan["cases"]:
        text = (run / case["file"]).read_text()
        assert f"kept      {(run / case['file']).relative_to(tmp_path)}" in out.stdout
        assert "auth: login" in text and "{{PASSWORD}}" not in text
    # Each kept spec is one the run judged: it passed, from the setup spec's logged-in state.
    outcomes = {Path(s["path"]).name: s["outcome"] for s in _json(run / "run.json")["specs"]}
    assert set(outcomes.values()) == {"passed"} and len(outcomes) == len(plan["cases"]) + 1
    summary = _json(run / "plan" / "plan-summary.json")
    assert summary["exit_code"] == 0 and summary["test_plan"]["kept"] == len(plan["cases"])
    assert files_containing(run, password) == [] and password not in out.stdout + out.stderr


def test_a_crawl_past_its_page_limit_exits_10_and_generation_rejects_what_no_longer_holds(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(
        '<!doctype html><title>Home</title><h1>Welcome</h1><a href="a.html">A</a> <a href="b.html">B</a>'
    )
    (site / "a.html").write_text("<!doctype html><title>A</title><h1>Page A</h1>")
    (site / "b.html").write_text("<!doctype html><title>B</title><h1>Page B</h1>")
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        port = server.stdout.readline().split("port ")[1].split()[0]
        url = f"http://127.0.0.1:{port}"
        explored = _autoqa(["plan-explore", "--url", url, "--max-pages", "2"], tmp_path)
        assert explored.returncode == 10, explored.stdout + explored.stderr
        assert (
            "guardrail explore_max_pages: limit=2 actual=2: the graph is partial (1 page(s) not visited)"
            in (explored.stdout)
        )
        source = _run_dir(explored, tmp_path)
        graph = _json(source / "plan-explore" / "explore-graph.json")
        assert [p["path"] for p in graph["pages"]] == ["/", "/a.html"]
        assert graph["unvisited"] == [{"url": f"{url}/b.html", "depth": 1, "reason": "max_pages"}]
        assert _json(source / "plan" / "plan-summary.json")["exit_code"] == 10

        # The site changes before the specs are generated: the home page's smoke spec no longer holds.
        (site / "index.html").write_text("<!doctype html><title>Home</title><h1>Hello</h1>")
        generated = _autoqa(["plan-generate", "--run-id", source.name, "--agent", "never"], tmp_path)
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert generated.returncode == 10, generated.stdout + generated.stderr  # generated from a partial graph
    run = _run_dir(generated, tmp_path)
    assert run != source
    cases = {c["id"]: c for c in _json(run / "plan" / "test-plan.json")["cases"]}
    assert cases["smoke-a-html"]["status"] == "kept" and (run / "plan/specs/smoke-a-html.md").is_file()
    home = cases["smoke-home"]
    assert home["status"] == "rejected" and home["file"] == "plan/rejected/smoke-home.md"
    assert home["reason"].startswith("failed at step 4:") and "Welcome" in home["reason"]
    assert not (run / "plan/specs/smoke-home.md").exists()
    assert "> Rejected by `autoqa plan`: failed at step 4" in (run / home["file"]).read_text()


def test_plan_explore_on_the_demo_shop_submits_delete_only_when_allowed_and_exits_10_at_its_page_limit(
    tmp_path: Path,
) -> None:
    # From the contact page: its "Delete my data" form is probed first, then the crawl runs out of pages.
    with DemoServer(bugs=()) as shop:
        url = shop.url
        explored = _autoqa(
            ["plan-explore", "--url", f"{shop.url}/contact.html", "--max-pages", "3", "--allow", "delete"],
            tmp_path,
        )
        assert shop.deletion_requests == 1  # the form was submitted: the server got the request
    assert explored.returncode == 10, explored.stdout + explored.stderr
    assert (
        "guardrail explore_max_pages: limit=3 actual=3: the graph is partial (4 page(s) not visited)"
        in explored.stdout
    )
    run = _run_dir(explored, tmp_path)
    graph = _json(run / "plan-explore" / "explore-graph.json")
    assert [p["path"] for p in graph["pages"]] == ["/contact.html", "/", "/login.html"]
    assert graph["guardrails"] == [{"name": "explore_max_pages", "limit": 3, "actual": 3}]
    unvisited = {(u["url"].removeprefix(url), u["reason"]) for u in graph["unvisited"]}
    assert unvisited == {
        (path, "max_pages") for path in ("/products.html", "/playground.html", "/list.html", "/tasks.html")
    }  # the rest of the home page's links
    erase = graph["pages"][0]["forms"][1]
    assert erase["name"] == "Delete my data"
    assert erase["probe"]["submitted"] and erase["probe"]["messages"] == ["Data deletion requested"]
    assert _json(run / "plan" / "plan-summary.json")["exit_code"] == 10
