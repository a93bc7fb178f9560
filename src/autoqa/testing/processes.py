"""Process facts from Linux's ``/proc``, for tests and benchmarks that check what a run leaves behind
and how much memory it takes. Every function answers 0 or nothing for a process that has gone."""

from __future__ import annotations

import re
from pathlib import Path

_STATUS_KB = re.compile(r"^(Vm\w+):\s+(\d+) kB", re.MULTILINE)


def _status_kb(pid: int, field: str) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(kb) for name, kb in _STATUS_KB.findall(status) if name == field), 0)


def rss_kb(pid: int) -> int:
    """Resident memory now."""
    return _status_kb(pid, "VmRSS")


def high_water_kb(pid: int) -> int:
    """Peak resident memory since the process's last exec (``ru_maxrss`` would also count the memory of
    the parent that forked it)."""
    return _status_kb(pid, "VmHWM")


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, grandchildren …), zombies included: a leak is a leak."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
