/**
 * Dashboard and Transactions-page API latency with 1,000,000 transactions in the database (PostgreSQL).
 *
 * Seeding (SQL, generate_series): 999 other users with a wallet each share 900,000 transactions; the
 * measured user — signed up over HTTP, so a real session — holds 100,000 of them over a year, across their
 * wallets, paying a few hundred regular payees; the newest 10 are pending, 1 in 200 failed, 1 in 3 a
 * receive, 1 in 10 a test-USDC transfer; 1 send in 50 carries a fraud alert. Then VACUUM ANALYZE, as
 * autovacuum would have by then.
 *
 * Then autocannon against each request the two pages make (web/src/features/*\/api), one endpoint at a
 * time, as the measured user: first with 1 connection (the latency one user sees; the headline figure),
 * then with 8 (under load).
 */
import { http } from '@fincrypt/test-support';
import { describeStatuses, runLoad } from './lib/http-load.ts';
import { withClient, withFreshDatabase } from './lib/postgres.ts';
import { progress, report, warn } from './lib/report.ts';
import { startBenchServer } from './lib/server.ts';
import { signUpUsers } from './lib/users.ts';

export interface ApiBenchOptions {
  /** Transactions in the whole database. */
  totalTransactions: number;
  /** Of those, the measured user's. */
  userTransactions: number;
  otherUsers: number;
  durationS: number;
  /** Connections for the second, loaded pass; undefined = one pass with 1 connection only. */
  loadedConnections: number | undefined;
}

/** The list's page cursor as server/src/modules/transactions/routes.ts encodes it (checked: the cursor page must answer 200). */
const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString('base64url');

/** Distinct payees of the measured user (a search by payee matches 1 row in this many). */
const PAYEES = 400;
/** One in this many of the measured user's transactions moves test USDC (the asset filter's figure reads them). */
const USDC_EVERY = 10;

