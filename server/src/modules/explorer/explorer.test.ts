import { randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  EXPLORER_LIMITS,
  explorerAddressSchema,
  explorerBlockListSchema,
  explorerBlockSchema,
  explorerLabelsSchema,
  explorerPageSchema,
  explorerStatsSchema,
  explorerTransactionSchema,
  type ExplorerAddress,
  type ExplorerBlock,
  type ExplorerListItem,
  type ExplorerTransaction,
  type NetworkId,
  type TransactionView,
} from '@fincrypt/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { blockNumberAt, blockTimeOf } from '../../chain/blocks.ts';
import { loadConfig } from '../../config.ts';
import { simulatedParticipants, transactionReplacements } from '../../db/schema.ts';
import type { PublicEvent } from '../../lib/event-bus.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { claimFaucet, expectLedgerBalanced, externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

/** Chain time 10,000× the wall clock: a send's pending delay is a few milliseconds, so inclusions land at "now". */
const FAST_CHAIN = { chain: loadConfig({ CHAIN_TIME_SCALE: '10000' }).chain };
const NETWORKS: NetworkId[] = ['eth_sepolia', 'polygon_amoy', 'solana_devnet'];

// The explorer over the simulated chains (Solana Devnet's under `npm start`): blocks the clock makes from its inclusions.
// chain-explorer.test.ts shows a real node's blocks.
describeEachDatabase('public explorer API', (kind) => {
  const ctx = useTestApp(kind, { chain: 'simulated', config: FAST_CHAIN });

  const get = async <T>(url: string, status = 200): Promise<T> => {
    const response = await call(ctx.app, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  };

  const send = async (user: TestUser, network: NetworkId, to: string, amount: string, asset?: string): Promise<TransactionView> => {
    const wallet = await walletOn(ctx.app, user, network);
    const response = await postSend(ctx.app, user, { walletId: wallet.id, to, amount, ...(asset ? { asset } : {}) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().transaction as TransactionView;
  };

  /** Waits out the (scaled) pending delays, then lets the clock include everything due. */
  const includeAll = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ctx.app.ledger.clock.tick(Date.now());
  };

  it('finds a transaction by its hash and an address by itself on each network, in canonical form', async () => {
    const alice = await signUp(ctx.app, { name: 'Alice Search' });
    for (const network of NETWORKS) {
      const wallet = await walletOn(ctx.app, alice, network);
      const sent = await send(alice, network, externalAddress(network), '0.01');
      expect(await get(`/api/explorer/search?q=${encodeURIComponent(sent.hash)}`)).toEqual({ kind: 'transaction', hash: sent.hash, network });
      const byAddress = await get<{ kind: string; address: string; networks: NetworkId[] }>(
        `/api/explorer/search?q=${encodeURIComponent(wallet.address)}`,
      );
      expect(byAddress.kind).toBe('address');
      expect(byAddress.address).toBe(wallet.address);
      expect(byAddress.networks).toContain(network);
      if (network === 'solana_devnet') {
        expect(byAddress.networks).toEqual(['solana_devnet']);
        // base58 is case-sensitive: another case is another (here, no) address.
        const swapped = wallet.address.replace(/[a-z]/, (char) => char.toUpperCase());
        if (swapped !== wallet.address) {
          const answer = await call(ctx.app, 'GET', `/api/explorer/address/${swapped}`);
          if (answer.statusCode === 200) expect(answer.json().transactions.items).toEqual([]);
          else expect(answer.statusCode).toBe(400);
        }
      } else {
        expect(byAddress.networks).toEqual(['eth_sepolia', 'polygon_amoy']);
        // Any case of an EVM address is the same address, shown in EIP-55.
        expect(await get(`/api/explorer/search?q=${wallet.address.toLowerCase()}`)).toMatchObject({ address: wallet.address });
        const upperHash = `0x${sent.hash.slice(2).toUpperCase()}`;
        expect(await get(`/api/explorer/search?q=${upperHash}`)).toMatchObject({ kind: 'transaction', hash: sent.hash });
      }
      const page = await get<ExplorerAddress>(`/api/explorer/address/${wallet.address}`);
      expect(explorerAddressSchema.parse(page)).toBeTruthy();
      expect(page.transactions.items.map((item) => item.hash)).toContain(sent.hash);
      const own = page.networks.find((entry) => entry.network === network)!;
      expect(own.balances).not.toBeNull();
      expect(own.transactionCount).toBeGreaterThanOrEqual(1);
      expect(own.isTransactionCountCapped).toBe(false);
    }
    const notFound = await call(ctx.app, 'GET', `/api/explorer/search?q=0x${'ab'.repeat(32)}`);
    expect(notFound.statusCode).toBe(404);
    for (const q of ['hello', '0x1234', `0x${'g'.repeat(40)}`, '', 'x'.repeat(EXPLORER_LIMITS.queryChars + 1)]) {
      const answer = await call(ctx.app, 'GET', `/api/explorer/search?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, q).toBe(400);
      expect(answer.json().error.message, q).toBe(API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress);
    }
    // Without the query at all: the same message, not the schema library's words.
    const missing = await call(ctx.app, 'GET', '/api/explorer/search');
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress]);
    // A mixed-case EVM address must carry its checksum.
    const eth = await walletOn(ctx.app, alice, 'eth_sepolia');
    const broken = eth.address.replace(/[a-f]/, (char) => char.toUpperCase()).replace(/[A-F]/, (char) => char.toLowerCase());
    if (broken !== eth.address && broken.toLowerCase() === eth.address.toLowerCase() && broken !== eth.address.toLowerCase()) {
      expect((await call(ctx.app, 'GET', `/api/explorer/address/${broken}`)).statusCode).toBe(400);
    }
    expect((await call(ctx.app, 'GET', `/api/explorer/address/${eth.address}?network=solana_devnet`)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/explorer/address/not-an-address')).statusCode).toBe(400);
    // An address of no wallet here is still a valid address: an empty page.
    const outside = externalAddress('solana_devnet');
    const empty = await get<ExplorerAddress>(`/api/explorer/address/${outside}`);
    expect(empty).toMatchObject({ address: outside, label: null, networks: [{ network: 'solana_devnet', balances: null, transactionCount: 0 }] });
  });

  it('turns the clock’s inclusions into blocks whose counts and fees add up, and pages a block', async () => {
    const bob = await signUp(ctx.app, { name: 'Bob Blocks' });
    const received: PublicEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribePublic((event) => received.push(event));
    try {
      const sent: TransactionView[] = [];
      for (const network of NETWORKS) {
        for (let i = 1; i <= 3; i += 1) sent.push(await send(bob, network, externalAddress(network), `0.00${i}`));
      }
      // Announced while pending, with no block.
      for (const transaction of sent) {
        expect(received).toContainEqual({ event: 'explorer_transaction', payload: { transaction: expect.objectContaining({ hash: transaction.hash, status: 'pending', blockNumber: null }) } });
      }
      await includeAll();
      const details = await Promise.all(sent.map((item) => get<ExplorerTransaction>(`/api/explorer/tx/${item.hash}`)));
      for (const detail of details) {
        expect(detail.status).toBe('confirmed');
        expect(detail.blockNumber).not.toBeNull();
        expect(received).toContainEqual({
          event: 'explorer_transaction',
          payload: { transaction: expect.objectContaining({ hash: detail.hash, status: 'confirmed', blockNumber: detail.blockNumber }) },
        });
      }
      expect(received.some((event) => event.event === 'explorer_block')).toBe(true);

      // Every block holds exactly the chain rows that name it, and their fees.
      const byBlock = new Map<string, ExplorerTransaction[]>();
      for (const detail of details) {
        const key = `${detail.network}/${detail.blockNumber}`;
        byBlock.set(key, [...(byBlock.get(key) ?? []), detail]);
      }
      for (const [key, members] of byBlock) {
        const block = await get<ExplorerBlock>(`/api/explorer/block/${key}`);
        expect(explorerBlockSchema.parse(block)).toBeTruthy();
        const hashes = block.transactions.items.map((item) => item.hash);
        for (const member of members) expect(hashes).toContain(member.hash);
        expect(block.transactionCount).toBe(block.transactions.items.length);
        const fees = block.transactions.items.reduce((sum, item) => sum + BigInt(item.feeUnits), 0n);
        expect(BigInt(block.totalFeesUnits)).toBe(fees);
        expect(block.headNumber).toBeGreaterThanOrEqual(block.number);
      }
      const latest = await get<{ blocks: { network: NetworkId; number: number }[] }>('/api/explorer/blocks');
      expect(explorerBlockListSchema.parse(latest)).toBeTruthy();
      for (const key of byBlock.keys()) expect(latest.blocks.map((block) => `${block.network}/${block.number}`)).toContain(key);
      const solanaOnly = await get<{ blocks: { network: NetworkId }[] }>('/api/explorer/blocks?network=solana_devnet&limit=2');
      expect(solanaOnly.blocks.length).toBeLessThanOrEqual(2);
      expect(new Set(solanaOnly.blocks.map((block) => block.network))).toEqual(new Set(['solana_devnet']));

      // A second tick finds nothing new to count; the ledger still balances.
      const before = await get<{ blocks: unknown[] }>('/api/explorer/blocks?limit=25');
      await ctx.app.ledger.clock.tick(Date.now() + 60 * 60_000);
      const after = await get<{ blocks: unknown[] }>('/api/explorer/blocks?limit=25');
      expect(after).toEqual(before);
      await expectLedgerBalanced(ctx.database.db);
    } finally {
      unsubscribe();
    }

    // A block of nothing of ours below the head is empty; above the head it is not there yet; a bad number is refused.
    const head = blockNumberAt('eth_sepolia', Date.now());
    expect(await get<ExplorerBlock>('/api/explorer/block/eth_sepolia/1')).toMatchObject({ number: 1, transactionCount: 0, totalFeesUnits: '0', transactions: { items: [], nextCursor: null } });
    expect((await call(ctx.app, 'GET', `/api/explorer/block/eth_sepolia/${head + 1000}`)).statusCode).toBe(404);
    for (const bad of ['0', '-1', '1.5', 'abc', '9'.repeat(16)]) {
      expect((await call(ctx.app, 'GET', `/api/explorer/block/eth_sepolia/${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await call(ctx.app, 'GET', '/api/explorer/block/bitcoin/1')).statusCode).toBe(400);
  });

  it('pages a block’s transactions with its cursor', async () => {
    const carol = await signUp(ctx.app, { name: 'Carol Block Pages' });
    const wallet = await walletOn(ctx.app, carol, 'polygon_amoy');
    // Ten transfers put in one block by hand (the clock would spread them over the 2-second blocks), included inside
    // its 2 seconds as the clock would have. A block of a day ago: the file's earlier sends land in recent blocks as
    // the clock includes them, and on a slow machine one did land in a block a few back, making it eleven.
    const number = blockNumberAt('polygon_amoy', Date.now() - 24 * 60 * 60 * 1000);
    const blockStart = blockTimeOf('polygon_amoy', number).toISOString();
    await ctx.database.db.execute(sql`
      insert into transactions (id, hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
        effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at)
      select gen_random_uuid(), '0x' || md5('block-page-' || g) || md5('x' || g), 'polygon_amoy', 'MATIC', 'send', ${wallet.id}::uuid, ${carol.id},
        ${wallet.address}, ${wallet.address}, 1000 + g, 21000000000000, 21000, 1000000000, g, 'normal', 'confirmed', 12, ${number},
        ${blockStart}::timestamptz - make_interval(secs => 20 - g), ${blockStart}::timestamptz + make_interval(secs => g * 0.1)
      from generate_series(1, 10) g`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ExplorerBlock = await get(`/api/explorer/block/polygon_amoy/${number}?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.transactions.items.map((item) => item.hash));
      cursor = page.transactions.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    // Below the cap the address's count is exact, a transfer to itself counted once.
    const address = await get<ExplorerAddress>(`/api/explorer/address/${wallet.address}?network=polygon_amoy`);
    expect(address.networks.find((entry) => entry.network === 'polygon_amoy')).toMatchObject({ transactionCount: 10, isTransactionCountCapped: false });
    expect((await call(ctx.app, 'GET', `/api/explorer/block/polygon_amoy/${number}?cursor=bm9wZQ`)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/explorer/block/polygon_amoy/${number}?limit=${EXPLORER_LIMITS.pageMax + 1}`)).statusCode).toBe(400);
  });

  it('pages an address through 10,000 transactions, newest first, each once', async () => {
    const dave = await signUp(ctx.app, { name: 'Dave Paging' });
    const wallet = await walletOn(ctx.app, dave, 'eth_sepolia');
    const other = externalAddress('eth_sepolia');
    // One insert: a third sent, a third received, a third to itself; three rows share each instant (the id breaks ties).
    await ctx.database.db.execute(sql`
      insert into transactions (id, hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
        effective_gas_price, nonce, speed, status, confirmations, block_number, created_at, include_at)
      select gen_random_uuid(), '0x' || md5('paging-' || g) || md5('y' || g), 'eth_sepolia', 'ETH', 'send', ${wallet.id}::uuid, ${dave.id},
        case when g % 3 = 1 then ${other} else ${wallet.address} end,
        case when g % 3 = 0 then ${other} else ${wallet.address} end,
        1000 + g, 21000000000000, 21000, 1000000000, g, 'normal', 'confirmed', 12, 1000 + g / 10,
        timestamptz '2026-01-01T00:00:00Z' - make_interval(secs => g / 3), timestamptz '2026-01-01T00:00:00Z' - make_interval(secs => g / 3)
      from generate_series(1, 10000) g`);
    const first = await get<ExplorerAddress>(`/api/explorer/address/${wallet.address}?limit=${EXPLORER_LIMITS.pageMax}`);
    // Counted up to the cap, then marked as more.
    expect(first.networks.find((entry) => entry.network === 'eth_sepolia')).toMatchObject({
      transactionCount: EXPLORER_LIMITS.addressCountMax,
      isTransactionCountCapped: true,
    });
    const seen = new Set<string>();
    const times: number[] = [];
    let page: ExplorerAddress = first;
    let pages = 1;
    for (;;) {
      for (const item of page.transactions.items) {
        seen.add(item.hash);
        times.push(Date.parse(item.timestamp));
        expect(item.from === wallet.address || item.to === wallet.address).toBe(true);
      }
      expect(page.transactions.items.length).toBeLessThanOrEqual(EXPLORER_LIMITS.pageMax);
      if (!page.transactions.nextCursor) break;
      page = await get<ExplorerAddress>(`/api/explorer/address/${wallet.address}?limit=${EXPLORER_LIMITS.pageMax}&cursor=${page.transactions.nextCursor}`);
      pages += 1;
    }
    expect(seen.size).toBe(10_000);
    expect(times).toHaveLength(10_000);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(pages).toBe(100);
    // The network filter: none of them on Amoy.
    const amoy = await get<ExplorerAddress>(`/api/explorer/address/${wallet.address}?network=polygon_amoy`);
    expect(amoy.transactions.items.filter((item) => item.network !== 'polygon_amoy')).toEqual([]);
    // The default page and the cap.
    expect((await get<ExplorerAddress>(`/api/explorer/address/${wallet.address}`)).transactions.items).toHaveLength(EXPLORER_LIMITS.pageDefault);
    expect((await call(ctx.app, 'GET', `/api/explorer/address/${wallet.address}?limit=${EXPLORER_LIMITS.pageMax + 1}`)).statusCode).toBe(400);
    // The latest feed is capped too.
    const latest = await get<{ items: ExplorerListItem[] }>(`/api/explorer/transactions?limit=${EXPLORER_LIMITS.latestMax}`);
    expect(explorerPageSchema.parse(latest).items).toHaveLength(EXPLORER_LIMITS.latestMax);
    expect((await call(ctx.app, 'GET', `/api/explorer/transactions?limit=${EXPLORER_LIMITS.latestMax + 1}`)).statusCode).toBe(400);
  });

  it('shows network figures, the latest transactions per network, and the demo network’s labels', async () => {
    const erin = await signUp(ctx.app, { name: 'Erin Figures' });
    const sol = await walletOn(ctx.app, erin, 'solana_devnet');
    await send(erin, 'solana_devnet', externalAddress('solana_devnet'), '0.01');
    const stats = explorerStatsSchema.parse(await get('/api/explorer/stats'));
    expect(stats.windowSeconds).toBe(60);
    expect(stats.networks.map((entry) => entry.network)).toEqual(NETWORKS);
    const solana = stats.networks.find((entry) => entry.network === 'solana_devnet')!;
    expect(solana.tps).toBeGreaterThan(0);
    expect(solana.averageFeeUnits).not.toBeNull();
    expect(solana.headNumber).toBeLessThanOrEqual(blockNumberAt('solana_devnet', Date.now()));
    expect(solana.pendingCount).toBeGreaterThanOrEqual(0);
    const latest = explorerPageSchema.parse(await get('/api/explorer/transactions?network=solana_devnet&limit=5'));
    expect(latest.items.every((item) => item.network === 'solana_devnet')).toBe(true);

    await ctx.database.db.insert(simulatedParticipants).values({
      userId: erin.id,
      key: `erin-${randomUUID()}`,
      label: 'Simulated · Erin Test, merchant in Nairobi',
      role: 'merchant',
      currency: 'USD',
    });
    const labels = explorerLabelsSchema.parse(await get('/api/explorer/labels'));
    expect(labels.labels).toContainEqual({ network: 'solana_devnet', address: sol.address, label: 'Simulated · Erin Test, merchant in Nairobi' });
    expect((await get<ExplorerAddress>(`/api/explorer/address/${sol.address}`)).label).toBe('Simulated · Erin Test, merchant in Nairobi');
  });

  it('shows a transaction a speed-up replaced on its own page, naming its replacement; the replacement names what it replaced', async () => {
    const fay = await signUp(ctx.app, { name: 'Fay Replaced' });
    const sent = await send(fay, 'eth_sepolia', externalAddress('eth_sepolia'), '0.01');
    const oldHashes = [`0x${'1'.repeat(64)}`, `0x${'2'.repeat(64)}`];
    for (const [index, oldHash] of oldHashes.entries()) {
      await ctx.database.db.insert(transactionReplacements).values({
        oldHash,
        network: 'eth_sepolia',
        newHash: sent.hash,
        oldSpeed: 'slow',
        oldFee: 1n,
        replacedAt: new Date(Date.now() - 10_000 + index),
      });
    }
    const current = explorerTransactionSchema.parse(await get(`/api/explorer/tx/${sent.hash}`));
    expect(current).toMatchObject({ hash: sent.hash, replacedHashes: oldHashes });
    expect(current.replacedBy).toBeUndefined();
    for (const [index, oldHash] of oldHashes.entries()) {
      const detail = explorerTransactionSchema.parse(await get(`/api/explorer/tx/${oldHash}`));
      // Its own page: never included, no fee, the same transfer, and the transaction that took its place.
      expect(detail).toMatchObject({
        hash: oldHash,
        status: 'failed',
        blockNumber: null,
        confirmations: 0,
        feeUnits: '0',
        raw: null,
        from: current.from,
        to: current.to,
        valueUnits: current.valueUnits,
        replacedHashes: oldHashes.slice(0, index),
        replacedBy: { hash: oldHashes[index + 1] ?? sent.hash, latestHash: sent.hash },
      });
      expect(detail.evm?.nonce).toBe(current.evm?.nonce);
      expect(detail.timeline.filter((step) => step.kind === 'replaced')).toHaveLength(index + 1);
      expect(detail.timeline.some((step) => step.kind === 'included' || step.kind === 'final')).toBe(false);
      expect(await get(`/api/explorer/search?q=${oldHash}`)).toEqual({ kind: 'transaction', hash: oldHash, network: 'eth_sepolia' });
    }
  });

  it('announces a faucet’s mints on the public channel, and the clock puts them in a block', async () => {
    const gus = await signUp(ctx.app, { name: 'Gus Faucet' });
    const wallet = await walletOn(ctx.app, gus, 'polygon_amoy');
    const received: PublicEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribePublic((event) => received.push(event));
    try {
      const claimed = await claimFaucet(ctx.app, gus, wallet.id);
      expect(claimed.statusCode, claimed.body).toBe(201);
      const mints = (claimed.json().transactions as TransactionView[]).map((item) => item.hash);
      for (const hash of mints) {
        expect(received).toContainEqual({ event: 'explorer_transaction', payload: { transaction: expect.objectContaining({ hash, type: 'mint', status: 'pending' }) } });
      }
      await includeAll();
      for (const hash of mints) {
        const detail = await get<ExplorerTransaction>(`/api/explorer/tx/${hash}`);
        expect(detail).toMatchObject({ type: 'mint', status: 'confirmed', raw: null });
        const block = await get<ExplorerBlock>(`/api/explorer/block/polygon_amoy/${detail.blockNumber}`);
        expect(block.transactions.items.map((item) => item.hash)).toContain(hash);
      }
    } finally {
      unsubscribe();
    }
  });
});

describeEachDatabase('public explorer rate limit', (kind) => {
  const LIMIT = 5;
  const ctx = useTestApp(kind, { rateLimits: { explorerPerIp: LIMIT } });

  it('answers 429 with Retry-After past the limit per client address, across every explorer route, and changes nothing', async () => {
    const routes = ['/api/explorer/stats', '/api/explorer/blocks', '/api/explorer/transactions', '/api/explorer/labels', '/api/explorer/search?q=hello'];
    const statuses: number[] = [];
    for (const url of routes) statuses.push((await call(ctx.app, 'GET', url, { remoteAddress: '203.0.113.7' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 400]);
    const refused = await call(ctx.app, 'GET', '/api/explorer/stats', { remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/0x${'a'.repeat(64)}`, { remoteAddress: '203.0.113.7' })).statusCode).toBe(429);
    // Another address has its own allowance; signed-in routes are not counted against it.
    expect((await call(ctx.app, 'GET', '/api/explorer/stats', { remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/health', { remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });
});
