#!/usr/bin/env python3
"""End-to-end check of the embedded Neo4j launcher with the official driver.

Starts Neo4j through scripts/neo4j-start.sh (in a private run directory, so a
developer's running instance is left alone), exercises what ZP Agent relies
on, stops it through scripts/neo4j-stop.sh and checks that the process, the
port and the data are gone. Exits non-zero on any failure.

    python tools/neo4j-launcher/smoke_test.py      # needs `pip install neo4j`
"""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ClientError, ConstraintError

ROOT = Path(__file__).resolve().parents[2]
RESULTS: list[tuple[str, bool, str]] = []


def check(name: str, ok: bool, detail: str = "") -> None:
    RESULTS.append((name, ok, detail))
    print(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)


def parse_exports(text: str) -> dict[str, str]:
    env = {}
    for line in text.splitlines():
        parts = shlex.split(line)
        if parts and parts[0] == "export":
            for item in parts[1:]:
                key, _, value = item.partition("=")
                env[key] = value
    return env


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def port_free(port: int) -> bool:
    """Nobody listens and a new server could bind it right away.

    The server side of closed Bolt connections lingers in TIME_WAIT, so a plain
    bind() fails for a minute; servers (Netty included) set SO_REUSEADDR.
    """
    with socket.socket() as s:
        if s.connect_ex(("127.0.0.1", port)) == 0:
            return False
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
        except OSError:
            return False
    return True


def exercise(uri: str, user: str, password: str, database: str) -> None:
    with GraphDatabase.driver(uri, auth=(user, "wrong-password")) as bad:
        try:
            bad.verify_connectivity()
            check("wrong password rejected", False, "login succeeded")
        except AuthError:
            check("wrong password rejected", True)

    with GraphDatabase.driver(uri, auth=(user, password)) as driver:
        driver.verify_connectivity()
        info = driver.get_server_info()
        check("login", True, f"{info.agent}, Bolt {info.protocol_version}")
        check("server reports 5.x version", info.agent.startswith("Neo4j/5."), info.agent)

        dbs = {
            r["name"] for r in driver.execute_query("SHOW DATABASES", database_="system").records
        }
        check("databases neo4j and system", {"neo4j", "system"} <= dbs, str(sorted(dbs)))

        q = "CREATE CONSTRAINT x IF NOT EXISTS FOR (n:Person) REQUIRE n.id IS UNIQUE"
        driver.execute_query(q, database_=database)
        driver.execute_query(q, database_=database)  # IF NOT EXISTS: no error twice
        names = [
            r["name"] for r in driver.execute_query("SHOW CONSTRAINTS", database_=database).records
        ]
        check("uniqueness constraint", "x" in names, str(names))

        with driver.session(database=database) as session:
            tx = session.begin_transaction()
            tx.run("UNWIND range(1, 100) AS i CREATE (:Person {id: 'tmp-' + i})").consume()
            inside = tx.run("MATCH (n:Person) RETURN count(n) AS c").single()["c"]
            tx.rollback()
            after = session.run("MATCH (n:Person) RETURN count(n) AS c").single()["c"]
            check(
                "explicit tx rollback",
                inside == 100 and after == 0,
                f"inside={inside} after={after}",
            )

            tx = session.begin_transaction()
            # A chain p1-p2-p3-p4-p5 (4 relationships).
            tx.run(
                "UNWIND range(1, 5) AS i CREATE (:Person {id: 'p' + i, name: 'Person ' + i})"
            ).consume()
            tx.run(
                "UNWIND range(1, 4) AS i "
                "MATCH (a:Person {id: 'p' + i}), (b:Person {id: 'p' + (i + 1)}) "
                "CREATE (a)-[:KNOWS {since: 2000 + i}]->(b)"
            ).consume()
            tx.commit()
            nodes = session.run("MATCH (n:Person) RETURN count(n) AS c").single()["c"]
            check("explicit tx commit", nodes == 5, f"nodes={nodes}")

            try:
                session.run("CREATE (:Person {id: 'p1'})").consume()
                check("constraint enforced", False, "duplicate id accepted")
            except ConstraintError:
                check("constraint enforced", True)

            # Undirected paths of length k in a 4-edge chain: 2 * (5 - k) -> 8+6+4+2.
            paths = session.run("MATCH p=(a)-[*1..4]-(b) RETURN count(p) AS c").single()["c"]
            check("variable-length paths", paths == 20, f"count(p)={paths}, expected 20")

            # Vector and full-text indexes are Lucene-backed and found through
            # ServiceLoader, so they also prove the shaded jar kept its services.
            session.run(
                "CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS FOR (c:Chunk) ON c.embedding "
                "OPTIONS {indexConfig: {`vector.dimensions`: 3, "
                "`vector.similarity_function`: 'cosine'}}"
            ).consume()
            session.run(
                "CREATE FULLTEXT INDEX chunk_text IF NOT EXISTS FOR (c:Chunk) ON EACH [c.text]"
            ).consume()
            session.run(
                "UNWIND $rows AS r CREATE (:Chunk {id: r.id, text: r.text, embedding: r.emb})",
                rows=[
                    {"id": "c1", "text": "graph databases and theses", "emb": [1.0, 0.0, 0.0]},
                    {"id": "c2", "text": "retrieval augmented generation", "emb": [0.0, 1.0, 0.0]},
                    {"id": "c3", "text": "knowledge graph retrieval", "emb": [0.7, 0.7, 0.0]},
                ],
            ).consume()
            session.run("CALL db.awaitIndexes(60)").consume()
            top = [
                r["id"]
                for r in session.run(
                    "CALL db.index.vector.queryNodes('chunk_embedding', 2, [1.0, 0.1, 0.0]) "
                    "YIELD node, score RETURN node.id AS id ORDER BY score DESC"
                )
            ]
            check("vector index query", top == ["c1", "c3"], str(top))
            hits = sorted(
                r["id"]
                for r in session.run(
                    "CALL db.index.fulltext.queryNodes('chunk_text', 'retrieval') "
                    "YIELD node RETURN node.id AS id"
                )
            )
            check("full-text index query", hits == ["c2", "c3"], str(hits))

            try:
                session.run("RETURN apoc.version() AS v").consume()
                print("note: APOC is available (not expected)")
            except ClientError:
                print("note: APOC not installed (expected)")


