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
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { toChecksumAddress } from '@fincrypt/domain';
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

type CursorSealer = (row: { createdAt: Date; id: string }) => string;

/**
 * A deep page's cursor, sealed as server/src/lib/page-cursor.ts seals it, with the server's own secret read from the
 * database (checked: the cursor page must answer 200). Paging there through the API would take thousands of requests.
 */
async function cursorSealer(client: pg.Client): Promise<CursorSealer> {
  const { rows } = await client.query<{ value: string }>(`select value from app_secrets where name = 'page-cursors'`);
  const key = createHash('sha256').update(`page-cursors:${rows[0]!.value}`).digest();
  return (row) => {
    const plain = Buffer.alloc(24);
    plain.writeBigUInt64BE(BigInt(row.createdAt.getTime()));
    Buffer.from(row.id.replaceAll('-', ''), 'hex').copy(plain, 8);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64url');
  };
}

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
    // Addresses as wallets keep them: EIP-55 (the explorer looks addresses up in that canonical form).
    const { rows: seeded } = await client.query<{ id: string; address: string }>(`select id, address from wallets where user_id like 'bench-%'`);
    await step(
      'their addresses in EIP-55',
      `update wallets set address = c.address from unnest($1::uuid[], $2::text[]) as c(id, address) where wallets.id = c.id`,
      [seeded.map((wallet) => wallet.id), seeded.map((wallet) => toChecksumAddress(wallet.address))],
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
    // index of unsettled rows (almost empty: seeded rows are settled) stay, so the running server's clock keeps
    // its cheap query meanwhile. The search's trigram index (on the side table the insert trigger fills) is one of them.
    const { rows: secondary } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename in ('transactions', 'transaction_search_terms')
         and indexname not in ('transactions_pkey', 'transactions_unsettled_idx', 'transaction_search_terms_pkey')`,
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
               i, 'normal', 'confirmed', 12, block_number_at(w.network, now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds'),
               now() - (i::double precision / $1 * interval '365 days'), now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds', null
             from generate_series($3::int, $4::int) i join w on w.k = i % $2`,
            [otherTransactions, others, first, last],
          ),
        ),
      ),
    );
    progress(`api seed: ${otherTransactions} transactions of the other users in ${((performance.now() - othersStartedAt) / 1000).toFixed(1)} s`);
    // Each wallet takes three consecutive rows at a time, so it holds every kind (a receive is every third row).
    // Taking row i by i % 3 gave the wallet that sorted first only receives: when that was the Sepolia wallet, the
    // explorer's page of the busiest address had no chain rows to show (its receives come from outside addresses).
    await step(
      `${options.userTransactions} transactions of the measured user`,
      `with w as (select id, network, address, case network when 'eth_sepolia' then 'ETH' when 'polygon_amoy' then 'MATIC' else 'SOL' end as native,
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
         case when i <= 10 or i % 200 = 0 then null
           else block_number_at(w.network, now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds') end,
         now() - (i::double precision / $1 * interval '365 days'),
         case when i <= 10 then now() + interval '1 day' else now() - (i::double precision / $1 * interval '365 days') + interval '10 seconds' end,
         case when i <= 10 then now() + interval '1 day' else null end
       from generate_series(1, $1::int) i join w on w.k = (i / 3) % w.n`,
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
    // The explorer's blocks, as the chain clock would have written them: one row per block that included chain rows.
    await step(
      'blocks of the chain rows',
      `insert into blocks (network, number, produced_at, transaction_count, total_fees)
       select network, block_number, min(include_at), count(*), sum(fee) from transactions
       where type <> 'receive' and block_number is not null group by network, block_number`,
    );
    await step('vacuum analyze', 'vacuum analyze users, wallets, wallet_balances, transactions, fraud_alerts, blocks');
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
    const encodeCursor = await cursorSealer(client);
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

/**
 * The public explorer's requests (no session): the home page's (latest transactions, latest blocks, network figures,
 * labels) and an address page's (a typical address, its next page, and the measured user's busiest wallet), a block
 * page and a transaction page.
 */
async function explorerEndpoints(databaseUrl: string, userId: string): Promise<{ home: Endpoint[]; address: Endpoint[]; other: Endpoint[] }> {
  return withClient(databaseUrl, async (client) => {
    const { rows: typical } = await client.query<{ address: string }>(
      `select address from wallets where user_id like 'bench-%' order by user_id limit 1 offset 500`,
    );
    const { rows: heavy } = await client.query<{ address: string }>(
      `select address from wallets where user_id = $1 and network = 'eth_sepolia' limit 1`,
      [userId],
    );
    const { rows: chainRow } = await client.query<{ hash: string; network: string; block_number: string }>(
      `select hash, network, block_number from transactions where user_id = $1 and type = 'send' and block_number is not null order by created_at desc limit 1`,
      [userId],
    );
    const typicalAddress = typical[0]!.address;
    const encodeCursor = await cursorSealer(client);
    const { rows: page } = await client.query<{ created_at: Date; id: string }>(
      `select created_at, id from transactions where type <> 'receive' and (from_address = $1 or to_address = $1)
       order by created_at desc, id desc offset 24 limit 1`,
      [typicalAddress],
    );
    const transactionsAtLeast = (min: number) => (body: unknown) => {
      const items = (body as { transactions?: { items?: unknown[] } }).transactions?.items;
      return items && items.length >= min ? undefined : `expected at least ${min} transactions, got ${items?.length}`;
    };
    const row = chainRow[0]!;
    return {
      home: [
        { name: 'latest', path: '/api/explorer/transactions?limit=20', check: itemsAtLeast(20) },
        { name: 'latest_network', path: '/api/explorer/transactions?limit=20&network=eth_sepolia', check: itemsAtLeast(20) },
        {
          name: 'blocks',
          path: '/api/explorer/blocks?limit=8',
          check: (body) => ((body as { blocks?: unknown[] }).blocks?.length ? undefined : 'no blocks'),
        },
        {
          name: 'stats',
          path: '/api/explorer/stats',
          check: (body) => ((body as { networks?: unknown[] }).networks?.length === 3 ? undefined : 'expected 3 networks'),
        },
        { name: 'labels', path: '/api/explorer/labels', check: (body) => ((body as { labels?: unknown[] }).labels ? undefined : 'no labels list') },
      ],
      address: [
        { name: 'address', path: `/api/explorer/address/${typicalAddress}`, check: transactionsAtLeast(25) },
        {
          name: 'address_next',
          path: `/api/explorer/address/${typicalAddress}?cursor=${encodeCursor({ createdAt: page[0]!.created_at, id: page[0]!.id })}`,
          check: transactionsAtLeast(25),
        },
        { name: 'address_busiest', path: `/api/explorer/address/${heavy[0]!.address}`, check: transactionsAtLeast(25) },
      ],
      other: [
        { name: 'block', path: `/api/explorer/block/${row.network}/${row.block_number}`, check: transactionsAtLeast(1) },
        { name: 'tx', path: `/api/explorer/tx/${row.hash}`, check: (body) => ((body as { hash?: string }).hash === row.hash ? undefined : 'wrong transaction') },
        { name: 'search', path: `/api/explorer/search?q=${row.hash}`, check: (body) => ((body as { kind?: string }).kind === 'transaction' ? undefined : 'not found') },
      ],
    };
  });
}

/** The explorer's query plans on the seeded million rows, on stderr: each must read an index, never the whole table. */
async function explainExplorer(databaseUrl: string, userId: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ address: string }>(`select address from wallets where user_id = $1 and network = 'eth_sepolia'`, [userId]);
    const address = rows[0]!.address;
    const { rows: blockRows } = await client.query<{ number: string }>(`select number::text from blocks where network = 'eth_sepolia' order by number desc limit 1`);
    const blockNumber = Number(blockRows[0]!.number);
    const chain = `type <> 'receive'`;
    const queries: [string, string, unknown[]][] = [
      ['latest per network', `select * from transactions where ${chain} and network = $1 order by created_at desc nulls last, id desc nulls last limit 21`, ['eth_sepolia']],
      ['address sent', `select * from transactions where ${chain} and from_address = $1 and network in ('eth_sepolia', 'polygon_amoy') order by created_at desc nulls last, id desc nulls last limit 26`, [address]],
      ['address received', `select * from transactions where ${chain} and to_address = $1 and network in ('eth_sepolia', 'polygon_amoy') and (created_at, id) < (now(), '00000000-0000-0000-0000-000000000000'::uuid) order by created_at desc nulls last, id desc nulls last limit 26`, [address]],
      ['address count sent', `select network from transactions where ${chain} and from_address = $1 and network in ('eth_sepolia', 'polygon_amoy') order by created_at desc nulls last, id desc nulls last limit 1001`, [address]],
      ['address count received', `select network from transactions where ${chain} and to_address = $1 and from_address <> $1 and network in ('eth_sepolia', 'polygon_amoy') order by created_at desc nulls last, id desc nulls last limit 1001`, [address]],
      ['block page', `select * from transactions where ${chain} and network = 'eth_sepolia' and block_number_at(network, include_at) = $1 and block_number = $1 order by created_at desc nulls last, id desc nulls last limit 26`, [blockNumber]],
      ['latest blocks', `select * from blocks where network = $1 order by number desc limit 8`, ['eth_sepolia']],
      ['stats window', `select count(*), count(*) filter (where type = 'send'), sum(fee) filter (where type = 'send') from transactions where ${chain} and network = $1 and created_at >= now() - interval '1 minute'`, ['eth_sepolia']],
      ['stats pending', `select count(*) from transactions where ${chain} and not is_settled and status = 'pending' and network = $1`, ['eth_sepolia']],
    ];
    for (const [name, text, values] of queries) {
      const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
      const lines = plan.map((line) => line['QUERY PLAN']);
      if (lines.some((line) => /Seq Scan on transactions/.test(line))) warn(`explorer query "${name}" reads the whole transactions table`);
      progress(`explain ${name}:\n  ${lines.join('\n  ')}`);
    }
  });
}

