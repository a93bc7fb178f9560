"""What a run writes to disk: the run folder, per-spec artifacts, redaction and the keep policy.

Typical use by the runner::

    policy = ArtifactPolicy.from_settings(settings)
    redactor = Redactor.from_environment(secrets)
    run = RunArtifacts.create(Path("artifacts"), policy, redactor, config_snapshot=config)
    spec = run.open_spec(slug, index)          # staging folder: trace_path, video_dir, save_screenshot...
    ...                                         # run the spec; close its browser context
    result = run.finish_spec(spec, result)     # keep or discard, scrub the trace, update run.json
    shown = run.finish_run(run_result)         # run.json; the runner then writes the reports from `shown`
    run.close()                                # latest pointer, missing reports, staging removed
"""

from autoqa.artifacts.events_file import JsonlEventSink
from autoqa.artifacts.policy import ArtifactPolicy
from autoqa.artifacts.redact import Redactor
from autoqa.artifacts.run_dir import RunArtifacts, new_run_id
from autoqa.artifacts.runs import RunSummary, clean_runs, list_runs
from autoqa.artifacts.spec_artifacts import SpecArtifacts
from autoqa.artifacts.trace_scrub import ScrubReport, scrub_trace
from autoqa.artifacts.transcript import TranscriptWriter
from autoqa.config.settings import ArtifactsMode, RecordingMode, ToolContextMode

__all__ = [
    "ArtifactPolicy",
    "ArtifactsMode",
    "JsonlEventSink",
    "RecordingMode",
    "Redactor",
    "RunArtifacts",
    "RunSummary",
    "ScrubReport",
    "SpecArtifacts",
    "ToolContextMode",
    "TranscriptWriter",
    "clean_runs",
    "list_runs",
    "new_run_id",
    "scrub_trace",
]
