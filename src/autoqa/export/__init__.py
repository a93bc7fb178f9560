"""Export: a passing run's action IR → a committed, deterministic pytest-playwright test per spec.

Example::

    records = records_for(read_ir(run_dir / "ir.jsonl"), spec.path)
    path = export_spec(spec, records, Path("tests/autoqa"), base_url=base_url)
    # then: pytest tests/autoqa --base-url http://127.0.0.1:8000
"""

from autoqa.export.builder import SetupRecording, build_module
from autoqa.export.code_model import ModuleCode, render_module
from autoqa.export.exporter import export_spec, exported_file_name, finish_module
from autoqa.export.support import write_conftest

__all__ = [
    "ModuleCode",
    "SetupRecording",
    "build_module",
    "export_spec",
    "exported_file_name",
    "finish_module",
    "render_module",
    "write_conftest",
]
