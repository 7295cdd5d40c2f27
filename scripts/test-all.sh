#!/usr/bin/env bash
# Every test of the project: types, lint, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# and browser journeys in headless Chromium. Prints each stage's duration and ends with one summary line.
#
# Layout (two cores): the web build first (seconds). Then the unit and API tests, followed at once by the journeys;
# beside both, the type check and lint at the lowest CPU priority, in the gaps while a test waits on a timer, a child
# process, the database or a browser. The tests and the journeys each keep both cores busy: run together they took
# no less time in all, and a fault test's timeouts fired.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# Reports of an earlier run must not be read as this one's.
rm -rf test-results/stages test-results/vitest.json e2e/test-results/results.json
mkdir -p test-results/stages

# Runs a stage, saving its output and its duration; its exit status is its own.
stage() {
  local name=$1
  shift
  local from
  from=$(date +%s)
  local status=0
  "$@" >"test-results/stages/$name.log" 2>&1 || status=$?
  echo "$name: $(($(date +%s) - from)) s, exit $status" >"test-results/stages/$name.time"
  return $status
}

show() {
  cat "test-results/stages/$1.log"
  cat "test-results/stages/$1.time"
}

bash scripts/ensure-chromium.sh

build_status=0
stage build npm run --silent build -w web || build_status=$?
show build

checks_status=0
(
  stage typecheck nice -n 19 npm run --silent typecheck &&
    stage lint nice -n 19 npm run --silent lint &&
    stage bundle-secrets node scripts/check-bundle-secrets.mjs web/dist
) &
checks_pid=$!

vitest_status=0
stage vitest npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || vitest_status=$?

e2e_status=0
if [ "$build_status" = 0 ]; then
  stage journeys bash -c 'cd e2e && npx playwright test' || e2e_status=$?
else
  echo "the web build failed: the journeys did not run" >&2
  e2e_status=1
fi
wait "$checks_pid" || checks_status=$?

for name in typecheck lint bundle-secrets; do
  if [ -f "test-results/stages/$name.log" ]; then show "$name"; fi
done
show vitest
if [ -f test-results/stages/journeys.log ]; then show journeys; fi

node scripts/summarize-tests.mjs test-results/vitest.json e2e/test-results/results.json
echo "stages:"
cat test-results/stages/*.time | sed 's/^/  /'
echo "test command took $(($(date +%s) - started)) s"
if [ "$vitest_status" != 0 ] || [ "$e2e_status" != 0 ] || [ "$checks_status" != 0 ] || [ "$build_status" != 0 ]; then
  exit 1
fi
