/**
 * Sends through HTTP: POST /api/transactions from signed-in users, closed loop with autocannon, each
 * request with a fresh Idempotency-Key, against a real server process (PGlite, then PostgreSQL).
 *
 * - distinct wallets: connection i is user i, sending from their own wallet to an outside address;
 * - hot wallet (`_hot`): every connection is the same user sending from one wallet (its row lock, and its
 *   per-user rate-limit counter, serialise the sends).
 *
 * Each is run twice in the same run, on the same server: native sends (ETH) and token sends (`_usdc`: test
 * USDC, an ERC-20 transfer whose 65,000-gas fee is paid in ETH), so the two throughputs compare directly;
 * `send_rps_usdc_ratio_*` is the token figure over the native one (issue 14: they should cost about the same).
 *
 * The server runs with BENCH_METRICS=1 (server/src/plugins/bench-metrics.ts), so each server also gives:
 * - send_db_round_trips: statements sent to the database per send (BEGIN, COMMIT and the session lookup
 *   included, the chain clock's not), counted over the warm-up's native sends, each connection paying one address;
 * - send_db_round_trips_new_recipients: the same, counted over sends that each pay another outside address;
 * - send_cpu_ms_per_send: the server process's CPU time (user + system) over the 8-connection native run ÷ its 201s;
 * - send_pg_cpu_ms_per_send: the same for the PostgreSQL server's processes, when it runs on this machine;
 * and on PostgreSQL an open-loop run (send_p50_ms_open_loop, send_p99_ms_open_loop, send_rps_open_loop): arrivals on a
 * fixed schedule at half of send_rps_pg8, latency from each request's scheduled start.
 * PGlite's are reported with a `_pglite` suffix.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { describeStatuses, type LoadRequest, type LoadResult, runLoad, runOpenLoop } from './lib/http-load.ts';
import { withFreshDatabase } from './lib/postgres.ts';
import { localPostgresCpuMs } from './lib/postgres-cpu.ts';
import { progress, report, warn } from './lib/report.ts';
import { startBenchServer, withTempDir } from './lib/server.ts';
import { type BenchUser, externalAddress, signUpUsers } from './lib/users.ts';

export interface SendBenchOptions {
  durationS: number;
  /** Unreported load before the first measured run (JIT, connection pools, caches). */
  warmupS: number;
  /** Connection counts to measure, e.g. [8, 32]. */
  connectionCounts: number[];
}

/**
 * The send every request makes: a tiny amount, so 100 ETH and 1,000 USDC per wallet last any run (fees
 * included). For USDC it is its smallest unit.
 */
const SEND_AMOUNT = '0.000001';

/** What a run sends: the native coin (no `asset`, as today's clients send) or the token. */
type SendAsset = 'native' | 'USDC';

/** Connection `index`'s sender, and the recipient of each of its sends (the same one, or a new one each time). */
type Senders = (index: number) => { user: BenchUser; to: () => string };

