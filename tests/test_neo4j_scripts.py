"""scripts/neo4j-start.sh returns only once this run's Neo4j answers.

It used to wait for a ``NEO4J_READY`` line in its log, and the log was
truncated by the background JVM's own redirection: on a busy machine the
wait loop ran first, found the previous run's line and returned before
Neo4j was up. Here the previous run's line is planted in the log.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from tests.live_server import free_port

REPO = Path(__file__).resolve().parents[1]
JAR = REPO / "tools" / "neo4j-launcher" / "target" / "neo4j-launcher.jar"


def _java_or_skip() -> None:
    missing = shutil.which("java") is None or not (JAR.is_file() or shutil.which("mvn"))
    if missing:
        reason = "java and the Neo4j launcher (or mvn to build it) are needed"
        if os.environ.get("ZPAGENT_REQUIRE_NEO4J") == "1":
            pytest.fail(f"ZPAGENT_REQUIRE_NEO4J=1 but {reason}")
        pytest.skip(reason)


@pytest.mark.neo4j
def test_start_ignores_the_previous_runs_ready_line(tmp_path):
    _java_or_skip()
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    port = free_port()
    stale = f"NEO4J_READY bolt://127.0.0.1:{port} (started in 1 ms)\n"
    (run_dir / "neo4j.log").write_text(stale)
    env = {
        **os.environ,
        "NEO4J_RUN_DIR": str(run_dir),
        "NEO4J_PORT": str(port),
        "NEO4J_PASSWORD": "start-script-test",
    }
    env.pop("NEO4J_URI", None)
    try:
        start = subprocess.run(
            [str(REPO / "scripts" / "neo4j-start.sh")],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            cwd=REPO,
        )
        assert start.returncode == 0, start.stderr[-2000:]
        # Up when the script returns: Bolt accepts a connection right away.
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
        assert f"export NEO4J_URI=bolt://127.0.0.1:{port}" in start.stdout
        assert (run_dir / "neo4j.log.prev").read_text() == stale
        assert stale not in (run_dir / "neo4j.log").read_text()
    finally:
        subprocess.run(
            [str(REPO / "scripts" / "neo4j-stop.sh")], env=env, timeout=120, cwd=REPO, check=False
        )
