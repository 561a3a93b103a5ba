#!/usr/bin/env bash
# Runs tests again and again with the CPU kept busy, to catch a test that fails only sometimes
# (docs/testing.md, 'A test that fails once'). Stops at the first failed run.
#   bash scripts/stressTests.sh <runs> <vitest arguments...>
#   e.g. bash scripts/stressTests.sh 20 --project e2e tests/e2e/prerender.test.ts
#        bash scripts/stressTests.sh 3 --project e2e
# STRESS_BUSY_LOOPS sets how many busy loops run beside the tests (default 2: one per core here).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:?'usage: bash scripts/stressTests.sh <runs> <vitest arguments...>'}
shift
busy=()
for _ in $(seq 1 "${STRESS_BUSY_LOOPS:-2}"); do
  node -e 'for (;;) {}' &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT

for run in $(seq 1 "$runs"); do
  echo "stress: run $run of $runs: vitest run $*"
  if ! npx vitest run "$@"; then
    echo "stress: run $run of $runs failed" >&2
    exit 1
  fi
done
echo "stress: $runs runs passed"
