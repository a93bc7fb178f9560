"""The harness's own checks can fail: a process that dropped the tag but shares a tagged session is seen."""

from __future__ import annotations

import os
import subprocess
import time
import uuid

from .harness import RunProcesses


def test_leftovers_include_untagged_processes_in_a_tagged_session() -> None:
    tag = uuid.uuid4().hex
    # Like Chromium's zygote: the child clears its environment but stays in the parent's session.
    proc = subprocess.Popen(
        ["sh", "-c", "env -i sleep 30 & exec sleep 30"],
        env={**os.environ, "AUTOQA_CAMPAIGN_TAG": tag},
        start_new_session=True,
    )
    processes = RunProcesses(tag, proc.pid)
    try:
        deadline = time.monotonic() + 5
        live = processes.live()
        while sorted(live.values()) != ["sleep 30", "sleep 30"] and time.monotonic() < deadline:
            time.sleep(0.05)  # until sh has exec'd and env has started its sleep
            live = processes.live()
        assert sorted(live.values()) == ["sleep 30", "sleep 30"], live
        assert processes.wait_for_exit(within_s=0.2), "live processes must be reported as leftovers"
    finally:
        processes.kill()
        proc.wait(5)
    assert processes.wait_for_exit(within_s=5) == []