async function seed(databaseUrl: string, userId: string, options: ApiBenchOptions): Promise<void> {
  const others = options.otherUsers;
  const otherTransactions = options.totalTransactions - options.userTransactions;
  await withClient(databaseUrl, async (client) => {
    const step = async (label: string, text: string, values: unknown[] = []) => {
      const startedAt = performance.now();
      await (values.length ? client.query(text, values) : client.query(text));
      progress(`api seed: ${label} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    };
    await step(
      `${others} users with a wallet`,
      `with u as (
         insert into users (id, name, email)
         select 'bench-' || g, 'Bench ' || g, 'bench-' || g || '@example.com' from generate_series(1, $1::int) g
         returning id)
       insert into wallets (user_id, network, address, public_key, encrypted_private_key)
       select id, 'eth_sepolia', '0x' || md5('w' || id) || substr(md5('v' || id), 1, 8), '-', '-' from u`,
      [others],
    );
    await step(
      'their ETH and USDC balances',
      `insert into wallet_balances (wallet_id, asset, balance)
       select w.id, a.asset, a.balance from wallets w
       cross join (values ('ETH', 1000000000000000000::numeric), ('USDC', 1000000000::numeric)) as a(asset, balance)
       where w.user_id like 'bench-%'`,
    );
    // Bulk load as a restore would: secondary indexes dropped during the inserts and built afterwards (one
    // sort each instead of a million random insertions). The primary key, the foreign keys and the clock's
    // index of due rows (almost empty: seeded rows are settled) stay, so the running server's clock keeps
    // its cheap query meanwhile.
    const { rows: secondary } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename = 'transactions' and indexname not in ('transactions_pkey', 'transactions_due_idx')`,
    );
    await step(`drop ${secondary.length} secondary indexes`, secondary.map((index) => `drop index "${index.indexname}";`).join('\n'));
    // Two halves on two connections at once: generating the rows is CPU-bound, and there are two cores.
    const othersStartedAt = performance.now();
    const half = Math.ceil(otherTransactions / 2);
    await Promise.all(
      [
        [1, half],
        [half + 1, otherTransactions],
      ].map(([first, last]) =>
        withClient(databaseUrl, (part) =>
          part.query(
            `with w as (select id, user_id, network, address, row_number() over (order by user_id) - 1 as k from wallets where user_id like 'bench-%')
             insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
               effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at, next_confirmation_at)
             select '0x' || md5('o' || i) || md5('p' || i), w.network, 'ETH', case when i % 3 = 0 then 'receive' else 'send' end, w.id, w.user_id,
               case when i % 3 = 0 then '0x' || md5('x' || i) || substr(md5('y' || i), 1, 8) else w.address end,
               case when i % 3 = 0 then w.address else '0x' || md5('x' || i) || substr(md5('y' || i), 1, 8) end,
               (1 + (i::bigint * 7919) % 1000000)::numeric * 1000000000000, case when i % 3 = 0 then 0 else 21000000000000 end, 21000, 1000000000,
               i, 'normal', 'confirmed', 12, 5000000 + i,
               now() - (i::double precision / $1 * interval '365 days'), now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds', null
             from generate_series($3::int, $4::int) i join w on w.k = i % $2`,
            [otherTransactions, others, first, last],
          ),
        ),
      ),
    );
    progress(`api seed: ${otherTransactions} transactions of the other users in ${((performance.now() - othersStartedAt) / 1000).toFixed(1)} s`);
    await step(
      `${options.userTransactions} transactions of the measured user`,
      `with w as (select id, network, address, case network when 'eth_sepolia' then 'ETH' when 'polygon_mumbai' then 'MATIC' else 'SOL' end as native,
           row_number() over (order by id) - 1 as k, count(*) over () as n from wallets where user_id = $2)
       insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
         effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at, next_confirmation_at)
       select '0x' || md5('m' || i) || md5('n' || i), w.network,
         case when i % ${USDC_EVERY} = 1 then 'USDC' else w.native end,
         case when i % 3 = 0 then 'receive' else 'send' end, w.id, $2,
         case when i % 3 = 0 then '0x' || md5('payee' || i % $3) || substr(md5('pay' || i % $3), 1, 8) else w.address end,
         case when i % 3 = 0 then w.address else '0x' || md5('payee' || i % $3) || substr(md5('pay' || i % $3), 1, 8) end,
         case when i % ${USDC_EVERY} = 1 then (1 + (i::bigint * 7919) % 1000000)::numeric * 100
           else (1 + (i::bigint * 7919) % 1000000)::numeric * 1000000000000 end,
         case when i % 3 = 0 then 0 when i % ${USDC_EVERY} = 1 then 65000000000000 else 21000000000000 end,
         case when i % ${USDC_EVERY} = 1 then 65000 else 21000 end, 1000000000,
         i, 'fast',
         case when i <= 10 then 'pending' when i % 200 = 0 then 'failed' else 'confirmed' end,
         case when i <= 10 or i % 200 = 0 then 0 else 12 end,
         case when i <= 10 or i % 200 = 0 then null else 6000000 + i end,
         now() - (i::double precision / $1 * interval '365 days'),
         case when i <= 10 then now() + interval '1 day' else now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds' end,
         case when i <= 10 then now() + interval '1 day' else null end
       from generate_series(1, $1::int) i join w on w.k = i % w.n`,
      [options.userTransactions, userId, PAYEES],
    );
    await client.query(`set maintenance_work_mem = '256MB'`);
    await step(`rebuild ${secondary.length} secondary indexes`, secondary.map((index) => `${index.indexdef};`).join('\n'));
    await step(
      'fraud alerts on 1 send in 50',
      `insert into fraud_alerts (user_id, transaction_id, risk_level, reason, created_at)
       select user_id, id, case when nonce % 100 = 0 then 'high' else 'medium' end, 'Unusually large amount compared with your usual sends', created_at
       from transactions where type = 'send' and nonce % 50 = 0`,
    );
    await step('vacuum analyze', 'vacuum analyze users, wallets, wallet_balances, transactions, fraud_alerts');
  });
}

interface Endpoint {
  name: string;
  path: string;
  /** What a healthy answer looks like, checked once before the load. */
  check: (body: unknown) => string | undefined;
}

const itemsAtLeast = (min: number) => (body: unknown) => {
  const items = (body as { items?: unknown[] }).items;
  return items && items.length >= min ? undefined : `expected at least ${min} items, got ${items?.length}`;
};

async function endpoints(databaseUrl: string, userId: string, options: ApiBenchOptions): Promise<Endpoint[]> {
  return withClient(databaseUrl, async (client) => {
    const middle = Math.floor(options.userTransactions / 2);
    const { rows: deep } = await client.query<{ created_at: Date; id: string; hash: string }>(
      `select created_at, id, hash from transactions where user_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [userId, middle],
    );
    const row = deep[0]!;
    const { rows: payee } = await client.query<{ to_address: string }>(
      `select to_address from transactions where user_id = $1 and type = 'send' order by created_at desc limit 1`,
      [userId],
    );
    const payeeFragment = payee[0]!.to_address.slice(2, 14);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    return [
      // Dashboard: WalletGrid, RecentTransactions (5), RecentAlerts (2).
      { name: 'wallets', path: '/api/wallets', check: (body) => ((body as { wallets?: unknown[] }).wallets?.length ? undefined : 'no wallets') },
      { name: 'recent', path: '/api/transactions?limit=5', check: itemsAtLeast(5) },
      { name: 'alerts', path: '/api/alerts?limit=2', check: (body) => ((body as { alerts?: unknown[] }).alerts?.length === 2 ? undefined : 'expected 2 alerts') },
      // Transactions page: first page (25) and the counters, then what its filters and "load more" ask.
      { name: 'list', path: '/api/transactions?limit=25', check: itemsAtLeast(25) },
      {
        name: 'counts',
        path: '/api/transactions/counts',
        check: (body) => {
          const counts = body as { pending: number; confirmed: number; failed: number };
          const total = counts.pending + counts.confirmed + counts.failed;
          return total === options.userTransactions ? undefined : `counts add up to ${total}`;
        },
      },
      { name: 'cursor_deep', path: `/api/transactions?limit=25&cursor=${encodeCursor({ createdAt: row.created_at, id: row.id })}`, check: itemsAtLeast(25) },
      { name: 'search_hash', path: `/api/transactions?limit=25&search=${row.hash}`, check: itemsAtLeast(1) },
      { name: 'search_payee', path: `/api/transactions?limit=25&search=${payeeFragment}`, check: itemsAtLeast(25) },
      { name: 'status_pending', path: '/api/transactions?limit=25&status=pending', check: itemsAtLeast(10) },
      { name: 'type_send', path: '/api/transactions?limit=25&type=send', check: itemsAtLeast(25) },
      { name: 'asset_usdc', path: '/api/transactions?limit=25&asset=USDC', check: itemsAtLeast(25) },
      {
        name: 'date_range',
        path: `/api/transactions?limit=25&from=${encodeURIComponent(day(60))}&to=${encodeURIComponent(day(30))}`,
        check: itemsAtLeast(25),
      },
    ];
  });
}

export async function benchApiAtScale(pgServerUrl: string, options: ApiBenchOptions): Promise<void> {
  await withFreshDatabase(pgServerUrl, async (databaseUrl) => {
    const server = await startBenchServer({ DATABASE_URL: databaseUrl });
    try {
      // Signed up over HTTP, so the session is a real one.
      const [user] = await signUpUsers(server.url, 1, 'Heavy');
      const seedStartedAt = performance.now();
      await seed(databaseUrl, user!.id, options);
      progress(`api seed: ${options.totalTransactions} transactions in ${((performance.now() - seedStartedAt) / 1000).toFixed(1)} s`);
      const list = await endpoints(databaseUrl, user!.id, options);

      for (const endpoint of list) {
        const response = await http(server.url, 'GET', endpoint.path, { cookie: user!.cookie });
        const problem = response.status === 200 ? endpoint.check(response.json()) : `status ${response.status}`;
        if (problem) warn(`api ${endpoint.name} (${endpoint.path}): ${problem}`);
      }

      const scale = `${options.totalTransactions.toLocaleString('en')} transactions, the user's ${options.userTransactions.toLocaleString('en')}`;
      let errors = 0;
      for (const connections of options.loadedConnections ? [1, options.loadedConnections] : [1]) {
        const suffix = connections === 1 ? '' : `_c${connections}`;
        let worst = { name: '', p99: 0 };
        for (const endpoint of list) {
          const result = await runLoad({
            url: server.url,
            connections,
            durationS: options.durationS,
            connection: () => () => ({ method: 'GET', path: endpoint.path, headers: { cookie: user!.cookie } }),
          });
          const failed = result.non2xx + result.errors;
          errors += failed;
          if (failed) warn(`api ${endpoint.name}${suffix}: ${describeStatuses(result)}`);
          report(`api_p50_ms_1m${suffix}_${endpoint.name}`, result.latency.p50, 'ms');
          report(`api_p99_ms_1m${suffix}_${endpoint.name}`, result.latency.p99, 'ms', `GET ${endpoint.path.slice(0, 90)}, ${connections} connection(s), ${result.latency.count} requests`);
          report(`api_rps_1m${suffix}_${endpoint.name}`, result.okPerSecond, 'req/s');
          progress(`api ${endpoint.name} ×${connections}: p50 ${result.latency.p50.toFixed(1)} p99 ${result.latency.p99.toFixed(1)} ms, ${result.okPerSecond.toFixed(0)} req/s`);
          if (result.latency.p99 > worst.p99) worst = { name: endpoint.name, p99: result.latency.p99 };
        }
        report(
          `api_p99_ms_1m${suffix}`,
          worst.p99,
          'ms',
          `worst p99 among ${list.length} dashboard/transactions requests (${worst.name}), ${connections} connection${connections === 1 ? '' : 's'}, ${scale}`,
        );
      }
      report('api_errors_1m', errors, 'count');
    } finally {
      await server.close();
    }
  });
}
