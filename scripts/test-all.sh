#!/usr/bin/env bash
# Every test of the project: types, lint, unit + API tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), then browser journeys in headless Chromium. Ends with one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

bash scripts/ensure-chromium.sh
npm run --silent typecheck
npm run --silent lint

mkdir -p test-results
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || vitest_status=$?

e2e_status=0
npm run --silent build -w web
node scripts/check-bundle-secrets.mjs web/dist
(cd e2e && npx playwright test) || e2e_status=$?

node scripts/summarize-tests.mjs test-results/vitest.json e2e/test-results/results.json
echo "test command took $(( $(date +%s) - started )) s"
if [ "$vitest_status" != 0 ] || [ "$e2e_status" != 0 ]; then
  exit 1
fi
