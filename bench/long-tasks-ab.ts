// Compares two web builds by their main-thread long tasks, where Lighthouse's few runs per page spread too far to tell
// them apart (docs/benchmarks.md, tenth session). Not a bench figure: a tool for judging one change.
// Each build gets its own server (PGlite) and user with three sends. Pages load in Debian's Chromium with CPU
// throttling and no network throttling, alternating between the builds for several rounds. The Long Tasks API gives
// blocking time (each task's time over 50 ms, from the first contentful paint) and all long-task time.
//   npx tsx bench/long-tasks-ab.ts base=/tmp/dist-base change=web/dist [--pages tx,/transactions] [--rounds 6] [--throttle 4] [--mobile]
// --mobile loads the pages in Lighthouse's mobile screen instead of Playwright's default 1280 × 720.
// Build a variant with `cd web && npx vite build --outDir /tmp/dist-base` (from a worktree of the base commit).
// `tx` stands for the explorer page of the user's first send.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { http } from '@fincrypt/test-support';
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { LIGHTHOUSE_MOBILE_SCREEN, takeMobileFlag } from './lib/mobile-screen.ts';
import { startBenchServer } from './lib/server.ts';
import { summarize } from './lib/stats.ts';
import { externalAddress, signUpUsers } from './lib/users.ts';

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

const servers = [];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
  for (const variant of variants) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-long-tasks-'));
    const server = await startBenchServer({ DATA_DIR: dataDir, WEB_DIST_DIR: variant.dist });
    servers.push({ ...variant, server, dataDir });
  }
  const setups = await Promise.all(
    servers.map(async (entry) => {
      const [user] = await signUpUsers(entry.server.url, 1, `LongTasks${entry.name}`);
      let hash = '';
      for (let i = 0; i < 3; i += 1) {
        const response = await http(entry.server.url, 'POST', '/api/transactions', {
          cookie: user!.cookie,
          headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          body: { walletId: user!.walletId, to: externalAddress(), amount: '0.01', speed: 'fast' },
        });
        if (response.status !== 201) throw new Error(`${entry.name}: a setup send answered ${response.status}`);
        hash ||= (response.json() as { transaction: { hash: string } }).transaction.hash;
      }
      return { ...entry, user: user!, hash };
    }),
  );
  // Let the setup sends confirm, so no page polls or updates while it is measured.
  await new Promise((resolve) => setTimeout(resolve, 20_000));

  const results = new Map<string, LoadMetrics[]>();
  for (let round = 0; round < rounds; round += 1) {
    for (const pagePath of pages) {
      // Alternate which build goes first, so neither always meets a warmer machine.
      for (const setup of round % 2 ? [...setups].reverse() : setups) {
        const context = await browser.newContext(mobile ? LIGHTHOUSE_MOBILE_SCREEN : {});
        const [cookieName = '', cookieValue = ''] = setup.user.cookie.split(';')[0]!.split('=');
        await context.addCookies([
          { name: cookieName, value: cookieValue, url: setup.server.url },
          { name: 'cookie-consent', value: 'accepted', url: setup.server.url },
        ]);
        const page = await context.newPage();
        await page.addInitScript(OBSERVE_LOAD);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await page.goto(`${setup.server.url}${pagePath === 'tx' ? `/explorer/${setup.hash}` : pagePath}`);
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
  for (const entry of servers) {
    await entry.server.close();
    fs.rmSync(entry.dataDir, { recursive: true, force: true });
  }
}
