/**
 * The web app: a fresh production build (vite build into a temporary directory), then
 * - the gzipped JS and CSS each page's first load needs (bench/first-load-size.ts);
 * - Lighthouse 12 (default config = mobile preset, simulated throttling) on every page of issue 18 (the
 *   public ones, the signed-in ones and the explorer's), served by a server process from that build; the
 *   signed-in pages get a new user's session cookie (extraHeaders) after that user made a few sends, so the
 *   lists are not empty, and the explorer pages show that user's first send, its sender and its block.
 *   Chromium: CHROMIUM_PATH or /usr/bin/chromium. With several runs per page the median run (by
 *   performance score) is reported. LIGHTHOUSE_PAGES=login,insights runs only those pages (by name);
 *   LIGHTHOUSE_JSON_DIR=dir keeps each run's full Lighthouse result there (critical chains, LCP element, long tasks);
 *   LIGHTHOUSE_TRACE_DIR=dir keeps each run's Chromium trace.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { http } from '@fincrypt/test-support';
import { FIRST_LOAD_PAGES, firstLoadSizes, largestFirstLoad } from './first-load-size.ts';
import { progress, report, warn } from './lib/report.ts';
import { withFreshDatabase } from './lib/postgres.ts';
import { startBenchServer, withTempDir } from './lib/server.ts';
import { BENCH_NETWORK, externalAddress, signUpUsers } from './lib/users.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

const run = promisify(execFile);
const webDir = path.resolve(import.meta.dirname, '../web');

/** Lighthouse drives Chromium headless itself; the journeys' flags otherwise. */
const LIGHTHOUSE_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

interface LighthousePage {
  name: string;
  isSignedIn: boolean;
  /** The page's path; explorer pages name what the setup sends produced. */
  path: (sample: ExplorerSample) => string;
}

/** What the setup user's first send left on the chain, for the explorer's pages. */
interface ExplorerSample {
  hash: string;
  address: string;
  network: string;
  blockNumber: number;
}

const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: 'home', path: () => '/', isSignedIn: false },
  { name: 'login', path: () => '/login', isSignedIn: false },
  { name: 'register', path: () => '/register', isSignedIn: false },
  { name: 'dashboard', path: () => '/dashboard', isSignedIn: true },
  { name: 'send_receive', path: () => '/send-receive', isSignedIn: true },
  { name: 'transactions', path: () => '/transactions', isSignedIn: true },
  { name: 'insights', path: () => '/insights', isSignedIn: true },
  { name: 'explorer_home', path: () => '/explorer', isSignedIn: false },
  { name: 'explorer_tx', path: (sample) => `/explorer/${sample.hash}`, isSignedIn: false },
  { name: 'explorer_address', path: (sample) => `/explorer/address/${sample.address}`, isSignedIn: false },
  { name: 'explorer_block', path: (sample) => `/explorer/block/${sample.network}/${sample.blockNumber}`, isSignedIn: false },
];

/** LIGHTHOUSE_PAGES=name,name narrows a run to those pages (for profiling one page); unset: all. */
function selectedPages(): LighthousePage[] {
  const names = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim()).filter(Boolean);
  if (!names?.length) return LIGHTHOUSE_PAGES;
  const unknown = names.filter((name) => !LIGHTHOUSE_PAGES.some((page) => page.name === name));
  if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES: no page ${unknown.join(', ')} (pages: ${LIGHTHOUSE_PAGES.map((page) => page.name).join(', ')})`);
  return LIGHTHOUSE_PAGES.filter((page) => names.includes(page.name));
}

const CATEGORIES = [
  { id: 'performance', short: 'perf', target: 0.95 },
  { id: 'accessibility', short: 'a11y', target: 1 },
  { id: 'best-practices', short: 'bp', target: 1 },
] as const;

async function buildWeb(outDir: string): Promise<void> {
  const startedAt = performance.now();
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: webDir, maxBuffer: 16 * 1024 * 1024 });
  progress(`web: production build in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

function reportFirstLoad(distDir: string): void {
  for (const [name, module] of Object.entries(FIRST_LOAD_PAGES)) {
    const { jsKb, cssKb } = firstLoadSizes(module, distDir);
    report(`first_load_js_gzip_kb_${name}`, jsKb, 'KB', 'gzip -6 of the entry chunk, the route chunk and their static imports');
    report(`first_load_css_gzip_kb_${name}`, cssKb, 'KB');
  }
  const largest = largestFirstLoad(distDir);
  report('first_load_js_gzip_kb_max', largest.jsKb, 'KB', `the largest first load, on ${largest.page}`);
}

