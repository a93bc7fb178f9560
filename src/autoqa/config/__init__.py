"""Configuration: ``autoqa.toml``, ``[tool.autoqa]`` in ``pyproject.toml``, the original's
``autoqa.config.json``, ``AUTOQA_*`` environment variables (and ``.env`` files) and CLI options, resolved
once into a frozen :class:`Settings` with the source of every value.

Precedence: CLI > environment > config file(s) > defaults. Files stack as
``autoqa.config.json`` < ``pyproject.toml [tool.autoqa]`` < ``autoqa.toml``.

Example:
    >>> resolved = load_settings(find_project_root(Path.cwd()), env=os.environ, cli={"workers": 4})
    >>> resolved.settings.workers, resolved.sources["workers"]
    (4, 'cli --workers')
"""

from autoqa.config.layers import IGNORED_ORIGINAL_ENV, cli_flag, env_var_name
from autoqa.config.loading import ResolvedSettings, find_project_root, load_settings, resolve_variables
from autoqa.config.masking import mask_url
from autoqa.config.settings import (
    SETTING_KEYS,
    AgentMode,
    ArtifactsMode,
    RecordingMode,
    Settings,
    ToolContextMode,
    allowed_values,
)
from autoqa.config.show import show_config

__all__ = [
    "IGNORED_ORIGINAL_ENV",
    "SETTING_KEYS",
    "AgentMode",
    "ArtifactsMode",
    "RecordingMode",
    "ResolvedSettings",
    "Settings",
    "ToolContextMode",
    "allowed_values",
    "cli_flag",
    "env_var_name",
    "find_project_root",
    "load_settings",
    "mask_url",
    "resolve_variables",
    "show_config",
]
