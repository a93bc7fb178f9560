#!/usr/bin/env bash
# The test suite on a busy machine: two CPU-bound processes run beside it for the whole run, as on a
# shared CI runner. Usage: bash scripts/stress-check.sh [pytest args...]   (default: the whole suite)
set -euo pipefail
cd "$(dirname "$0")/.."

hogs=()
cleanup() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT INT TERM

for _ in 1 2; do
  ( while :; do :; done ) &
  hogs+=("$!")
done
echo "stress-check: two CPU hogs running (pids ${hogs[*]}); load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

.venv/bin/python -m pytest -q "$@"
