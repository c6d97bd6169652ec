#!/usr/bin/env bash
# Start a throw-away Neo4j 5 Community server (embedded, Bolt only) for tests/CI.
#
#   eval "$(scripts/neo4j-start.sh)"   # exports NEO4J_URI/USER/PASSWORD/DATABASE
#   ...run tests...
#   scripts/neo4j-stop.sh
#
# Only the export lines go to stdout; everything else goes to stderr, so the
# output is safe to eval. Paths are relative to the repository root.
#
# Environment (all optional):
#   NEO4J_PORT           Bolt port; default 7687 if free, otherwise a free port
#   NEO4J_PASSWORD       password for user neo4j (>= 8 chars); default: random
#   NEO4J_RUN_DIR        pid/log/env files; default .neo4j-run
#   NEO4J_HEAP           JVM max heap; default 512m
#   NEO4J_START_TIMEOUT  seconds to wait for readiness; default 120
#   NEO4J_JAVA_OPTS      extra JVM options
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

RUN_DIR="${NEO4J_RUN_DIR:-.neo4j-run}"
PID_FILE="$RUN_DIR/neo4j.pid"
LOG_FILE="$RUN_DIR/neo4j.log"
ENV_FILE="$RUN_DIR/neo4j.env"
DATA_FILE="$RUN_DIR/neo4j.datadir"
POM="tools/neo4j-launcher/pom.xml"
JAR="tools/neo4j-launcher/target/neo4j-launcher.jar"
TIMEOUT="${NEO4J_START_TIMEOUT:-120}"

log() { echo "neo4j-start: $*" >&2; }
die() { log "$*"; exit 1; }

is_our_process() {  # pid -> true if it is a live launcher JVM
  [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null &&
    tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q 'neo4j-launcher.jar'
}

port_in_use() {
  # A successful connect means something is listening there.
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    return
  fi
  local p
  for p in $(seq 17687 17787); do
    port_in_use "$p" || { echo "$p"; return; }
  done
  return 1
}

command -v java >/dev/null 2>&1 || die "java not found (Java 17+ is required)"
mkdir -p "$RUN_DIR"

# Idempotent: a second start while one is running re-prints its settings.
if [[ -f "$PID_FILE" ]] && is_our_process "$(cat "$PID_FILE")"; then
  log "already running (pid $(cat "$PID_FILE")); reusing it"
  if [[ -n "${NEO4J_PASSWORD:-}" ]] &&
     ! grep -qxF "$(printf 'export NEO4J_PASSWORD=%q' "$NEO4J_PASSWORD")" "$ENV_FILE"; then
    log "warning: it runs with a different password than NEO4J_PASSWORD; use the printed one"
  fi
  cat "$ENV_FILE"
  exit 0
fi
rm -f "$PID_FILE"

if [[ ! -f "$JAR" ]]; then
  command -v mvn >/dev/null 2>&1 || die "$JAR is missing and mvn is not installed"
  log "building $JAR (first build downloads ~120 MB from Maven Central)"
  mvn -q -B -f "$POM" package -DskipTests >&2 || die "maven build failed"
fi

if [[ -n "${NEO4J_PORT:-}" ]]; then
  PORT="$NEO4J_PORT"
  ! port_in_use "$PORT" || die "port $PORT (NEO4J_PORT) is already in use"
elif ! port_in_use 7687; then
  PORT=7687
else
  PORT="$(free_port)" || die "no free port found"
fi

if [[ -n "${NEO4J_PASSWORD:-}" ]]; then
  PASSWORD="$NEO4J_PASSWORD"
else
  # tr is killed by SIGPIPE when head has enough; that is not an error here.
  PASSWORD="$(set +o pipefail; LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 32)"
fi
(( ${#PASSWORD} >= 8 )) || die "NEO4J_PASSWORD must be at least 8 characters"

DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/zpagent-neo4j.XXXXXX")"
echo "$DATA_DIR" >"$DATA_FILE"

# A fresh log per start, created here rather than by the background job's
# redirection: the readiness loop below must never read the previous run's
# NEO4J_READY line (it did, when it ran before the job had truncated the file).
[[ -f "$LOG_FILE" ]] && mv -f "$LOG_FILE" "$LOG_FILE.prev"
: >"$LOG_FILE"
READY_LINE="NEO4J_READY bolt://127.0.0.1:$PORT "

# shellcheck disable=SC2086  # NEO4J_JAVA_OPTS is a list of options
NEO4J_PASSWORD="$PASSWORD" nohup java \
  -Xmx"${NEO4J_HEAP:-512m}" \
  -XX:+ExitOnOutOfMemoryError \
  -Dio.netty.tryReflectionSetAccessible=true \
  -Djdk.nio.maxCachedBufferSize=1024 \
  -Dlog4j2.disable.jmx=true \
  ${NEO4J_JAVA_OPTS:-} \
  -jar "$JAR" "$DATA_DIR" "$PORT" </dev/null >>"$LOG_FILE" 2>&1 &
PID=$!
echo "$PID" >"$PID_FILE"
log "started pid $PID on port $PORT, data in $DATA_DIR, log in $LOG_FILE"

deadline=$((SECONDS + TIMEOUT))
until grep -qF "$READY_LINE" "$LOG_FILE" 2>/dev/null; do
  if ! kill -0 "$PID" 2>/dev/null; then
    log "Neo4j exited before it was ready; last log lines:"
    tail -n 40 "$LOG_FILE" >&2 || true
    rm -f "$PID_FILE"
    rm -rf -- "$DATA_DIR" "$DATA_FILE"
    exit 1
  fi
  if (( SECONDS >= deadline )); then
    log "Neo4j not ready after ${TIMEOUT}s; last log lines:"
    tail -n 40 "$LOG_FILE" >&2 || true
    "$ROOT/scripts/neo4j-stop.sh" >&2 || true
    exit 1
  fi
  sleep 0.5
done
log "$(grep -m1 -F "$READY_LINE" "$LOG_FILE")"

{
  echo "export NEO4J_URI=bolt://127.0.0.1:$PORT"
  echo "export NEO4J_USER=neo4j"
  printf 'export NEO4J_PASSWORD=%q\n' "$PASSWORD"
  echo "export NEO4J_DATABASE=neo4j"
} >"$ENV_FILE.tmp"
chmod 600 "$ENV_FILE.tmp"
mv "$ENV_FILE.tmp" "$ENV_FILE"
cat "$ENV_FILE"
