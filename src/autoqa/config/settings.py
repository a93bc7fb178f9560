"""The resolved settings of a run: one frozen, validated object, built once at the edge."""

from __future__ import annotations

import os
import re
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import annotated_types
from pydantic import BaseModel, ConfigDict, Field, field_validator

from autoqa.input_values import VARIABLE_NAME, comma_list, non_blank
from autoqa.invariant_names import INVARIANTS, checked_names
from autoqa.results import FailureClass, TriageAction

AgentMode = Literal["auto", "never", "always", "on-miss"]
ArtifactsMode = Literal["all", "fail", "none"]
ToolContextMode = Literal["screenshot", "snapshot", "none"]
RecordingMode = Literal["on", "off", "retain-on-failure"]
MissingBaselines = Literal["write", "error"]

_ENV_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_SHARD = re.compile(r"(\d+)/(\d+)")
_VIEWPORT = re.compile(r"(\d{2,5})x(\d{2,5})")
_ATTRIBUTE = re.compile(r"[A-Za-z_:][-A-Za-z0-9_:.]*")
_NUMBER_KEYS = (
    "workers",
    "max_turns",
    "max_budget_usd",
    "max_run_budget_usd",
    "max_tool_calls_per_spec",
    "max_consecutive_errors",
    "max_retries_per_step",
    "spec_timeout_s",
    "circuit_breaker_threshold",
    "circuit_breaker_cooldown",
    "action_timeout_ms",
    "navigation_timeout_ms",
    "assertion_timeout_ms",
    "settle_timeout_ms",
    "screenshot_max_side",
    "explore_max_pages",
    "explore_max_depth",
    "explore_timeout_s",
    "visual_threshold",
    "visual_max_diff_ratio",
    "retries",
)
RESERVED_VARIABLES = ("BASE_URL", "LOGIN_BASE_URL", "ENV")
TRIAGE_ALLOWED = (
    "a table of class = action: app_bug = fail (always); app_change = fail, warn or heal; "
    "test_authoring, environment, agent_or_cache = fail or warn"
)
"""Variables that come from their own settings (``--url``, ``--login-url``, ``--env``), not from ``vars``."""


def _as_text(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int | float) else value


def _http_url(value: str | None) -> str | None:
    if value is None:
        return None
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("must be an http:// or https:// URL")
    return value.strip().rstrip("/")


def triage_table(value: Any) -> Any:
    """``"environment=warn, app_change=fail"`` (an ``AUTOQA_TRIAGE`` value) → a table."""
    if not isinstance(value, str):
        return value
    table: dict[str, str] = {}
    for part in value.split(","):
        if not part.strip():
            continue
        name, sep, action = part.partition("=")
        if not sep:
            raise ValueError(f"{part.strip()!r} is not class=action")
        table[name.strip()] = action.strip().lower()
    return table


