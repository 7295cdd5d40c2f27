#!/usr/bin/env bash
# Every test of the project: types, lint, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# then browser journeys in headless Chromium. Prints each stage's duration and ends with one summary line.
#
# Layout (two cores): the unit and API tests run beside the checks and the web build, which run at the lowest CPU
# priority (a test file often waits on a timer, a child process or the database, and the checks fill those gaps
# without slowing the tests' own timeouts); the journeys need the build and run last.
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

checks_status=0
(
  stage typecheck nice -n 19 npm run --silent typecheck &&
    stage lint nice -n 19 npm run --silent lint &&
    stage build nice -n 19 npm run --silent build -w web &&
    stage bundle-secrets node scripts/check-bundle-secrets.mjs web/dist
) &
checks_pid=$!

vitest_status=0
stage vitest npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || vitest_status=$?
wait "$checks_pid" || checks_status=$?

for name in typecheck lint build bundle-secrets; do
  if [ -f "test-results/stages/$name.log" ]; then show "$name"; fi
done
show vitest

e2e_status=0
if [ "$checks_status" = 0 ]; then
  stage journeys bash -c 'cd e2e && npx playwright test' || e2e_status=$?
  show journeys
else
  echo "the checks or the web build failed: the journeys did not run" >&2
  e2e_status=1
fi

node scripts/summarize-tests.mjs test-results/vitest.json e2e/test-results/results.json
echo "stages:"
cat test-results/stages/*.time | sed 's/^/  /'
echo "test command took $(($(date +%s) - started)) s"
if [ "$vitest_status" != 0 ] || [ "$e2e_status" != 0 ] || [ "$checks_status" != 0 ]; then
  exit 1
fi