function sendRequests(asset: SendAsset, senders: Senders) {
  return (index: number) => {
    const { user, to } = senders(index);
    return () => ({
      method: 'POST' as const,
      path: '/api/transactions',
      headers: { cookie: user.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: JSON.stringify({ walletId: user.walletId, to: to(), amount: SEND_AMOUNT, speed: 'fast', ...(asset === 'native' ? {} : { asset }) }),
    });
  };
}

/** Outside addresses made ahead of a run whose every send pays one the sender did not pay just before. */
const NEW_RECIPIENTS_MADE = 400;

/** The server's counters (server/src/plugins/bench-metrics.ts); `scope` first turns per-send statement counting on or off. */
interface ServerMetrics {
  cpuUserUs: number;
  cpuSystemUs: number;
  statements: number;
  scopedStatements: number;
  scopedRequests: number;
}

async function readServerMetrics(url: string, scope?: 'on' | 'off'): Promise<ServerMetrics> {
  const response = await fetch(`${url}/api/_bench/metrics${scope ? `?scope=${scope}` : ''}`);
  if (!response.ok) throw new Error(`bench metrics answered ${response.status}`);
  return (await response.json()) as ServerMetrics;
}

const cpuMsBetween = (before: ServerMetrics, after: ServerMetrics) =>
  (after.cpuUserUs - before.cpuUserUs + after.cpuSystemUs - before.cpuSystemUs) / 1000;

function reportSendRun(label: string, result: LoadResult, connections: number) {
  const failed = result.non2xx + result.errors;
  const note = failed > 0 ? `${failed} of ${result.ok + failed} requests failed (${describeStatuses(result)}); rps counts 201s only` : undefined;
  report(`send_rps_${label}`, result.okPerSecond, 'req/s', note);
  report(`send_p50_ms_${label}`, result.latency.p50, 'ms');
  report(`send_p99_ms_${label}`, result.latency.p99, 'ms');
  report(`send_errors_${label}`, failed, 'count');
  progress(`sends ${label}: ${connections} connections, ${describeStatuses(result)} in ${result.durationS.toFixed(1)} s`);
  if (failed > 0) warn(`send_${label}: ${failed} requests did not get a 2xx (${describeStatuses(result)})`);
}

/**
 * Runs the send load on one server; `prefix` names the figures ("pg" → send_rps_pg8, send_rps_pg8_hot,
 * send_rps_pg8_usdc, send_rps_pg8_usdc_hot; "pglite" → send_rps_pglite for 8 connections, send_rps_pglite32,
 * send_rps_pglite_usdc, …). Native and token runs alternate per connection count, so both see the same server
 * state. Returns successful sends/s by label.
 */
async function sendLoadOn(env: Record<string, string>, prefix: 'pg' | 'pglite', options: SendBenchOptions): Promise<Map<string, number>> {
  const server = await startBenchServer({ ...env, BENCH_METRICS: '1' });
  // PostgreSQL's share of a send, when its server runs on this machine (PGlite's is in send_cpu_ms_per_send_pglite).
  const postgresCpuMs = () => (env.DATABASE_URL ? localPostgresCpuMs(env.DATABASE_URL) : undefined);
  const figure = (name: string) => (prefix === 'pg' ? name : `${name}_pglite`);
  try {
    const maxConnections = Math.max(...options.connectionCounts);
    progress(`sends ${prefix}: signing up ${maxConnections} users on ${server.url}`);
    const users = await signUpUsers(server.url, maxConnections, `Send${prefix}`);
    const destinations = users.map(() => externalAddress());
    const distinct = (asset: SendAsset) =>
      sendRequests(asset, (index) => ({ user: users[index % users.length]!, to: () => destinations[index % users.length]! }));
    // The token's hot wallet is another user's, so neither hot run spends the other's fee balance.
    const hot = (asset: SendAsset) =>
      sendRequests(asset, (index) => ({ user: users[asset === 'native' ? 0 : 1 % users.length]!, to: () => destinations[index % users.length]! }));
    const newRecipients = Array.from({ length: NEW_RECIPIENTS_MADE }, () => externalAddress());
    let newRecipientsUsed = 0;
    const toNewRecipients = sendRequests('native', (index) => ({
      user: users[index % users.length]!,
      to: () => newRecipients[newRecipientsUsed++ % newRecipients.length]!,
    }));

    // The warm-up's native sends are the ones whose statements are counted: per-request counting costs CPU, so it
    // is off again for the measured runs. Then the same, each send to an address its sender did not pay just before.
    const countedWarmUpS = Math.max(options.warmupS / 2, 0.5);
    for (const [name, connection, what] of [
      ['send_db_round_trips', distinct('native'), 'each connection paying one address'],
      ['send_db_round_trips_new_recipients', toNewRecipients, 'each send to another outside address'],
    ] as const) {
      const countedFrom = await readServerMetrics(server.url, 'on');
      await runLoad({ url: server.url, connections: 8, durationS: countedWarmUpS, connection });
      const countedTo = await readServerMetrics(server.url, 'off');
      const countedSends = countedTo.scopedRequests - countedFrom.scopedRequests;
      report(
        figure(name),
        (countedTo.scopedStatements - countedFrom.scopedStatements) / countedSends,
        'statements',
        `per send (session lookup, BEGIN and COMMIT included), over ${countedSends} sends at 8 connections, ${what}`,
      );
    }
    if (options.warmupS > 0) {
      await runLoad({ url: server.url, connections: 8, durationS: options.warmupS / 2, connection: distinct('USDC') });
    }
    const rps = new Map<string, number>();
    for (const [variant, connectionFor] of [
      ['', distinct],
      ['_hot', hot],
    ] as const) {
      for (const connections of options.connectionCounts) {
        const base = prefix === 'pglite' && connections === 8 ? 'pglite' : `${prefix}${connections}`;
        for (const asset of ['native', 'USDC'] as const) {
          const label = `${base}${asset === 'native' ? '' : '_usdc'}${variant}`;
          const before = await readServerMetrics(server.url);
          const postgresBefore = postgresCpuMs();
          const result = await runLoad({ url: server.url, connections, durationS: options.durationS, connection: connectionFor(asset) });
          const postgresAfter = postgresCpuMs();
          const after = await readServerMetrics(server.url);
          reportSendRun(label, result, connections);
          if (label === base && connections === 8) {
            const note = `server process CPU (user + system) over send_rps_${label} ÷ its ${result.ok} sends${prefix === 'pglite' ? ' (the database runs in it too)' : ''}`;
            report(figure('send_cpu_ms_per_send'), cpuMsBetween(before, after) / result.ok, 'ms', note);
            if (postgresBefore !== undefined && postgresAfter !== undefined) {
              const postgresNote = `the local PostgreSQL server's processes' CPU (user + system) over send_rps_${label} ÷ its ${result.ok} sends`;
              report('send_pg_cpu_ms_per_send', (postgresAfter - postgresBefore) / result.ok, 'ms', postgresNote);
            }
          }
          rps.set(label, result.okPerSecond);
        }
        const native = rps.get(`${base}${variant}`)!;
        const token = rps.get(`${base}_usdc${variant}`)!;
        report(`send_rps_usdc_ratio_${base}${variant}`, token / native, 'ratio', `send_rps_${base}_usdc${variant} / send_rps_${base}${variant} (same run)`);
        progress(`sends ${base}${variant}: native ${native.toFixed(0)} req/s, USDC ${token.toFixed(0)} req/s`);
      }
    }
    if (prefix === 'pg') await openLoopRun(server.url, rps.get('pg8')! / 2, options, distinct('native'));
    return rps;
  } finally {
    await server.close();
  }
}

/** Sends arriving on a fixed schedule at `ratePerS`, request i from the bench user `requestsOf(i)` picks. */
async function openLoopRun(url: string, ratePerS: number, { durationS, warmupS }: SendBenchOptions, requestsOf: (index: number) => () => LoadRequest) {
  const result = await runOpenLoop({ url, ratePerS, durationS, warmupS, request: (index) => requestsOf(index)() });
  const failed = result.non2xx + result.errors;
  const note = `${ratePerS.toFixed(0)} sends/s scheduled (half of send_rps_pg8), ${durationS} s after ${warmupS} s at that rate; latency from each request's scheduled start`;
  report('send_p50_ms_open_loop', result.latency.p50, 'ms', note);
  report('send_p99_ms_open_loop', result.latency.p99, 'ms', note);
  report('send_rps_open_loop', result.achievedPerSecond, 'req/s', `201s per second achieved at ${ratePerS.toFixed(0)} scheduled`);
  report('send_errors_open_loop', failed, 'count');
  progress(`sends open loop: ${ratePerS.toFixed(0)}/s scheduled, ${describeStatuses(result)} in ${result.durationS.toFixed(1)} s`);
  if (failed > 0) warn(`send open loop: ${failed} requests did not get a 2xx (${describeStatuses(result)})`);
}

export async function benchSendsPglite(options: SendBenchOptions): Promise<Map<string, number>> {
  return withTempDir('fincrypt-bench-sends-', (dataDir) => sendLoadOn({ DATA_DIR: dataDir }, 'pglite', options));
}

export async function benchSendsPostgres(pgServerUrl: string, options: SendBenchOptions): Promise<Map<string, number>> {
  return withFreshDatabase(pgServerUrl, (databaseUrl) => sendLoadOn({ DATABASE_URL: databaseUrl }, 'pg', options));
}
