"""Run the API under a supervisor that restarts a worker that dies.

The embedded engines (LadybugDB, the e5 model) are native code: however
bounded, a crash in them ends the process. So ``zpagent serve`` is a small
parent process that binds the socket once and keeps ``workers`` worker
processes alive (uvicorn's ``Multiprocess`` supervisor): a worker that
exits, is killed or stops answering its health ping is replaced, while the
parent keeps the listening socket open, so clients wait in the backlog
during the restart instead of finding the port closed. A worker that fails
during start-up (bad configuration) stops the parent: restarting it would
fail the same way.

Each worker is a complete server (model, served generation, sync worker
thread); the job queue and the publication are safe across processes.
Under systemd or Docker, the service's restart policy covers the parent.
"""

from __future__ import annotations

import ctypes
import functools
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent dies (Linux).

    A supervisor killed with ``kill -9`` or by the OOM killer cannot stop its
    workers; without this they would live on, re-parented to PID 1, holding the
    port with the old code, and a restarted ``zpagent serve`` could not bind
    it. SIGKILL: the supervisor is gone, there is nobody to shut down for.
    Returns whether the request was made.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() == 1:  # the parent died before the request: go now
        os._exit(1)
    return True


def _worker_app(data_dir: Path | None, local_mode: bool) -> Any:
    """The app of one worker process (called by uvicorn in the child)."""
    from zpagent.api.app import create_app
    from zpagent.config import Settings

    die_with_parent()
    return create_app(Settings(), data_dir=data_dir, local_mode=local_mode)


def nodelay(sock: socket.socket) -> None:
    """Turn Nagle's algorithm off for every connection this socket accepts.

    uvicorn's ``bind_socket`` creates the socket with protocol 0, and asyncio
    sets ``TCP_NODELAY`` only on sockets whose protocol is ``IPPROTO_TCP``; so
    the connections of ``zpagent serve`` kept Nagle on, and every request after
    the first on a kept-alive connection (Open WebUI's, the ``openai``
    client's) waited ~40 ms for the client's delayed ACK between the
    response's header and body writes. Linux copies the option from the
    listening socket to each accepted one.
    """
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def serve(
    host: str,
    port: int,
    data_dir: Path | None = None,
    local_mode: bool = False,
    log_level: str = "info",
    workers: int = 1,
) -> None:
    """Serve until SIGINT/SIGTERM; dead workers are restarted."""
    import uvicorn
    from uvicorn.supervisors.multiprocess import Multiprocess

    from zpagent.api.security import check_secrets
    from zpagent.config import Settings

    # Fail here, with the operator's message, rather than in a worker.
    check_secrets(Settings(), local_mode)
    config = uvicorn.Config(
        functools.partial(_worker_app, Path(data_dir) if data_dir else None, local_mode),
        factory=True,
        host=host,
        port=port,
        log_level=log_level,
        access_log=True,
        workers=workers,
        # A worker that does not answer the supervisor's ping for this long is
        # replaced; generous, because a build in the sync thread competes for the GIL.
        timeout_worker_healthcheck=30,
    )
    sock = config.bind_socket()
    nodelay(sock)
    try:
        Multiprocess(config, sockets=[sock]).run()
    finally:
        sock.close()


__all__ = ["serve"]
