#!/usr/bin/env bash
# Stop the Neo4j started by scripts/neo4j-start.sh and delete its data.
# SIGTERM first (the launcher shuts Neo4j down cleanly and removes its data
# directory), SIGKILL after NEO4J_STOP_TIMEOUT seconds (default 20).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

RUN_DIR="${NEO4J_RUN_DIR:-.neo4j-run}"
PID_FILE="$RUN_DIR/neo4j.pid"
ENV_FILE="$RUN_DIR/neo4j.env"
DATA_FILE="$RUN_DIR/neo4j.datadir"
TIMEOUT="${NEO4J_STOP_TIMEOUT:-20}"

log() { echo "neo4j-stop: $*" >&2; }

is_our_process() {  # pid -> true if it is a live launcher JVM
  [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null &&
    tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q 'neo4j-launcher.jar'
}

PID="$(cat "$PID_FILE" 2>/dev/null || true)"
if is_our_process "$PID"; then
  kill -TERM "$PID" 2>/dev/null || true
  deadline=$((SECONDS + TIMEOUT))
  while kill -0 "$PID" 2>/dev/null && (( SECONDS < deadline )); do
    sleep 0.2
  done
  if kill -0 "$PID" 2>/dev/null; then
    log "pid $PID still running after ${TIMEOUT}s; sending SIGKILL"
    kill -KILL "$PID" 2>/dev/null || true
    while kill -0 "$PID" 2>/dev/null; do sleep 0.1; done
  fi
  log "stopped pid $PID"
elif [[ -n "$PID" ]]; then
  # Never signal a pid we cannot identify: it may have been reused.
  log "pid $PID is not a running neo4j-launcher; only cleaning up"
else
  log "not running"
fi

# The launcher deletes its data on a clean stop; this covers SIGKILL/crashes.
DATA_DIR="$(cat "$DATA_FILE" 2>/dev/null || true)"
if [[ -n "$DATA_DIR" && -d "$DATA_DIR" ]]; then
  rm -rf -- "$DATA_DIR"
fi
rm -f "$PID_FILE" "$ENV_FILE" "$DATA_FILE"
