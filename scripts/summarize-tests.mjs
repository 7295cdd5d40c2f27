// Adds up the vitest and Playwright JSON reports into one closing line: "tests: N passed, N failed",
// preceded by the name and first message line of each test that failed, or passed only on its retry (CI
// retries once), so that the last lines of a CI log say which test it was.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const flaky = [];

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.error(`no report at ${file}: counting it as one failure`);
    failed += 1;
    return undefined;
  }
}

function firstLine(message) {
  // eslint-disable-next-line no-control-regex -- strip the colour codes the reporters keep
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

function vitestFailures(report) {
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const line = `${file.name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`;
      if (test.status === 'failed') failures.push(line);
      // A test that passed keeps the messages of the attempts that failed before it.
      else if (test.status === 'passed' && (test.failureMessages ?? []).length > 0) flaky.push(line);
    }
    // A file that failed to load has no assertion results, only its own message.
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failures.push(`${file.name}: ${firstLine(file.message)}`);
    }
  }
}

function playwrightFailures(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
      const firstError = test.results?.find((result) => result.error)?.error?.message;
      if (test.status === 'unexpected') failures.push(`${name}: ${firstLine(firstError)}`);
      else if (test.status === 'flaky') flaky.push(`${name}: ${firstLine(firstError)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title]);
}

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  vitestFailures(vitest);
}
const playwright = read(playwrightFile);
if (playwright) {
  passed += (playwright.stats?.expected ?? 0) + (playwright.stats?.flaky ?? 0);
  failed += playwright.stats?.unexpected ?? 0;
  skipped += playwright.stats?.skipped ?? 0;
  for (const suite of playwright.suites ?? []) playwrightFailures(suite, []);
}
for (const line of flaky) console.log(`passed on its retry: ${line}`);
for (const line of failures) console.log(`failed: ${line}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
