/**
 * `npm run bench` — every figure of issue 7 in one run; `npm run bench -- --quick` for a short version
 * (shorter load phases, fewer Lighthouse runs; the same data sizes). Prints one JSON object per line on
 * stdout, {"name", "value", "unit", "note"?}; progress and diagnostics go to stderr. See docs/benchmarks.md.
 *
 *   --quick                 the short version (under 3 minutes on a 2-core machine)
 *   --only=web,sends,…      run only these phases: web, sends, realtime, api, lag, migration, quotes, demo, chain, solana
 *   BENCH_DATABASE_URL      PostgreSQL server for the *_pg* figures (else TEST_DATABASE_URL, else
 *                           postgres://postgres@127.0.0.1:5432/postgres when it answers); each phase
 *                           creates its own database there and drops it afterwards
 */
import { benchApiAtScale } from './api-at-scale.ts';
import { benchChain } from './chain.ts';
import { benchConfirmLagPglite, benchConfirmLagPostgres } from './confirm-lag.ts';
import { benchDemoNetworkStart } from './demo-network-start.ts';
import { benchMigrationTime } from './migration-time.ts';
import { installSignalCleanup, runAllCleanups } from './lib/cleanup.ts';
import { resolvePostgresServer } from './lib/postgres.ts';
import { keepStdoutForFigures, progress, report, reportedFigures, warn } from './lib/report.ts';
import { benchQuotes } from './quotes.ts';
import { benchRealtime } from './realtime.ts';
import { benchSendsPglite, benchSendsPostgres } from './sends.ts';
import { benchSolana } from './solana.ts';
import { benchTpcbPglite, benchTpcbPostgres } from './tpcb.ts';
import { benchWeb } from './web.ts';

const PHASES = ['web', 'sends', 'realtime', 'api', 'lag', 'migration', 'quotes', 'demo', 'chain', 'solana'] as const;
type Phase = (typeof PHASES)[number];

const args = process.argv.slice(2);
const isQuick = args.includes('--quick');
const onlyArg = args.find((arg) => arg.startsWith('--only='));
const selected = new Set<Phase>(onlyArg ? (onlyArg.slice('--only='.length).split(',') as Phase[]) : PHASES);
for (const phase of selected) if (!PHASES.includes(phase)) throw new Error(`unknown phase "${phase}" (phases: ${PHASES.join(', ')})`);

const settings = isQuick
  ? {
      sends: { durationS: 2, warmupS: 1, connectionCounts: [8, 32] },
      tpcbS: 2,
      realtime: { recipients: 100, socketsPerRecipient: 10, senders: 10, intervalMs: 10, durationS: 3, warmupS: 1, drainMs: 10_000 },
      // The same 1,000,000 rows; only the unloaded pass (1 connection), not the 8-connection one.
      api: { totalTransactions: 1_000_000, userTransactions: 100_000, otherUsers: 999, durationS: 1, loadedConnections: undefined },
      lighthouseRuns: 1,
      lagProbes: { count: 100, windowMs: 3_000 },
      // The same 1,000,000 rows: the figure is about that size.
      migration: { transactions: 1_000_000, users: 1000 },
      quotes: { durationS: 2, warmupS: 1 },
      chain: { durationS: 3, fillTransactions: 100_000 },
      solana: { durationS: 3 },
    }
  : {
      sends: { durationS: 10, warmupS: 2, connectionCounts: [8, 32] },
      tpcbS: 10,
      realtime: {
        recipients: 100,
        socketsPerRecipient: 10,
        senders: 10,
        intervalMs: 10,
        durationS: 20,
        warmupS: 2,
        drainMs: 15_000,
        // Full run only: the same at 10 sends/s, to separate the path's latency from saturation.
        gentle: { intervalMs: 100, durationS: 10 },
      },
      api: { totalTransactions: 1_000_000, userTransactions: 100_000, otherUsers: 999, durationS: 5, loadedConnections: 8 },
      lighthouseRuns: 3,
      lagProbes: { count: 300, windowMs: 10_000 },
      migration: { transactions: 1_000_000, users: 1000 },
      quotes: { durationS: 5, warmupS: 2 },
      chain: { durationS: 10, fillTransactions: 100_000 },
      solana: { durationS: 10 },
    };

/** The issue's targets, checked at the end (on stderr); the figures themselves are never adjusted. */
const TARGETS: { name: string; test: (value: number) => boolean; text: string }[] = [
  { name: 'send_rps_ratio_pg8', test: (v) => v >= 0.5, text: '≥ 0.5 × pgbench TPC-B tps at 8 clients' },
  { name: 'send_cpu_ms_per_send', test: (v) => v <= 1, text: '≤ 1 ms of server CPU per send' },
  { name: 'send_p99_ms_open_loop', test: (v) => v <= 25, text: '≤ 25 ms at half the maximum rate (open loop)' },
  { name: 'send_p99_ms_pg32', test: (v) => v <= 25, text: '≤ 25 ms at 32 clients (closed loop, issue 7)' },
  { name: 'realtime_p99_ms_1proc_from_commit', test: (v) => v <= 50, text: '≤ 50 ms commit → event, one process' },
  { name: 'realtime_p99_ms_2proc_from_commit', test: (v) => v <= 150, text: '≤ 150 ms commit → event, two processes' },
  { name: 'api_p99_ms_1m', test: (v) => v <= 20, text: '≤ 20 ms at 1M transactions, substring search included' },
  { name: 'explorer_api_p99_ms_1m', test: (v) => v <= 20, text: '≤ 20 ms at 1M transactions (explorer home)' },
  { name: 'explorer_address_p99_ms_1m', test: (v) => v <= 20, text: '≤ 20 ms at 1M transactions (address page)' },
  { name: 'confirm_lag_ms_100k', test: (v) => v <= 1000, text: '≤ 1 s at 100k pending (p99, decision 004)' },
  { name: 'confirm_burst_ms_100k', test: (v) => v <= 2000, text: '≤ 2 s for 100k due at once' },
  { name: 'first_load_js_gzip_kb_max', test: (v) => v <= 130, text: '≤ 130 KB gzip on every route' },
  { name: 'lighthouse_perf_min', test: (v) => v >= 95, text: '≥ 95 on every page' },
  { name: 'lighthouse_a11y_min', test: (v) => v >= 100, text: '100 on every page' },
  { name: 'lighthouse_best_practices_min', test: (v) => v >= 100, text: '100 on every page' },
];

