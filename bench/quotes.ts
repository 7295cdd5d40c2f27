/**
 * Firm quotes beside sends (issue 15): POST /api/quotes from signed-in users, closed loop with autocannon,
 * against a real server process (PostgreSQL when there is one, else PGlite), measured three ways on one server:
 *
 * - `quote_*_8`: quotes alone, 8 connections (distinct users);
 * - `quote_send_*_8`: plain sends alone, 8 connections, the same users: the send beside which the quote is read;
 * - `quote_*_mixed` / `quote_send_*_mixed`: 4 connections asking for quotes while 4 others send, at once — a
 *   quote's latency while the server is busy with sends, and the send's beside it;
 * - `quote_send_quoted_*_8`: sends that each honour a firm quote made beforehand (the quotes are made before the
 *   run, with a long QUOTE_TTL_SECONDS, so the run times the send alone): what honouring a quote adds to a send.
 *
 * A quote reads the wallet and its balances, prices the payment with the prices at hand and inserts one row; a
 * send takes the idempotency claim, the wallet locks and one write, so a quote should cost less than a send.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { http, mapLimit } from '@fincrypt/test-support';
import { describeStatuses, type LoadRequest, type LoadResult, runLoad } from './lib/http-load.ts';
import { withFreshDatabase } from './lib/postgres.ts';
import { progress, report, warn } from './lib/report.ts';
import { sendRequest } from './lib/send-request.ts';
import { startBenchServer, withTempDir } from './lib/server.ts';
import { type BenchUser, externalAddress, signUpUsers } from './lib/users.ts';

export interface QuoteBenchOptions {
  durationS: number;
  warmupS: number;
}

const CONNECTIONS = 8;
/** Quotes made per user and per second of the quoted-send run: several times what a send run reaches per connection here. */
const QUOTED_SENDS_PER_USER_PER_S = 30;

const quoteRequest = (user: BenchUser, to: string) => {
  const body = JSON.stringify({ walletId: user.walletId, to, amount: '10000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur', speed: 'fast' });
  return (): LoadRequest => ({ method: 'POST', path: '/api/quotes', headers: { cookie: user.cookie }, body });
};

function reportRun(name: string, result: LoadResult): void {
  const failed = result.non2xx + result.errors;
  const note = failed > 0 ? `${failed} of ${result.ok + failed} requests failed (${describeStatuses(result)})` : undefined;
  report(`${name.replace('*', 'rps')}`, result.okPerSecond, 'req/s', note);
  report(`${name.replace('*', 'p50_ms')}`, result.latency.p50, 'ms');
  report(`${name.replace('*', 'p99_ms')}`, result.latency.p99, 'ms');
  if (failed > 0) warn(`${name}: ${failed} requests did not get a 2xx (${describeStatuses(result)})`);
}

async function quoteLoadOn(env: Record<string, string>, suffix: string, options: QuoteBenchOptions): Promise<void> {
  // Quotes live an hour here: the quoted-send run uses quotes made before it.
  const server = await startBenchServer({ ...env, RATE_LIMIT_QUOTE_PER_USER: '100000000', QUOTE_TTL_SECONDS: '3600' });
  try {
    progress(`quotes ${suffix}: signing up ${CONNECTIONS} users on ${server.url}`);
    const users = await signUpUsers(server.url, CONNECTIONS, `Quote${suffix}`);
    const destinations = users.map(() => externalAddress());
    const quotes = (offset: number) => (index: number) => quoteRequest(users[(index + offset) % users.length]!, destinations[(index + offset) % users.length]!);
    const sends = (offset: number) => (index: number) => sendRequest(users[(index + offset) % users.length]!, destinations[(index + offset) % users.length]!);
    if (options.warmupS > 0) {
      await runLoad({ url: server.url, connections: CONNECTIONS, durationS: options.warmupS / 2, connection: quotes(0) });
      await runLoad({ url: server.url, connections: CONNECTIONS, durationS: options.warmupS / 2, connection: sends(0) });
    }
    reportRun(`quote_*_${suffix}8`, await runLoad({ url: server.url, connections: CONNECTIONS, durationS: options.durationS, connection: quotes(0) }));
    reportRun(`quote_send_*_${suffix}8`, await runLoad({ url: server.url, connections: CONNECTIONS, durationS: options.durationS, connection: sends(0) }));
    // Half the users ask for quotes while the other half send.
    const half = CONNECTIONS / 2;
    const [quoted, sent] = await Promise.all([
      runLoad({ url: server.url, connections: half, durationS: options.durationS, connection: quotes(0) }),
      runLoad({ url: server.url, connections: half, durationS: options.durationS, connection: sends(half) }),
    ]);
    reportRun(`quote_*_${suffix}mixed`, quoted);
    reportRun(`quote_send_*_${suffix}mixed`, sent);
    progress(`quotes ${suffix}: quotes ${describeStatuses(quoted)}, sends ${describeStatuses(sent)} (mixed)`);

    // Sends that honour a quote each: far more quotes per user than such a run can use, made first.
    const perUser = QUOTED_SENDS_PER_USER_PER_S * options.durationS;
    const quoteIds = await mapLimit(users, CONNECTIONS, async (user, index) => {
      const ids: string[] = [];
      for (let i = 0; i < perUser; i += 1) {
        const body = { walletId: user.walletId, to: destinations[index]!, amount: '0.000001', speed: 'fast', fixed: 'asset', senderCurrency: 'inr', recipientCurrency: 'eur' };
        const response = await http(server.url, 'POST', '/api/quotes', { cookie: user.cookie, body });
        if (response.status !== 201) throw new Error(`quote for the quoted sends: ${response.status} ${response.text}`);
        ids.push(response.json().id);
      }
      return ids;
    });
    let exhausted = 0;
    const quotedSends = (index: number) => {
      const user = users[index % users.length]!;
      const ids = quoteIds[index % users.length]!;
      const to = destinations[index % users.length]!;
      return (): LoadRequest => {
        const quoteId = ids.shift();
        if (quoteId === undefined) exhausted += 1;
        const body = JSON.stringify({ walletId: user.walletId, to, amount: '0.000001', speed: 'fast', ...(quoteId ? { quoteId } : {}) });
        return { method: 'POST', path: '/api/transactions', headers: { cookie: user.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() }, body };
      };
    };
    reportRun(`quote_send_quoted_*_${suffix}8`, await runLoad({ url: server.url, connections: CONNECTIONS, durationS: options.durationS, connection: quotedSends }));
    if (exhausted > 0) warn(`quote_send_quoted: ${exhausted} sends ran out of quotes and went without one`);
  } finally {
    await server.close();
  }
}

/** On PostgreSQL when a server is given (figures `quote_*_pg8`, …), else on PGlite (`quote_*_pglite8`, …). */
export async function benchQuotes(pgServerUrl: string | undefined, options: QuoteBenchOptions): Promise<void> {
  if (pgServerUrl) {
    await withFreshDatabase(pgServerUrl, (databaseUrl) => quoteLoadOn({ DATABASE_URL: databaseUrl }, 'pg', options));
    return;
  }
  await withTempDir('fincrypt-bench-quotes-', (dataDir) => quoteLoadOn({ DATA_DIR: dataDir }, 'pglite', options));
}