def main() -> int:
    run_dir = Path(tempfile.mkdtemp(prefix="neo4j-smoke-run."))
    env = {**os.environ, "NEO4J_RUN_DIR": str(run_dir)}
    start_script = ROOT / "scripts" / "neo4j-start.sh"
    stop_script = ROOT / "scripts" / "neo4j-stop.sh"
    started = False
    pid = port = None
    data_dir = None
    try:
        t0 = time.monotonic()
        proc = subprocess.run(
            [str(start_script)], env=env, capture_output=True, text=True, timeout=900
        )
        sys.stderr.write(proc.stderr)
        started = proc.returncode == 0
        check("start script", started, f"exit {proc.returncode} in {time.monotonic() - t0:.1f}s")
        if not started:
            raise SystemExit  # skip the workload; the summary below still runs
        exports = parse_exports(proc.stdout)
        uri = exports["NEO4J_URI"]
        port = int(uri.rsplit(":", 1)[1])
        pid = int((run_dir / "neo4j.pid").read_text())
        data_dir = Path((run_dir / "neo4j.datadir").read_text().strip())
        ready = next(
            line
            for line in (run_dir / "neo4j.log").read_text().splitlines()
            if line.startswith("NEO4J_READY")
        )
        print(f"info: {ready}; pid {pid}; data {data_dir}")

        exercise(uri, exports["NEO4J_USER"], exports["NEO4J_PASSWORD"], exports["NEO4J_DATABASE"])

        time.sleep(5)  # let the JVM settle before measuring idle memory
        print(f"info: RSS after workload + 5 s idle: {rss_kib(pid) / 1024:.0f} MiB")
    except SystemExit:
        pass
    except Exception:  # noqa: BLE001 - the smoke test reports any failure as a failed check
        traceback.print_exc()
        check("workload", False, "unexpected exception")
    finally:
        if started:
            t0 = time.monotonic()
            proc = subprocess.run(
                [str(stop_script)], env=env, capture_output=True, text=True, timeout=120
            )
            sys.stderr.write(proc.stderr)
            check(
                "stop script",
                proc.returncode == 0,
                f"exit {proc.returncode} in {time.monotonic() - t0:.1f}s",
            )
            if pid is not None:
                check("process gone", not Path(f"/proc/{pid}").exists(), f"pid {pid}")
            if port is not None:
                check("port free", port_free(port), f"port {port}")
            if data_dir is not None:
                check("data directory removed", not data_dir.exists(), str(data_dir))
            log = run_dir / "neo4j.log"
            if log.exists() and "NEO4J_STOPPED" not in log.read_text():
                print("note: launcher did not log a clean shutdown (killed?)")
        if all(ok for _, ok, _ in RESULTS):
            subprocess.run(["rm", "-rf", "--", str(run_dir)], check=False)
        else:
            print(f"info: kept {run_dir} for inspection")

    failed = sum(not ok for _, ok, _ in RESULTS)
    print(f"smoke: {len(RESULTS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
