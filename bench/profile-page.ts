/**
 * Where a page's main-thread time goes while it loads:
 *   npx tsx bench/profile-page.ts DIST [/path, tx, address or block] [--loads 3] [--throttle 4] [--mobile] [--save DIR]
 * DIST is a web build; make it unminified to read the names (`cd web && npx vite build --minify false --outDir
 * /tmp/dist-nomin`). A server (PGlite) serves it to a signed-in user with three confirmed sends. Each load, in
 * Debian's Chromium with CPU throttling, is profiled over 5 s by the DevTools protocol's sampling profiler. Prints the
 * Long Tasks API's tasks of each load ([start, duration] in ms), then self time per load (throttled ms) by file and by
 * function. Not a bench figure: a tool for finding what to change, before `bench/long-tasks-ab.ts` judges the change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { takeMobileFlag } from './lib/mobile-screen.ts';
import { startPageUnderTest } from './lib/page-under-test.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : (args.splice(at, 2)[1] ?? fallback);
};
const loads = Number(option('--loads', '3'));
const throttle = Number(option('--throttle', '4'));
/** --save DIR keeps each load's profile as DIR/load-N.cpuprofile (DevTools' Performance panel opens it). */
const saveDir = option('--save', '');
/** --mobile loads the page in Lighthouse's mobile screen. */
const mobile = takeMobileFlag(args);
const [dist, pagePath = '/dashboard'] = args;
if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) throw new Error('name a web build: npx tsx bench/profile-page.ts DIST [/path]');

/** Records the page's long tasks from before its first script. A string: it runs in the browser. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask', buffered: true });
`;

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const target = await startPageUnderTest(dist, 'ProfilePage');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  /** Time inside each React component (a PascalCase function), what it calls included: which part of the page costs. */
  const byComponent = new Map<string, number>();
  let busyUs = 0;
  for (let load = 0; load < loads; load += 1) {
    const context = await target.newSignedInContext(browser, mobile);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(target.urlOf(pagePath));
    await page.waitForTimeout(5_000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      fs.writeFileSync(path.join(saveDir, `load-${load + 1}.cpuprofile`), JSON.stringify(profile));
    }
    console.log(`load ${load + 1} long tasks [start, ms]: ${JSON.stringify(await page.evaluate('window.__longTasks'))}`);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id] as const)));
    profile.samples.forEach((id, index) => {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      const us = profile.timeDeltas[index + 1] ?? 0;
      const file = url.replace(/^.*\/assets\//, '') || functionName;
      const name = `${functionName || '(anonymous)'} ${file}${url ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      byFile.set(file, (byFile.get(file) ?? 0) + us);
      const components = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const frame = nodes.get(at)!.callFrame;
        if (/^[A-Z][A-Za-z0-9]*$/.test(frame.functionName) && /\/assets\//.test(frame.url)) components.add(frame.functionName);
      }
      for (const component of components) byComponent.set(component, (byComponent.get(component) ?? 0) + us);
      busyUs += us;
    });
    await context.close();
  }
  const print = (title: string, table: Map<string, number>, rows: number) => {
    console.log(`\n${title} (ms per load, CPU ÷${throttle})`);
    for (const [key, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${(us / 1000 / loads).toFixed(1).padStart(8)}  ${key}`);
  };
  console.log(`\n${pagePath}: ${(busyUs / 1000 / loads).toFixed(0)} ms of main-thread samples per load (CPU ÷${throttle})`);
  print('Self time by file', byFile, 15);
  print('Self time by function', byFunction, 40);
  print('Time inside each component, what it calls included', byComponent, 30);
} finally {
  await browser.close();
  await target.close();
}
