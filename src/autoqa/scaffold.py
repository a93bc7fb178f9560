"""``autoqa init``: a starting project layout. Existing files are never touched."""

from __future__ import annotations

from pathlib import Path

_FILES: dict[str, str] = {
    "autoqa.toml": """\
# autoqa-py configuration. Precedence: CLI flags > AUTOQA_* environment > this file > defaults.
# `autoqa config show` prints the effective values and where each came from.
base_url = "http://127.0.0.1:8000"
agent = "auto"            # auto | on-miss | never | always
artifacts = "fail"        # all | fail | none
workers = 1
secrets = ["PASSWORD"]    # variables whose values never reach the model, logs or reports

[vars]
# NAME = "value"          # available in specs as {{NAME}}
""",
    "specs/login-example.md": """\
---
title: Log in with valid credentials
tags: [smoke]
---
# Log in

## Preconditions
- The app is reachable at {{BASE_URL}}
- Credentials come from AUTOQA_USERNAME and AUTOQA_PASSWORD

## Steps
1. include: login
2. Verify "Products" is visible
""",
    "steps/login.md": """\
# Log in (reusable steps)

## Steps
1. Navigate to /login.html
2. Fill "Username" with "{{USERNAME}}"
3. Fill "Password" with "{{PASSWORD}}"
4. Click "Log in"
""",
    ".env.example": """\
# Copy to .env (never commit .env). Values here fill {{NAME}} variables as AUTOQA_<NAME>.
AUTOQA_BASE_URL=http://127.0.0.1:8000
AUTOQA_USERNAME=demo
AUTOQA_PASSWORD=change-me
# ANTHROPIC_API_KEY=...   (needed only for specs the agent runs)
""",
}


def scaffold_project(root: Path) -> list[tuple[Path, bool]]:
    """Create the starter files under ``root``; returns ``(path, created)`` for each."""
    report: list[tuple[Path, bool]] = []
    for relative, content in _FILES.items():
        path = root / relative
        if path.exists():
            report.append((path, False))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("x", encoding="utf-8") as handle:  # "x": never overwrite, even in a race
            handle.write(content)
        report.append((path, True))
    return report
