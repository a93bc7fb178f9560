"""Recording a run as an action IR (``ir.jsonl``): what each step did, with validated locators.

Example::

    recorder = Recorder(ctx, IRWriter(run_dir / "ir.jsonl"), spec_path=spec.path, run_id=run_id)
    ctx.element_hook = recorder.before_element_action
    result = await call_tool(ctx, "click", {"target": "Log in"})
    await recorder.after_call(step=4, tool="click", args={"target": "Log in"}, result=result,
                              page_url=ctx.page.url)
    records = read_ir(run_dir / "ir.jsonl")
"""

from autoqa.record.fingerprint import Fingerprint
from autoqa.record.frames import FrameRef
from autoqa.record.ir import (
    DialogSeen,
    ElementRecord,
    IRRecord,
    IRWriter,
    TextLocation,
    read_ir,
    records_for,
)
from autoqa.record.locator_checks import CandidateCheck
from autoqa.record.locator_spec import LocatorSpec
from autoqa.record.recorder import Recorder

__all__ = [
    "CandidateCheck",
    "DialogSeen",
    "ElementRecord",
    "Fingerprint",
    "FrameRef",
    "IRRecord",
    "IRWriter",
    "LocatorSpec",
    "Recorder",
    "TextLocation",
    "read_ir",
    "records_for",
]
