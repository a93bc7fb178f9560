"""Which files a spec keeps: decided when the spec ends, from its outcome.

Everything a spec produces is first written to a staging folder; :meth:`RunArtifacts.finish_spec
<autoqa.artifacts.run_dir.RunArtifacts.finish_spec>` asks this policy what to keep and discards the rest.

=================  ===========================  ==============================  ==========
setting            all                          fail (default)                  none
=================  ===========================  ==============================  ==========
screenshots,       kept for every spec          kept for failed/error specs     not kept
snapshots,
transcript
tool screenshots   every tool call              failed tool calls               not taken
(tool_context)
result.json        every spec                   every spec                      not written
trace (default)    ``on``                       ``retain-on-failure``           ``off``
=================  ===========================  ==============================  ==========

``trace`` and ``video`` take ``on | off | retain-on-failure`` like pytest-playwright; an explicit value
wins over the default derived from ``artifacts``. Run-level files (``run.json``, ``events.jsonl``,
``junit.xml``, ``report.html``) are always written: they are the run's outcome, not debugging material.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast, get_args

from autoqa.config.settings import ArtifactsMode, RecordingMode, Settings, ToolContextMode
from autoqa.errors import ConfigError
from autoqa.results import Outcome

_TRACE_DEFAULT: dict[str, RecordingMode] = {"all": "on", "fail": "retain-on-failure", "none": "off"}


def is_failing(outcome: Outcome) -> bool:
    """Failed and error specs count as failures for ``fail`` and ``retain-on-failure``."""
    return outcome in (Outcome.FAILED, Outcome.ERROR)


def _check(key: str, value: str, allowed: tuple[str, ...], source: str) -> str:
    normalized = value.strip().lower()
    if normalized not in allowed:
        raise ConfigError(f"unknown value {value!r}", key=key, source=source, allowed=" | ".join(allowed))
    return normalized


@dataclass(frozen=True, slots=True)
class ArtifactPolicy:
    """What to record while a spec runs and what to keep once its outcome is known."""

    artifacts: ArtifactsMode = "fail"
    """``all`` keeps every spec's files, ``fail`` only failed/error specs', ``none`` nothing per spec."""
    trace: RecordingMode = "retain-on-failure"
    """Playwright trace per spec (``trace.zip``, secrets scrubbed)."""
    video: RecordingMode = "off"
    """Video per spec (``video.webm``); needs ffmpeg where Playwright looks for it."""
    tool_context: ToolContextMode = "screenshot"
    """Extra evidence taken around tool calls: a screenshot, an ARIA snapshot, or none."""

    def __post_init__(self) -> None:
        for key, allowed in (
            ("artifacts", get_args(ArtifactsMode)),
            ("trace", get_args(RecordingMode)),
            ("video", get_args(RecordingMode)),
            ("tool_context", get_args(ToolContextMode)),
        ):
            value = getattr(self, key)
            if value not in allowed:
                raise ConfigError(
                    f"unknown value {value!r}", key=key, source="ArtifactPolicy", allowed=" | ".join(allowed)
                )

    @classmethod
    def from_settings(cls, settings: Settings) -> ArtifactPolicy:
        """The run's policy: ``trace`` unset follows ``artifacts`` (the table above)."""
        return cls(
            artifacts=settings.artifacts,
            trace=settings.trace or _TRACE_DEFAULT[settings.artifacts],
            video=settings.video,
            tool_context=settings.tool_context,
        )

    @classmethod
    def resolve(
        cls,
        artifacts: str | None = None,
        trace: str | None = None,
        video: str | None = None,
        tool_context: str | None = None,
        *,
        source: str = "settings",
    ) -> ArtifactPolicy:
        """Build a policy from optional raw values; ``None`` means the default (trace follows artifacts).

        Raises:
            ConfigError: a value outside the allowed set, naming the key, ``source`` and the choices.
        """
        mode = cast(ArtifactsMode, _check("artifacts", artifacts or "fail", get_args(ArtifactsMode), source))
        return cls(
            artifacts=mode,
            trace=cast(
                RecordingMode,
                _check("trace", trace, get_args(RecordingMode), source) if trace else _TRACE_DEFAULT[mode],
            ),
            video=cast(RecordingMode, _check("video", video or "off", get_args(RecordingMode), source)),
            tool_context=cast(
                ToolContextMode,
                _check("tool_context", tool_context or "screenshot", get_args(ToolContextMode), source),
            ),
        )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ArtifactPolicy:
        """Read ``AUTOQA_ARTIFACTS``, ``AUTOQA_TRACE``, ``AUTOQA_VIDEO`` and ``AUTOQA_TOOL_CONTEXT``."""
        env = os.environ if env is None else env
        return cls.resolve(
            env.get("AUTOQA_ARTIFACTS") or None,
            env.get("AUTOQA_TRACE") or None,
            env.get("AUTOQA_VIDEO") or None,
            env.get("AUTOQA_TOOL_CONTEXT") or None,
            source="environment",
        )

    # While the spec runs -------------------------------------------------------------------------

    def record_trace(self) -> bool:
        return self.trace != "off"

    def record_video(self) -> bool:
        return self.video != "off"

    def capture_tool_screenshot(self, ok: bool) -> bool:
        """Whether to screenshot around a tool call that succeeded (``ok``) or failed."""
        return self.tool_context == "screenshot" and self._capture(ok)

    def capture_tool_snapshot(self, ok: bool) -> bool:
        """Whether to save an ARIA snapshot file around a tool call."""
        return self.tool_context == "snapshot" and self._capture(ok)

    def _capture(self, ok: bool) -> bool:
        return self.artifacts == "all" or (self.artifacts == "fail" and not ok)

    # When the spec has ended ---------------------------------------------------------------------

    def keep_spec_files(self, outcome: Outcome) -> bool:
        """Screenshots, snapshots and the transcript."""
        return self.artifacts == "all" or (self.artifacts == "fail" and is_failing(outcome))

    def keep_tool_screenshots(self, outcome: Outcome) -> bool:
        return self.keep_spec_files(outcome)

    def keep_transcript(self, outcome: Outcome) -> bool:
        return self.keep_spec_files(outcome)

    def keep_result_file(self) -> bool:
        return self.artifacts != "none"

    def keep_trace(self, outcome: Outcome) -> bool:
        return _keep_recording(self.trace, outcome)

    def keep_video(self, outcome: Outcome) -> bool:
        return _keep_recording(self.video, outcome)


def _keep_recording(mode: RecordingMode, outcome: Outcome) -> bool:
    return mode == "on" or (mode == "retain-on-failure" and is_failing(outcome))
