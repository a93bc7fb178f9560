"""Deterministic invariants: what must hold after every step, judged from what the browser reports.

=========================  ==========================================================================
invariant                  violated by (nothing here asks a model)
=========================  ==========================================================================
no-console-errors          a ``console.error`` message of any page of the spec's context (popups and
                           iframes too); the browser's own "Failed to load resource" lines are requests,
                           judged by no-failed-requests and its allow-list
no-uncaught-exceptions     an uncaught exception or an unhandled promise rejection in a page
no-failed-requests         an XHR or fetch answered 4xx/5xx, or failing at the network level (an aborted
                           request is not a failure), unless ``allowed_failed_requests`` lists it
no-error-text              rendered text matching a pattern (NaN, undefined, [object Object], Something
                           went wrong, plus ``error_text``) as whole words, case-sensitive; hidden text and
                           ``<script>``/``<template>``/``<style>`` content never count
=========================  ==========================================================================

**Which step fails.** A violation belongs to the step whose tool call was running when the browser
reported it (:class:`~autoqa.tools.page_watch.PageWatch` stamps it with ``ToolContext.step``). The next tool
result reports it (``INVARIANT_VIOLATED``: the call took effect, the app broke the invariant meanwhile), so
an agent sees it at once; the step loop also collects what arrived after a step's last call, and the
verdict fails the step on it whatever the model says next.

**A spec that expects error text.** A pattern that a quoted text of the spec holds as whole words, in any
case (``Verify "Something went wrong" is shown``, ``Verify "Total: $0.00" is visible``), is the spec's
business, not an invariant's: it is not looked for anywhere in that spec, and the spec's own checks judge
it. Unquoted words do not count (``?bugs=nan`` in a URL, "maintenance" holding "nan").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any
from urllib.parse import urlsplit

from autoqa.invariant_names import DEFAULT_ERROR_TEXT, resolve_invariants
from autoqa.tools.result import ErrorCode, ToolError, ToolResult

_STATUS_PATTERN = re.compile(r"(\d{3})\s+(\S.*)")
_QUOTED = re.compile(r"\"([^\"]*)\"|“([^”]*)”|‘([^’]*)’|「([^」]*)」|『([^』]*)』|`([^`]*)`|'([^']*)'")
MAX_MESSAGE = 300


def _whole_words(pattern: str) -> re.Pattern[str]:
    """``pattern`` not inside a longer word, in any case (the page check is the same, but case-sensitive)."""
    before = r"(?<!\w)" if pattern[:1].isalnum() else ""
    after = r"(?!\w)" if pattern[-1:].isalnum() else ""
    return re.compile(before + re.escape(pattern) + after, re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class InvariantPolicy:
    """The invariants in force for one spec (none by default)."""

    checks: frozenset[str] = frozenset()
    allowed_failed_requests: tuple[str, ...] = ()
    error_text: tuple[str, ...] = ()
    """The patterns ``no-error-text`` looks for (empty unless that invariant is on)."""

    @classmethod
    def build(
        cls,
        *,
        configured: Iterable[str] = (),
        overrides: Iterable[str] = (),
        allowed_failed_requests: Iterable[str] = (),
        error_text: Iterable[str] = (),
        spec_texts: Iterable[str] = (),
    ) -> InvariantPolicy:
        """The run's invariants (``configured``) with a spec's front matter (``overrides``: ``name`` /
        ``!name``) applied. ``spec_texts`` are the spec's steps and Expected clauses: a pattern their
        quoted texts hold is dropped (see the module docstring)."""
        checks = resolve_invariants(configured, overrides)
        patterns: tuple[str, ...] = ()
        if "no-error-text" in checks:
            quoted = [
                next(g for g in m.groups() if g is not None) for t in spec_texts for m in _QUOTED.finditer(t)
            ]
            patterns = tuple(
                p
                for p in dict.fromkeys((*DEFAULT_ERROR_TEXT, *error_text))
                if not any(_whole_words(p).search(text) for text in quoted)
            )
        return cls(frozenset(checks), tuple(allowed_failed_requests), patterns)

    def __contains__(self, name: object) -> bool:
        return name in self.checks

    def allows_request(self, url: str, status: int | None) -> bool:
        """Whether ``allowed_failed_requests`` accepts this failed request (``status`` None: a network
        failure). A pattern starting with ``/`` is matched against the path (and query), others against
        the whole URL; ``*`` matches anything, and a leading status limits it to that status."""
        parts = urlsplit(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        for entry in self.allowed_failed_requests:
            wanted_status = None
            pattern = entry
            match = _STATUS_PATTERN.fullmatch(entry)
            if match:
                wanted_status, pattern = int(match.group(1)), match.group(2).strip()
            if wanted_status is not None and wanted_status != status:
                continue
            subject = path if pattern.startswith("/") else url
            if fnmatchcase(subject, pattern) or fnmatchcase(parts.path, pattern):
                return True
        return False


@dataclass(frozen=True, slots=True)
class Violation:
    """One invariant the app broke, as a person reads it in a report."""

    invariant: str
    message: str
    step: int | None = None
    """The step whose tool call was running when the browser reported it."""
    url: str = ""
    """The page (or frame) it happened on, without its query string."""

    def as_dict(self) -> dict[str, Any]:
        return {"invariant": self.invariant, "message": self.message, "step": self.step, "url": self.url}


def short_url(url: str) -> str:
    """``http://host/api/orders?token=…`` → ``http://host/api/orders?…``: query strings carry tokens and
    noise, not evidence."""
    parts = urlsplit(url)
    if not parts.scheme:
        return url[:200]
    return f"{parts.scheme}://{parts.netloc}{parts.path}"[:200] + ("?…" if parts.query else "")


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def with_violations(
    result: ToolResult, violations: Sequence[Violation], tool: str, step: int | None = None
) -> ToolResult:
    """``result`` with the violations reported since the last call. A call that succeeded becomes an
    ``INVARIANT_VIOLATED`` failure saying that it took effect (the model must not repeat it); a call that
    failed keeps its own error. Either way ``data["violations"]`` lists them, and the verdict fails the
    step each belongs to."""
    if not violations:
        return result
    data = {**result.data, "violations": [v.as_dict() for v in violations]}
    if not result.ok:
        return result.model_copy(update={"data": data})
    first = violations[0]
    more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
    when = f" while step {first.step} ran" if first.step is not None and first.step != step else ""
    error = ToolError.of(
        ErrorCode.INVARIANT_VIOLATED,
        f"{tool} was done, but the app broke an invariant{when}: {first.invariant}: {first.message}{more}",
        advice="the call took effect, do not repeat it; the step fails on this whatever comes next: "
        "report_bug for it",
    )
    return result.model_copy(update={"ok": False, "data": data, "error": error})