class TriagePolicy(BaseModel):
    """What each failure class does to the run (``[triage]`` in autoqa.toml). A ``warn`` spec keeps its
    real outcome and class in every report; only the exit code ignores it."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    app_bug: Literal["fail"] = "fail"
    """Always fails: an assertion that saw other content is the app not meeting its spec, and a warning
    there would be a green run on a broken app (quarantine one spec by name instead)."""
    app_change: Literal["fail", "warn", "heal"] = "heal"
    """heal (default): a replayed step whose element is gone goes to the agent when credentials exist;
    fail: no heal, the spec fails; warn: no heal, reported only."""
    test_authoring: Literal["fail", "warn"] = "fail"
    environment: Literal["fail", "warn"] = "fail"
    """fail by default: an unreachable app proves nothing, and a green run must not hide it."""
    agent_or_cache: Literal["fail", "warn"] = "fail"

    @field_validator("app_bug", mode="before")
    @classmethod
    def _app_bug_fails(cls, value: Any) -> Any:
        if value != "fail":
            raise ValueError(
                "app_bug always fails (an assertion saw other content); quarantine the spec instead"
            )
        return value

    @field_validator("test_authoring", "environment", "agent_or_cache", mode="before")
    @classmethod
    def _heal_only_for_app_change(cls, value: Any) -> Any:
        if value == "heal":
            raise ValueError("heal is only for app_change")
        return value

    def action(self, failure_class: FailureClass) -> TriageAction:
        return TriageAction(getattr(self, str(failure_class)))


class Settings(BaseModel):
    """Every setting of autoqa-py. Keys are snake_case in TOML; the env var is ``AUTOQA_<KEY>``."""

    # Field docstrings are the help texts of the CLI flags and pytest options projected from this model.
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    base_url: str | None = None
    """The app under test; ``{{BASE_URL}}`` in specs; relative ``navigate`` targets resolve against it."""
    login_base_url: str | None = None
    """A second origin (e.g. an SSO host): ``{{LOGIN_BASE_URL}}``."""
    env: str | None = None
    """Environment name: loads ``.env.<env>`` and sets ``{{ENV}}``."""
    headless: bool = True
    """Run the browser without a window (``--headed`` shows it)."""
    browser_path: Path | None = None
    """A Chromium executable to launch instead of Playwright's or the system one."""
    connect: str | None = None
    """Connect to a running browser (``ws://…`` Playwright server, ``http://…`` CDP) instead of launching."""
    workers: int = Field(1, ge=1, le=64)
    """Parallel workers, one browser each."""
    shard: str | None = None
    """Run only part ``i`` of ``n`` of the sorted specs, written ``"i/n"`` (1-based)."""
    fail_fast: bool = False
    """Stop after the first spec that does not pass (the rest are not run)."""
    agent: AgentMode = "auto"
    """auto: plain grammar or cache first, agent otherwise; never: no model calls; always: agent for all;
    on-miss: agent only when the replay cache misses."""
    artifacts: ArtifactsMode = "fail"
    """Which specs keep screenshots, snapshots and logs."""
    tool_context: ToolContextMode = "screenshot"
    """What the model gets back with a failed tool call."""
    trace: RecordingMode | None = None
    """Playwright trace per spec; unset, it follows ``artifacts`` (all: on, fail: retain-on-failure, none:
    off)."""
    video: RecordingMode = "off"
    """Video per spec (needs ffmpeg where Playwright looks for it)."""
    output_dir: Path = Path("artifacts")
    """Where runs write reports and artifacts (relative paths are relative to the project root)."""
    model: str | None = None
    """Claude model name for the agent; None uses the SDK's default."""
    max_turns: int = Field(80, ge=1)
    """Agent turn limit per spec."""
    max_budget_usd: float | None = Field(None, gt=0)
    """Per-spec cost cap for agent runs."""
    max_run_budget_usd: float | None = Field(None, gt=0)
    """Cap for the whole run; remaining agent specs are skipped once reached."""
    thinking: bool = False
    """Let the model think before it acts (extended thinking)."""
    max_tool_calls_per_spec: int = Field(200, ge=1)
    """Agent tool calls per spec before the guardrail ends it."""
    max_consecutive_errors: int = Field(8, ge=1)
    """Failed agent tool calls in a row before the guardrail ends the spec."""
    max_retries_per_step: int = Field(5, ge=1)
    """Failed agent tool calls on one step before the guardrail ends the spec."""
    spec_timeout_s: float = Field(600.0, gt=0)
    """Seconds a spec may take."""
    circuit_breaker_threshold: int = Field(3, ge=1)
    """Identical failing tool calls in a row before the breaker opens."""
    circuit_breaker_cooldown: int = Field(2, ge=0)
    """Other tool calls needed before the broken call may be tried again."""
    action_timeout_ms: int = Field(5000, ge=1)
    """How long an action waits for its element."""
    navigation_timeout_ms: int = Field(15000, ge=1)
    """How long a navigation may take."""
    assertion_timeout_ms: int = Field(5000, ge=1)
    """How long an assertion polls before it fails."""
    settle_timeout_ms: int = Field(1000, ge=0)
    """After an action, the longest wait for the work it started (a re-render, a route change, a request)
    before a check reads the page; 0 turns settling off."""
    screenshot_max_side: int = Field(1024, ge=64, le=8192)
    """Longest side of a failure screenshot sent to the model, in pixels."""
    test_id_attribute: str = "data-testid"
    """The attribute targets and exported locators treat as a test id."""
    export_dir: Path = Path("tests/autoqa")
    """Where passing specs become pytest-playwright files (relative to the project root)."""
    export_on_pass: bool = True
    """Export every passing spec."""
    cache_dir: Path = Path("specs/.autoqa")
    """The committed step cache (relative to the project root)."""
    vars: dict[str, str] = Field(default_factory=dict, repr=False)
    """Template variables (``{{NAME}}``); ``--var NAME=VALUE`` entries are merged on top."""
    secrets: tuple[str, ...] = ()
    """Extra secret variable names (names with PASSWORD/TOKEN/SECRET/KEY are secret anyway)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins tabs may open (``navigate``, and links, forms, scripts and popups: see
    ``tools/origin_guard.py``) besides the base URL's and ``login_base_url``'s; ``"*"`` allows any."""
    upload_dir: Path | None = None
    """``upload_file`` only reads files under this folder (relative to the project root); unset, uploads
    are refused."""
    interactive: bool = False
    """Allow the agent to ask you (TTY only)."""
    debug: bool = False
    """Verbose tool and agent log; headed and slow motion when a display exists."""
    tags: tuple[str, ...] = ()
    """Run only specs with these tags (``!tag`` excludes)."""
    include_patterns: tuple[str, ...] = ()
    """Keep only specs whose path matches one of these globs."""
    exclude_patterns: tuple[str, ...] = ()
    """Skip specs whose path matches one of these globs."""
    viewport: str = "1280x800"
    """Browser window size, WIDTHxHEIGHT."""
    strict_negative_checks: bool | None = None
    """Fail a negative check (not visible / hidden / absent / count 0) whose subject never matched during
    the spec, instead of only flagging it. None: on when the ``CI`` environment variable is set."""
    strict_drift: bool = False
    """Fail a replayed step whose element no longer carries the name the step quotes (else: flagged)."""
    heal: Literal["apply", "propose"] | None = None
    """What a healed run does with the step cache and exported tests: apply (rewrite them in place) or
    propose (a patch and a summary in the run folder for review). None: propose when CI is set."""
    lean_history: bool = True
    """Send the agent's model requests through a local relay that keeps only the newest two images
    (older ones become a line of text). Off: the CLI re-sends every image with every request."""
    # `autoqa plan` / `plan-explore`: the crawl's guardrails. A limit that leaves a reachable page
    # unvisited ends the crawl with a partial graph (exit 10).
    explore_max_pages: int = Field(50, ge=1)
    """Pages the crawl of ``autoqa plan`` loads at most."""
    explore_max_depth: int = Field(3, ge=0, le=10)
    """Links the crawl follows from the start page, at most (0: the start page only)."""
    explore_timeout_s: float = Field(300.0, gt=0)
    """Seconds the crawl of ``autoqa plan`` may take."""
    # Visual baselines (tools/visual.py): thresholds, and what a run does with the baseline files.
    visual_threshold: float = Field(0.2, ge=0, le=1)
    """How far apart two colours of one pixel may be and still count as the same in a visual check (0:
    exactly equal, 1: anything), on pixelmatch's perceptual scale as Playwright's toHaveScreenshot uses."""
    visual_max_diff_ratio: float = Field(0.0, ge=0, le=1)
    """The share of pixels that may differ (antialiasing aside) before a visual check fails; 0: none."""
    update_baselines: bool = False
    """Rewrite every visual baseline the run checks with what the page shows now (review the diff and
    commit)."""
    missing_baselines: MissingBaselines | None = None
    """A visual check whose baseline does not exist yet: write it (the step passes, flagged for review) or
    error (the spec is not judged). None: error when CI is set, else write."""
    # Deterministic invariants (tools/invariants.py): checked after every step, no model involved.
    invariants: tuple[str, ...] = ()
    """Checks that must hold after every step: no-console-errors, no-uncaught-exceptions,
    no-failed-requests, no-error-text. A violation fails the step during which the browser reported it,
    with the message or request as evidence."""
    allowed_failed_requests: tuple[str, ...] = ()
    """XHR/fetch answers no-failed-requests accepts: URL patterns with * (a /path or a full URL), each
    optionally after a status, e.g. '404 /api/avatar/*'."""
    error_text: tuple[str, ...] = ()
    """More text no-error-text flags when the page shows it (besides NaN, undefined, [object Object] and
    Something went wrong), e.g. '$0.00'."""
    triage: TriagePolicy = Field(default_factory=TriagePolicy)
    """What each failure class does to the run: fail, warn (reported, exit 0) or heal (app_change only)."""
    retries: int = Field(0, ge=0, le=10)
    """Run a spec that failed (app bug, app change, environment) again in a fresh context, up to this many
    times; one that then passes is flaky."""
    flaky_fails: bool = False
    """Let a flaky spec (failed, then passed on a retry) fail the run (exit 1)."""

    @field_validator("triage", mode="before")
    @classmethod
    def _triage(cls, value: Any) -> Any:
        return triage_table(value)

    @field_validator("base_url", "login_base_url")
    @classmethod
    def _urls(cls, value: str | None) -> str | None:
        return _http_url(value)

    @field_validator(*_NUMBER_KEYS, mode="before")
    @classmethod
    def _no_booleans(cls, value: Any) -> Any:
        # pydantic reads true as 1: `workers = true` or `spec_timeout_s = true` is a mistake, not a number.
        if isinstance(value, bool):
            raise ValueError(f"expected a number, not {str(value).lower()}")
        return value

    @field_validator("connect")
    @classmethod
    def _connect(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value.strip())
        if parts.scheme not in ("ws", "wss", "http", "https") or not parts.netloc:
            raise ValueError("must be a ws://, wss://, http:// or https:// endpoint")
        return value.strip()

    @field_validator("env")
    @classmethod
    def _env(cls, value: str | None) -> str | None:
        if value is not None and not _ENV_NAME.fullmatch(value):
            raise ValueError("must be a name of letters, digits, _ . -")
        return value

    @field_validator("shard")
    @classmethod
    def _shard(cls, value: str | None) -> str | None:
        if value is None:
            return None
        match = _SHARD.fullmatch(value.strip())
        if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
            raise ValueError(f"{value!r} is not 'i/n' with 1 <= i <= n")
        return value.strip()

    @field_validator("viewport")
    @classmethod
    def _viewport(cls, value: str) -> str:
        if not _VIEWPORT.fullmatch(value.strip().lower()):
            raise ValueError(f"{value!r} is not WIDTHxHEIGHT")
        return value.strip().lower()

    @field_validator("test_id_attribute")
    @classmethod
    def _attribute(cls, value: str) -> str:
        if not _ATTRIBUTE.fullmatch(value):
            raise ValueError(f"{value!r} is not an HTML attribute name")
        return value

    @field_validator("vars", mode="before")
    @classmethod
    def _scalar_vars(cls, value: Any) -> Any:
        # TOML gives numbers and booleans for unquoted values; variables are text.
        if isinstance(value, dict):
            return {name: _as_text(item) for name, item in value.items()}
        return value

    @field_validator("vars")
    @classmethod
    def _var_names(cls, value: dict[str, str]) -> dict[str, str]:
        for name in value:
            if not VARIABLE_NAME.fullmatch(name):
                raise ValueError(f"{name!r} is not a variable name (letters, digits and _)")
            if name in RESERVED_VARIABLES:
                raise ValueError(f"{name} comes from its own setting ({name.lower()}), not from vars")
        return value

    @field_validator(
        "secrets",
        "allowed_origins",
        "tags",
        "include_patterns",
        "exclude_patterns",
        "invariants",
        "allowed_failed_requests",
        "error_text",
        mode="before",
    )
    @classmethod
    def _lists(cls, value: Any) -> Any:
        return comma_list(value)

    @field_validator("secrets")
    @classmethod
    def _secret_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            if not VARIABLE_NAME.fullmatch(name):
                raise ValueError(f"{name!r} is not a variable name (letters, digits and _)")
        return value

    @field_validator("invariants")
    @classmethod
    def _invariant_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return checked_names(value)

    @field_validator("allowed_failed_requests", "error_text")
    @classmethod
    def _not_blank(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return non_blank(value)

    @field_validator("allowed_origins")
    @classmethod
    def _origins(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        out = []
        for origin in value:
            if origin == "*":
                out.append(origin)
                continue
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
                raise ValueError(f"{origin!r} is not an origin like https://example.com")
            out.append(f"{parts.scheme}://{parts.netloc}")
        return tuple(out)

    @property
    def shard_spec(self) -> tuple[int, int] | None:
        """``(index, count)`` of ``shard`` (1-based index), or None."""
        if self.shard is None:
            return None
        index, count = self.shard.split("/")
        return int(index), int(count)

    def heal_mode(self, environ: Mapping[str, str] | None = None) -> Literal["apply", "propose"]:
        """``heal`` resolved: unset means propose in CI (the ``CI`` variable is set), apply elsewhere."""
        if self.heal is not None:
            return self.heal
        return "propose" if running_in_ci(environ) else "apply"

    def negative_checks_strict(self, environ: Mapping[str, str] | None = None) -> bool:
        """``strict_negative_checks`` resolved: unset means on in CI (the ``CI`` variable is set)."""
        if self.strict_negative_checks is not None:
            return self.strict_negative_checks
        return running_in_ci(environ)

    def missing_baselines_mode(self, environ: Mapping[str, str] | None = None) -> MissingBaselines:
        """``missing_baselines`` resolved: unset means error in CI (the ``CI`` variable is set), where a
        baseline written on the fly would pass a check nobody reviewed; write elsewhere."""
        if self.missing_baselines is not None:
            return self.missing_baselines
        return "error" if running_in_ci(environ) else "write"

    @property
    def viewport_size(self) -> tuple[int, int]:
        width, height = self.viewport.split("x")
        return int(width), int(height)


def running_in_ci(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``CI`` says this is a CI run (set, and not 0/false/no): the one place that decides the
    defaults that differ in CI (strict negative checks, proposed heals, missing baselines as errors)."""
    value = (os.environ if environ is None else environ).get("CI", "")
    return value.strip().lower() not in ("", "0", "false", "no")


SETTING_KEYS: tuple[str, ...] = tuple(Settings.model_fields)

_ALLOWED_TEXT = {
    "base_url": "an http:// or https:// URL",
    "login_base_url": "an http:// or https:// URL",
    "connect": "a ws://, wss://, http:// or https:// endpoint",
    "env": "a name of letters, digits, _ . - (selects .env.<env>)",
    "shard": "'i/n' with 1 <= i <= n, e.g. '2/4'",
    "viewport": "WIDTHxHEIGHT, e.g. '1280x800'",
    "test_id_attribute": "an HTML attribute name, e.g. 'data-testid' or 'data-test'",
    "vars": "a table of NAME = 'value' (NAME of letters, digits, _; not BASE_URL, LOGIN_BASE_URL or ENV)",
    "secrets": "a list of variable names",
    "allowed_origins": "a list of origins like 'https://example.com', or '*'",
    "tags": "a list of tags (or a comma-separated string)",
    "include_patterns": "a list of glob patterns",
    "exclude_patterns": "a list of glob patterns",
    "invariants": f"a list of {', '.join(INVARIANTS)}",
    "allowed_failed_requests": "a list of URL patterns with *, each optionally after a status ('404 /api/*')",
    "error_text": "a list of texts",
    "triage": TRIAGE_ALLOWED,
}


def _bounds(metadata: list[Any]) -> str:
    parts = []
    for item in metadata:
        if isinstance(item, annotated_types.Ge):
            parts.append(f">= {item.ge}")
        elif isinstance(item, annotated_types.Gt):
            parts.append(f"> {item.gt}")
        elif isinstance(item, annotated_types.Le):
            parts.append(f"<= {item.le}")
    return " and ".join(parts)


def allowed_values(key: str) -> str | None:
    """A human description of what ``key`` accepts, for error messages."""
    if key in _ALLOWED_TEXT:
        return _ALLOWED_TEXT[key]
    info = Settings.model_fields.get(key)
    if info is None:
        return None
    annotation = info.annotation
    optional = False
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(args) < len(typing.get_args(annotation))
        annotation = args[0] if len(args) == 1 else annotation
    if typing.get_origin(annotation) is Literal:
        text = ", ".join(str(a) for a in typing.get_args(annotation))
    elif annotation is bool:
        text = "true or false (also 1/0, yes/no, on/off)"
    elif annotation is int:
        text = "an integer" + (f" {_bounds(info.metadata)}" if info.metadata else "")
    elif annotation is float:
        text = "a number" + (f" {_bounds(info.metadata)}" if info.metadata else "")
    elif annotation is Path:
        text = "a path"
    else:
        text = "text"
    return text + (" (or unset)" if optional else "")
