"""Named fault points, so tests can fail or kill a real sync at an exact step.

Disabled unless ``ZPAGENT_ENABLE_FAULT_INJECTION=1``; then
``ZPAGENT_FAULT=<point>:<action>`` makes the process ``raise`` a
``InjectedFault`` or ``kill`` itself (SIGKILL, like ``kill -9``), or
``pause`` until a file ``<point>.go`` appears next to ``ZPAGENT_FAULT_DIR``
(a test can then kill it from outside). ``page=<path>`` is the point where a
sync job starts on that page (``zpagent.guard.checkpoint``), for a
page that kills the process. Production never sets these.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from zpagent.errors import ZPAgentError

POINTS = (
    "before_build",
    "after_build",
    "before_install",
    "before_neo4j",
    "neo4j_after_nodes",
    "neo4j_commit_lost",
    "after_neo4j",
    "after_pointer_switch",
    "after_publish",
)


class InjectedFault(ZPAgentError):
    reason = "injected_fault"
    http_status = 500


def fault_point(name: str) -> None:
    if os.environ.get("ZPAGENT_ENABLE_FAULT_INJECTION") != "1":
        return
    spec = os.environ.get("ZPAGENT_FAULT", "")
    for entry in spec.split(","):
        point, _, action = entry.rpartition(":")
        if point != name:
            continue
        if action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        elif action == "pause":
            folder = Path(os.environ.get("ZPAGENT_FAULT_DIR", "."))
            (folder / f"{name}.reached").touch()
            deadline = time.monotonic() + 120
            while not (folder / f"{name}.go").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
        else:
            raise InjectedFault(f"injected fault at {name}")
