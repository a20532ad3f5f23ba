#!/usr/bin/env bash
# Proves the README's start command: `npm start` serves the gateway's /healthz and every service's /readyz
# within 60 s on a fresh data folder, with no external service, then shuts down cleanly on Ctrl-C (SIGINT).
set -euo pipefail
cd "$(dirname "$0")/.."

for port in 8080 7101 7102 7103 7104 7105 7106 7107 7201 7202 7203 7204 7205 7206 7207; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "port $port is already in use: stop what runs there first"; exit 1; fi
done

data_dir=$(mktemp -d)
log=$(mktemp)
# Embedded defaults only: no PostgreSQL, no NATS.
env -u DATABASE_URL -u NATS_URL DATA_DIR="$data_dir" LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() { kill -INT "$pid" 2>/dev/null || true; }
trap cleanup EXIT

started=$(date +%s)
until grep -q "Tracklens is running at http://localhost:8080" "$log"; do
  if ! kill -0 "$pid" 2>/dev/null; then echo "npm start exited early:"; cat "$log"; exit 1; fi
  if (( $(date +%s) - started > 300 )); then echo "npm start did not come up within 300 s (build included)"; cat "$log"; exit 1; fi
  sleep 1
done
built=$(date +%s)
urls=(http://127.0.0.1:8080/healthz)
for port in 7101 7102 7103 7104 7105 7106 7107; do urls+=("http://127.0.0.1:$port/readyz"); done
for url in "${urls[@]}"; do
  until curl -fsS "$url" >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "npm start exited early:"; cat "$log"; exit 1; fi
    if (( $(date +%s) - built > 60 )); then echo "not ready within 60 s: $url"; cat "$log"; exit 1; fi
    sleep 1
  done
done
echo "npm start: built and started in $(( built - started )) s; gateway and 7 services ready"

# Ctrl-C: the process group gets SIGINT, as from a terminal.
kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid"
for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$pid" 2>/dev/null; then echo "npm start did not stop within 30 s of SIGINT"; exit 1; fi
trap - EXIT
echo "npm start: stopped cleanly"
