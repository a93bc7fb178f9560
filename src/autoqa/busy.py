"""The page's busy indicators as a step names them: "Wait until the spinner disappears", "Wait for the
loading indicator to go away", "Wait for loading to finish".

One CSS target (``css=…``) for what pages draw while they work: an indeterminate progress bar (no value: a
bar showing "60% complete" is content, never waited away), an element marked ``aria-busy``, and the class
names frameworks give spinners and loaders. The wait passes once none of them is visible (none at all
passes at once: a wait is no claim), and fails after the wait timeout while one still shows. Replay and
export wait on the same selector. A leaf module: the grammar writes the target, export reads it.
"""

from __future__ import annotations

BUSY = (
    "css=[role=progressbar]:not([aria-valuenow]), progress:not([value]), [aria-busy=true], .spinner, "
    ".loader, .loading, .spin, [class*=spinner], [class*=loading-indicator], [data-testid*=spinner], "
    "[data-testid*=loading], #loading, [id*=spinner]"
)