/** A signed-out request, as anyone reading the explorer makes it. */
async function measure(serverUrl: string, endpoint: Endpoint, connections: number, durationS: number) {
  return runLoad({ url: serverUrl, connections, durationS, connection: () => () => ({ method: 'GET', path: endpoint.path }) });
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

      // The public explorer, signed out, on the same million rows.
      await explainExplorer(databaseUrl, user!.id);
      const explorer = await explorerEndpoints(databaseUrl, user!.id);
      for (const endpoint of [...explorer.home, ...explorer.address, ...explorer.other]) {
        const response = await http(server.url, 'GET', endpoint.path);
        const problem = response.status === 200 ? endpoint.check(response.json()) : `status ${response.status}`;
        if (problem) warn(`explorer ${endpoint.name} (${endpoint.path}): ${problem}`);
      }
      let explorerErrors = 0;
      const groups: [string, Endpoint[], string][] = [
        ['explorer_api_p99_ms_1m', explorer.home, 'explorer home requests (latest, per network, blocks, stats, labels)'],
        ['explorer_address_p99_ms_1m', explorer.address, 'address page requests (a typical address, its 2nd page, the busiest wallet)'],
        ['explorer_other_p99_ms_1m', explorer.other, 'block, transaction and search requests'],
      ];
      for (const [figure, group, what] of groups) {
        let worst = { name: '', p99: 0 };
        for (const endpoint of group) {
          const result = await measure(server.url, endpoint, 1, options.durationS);
          const failed = result.non2xx + result.errors;
          explorerErrors += failed;
          if (failed) warn(`explorer ${endpoint.name}: ${describeStatuses(result)}`);
          report(`explorer_p50_ms_1m_${endpoint.name}`, result.latency.p50, 'ms');
          report(`explorer_p99_ms_1m_${endpoint.name}`, result.latency.p99, 'ms', `GET ${endpoint.path.slice(0, 90)}, 1 connection, ${result.latency.count} requests`);
          progress(`explorer ${endpoint.name}: p50 ${result.latency.p50.toFixed(1)} p99 ${result.latency.p99.toFixed(1)} ms, ${result.okPerSecond.toFixed(0)} req/s`);
          if (result.latency.p99 > worst.p99) worst = { name: endpoint.name, p99: result.latency.p99 };
        }
        report(figure, worst.p99, 'ms', `worst p99 among ${group.length} ${what} (${worst.name}), 1 connection, ${scale}`);
      }
      report('explorer_errors_1m', explorerErrors, 'count');
    } finally {
      await server.close();
    }
  });
}
