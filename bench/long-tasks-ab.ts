// Compares two web builds by their main-thread long tasks, where Lighthouse's few runs per page spread too far to tell
// them apart (docs/benchmarks-history.md, tenth session). Not a bench figure: a tool for judging one change.
// Each build gets its own server (PGlite) and user with three sends. Pages load in Debian's Chromium with CPU
// throttling and no network throttling, alternating between the builds for several rounds. The Long Tasks API gives
// blocking time (each task's time over 50 ms, from the first contentful paint) and all long-task time.
//   npx tsx bench/long-tasks-ab.ts base=/tmp/dist-base change=web/dist [--pages tx,/transactions] [--rounds 6] [--throttle 4] [--mobile]
// --mobile loads the pages in Lighthouse's mobile screen instead of Playwright's default 1280 × 720.
// Build a variant with `cd web && npx vite build --outDir /tmp/dist-base` (from a worktree of the base commit).
// `tx`, `address` and `block` stand for the explorer pages of the user's first send, wallet and first block.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { takeMobileFlag } from './lib/mobile-screen.ts';
import { startPageUnderTest } from './lib/page-under-test.ts';
import { summarize } from './lib/stats.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : (args.splice(at, 2)[1] ?? fallback);
};
const pages = option('--pages', 'tx,/dashboard,/transactions,/insights').split(',');
const rounds = Number(option('--rounds', '6'));
const throttle = Number(option('--throttle', '4'));
const mobile = takeMobileFlag(args);
const variants = args.map((arg) => {
  const [name, dist] = arg.split('=');
  if (!name || !dist || !fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${arg}: expected name=dir, a web build`);
  return { name, dist: path.resolve(dist) };
});
if (variants.length < 2) throw new Error('name two builds: base=dir change=dir');

interface LoadMetrics {
  blockingMs: number;
  longTaskMs: number;
  firstPaintMs: number;
}

/**
 * Runs in the page before its scripts: records paint and long-task entries for the reading after the load. A string,
 * since it runs in the browser and bench/ is typed for Node.
 */
const OBSERVE_LOAD = `
  window.__loadRecord = { firstPaint: 0, tasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__loadRecord.firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__loadRecord.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

// Each build gets its own server and user; their setups (and the wait for their sends to confirm) run side by side.
const setups = await Promise.all(variants.map(async (variant) => ({ ...variant, target: await startPageUnderTest(variant.dist, `LongTasks${variant.name}`, 20_000) })));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
  const results = new Map<string, LoadMetrics[]>();
  for (let round = 0; round < rounds; round += 1) {
    for (const pagePath of pages) {
      // Alternate which build goes first, so neither always meets a warmer machine.
      for (const setup of round % 2 ? [...setups].reverse() : setups) {
        const context = await setup.target.newSignedInContext(browser, mobile);
        const page = await context.newPage();
        await page.addInitScript(OBSERVE_LOAD);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await page.goto(setup.target.urlOf(pagePath));
        await page.waitForTimeout(5_000);
        const record = (await page.evaluate('window.__loadRecord')) as { firstPaint: number; tasks: { start: number; duration: number }[] };
        const afterPaint = record.tasks.filter((task) => task.start >= record.firstPaint);
        const key = `${pagePath}\t${setup.name}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          {
            blockingMs: afterPaint.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
            longTaskMs: record.tasks.reduce((sum, task) => sum + task.duration, 0),
            firstPaintMs: record.firstPaint,
          },
        ]);
        await context.close();
      }
    }
    process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
  }
  for (const pagePath of pages) {
    const cells = setups.map((setup) => {
      const runs = results.get(`${pagePath}\t${setup.name}`) ?? [];
      const mid = (pick: (metrics: LoadMetrics) => number) => Math.round(summarize(runs.map(pick)).p50);
      return `${setup.name}: blocking ${mid((m) => m.blockingMs)} ms, long tasks ${mid((m) => m.longTaskMs)} ms, first paint ${mid((m) => m.firstPaintMs)} ms`;
    });
    console.log(`${pagePath} (median of ${rounds}, CPU ÷${throttle})  ${cells.join('  |  ')}`);
  }
} finally {
  await browser.close();
  for (const setup of setups) await setup.target.close();
}
