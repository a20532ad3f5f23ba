#!/usr/bin/env bash
# Proves the README's start command: `npm start` serves the gateway's /healthz and, through the gateway's
# /readyz, every service within 60 s on a fresh data folder, with no external service; a second copy started
# with another PORT runs beside it (the services take ports the system picks, so nothing clashes); each stops
# cleanly on Ctrl-C (SIGINT).
set -euo pipefail
cd "$(dirname "$0")/.."

if (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null; then echo "port 8080 is already in use: stop what runs there first"; exit 1; fi
# The second copy's PORT: one the system has free right now.
second_port=$(node -e 'const s = require("net").createServer().listen(0, () => { console.log(s.address().port); s.close(); });')

pids=()
logs=()
cleanup() { for pid in "${pids[@]}"; do kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# Starts one copy in its own process group with a fresh data folder and embedded defaults only (no
# PostgreSQL, no NATS); extra variables (PORT=...) come as arguments.
start_copy() {
  local data_dir log
  data_dir=$(mktemp -d)
  log=$(mktemp)
  env -u DATABASE_URL -u NATS_URL -u GATEWAY_PORT -u PORT DATA_DIR="$data_dir" LOG_LEVEL=warn "$@" setsid npm start >"$log" 2>&1 &
  pids+=("$!")
  logs+=("$log")
}

# Waits for the copy's banner, then for its gateway's /healthz and /readyz (every service's /readyz in time).
wait_ready() {
  local index=$1 port=$2 limit=$3 started pid log
  pid=${pids[$index]}
  log=${logs[$index]}
  started=$(date +%s)
  until grep -q "Tracklens is running at http://localhost:$port" "$log"; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "npm start (port $port) exited early:"; cat "$log"; exit 1; fi
    if (( $(date +%s) - started > limit )); then echo "npm start (port $port) did not come up within $limit s"; cat "$log"; exit 1; fi
    sleep 1
  done
  local up
  up=$(date +%s)
  for path in /healthz /readyz; do
    until curl -fsS "http://127.0.0.1:$port$path" >/dev/null 2>&1; do
      if ! kill -0 "$pid" 2>/dev/null; then echo "npm start (port $port) exited early:"; cat "$log"; exit 1; fi
      if (( $(date +%s) - up > 60 )); then
        echo "not ready within 60 s: http://127.0.0.1:$port$path"
        curl -sS "http://127.0.0.1:$port$path" || true
        cat "$log"
        exit 1
      fi
      sleep 1
    done
  done
  local ready
  ready=$(curl -fsS "http://127.0.0.1:$port/readyz")
  for service in identity catalog media analysis planning chat billing; do
    if [[ "$ready" != *"\"$service\":\"ok\""* ]]; then echo "gateway on $port does not report $service ready: $ready"; exit 1; fi
  done
  echo "npm start on port $port: up in $(( $(date +%s) - started )) s; gateway and 7 services ready"
}

stop_copy() {
  local index=$1 pid
  pid=${pids[$index]}
  # Ctrl-C: the process group gets SIGINT, as from a terminal.
  kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid"
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  if kill -0 "$pid" 2>/dev/null; then echo "npm start (pid $pid) did not stop within 30 s of SIGINT"; cat "${logs[$index]}"; exit 1; fi
}

# The first copy builds; the second starts after it, on PORT, from the built tree. 600 s each: a build when
# the tree changed, then seven embedded databases open one after another, slower on a busy machine.
start_copy
wait_ready 0 8080 600
start_copy PORT="$second_port"
wait_ready 1 "$second_port" 600

# Both at the same time, each on its own port.
for port in 8080 "$second_port"; do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { echo "port $port stopped answering /healthz beside the other copy"; exit 1; }
done
echo "two copies side by side: /healthz answers on 8080 and $second_port"

stop_copy 1
stop_copy 0
trap - EXIT
echo "npm start: both copies stopped cleanly"