function checkTargets(): void {
  const figures = new Map(reportedFigures().map((figure) => [figure.name, figure.value]));
  for (const target of TARGETS) {
    const value = figures.get(target.name);
    if (value === undefined) continue;
    const verdict = value !== null && target.test(value) ? 'met   ' : 'MISSED';
    process.stderr.write(`[bench] target ${verdict} ${target.name} = ${value} (${target.text})\n`);
  }
}

const failures: string[] = [];
async function phase(name: string, work: () => Promise<void>): Promise<void> {
  const startedAt = performance.now();
  progress(`── ${name}`);
  try {
    await work();
    progress(`── ${name} done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  } catch (error) {
    failures.push(name);
    warn(`phase "${name}" failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

keepStdoutForFigures();
installSignalCleanup();
const startedAt = performance.now();
progress(`${isQuick ? 'quick' : 'full'} run; phases: ${[...selected].join(', ')}`);
try {
  const pgServerUrl = await resolvePostgresServer();
  if (!pgServerUrl) warn('no PostgreSQL server (BENCH_DATABASE_URL / TEST_DATABASE_URL / local default): *_pg*, realtime, api, confirm_lag_ms_100k and migration figures are skipped');

  if (selected.has('web')) await phase('web', () => benchWeb({ lighthouseRuns: settings.lighthouseRuns, pgServerUrl }));

  if (selected.has('sends')) {
    await phase('sends + TPC-B on PGlite', async () => {
      const sends = await benchSendsPglite(settings.sends);
      const tps = await benchTpcbPglite(settings.tpcbS);
      report('send_rps_ratio_pglite', sends.get('pglite')! / tps, 'ratio', 'send_rps_pglite (8 connections) / tpcb_tps_pglite');
    });
    if (pgServerUrl) {
      await phase('sends + TPC-B on PostgreSQL', async () => {
        const sends = await benchSendsPostgres(pgServerUrl, settings.sends);
        const tps = await benchTpcbPostgres(pgServerUrl, settings.tpcbS, settings.sends.connectionCounts);
        for (const clients of settings.sends.connectionCounts) {
          report(`send_rps_ratio_pg${clients}`, sends.get(`pg${clients}`)! / tps.get(clients)!, 'ratio', `send_rps_pg${clients} / tpcb_tps_pg${clients}`);
        }
      });
    }
  }

  if (selected.has('realtime') && pgServerUrl) await phase('realtime', () => benchRealtime(pgServerUrl, settings.realtime));
  if (selected.has('api') && pgServerUrl) await phase('API at 1M transactions', () => benchApiAtScale(pgServerUrl, settings.api));
  if (selected.has('lag')) {
    // The burst case is one of issue 18's figures: a quick run measures it on PostgreSQL too.
    if (pgServerUrl) await phase('confirmation lag on PostgreSQL', () => benchConfirmLagPostgres(pgServerUrl, settings.lagProbes, true));
    await phase('confirmation lag on PGlite', () => benchConfirmLagPglite(settings.lagProbes, !isQuick));
  }
  if (selected.has('migration') && pgServerUrl) {
    await phase('migration 0003 at 1M transactions', async () => {
      await benchMigrationTime(pgServerUrl, settings.migration);
    });
  }
  // A fresh `npm start` with the demo network: the insights figures 60 s after launch. The 60 s are the figure, so a
  // quick run cannot shorten it: --quick leaves the phase out unless --only names it.
  if (selected.has('demo') && isQuick && !onlyArg) progress('── demo: left out of --quick (it waits 60 s by definition); --only=demo runs it');
  else if (selected.has('demo')) await phase('a fresh npm start with the demo network', () => benchDemoNetworkStart({ afterS: 60 }));
  if (selected.has('quotes')) await phase(`firm quotes beside sends on ${pgServerUrl ? 'PostgreSQL' : 'PGlite'}`, () => benchQuotes(pgServerUrl, settings.quotes));
  if (selected.has('chain')) await phase('sends through a real local chain', () => benchChain(settings.chain));
  if (selected.has('solana')) await phase('sends through the Solana runtime', () => benchSolana(settings.solana));
} finally {
  await runAllCleanups();
}

const seconds = (performance.now() - startedAt) / 1000;
report('bench_duration_s', seconds, 's', isQuick ? 'quick run' : 'full run');
checkTargets();
if (failures.length > 0) {
  warn(`${failures.length} phase(s) failed: ${failures.join(', ')} — their figures are missing`);
  process.exitCode = 1;
}
progress(`finished in ${seconds.toFixed(0)} s`);
// Nothing should be left running; do not let a stray handle keep the process alive.
process.exit();