/** Lighthouse's own "something went wrong, run it again" (runtimeError in the result). */
class LighthouseRuntimeError extends Error {}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, which Lighthouse says to retry) is retried once. */
async function lighthouseOnce(url: string, cookie: string | undefined): Promise<Result> {
  try {
    return await lighthouseAttempt(url, cookie);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    warn(`${error.message}; running it again`);
    return lighthouseAttempt(url, cookie);
  }
}

async function lighthouseAttempt(url: string, cookie: string | undefined): Promise<Result> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((category) => category.id),
      // The full-page screenshot is for the HTML report only; it scores nothing.
      disableFullPageScreenshot: true,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    keepTrace(url, result.artifacts);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * LIGHTHOUSE_TRACE_DIR=dir keeps each run's Chromium trace there (`<path>-<time>.trace.json`, 5–30 MB each), to read
 * a page's main-thread tasks and request chain in Chromium's Performance panel or with a script.
 */
function keepTrace(url: string, artifacts: { Trace?: unknown }): void {
  const dir = process.env.LIGHTHOUSE_TRACE_DIR;
  if (!dir || !artifacts.Trace) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
  fs.writeFileSync(path.join(dir, `${name}-${Date.now()}.trace.json`), JSON.stringify(artifacts.Trace));
}

/**
 * The explorer sample: the first send's hash and sender, and the block that included it (sends on the bench
 * network are included within seconds; after 30 s the newest block of that network stands in).
 */
async function explorerSample(serverUrl: string, hash: string, address: string): Promise<ExplorerSample> {
  const deadline = Date.now() + 30_000;
  let network = BENCH_NETWORK as string;
  while (Date.now() < deadline) {
    const response = await http(serverUrl, 'GET', `/api/explorer/tx/${hash}`);
    const body = (response.status === 200 ? response.json() : undefined) as { network?: string; blockNumber?: number | null } | undefined;
    if (response.status === 200 && body?.network) network = body.network;
    if (response.status === 200 && typeof body?.blockNumber === 'number') return { hash, address, network, blockNumber: body.blockNumber };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  warn(`web: ${hash} was not in a block after 30 s; the explorer block page shows the newest block instead`);
  const blocks = await http(serverUrl, 'GET', `/api/explorer/blocks?network=${network}&limit=1`);
  const newest = (blocks.json() as { blocks?: { number: number }[] } | undefined)?.blocks?.[0];
  if (!newest) throw new Error(`web: no block on ${network} for the explorer block page`);
  return { hash, address, network, blockNumber: newest.number };
}

const score = (lhr: Result, id: string) => lhr.categories[id]?.score ?? Number.NaN;

/** The audits that cost a category its points, for stderr. */
function failingAudits(lhr: Result, categoryId: string): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0 || categoryId === 'performance')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
    .map(({ ref, audit }) => {
      const head = `${ref.id} (score ${audit!.score}${audit!.displayValue ? `, ${audit!.displayValue}` : ''}${ref.weight ? `, weight ${ref.weight}` : ''})`;
      // For accessibility and best practices, what exactly failed (the first items of the audit's table).
      const items = categoryId === 'performance' ? [] : ((audit!.details as { items?: unknown[] } | undefined)?.items ?? []);
      return [head, ...items.slice(0, 3).map((item) => `      ${JSON.stringify(item).slice(0, 300)}`)].join('\n');
    });
}

/** The server for Lighthouse: on PostgreSQL when there is one (a fresh database; it starts faster), else PGlite. */
async function withWebServer(distDir: string, tempDir: string, pgServerUrl: string | undefined, use: (url: string) => Promise<void>) {
  const serve = async (env: Record<string, string>) => {
    const server = await startBenchServer({ ...env, WEB_DIST_DIR: distDir });
    try {
      await use(server.url);
    } finally {
      await server.close();
    }
  };
  if (pgServerUrl) await withFreshDatabase(pgServerUrl, (databaseUrl) => serve({ DATABASE_URL: databaseUrl }));
  else await serve({ DATA_DIR: path.join(tempDir, 'data') });
}

