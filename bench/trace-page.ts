/**
 * Where a page's main-thread time goes in the browser engine as well as in script, as Lighthouse records it:
 *   npx tsx bench/trace-page.ts DIST [/path, tx, address or block] [--loads 3] [--mobile]
 * Each load is traced with Lighthouse's own trace categories (its stack traces and script rundowns included, which
 * cost main-thread time of their own), without CPU throttling, as Lighthouse observes a page before its simulation
 * multiplies each task by 4. Prints each load's tasks over 30 ms with what ran inside them (style, layout, paint,
 * module evaluation, timers, garbage collection), then the load's totals by kind. `bench/profile-page.ts` names the
 * functions; this names the engine's work around them, which a JavaScript profile shows only as idle or "(program)".
 * Not a bench figure: a tool for finding what to change.
 */
import { chromium } from '@playwright/test';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { takeMobileFlag } from './lib/mobile-screen.ts';
import { startPageUnderTest } from './lib/page-under-test.ts';

const args = process.argv.slice(2);
const mobile = takeMobileFlag(args);
const loadsAt = args.indexOf('--loads');
const loads = loadsAt < 0 ? 3 : Number(args.splice(loadsAt, 2)[1]);
const [dist, pagePath = '/dashboard'] = args;
if (!dist) throw new Error('name a web build: npx tsx bench/trace-page.ts DIST [/path, tx, address or block]');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string }; beginData?: { url?: string } };
}
type Slice = TraceEvent & { dur: number };

/** The tasks shown, and the events named inside them: long enough to matter at Lighthouse's 4× CPU. */
const TASK_SHOWN_US = 30_000;
const PART_SHOWN_US = 3_000;
/** Wrappers that only say a task ran; the events inside them say what it did. */
const WRAPPERS = /RunTask|OnHandleReady|NotifyScriptLoaded|Receive mojo|MessagePort|AsyncTask|TimerBase|requestResource|PerformMicrotask|^v8\.callFunction$|^v8\.run$/;
/** Kinds of work, by the events that carry them (an event inside another of its kind is counted once). */
const KINDS: Record<string, RegExp> = {
  'style': /^UpdateLayoutTree$/,
  'layout': /^Layout$/,
  'paint and compositing': /^(PrePaint|Paint|Layerize|Commit)$/,
  'script': /^(v8\.evaluateModule|EvaluateScript|FunctionCall|TimerFire|FireIdleCallback|FireAnimationFrame|EventDispatch|RunMicrotasks)$/,
  'garbage collection': /^(MinorGC|MajorGC)$/,
  'HTML parsing': /^ParseHTML$/,
  'source positions for stack traces': /^V8\.CollectSourcePositions$/,
};

const ms = (us: number) => (us / 1000).toFixed(1);
const labelOf = (event: TraceEvent) => {
  const data = event.args?.data ?? event.args?.beginData;
  const file = String(data?.url ?? '').split('/').pop();
  const fn = event.args?.data?.functionName;
  return `${event.name}${fn ? `(${fn})` : ''}${file ? ` ${file}` : ''}`;
};

/** Total time of the events matching `kind`, not counting one inside another that matches. */
function timeOfKind(slices: Slice[], kind: RegExp): number {
  let total = 0;
  let coveredUntil = 0;
  for (const slice of slices) {
    if (!kind.test(slice.name) || slice.ts + slice.dur <= coveredUntil) continue;
    total += slice.dur;
    coveredUntil = slice.ts + slice.dur;
  }
  return total;
}

const target = await startPageUnderTest(dist, 'TracePage');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
  const categories = Trace.getDefaultTraceCategories().filter((category) => category !== '-*' && !category.includes('screenshot'));
  for (let load = 0; load < loads; load += 1) {
    const context = await target.newSignedInContext(browser, mobile);
    const page = await context.newPage();
    await browser.startTracing(page, { categories });
    await page.goto(target.urlOf(pagePath));
    await page.waitForTimeout(5_000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    await context.close();

    // The page's renderer: the process that parsed this server's HTML; its main thread.
    const pid = events.find((event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').startsWith(target.server.url))?.pid;
    const mainThreads = new Set(events.filter((event) => event.pid === pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => event.tid));
    const slices = events
      .filter((event): event is Slice => event.pid === pid && mainThreads.has(event.tid) && event.ph === 'X' && event.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const start = events.find((event) => event.pid === pid && event.name === 'navigationStart')?.ts ?? slices[0]?.ts ?? 0;
    const tasks = slices.filter((slice) => slice.name === 'RunTask');

    console.log(`load ${load + 1}: tasks over ${TASK_SHOWN_US / 1000} ms (start and length in ms; what ran inside, outermost first)`);
    for (const task of tasks.filter((candidate) => candidate.dur >= TASK_SHOWN_US)) {
      const parts = slices.filter(
        (slice) => slice !== task && slice.ts >= task.ts && slice.ts + slice.dur <= task.ts + task.dur && slice.dur >= PART_SHOWN_US && !WRAPPERS.test(slice.name),
      );
      console.log(`  @${ms(task.ts - start)} ${ms(task.dur)}: ${parts.slice(0, 8).map((slice) => `${labelOf(slice)} ${ms(slice.dur)}`).join(' | ')}`);
    }
    const busy = tasks.reduce((total, task) => total + task.dur, 0);
    const kinds = Object.entries(KINDS).map(([kind, pattern]) => `${kind} ${ms(timeOfKind(slices, pattern))}`);
    console.log(`  in all: ${ms(busy)} ms in tasks; by kind (garbage collection and source positions fall inside script): ${kinds.join(', ')}\n`);
  }
} finally {
  await browser.close();
  await target.close();
}
