#!/usr/bin/env bash
# Runs the whole suite (`make test`) again and again to catch tests that pass only by luck:
# RUNS full runs in a row, the last LOADED of them with the machine loaded by two busy loops
# (a CI machine under load is where timing-dependent tests fail). Reports the count and the
# failing runs' logs, and exits non-zero if any run failed.
#
#   scripts/repeat-tests.sh            # 10 runs, 4 of them loaded
#   scripts/repeat-tests.sh 20 10
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-10}
loaded=${2:-4}
logs=$(mktemp -d)
busy=()
stop_load() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  busy=()
}
trap stop_load EXIT

# Build once, so that every run times the tests alone.
make --no-print-directory build >/dev/null 2>&1 || { echo "repeat-tests: the build failed" >&2; exit 1; }

passed=0
failed=0
for ((run = 1; run <= runs; run++)); do
  if ((run > runs - loaded)) && ((${#busy[@]} == 0)); then
    for _ in 1 2; do (while :; do :; done) & busy+=($!); done
  fi
  load=$([ ${#busy[@]} -gt 0 ] && echo "loaded" || echo "idle")
  started=$(date +%s)
  if make --no-print-directory test >"$logs/run-$run.log" 2>&1; then
    passed=$((passed + 1)); outcome=passed
  else
    failed=$((failed + 1)); outcome="FAILED (log: $logs/run-$run.log)"
  fi
  echo "run $run of $runs ($load): $outcome in $(($(date +%s) - started)) s"
done
stop_load

for ((run = 1; run <= runs; run++)); do
  grep -hE "error: .*(failed|crashed)|CRITICAL|exited with" "$logs/run-$run.log" 2>/dev/null | sed "s/^/  run $run: /" | head -5
done
echo "repeat-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
