// Adds up the vitest and Playwright JSON reports into one closing line: "tests: N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.error(`no report at ${file}: counting it as one failure`);
    failed += 1;
    return undefined;
  }
}

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const playwright = read(playwrightFile);
if (playwright) {
  passed += (playwright.stats?.expected ?? 0) + (playwright.stats?.flaky ?? 0);
  failed += playwright.stats?.unexpected ?? 0;
  skipped += playwright.stats?.skipped ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