export async function benchWeb(options: { lighthouseRuns: number; pgServerUrl: string | undefined }): Promise<void> {
  await withTempDir('fincrypt-bench-web-', async (tempDir) => {
    const distDir = path.join(tempDir, 'dist');
    await buildWeb(distDir);
    reportFirstLoad(distDir);

    await withWebServer(distDir, tempDir, options.pgServerUrl, async (serverUrl) => {
      const [user] = await signUpUsers(serverUrl, 1, 'Lighthouse');
      const sentHashes: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await http(serverUrl, 'POST', '/api/transactions', {
          cookie: user!.cookie,
          headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          body: { walletId: user!.walletId, to: externalAddress(), amount: '0.01', speed: 'fast' },
        });
        if (response.status !== 201) warn(`web: a setup send answered ${response.status}`);
        const hash = response.status === 201 ? (response.json() as { transaction?: { hash?: string } }).transaction?.hash : undefined;
        if (hash) sentHashes.push(hash);
      }
      if (!sentHashes[0]) throw new Error('web: no setup send succeeded, so the explorer pages have nothing to show');
      const sample = await explorerSample(serverUrl, sentHashes[0], user!.address);
      const pages = selectedPages();
      const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
      if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });

      const mins: Record<string, { value: number; pages: string[] }> = {};
      for (const page of pages) {
        const pagePath = page.path(sample);
        const runs: Result[] = [];
        for (let i = 0; i < options.lighthouseRuns; i += 1) {
          const startedAt = performance.now();
          runs.push(await lighthouseOnce(`${serverUrl}${pagePath}`, page.isSignedIn ? user!.cookie : undefined));
          if (jsonDir) fs.writeFileSync(path.join(jsonDir, `${page.name}-${i + 1}.json`), JSON.stringify(runs.at(-1)));
          progress(`lighthouse ${pagePath} run ${i + 1}: perf ${score(runs.at(-1)!, 'performance')} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
        }
        runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const median = runs[Math.floor(runs.length / 2)]!;
        if (!new URL(median.finalDisplayedUrl).pathname.endsWith(pagePath)) {
          warn(`lighthouse ${pagePath}: ended on ${median.finalDisplayedUrl} (was the session refused?)`);
        }
        const note = options.lighthouseRuns > 1 ? `median of ${options.lighthouseRuns} runs (by performance)` : '1 run';
        for (const category of CATEGORIES) {
          const value = Math.round(score(median, category.id) * 100);
          report(`lighthouse_${category.short}_${page.name}`, value, 'score', note);
          const lowest = mins[category.short];
          if (!lowest || value < lowest.value) mins[category.short] = { value, pages: [pagePath] };
          else if (value === lowest.value) lowest.pages.push(pagePath);
          if (value < category.target * 100) {
            warn(`lighthouse ${category.id} on ${pagePath} is ${value} (target ${category.target * 100}); failing audits:`);
            for (const line of failingAudits(median, category.id)) process.stderr.write(`    ${line}\n`);
          }
        }
        const metric = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
        report(`lighthouse_fcp_ms_${page.name}`, metric('first-contentful-paint'), 'ms', 'simulated mobile');
        report(`lighthouse_lcp_ms_${page.name}`, metric('largest-contentful-paint'), 'ms', 'simulated mobile');
        report(`lighthouse_tbt_ms_${page.name}`, metric('total-blocking-time'), 'ms', 'simulated mobile');
        report(`lighthouse_cls_${page.name}`, metric('cumulative-layout-shift'), 'score');
      }
      // The minimum over every page, named by the page(s) that have it; best practices under both its names.
      const minNames: Record<(typeof CATEGORIES)[number]['short'], string[]> = {
        perf: ['lighthouse_perf_min'],
        a11y: ['lighthouse_a11y_min'],
        bp: ['lighthouse_best_practices_min', 'lighthouse_bp_min'],
      };
      const scope = pages.length === LIGHTHOUSE_PAGES.length ? `${pages.length} pages` : `only ${pages.map((page) => page.name).join(', ')}`;
      for (const category of CATEGORIES) {
        const lowest = mins[category.short];
        for (const name of minNames[category.short]) {
          const where = !lowest ? '' : lowest.pages.length === pages.length ? 'every page' : lowest.pages.join(' ');
          report(name, lowest?.value ?? Number.NaN, 'score', lowest ? `lowest of ${scope}: ${where}` : 'no page ran');
        }
      }
    });
  });
}
