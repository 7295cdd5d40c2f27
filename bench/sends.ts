/**
 * Sends through HTTP: POST /api/transactions from signed-in users, closed loop with autocannon, each
 * request with a fresh Idempotency-Key, against a real server process (PGlite, then PostgreSQL).
 *
 * - distinct wallets: connection i is user i, sending from their own wallet to an outside address;
 * - hot wallet (`_hot`): every connection is the same user sending from one wallet (its row lock, and its
 *   per-user rate-limit counter, serialise the sends).
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { describeStatuses, type LoadResult, runLoad } from './lib/http-load.ts';
import { withFreshDatabase } from './lib/postgres.ts';
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

/** The send every request makes: a tiny amount, so 100 per wallet lasts any run (fee included). */
const SEND_AMOUNT = '0.000001';

function sendRequests(senders: (index: number) => { user: BenchUser; to: string }) {
  return (index: number) => {
    const { user, to } = senders(index);
    const body = JSON.stringify({ walletId: user.walletId, to, amount: SEND_AMOUNT, speed: 'fast' });
    return () => ({
      method: 'POST' as const,
      path: '/api/transactions',
      headers: { cookie: user.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body,
    });
  };
}

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
 * Runs the send load on one server; `prefix` names the figures ("pg" → send_rps_pg8, send_rps_pg8_hot;
 * "pglite" → send_rps_pglite for 8 connections, send_rps_pglite32). Returns successful sends/s by label.
 */
async function sendLoadOn(env: Record<string, string>, prefix: string, options: SendBenchOptions): Promise<Map<string, number>> {
  const server = await startBenchServer(env);
  try {
    const maxConnections = Math.max(...options.connectionCounts);
    progress(`sends ${prefix}: signing up ${maxConnections} users on ${server.url}`);
    const users = await signUpUsers(server.url, maxConnections, `Send${prefix}`);
    const destinations = users.map(() => externalAddress());
    const distinct = sendRequests((index) => ({ user: users[index % users.length]!, to: destinations[index % users.length]! }));
    const hot = sendRequests((index) => ({ user: users[0]!, to: destinations[index % users.length]! }));

    if (options.warmupS > 0) {
      await runLoad({ url: server.url, connections: 8, durationS: options.warmupS, connection: distinct });
    }
    const rps = new Map<string, number>();
    for (const [variant, connection] of [
      ['', distinct],
      ['_hot', hot],
    ] as const) {
      for (const connections of options.connectionCounts) {
        const label = `${prefix === 'pglite' && connections === 8 ? 'pglite' : `${prefix}${connections}`}${variant}`;
        const result = await runLoad({ url: server.url, connections, durationS: options.durationS, connection });
        reportSendRun(label, result, connections);
        rps.set(label, result.okPerSecond);
      }
    }
    return rps;
  } finally {
    await server.close();
  }
}

export async function benchSendsPglite(options: SendBenchOptions): Promise<Map<string, number>> {
  return withTempDir('fincrypt-bench-sends-', (dataDir) => sendLoadOn({ DATA_DIR: dataDir }, 'pglite', options));
}

export async function benchSendsPostgres(pgServerUrl: string, options: SendBenchOptions): Promise<Map<string, number>> {
  return withFreshDatabase(pgServerUrl, (databaseUrl) => sendLoadOn({ DATABASE_URL: databaseUrl }, 'pg', options));
}
