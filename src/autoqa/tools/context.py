"""The small object every tool receives: the page it acts on and the limits it must respect."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from playwright.async_api import BrowserContext, Locator, Page

from autoqa.config.settings import Settings
from autoqa.tools.baseline_files import BaselineFolder
from autoqa.tools.invariants import InvariantPolicy

DialogPolicy = Literal["accept", "dismiss"]
ElementHook = Callable[[str, Locator, Mapping[str, Any]], Awaitable[None]]
"""Called as ``hook(tool_name, locator, args)`` right before an element action, after the target was
resolved (the recorder fingerprints the element here: after a click it may be gone)."""


_DEFAULTS = Settings.model_fields
"""Defaults of what a user can set come from the one settings model."""


@dataclass(frozen=True, slots=True)
class ToolSettings:
    """Limits and policies for the tool layer. Every Playwright call is bounded by one of these timeouts.
    What a user can set comes from :class:`~autoqa.config.settings.Settings` (:meth:`from_settings`; the
    defaults are that model's); the rest are the tool layer's own bounds."""

    action_timeout_ms: float = _DEFAULTS["action_timeout_ms"].default
    """Click, fill, hover and other element actions."""
    navigation_timeout_ms: float = _DEFAULTS["navigation_timeout_ms"].default
    """``navigate`` and waits for a load state."""
    assertion_timeout_ms: float = _DEFAULTS["assertion_timeout_ms"].default
    """How long assertions auto-wait (poll) before failing, like Playwright's ``expect``."""
    snapshot_timeout_ms: float = 5_000
    snapshot_max_chars: int = 8_000
    """A snapshot longer than this is cut, with a notice saying how to scope it."""
    max_wait_ms: float = 30_000
    """Upper bound for ``wait_for`` pauses and waits."""
    screenshot_max_side: int = _DEFAULTS["screenshot_max_side"].default
    """Failure screenshots are downscaled so the long side is at most this many pixels."""
    screenshot_quality: int = 70
    failure_screenshots: bool = True
    absent_screenshots: bool = True
    """Whether a failure that says the element is not there (``ABSENT_CODES``) keeps a screenshot too.
    Off inside :func:`probing`: an optional step that finds nothing is skipped, and its picture (~0.2 s)
    would show nothing wrong."""
    dialog_policy: DialogPolicy = "accept"
    test_id_attribute: str = _DEFAULTS["test_id_attribute"].default
    target_wait_ms: float = 2_000
    """How long element tools poll for a ``target`` that matches nothing yet (the page may still render)."""
    wait_timeout_ms: float = 10_000
    """Default time ``wait_for`` waits for a condition (text, element state); capped by ``max_wait_ms``."""
    screenshot_timeout_ms: float = 3_000
    """Bound for capturing a screenshot (failure screenshots and the ``screenshot`` tool)."""
    settle_timeout_ms: float = _DEFAULTS["settle_timeout_ms"].default
    """After an action, the longest wait for the work it started (re-render, route change, request) to
    finish so checks read the new page (see ``tools/settle.py``); 0 turns settling off."""
    visual_threshold: float = _DEFAULTS["visual_threshold"].default
    """Per-pixel colour distance (0..1) a visual check tolerates."""
    visual_max_diff_ratio: float = _DEFAULTS["visual_max_diff_ratio"].default
    """Share of differing pixels a visual check tolerates."""
    update_baselines: bool = False
    """Visual checks rewrite their baseline with the page instead of comparing."""
    write_missing_baselines: bool = True
    """A visual check without a baseline writes one (False: it fails with ``BASELINE_MISSING``)."""

    @classmethod
    def from_settings(cls, settings: Settings) -> ToolSettings:
        """The tool layer's read-only view of the run's settings."""
        return cls(
            action_timeout_ms=settings.action_timeout_ms,
            navigation_timeout_ms=settings.navigation_timeout_ms,
            assertion_timeout_ms=settings.assertion_timeout_ms,
            screenshot_max_side=settings.screenshot_max_side,
            test_id_attribute=settings.test_id_attribute,
            settle_timeout_ms=settings.settle_timeout_ms,
            visual_threshold=settings.visual_threshold,
            visual_max_diff_ratio=settings.visual_max_diff_ratio,
            update_baselines=settings.update_baselines,
            write_missing_baselines=settings.missing_baselines_mode() == "write",
        )

    @property
    def ceiling_ms(self) -> float:
        """Last-resort bound for a whole tool call: no tool may run longer, whatever it awaits."""
        longest = max(
            self.action_timeout_ms,
            self.navigation_timeout_ms,
            self.assertion_timeout_ms,
            self.snapshot_timeout_ms,
            self.max_wait_ms,
            self.wait_timeout_ms,
        )
        # A tool chains a few bounded steps (resolve, re-snapshot, act), hence the factor and the slack.
        return 2 * longest + self.target_wait_ms + 5_000


@dataclass(slots=True)
class ToolContext:
    """What the tools act on. Mutable on purpose: ``tabs`` switches ``page``; dialogs are appended."""

    context: BrowserContext
    page: Page
    base_url: str | None = None
    allowed_origins: tuple[str, ...] = ()
    """Origins tabs may open, besides the base URL's own (``navigate`` checks; with an origin guard
    installed, links, forms and scripts too). ``("*",)`` allows any."""
    upload_dir: Path | None = None
    """``upload_file`` only accepts files under this folder."""
    secrets: Mapping[str, str] = field(default_factory=dict)
    """Secret values by name: tools substitute ``{{NAME}}`` in arguments with these."""
    settings: ToolSettings = field(default_factory=ToolSettings)
    dialogs: list[dict[str, Any]] = field(default_factory=list)
    """Every JS dialog seen: type, message, and how it was handled."""
    element_hook: ElementHook | None = None
    baselines: BaselineFolder | None = None
    """The spec's visual baselines (``<cache_dir>/baselines/<spec>``); None: visual checks are refused."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Per-session state owned by individual tools (kept here so tools stay module-level functions)."""
    invariants: InvariantPolicy = field(default_factory=InvariantPolicy)
    """What must hold after every step (``tools/invariants.py``); none unless the run or spec asks."""
    step: int | None = None
    """The spec step the current call belongs to (the executor's caller sets it): what the browser
    reports meanwhile (violations, toasts) is stamped with it."""


@contextlib.contextmanager
def probing(ctx: ToolContext | None, wait_ms: float) -> Iterator[None]:
    """Within the block, tools look for an element that may well be absent: targets get ``wait_ms`` to
    appear instead of the full target wait, and an absence keeps no failure screenshot.

    ``Optional:`` steps use it: a cookie banner that is not there should cost half a second, not five.
    A probe that fails for another reason (two matches, a blocked navigation) keeps its screenshot.
    """
    if ctx is None:
        yield
        return
    saved = ctx.settings
    ctx.settings = replace(saved, target_wait_ms=min(wait_ms, saved.target_wait_ms), absent_screenshots=False)
    try:
        yield
    finally:
        ctx.settings = saved
