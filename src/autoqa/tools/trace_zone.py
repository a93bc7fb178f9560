"""Which of the tool layer's browser calls a Playwright trace records.

A tool call makes about a dozen browser round trips besides the one a person would see: resolving the
target, capturing the element for the recorder, arming and awaiting settling, reading the page for the
report. A trace records every call with a DOM snapshot before and after it, so tracing them all cost a
plain suite more than a third of its wall time (``python -m bench main_job``, ``--trace`` on vs off).
Those calls run as Playwright's *internal* calls, which a trace leaves out; the action itself (the click,
the fill, the navigation) and the checks run as ordinary calls, so the trace viewer shows the steps a
person took and what each check read, each with its page, as for a hand-written test.

Playwright has no public switch for this. Its client marks the calls it makes for its own API as internal
through the zone of the running task (a context variable), and this module uses that private mechanism.
Without it (a Playwright whose internals moved), both helpers do nothing: every call is traced, as before,
and ``tests/tools/test_trace_zone.py`` fails so the change is noticed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

try:
    from playwright._impl.channel_owner import ApiZone
    from playwright._impl.utils.zones import _async_local_storage, current_zone
except ImportError:  # pragma: no cover - another Playwright: every call is traced
    ApiZone = None  # type: ignore[misc,assignment]

AVAILABLE = ApiZone is not None
"""Whether this Playwright lets calls be left out of traces (see the module docstring)."""


@contextlib.contextmanager
def _zone(make: Any) -> Iterator[None]:
    if not AVAILABLE:
        yield
        return
    token = _async_local_storage.set(make(current_zone()))
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):  # exited from another context: that context is gone
            _async_local_storage.reset(token)


def untraced() -> contextlib.AbstractContextManager[None]:
    """Browser calls made inside are internal: no trace entry, no snapshot (nor a stack walk per call)."""
    return _zone(lambda zone: zone.with_("apiZone", ApiZone("autoqa", [], None, True)))


def traced() -> contextlib.AbstractContextManager[None]:
    """Browser calls made inside are traced as ordinary calls again (the action inside an untraced tool)."""
    return _zone(lambda zone: zone.without("apiZone"))
