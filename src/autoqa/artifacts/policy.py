"""Which files a spec keeps: decided when the spec ends, from its outcome.

Everything a spec produces is first written to a staging folder; :meth:`RunArtifacts.finish_spec
<autoqa.artifacts.run_dir.RunArtifacts.finish_spec>` asks this policy what to keep and discards the rest.

=================  ===========================  ==============================  ==========
setting            all                          fail (default)                  none
=================  ===========================  ==============================  ==========
screenshots,       kept for every spec          kept for failed/error specs     not kept
snapshots,
transcript, visual
check images
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

from dataclasses import dataclass

from autoqa.config.settings import ArtifactsMode, RecordingMode, Settings, ToolContextMode
from autoqa.results import Outcome

_TRACE_DEFAULT: dict[str, RecordingMode] = {"all": "on", "fail": "retain-on-failure", "none": "off"}


def is_failing(outcome: Outcome) -> bool:
    """Failed and error specs count as failures for ``fail`` and ``retain-on-failure``."""
    return outcome in (Outcome.FAILED, Outcome.ERROR)


@dataclass(frozen=True, slots=True)
class ArtifactPolicy:
    """What to record while a spec runs and what to keep once its outcome is known.

    A read-only projection of :class:`~autoqa.config.settings.Settings` (:meth:`from_settings`): the
    settings model validates the choices, so this class has no validators or defaults of its own to drift.
    """

    artifacts: ArtifactsMode
    """``all`` keeps every spec's files, ``fail`` only failed/error specs', ``none`` nothing per spec."""
    trace: RecordingMode
    """Playwright trace per spec (``trace.zip``, secrets scrubbed)."""
    video: RecordingMode
    """Video per spec (``video.webm``); needs ffmpeg where Playwright looks for it."""
    tool_context: ToolContextMode
    """Extra evidence taken around tool calls: a screenshot, an ARIA snapshot, or none."""

    @classmethod
    def from_settings(cls, settings: Settings) -> ArtifactPolicy:
        """The run's policy: ``trace`` unset follows ``artifacts`` (the table above)."""
        return cls(
            artifacts=settings.artifacts,
            trace=settings.trace or _TRACE_DEFAULT[settings.artifacts],
            video=settings.video,
            tool_context=settings.tool_context,
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
