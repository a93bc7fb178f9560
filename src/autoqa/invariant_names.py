"""The deterministic invariants by name: one list the settings, spec front matter and the tool layer share.

An invariant is a check that must hold after every step (``tools/invariants.py`` says how each is
watched). A run turns some on (``invariants`` setting); a spec's front matter adds more or turns one off
with ``!name``.
"""

from __future__ import annotations

from collections.abc import Iterable

INVARIANTS: tuple[str, ...] = (
    "no-console-errors",
    "no-uncaught-exceptions",
    "no-failed-requests",
    "no-error-text",
)
"""``no-console-errors``: nothing logged with ``console.error``; ``no-uncaught-exceptions``: no uncaught
exception or unhandled promise rejection; ``no-failed-requests``: no XHR/fetch answered 4xx/5xx (or failing
at the network level) outside the allow-list; ``no-error-text``: no error text (NaN, undefined, …) rendered
on the page."""

DEFAULT_ERROR_TEXT: tuple[str, ...] = ("NaN", "undefined", "[object Object]", "Something went wrong")
"""What ``no-error-text`` looks for unless the spec itself quotes it; ``error_text`` adds more."""


def checked_names(names: tuple[str, ...], *, negation: bool = False) -> tuple[str, ...]:
    """``names`` without repeats, if each is an invariant (or ``!name`` when ``negation``: front matter,
    whose errors list the known names; config errors add them as the allowed values); else a ValueError
    naming the first that is not."""
    for name in names:
        bare = name[1:] if negation and name.startswith("!") else name
        if bare not in INVARIANTS:
            known = f"; known: {', '.join(INVARIANTS)} (!name turns one off)" if negation else ""
            raise ValueError(f"unknown invariant {name!r}{known}")
    return tuple(dict.fromkeys(names))


def resolve_invariants(configured: Iterable[str], overrides: Iterable[str]) -> frozenset[str]:
    """The run's invariants with a spec's front matter applied: ``name`` adds one, ``!name`` removes it."""
    active = set(configured)
    for entry in overrides:
        if entry.startswith("!"):
            active.discard(entry[1:])
        else:
            active.add(entry)
    return frozenset(active)
