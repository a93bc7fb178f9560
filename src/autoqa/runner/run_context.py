"""What every spec of a run shares: built once by the run, read by workers (never by executors, which get
only what they need)."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autoqa.events import EventSink, NullSink
from autoqa.tools.context import ToolSettings

if TYPE_CHECKING:
    from autoqa.agent.options import AgentOptions
    from autoqa.artifacts.run_dir import RunArtifacts
    from autoqa.config.quarantine import Quarantine
    from autoqa.config.settings import Settings
    from autoqa.record.ir import IRRecord, IRWriter
    from autoqa.replay.cache import StepCache
    from autoqa.runner.after_pass import AfterPass
    from autoqa.spec.model import Spec


@dataclass(slots=True)
class RunEnvironment:
    """What every spec of a run shares. Built once by the run, read by workers."""

    settings: Settings
    root: Path
    base_url: str | None
    tool_settings: ToolSettings
    events: EventSink = field(default_factory=NullSink)
    artifacts: RunArtifacts | None = None
    auth_dir: Path | None = None
    """Where setup specs save storage states (``<name>.json``) for ``auth:`` specs."""
    agent_options: AgentOptions | None = None
    """None when no spec of the run may call the model."""
    extra_allowed_origins: tuple[str, ...] = ()
    ir_writer: IRWriter | None = None
    """The run's ir.jsonl (None: records stay in memory only)."""
    step_cache: StepCache | None = None
    """The committed step cache: replayed from, and updated after every passing spec."""
    export_dir: Path | None = None
    """Where passing specs become pytest files (None: no export)."""
    setup_recordings: dict[str, tuple[Spec, tuple[IRRecord, ...]]] = field(default_factory=dict)
    """Setup name → (spec, records) of the passing setup spec, for exporting ``auth:`` specs."""
    run_id: str = ""
    after_pass: tuple[AfterPass, ...] = ()
    """What the run does with each passing spec (heal report, step cache, export), in order."""
    quarantine: Quarantine | None = None
    """Specs whose outcome does not fail the run (``<cache_dir>/quarantine.toml``)."""
    agent_sdk_loaded: Awaitable[Any] | None = None
    """claude-agent-sdk being imported in a thread (runs with agent specs): an agent spec's session starts
    once it is done, instead of importing it on the event loop."""
