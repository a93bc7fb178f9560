"""What the model planner is told: the rules, the plain grammar, and a digest of the graph.

The digest is built from the redacted graph (secrets already ``{{NAME}}``), and the variables are listed by
name only: no credential value is ever part of a prompt.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from autoqa.plan.graph import ExploreGraph, Page, page_path
from autoqa.spec.grammar import grammar_reference

MAX_DIGEST_CHARS = 60_000
"""The graph digest sent as the first message is cut (pages last visited first) beyond this."""

ROLE = (
    "You are the test planner of autoqa. A crawler explored a web app without a model and recorded what it "
    "saw; you turn that into user flows, each an acceptance spec in Markdown that runs with no model, in "
    "autoqa's plain grammar. Every spec you propose is run once against the app and kept only if it passes."
)


def system_prompt(*, variables: Iterable[str], auth_name: str | None, max_specs: int) -> str:
    names = ", ".join("{{" + name + "}}" for name in sorted(set(variables))) or "none"
    auth = (
        f"- The crawl was logged in. A spec that needs the logged-in state says `auth: {auth_name}` in its "
        "front matter (it then starts from that state); a spec about logging in does not."
        if auth_name
        else "- The crawl was not logged in: never write `auth:`."
    )
    rules = [
        "Rules:",
        "- Use only pages, texts, fields and buttons the graph or page_snapshot shows. Expect only results "
        "the page showed or that the flow's own input makes certain (a name you typed shown back). A spec "
        "expecting something the app does not do is rejected when it runs.",
        "- Every step is one sentence of the plain grammar below, with targets quoted as the page names "
        "them (labels for fields, button and link names as in the snapshot).",
        "- Start every spec with `Navigate to /path`; specs are independent of each other.",
        "- Check the outcome of the flow with Verify steps or `- Expected: …` clauses under a step.",
        f"- Variables you may write: {names}. Their values are never shown to you and must never be "
        "guessed; write the placeholder where a credential goes.",
        auth,
        "- The smoke specs listed in the digest exist already (page loads, title, heading, empty-form "
        "messages): propose flows that do something (fill and submit, move between pages, change state).",
        f"- Call propose_spec(title, markdown) once per spec, at most {max_specs}. A refused spec comes back "
        "with the reason: fix it and propose it again. When you are done, answer with one line.",
    ]
    layout = "\n".join(
        [
            "Spec layout:",
            "---",
            "title: Send the contact form",
            "tags: [flow, generated]",
            "---",
            "# Send the contact form",
            "",
            "## Preconditions",
            "- The app runs at {{BASE_URL}}",
            "",
            "## Steps",
            "1. Navigate to /contact.html",
            '2. Fill "Name" with "Ada"',
            '3. Click the "Submit" button',
            '   - Expected: "Thanks, Ada!" is visible',
        ]
    )
    return "\n\n".join([ROLE, "\n".join(rules), layout, "The plain grammar:\n" + grammar_reference()])


def _page_digest(page: Page) -> dict[str, Any]:
    forms = []
    for form in page.forms:
        entry: dict[str, Any] = {
            "name": form.name,
            "fields": [{"label": f.label, "type": f.type, "required": f.required} for f in form.fields],
            "buttons": list(form.buttons),
        }
        probe = form.probe
        if probe is not None and probe.submitted and probe.messages:
            entry["submitted_empty_showed"] = list(probe.messages)
        elif probe is not None and not probe.submitted:
            entry["not_submitted"] = probe.reason
        forms.append(entry)
    return {
        "path": page.path,
        "title": page.title,
        "headings": [h.text for h in page.headings][:15],
        "links": [
            {"text": link.text, "to": link.url if not link.followed else page_path(link.url)}
            for link in page.links
            if link.text
        ][:40],
        "forms": forms,
    }


def graph_digest(graph: ExploreGraph, existing: Sequence[str]) -> str:
    """The first message: the pages as JSON (bounded), the specs that exist already, what to do."""
    pages = [_page_digest(p) for p in graph.pages]
    body: dict[str, Any] = {"start_url": graph.start_url, "pages": pages, "existing_specs": list(existing)}
    text = json.dumps(body, ensure_ascii=False, indent=1)
    while len(text) > MAX_DIGEST_CHARS and len(pages) > 1:
        pages.pop()
        body["pages"] = pages
        body["pages_left_out"] = len(graph.pages) - len(pages)
        text = json.dumps(body, ensure_ascii=False, indent=1)
    return (
        "What the crawl saw (page_snapshot(path) shows a page's accessibility snapshot):\n"
        f"{text}\n\nPropose the user flows now."
    )
