import {
  explorerBlockListSchema,
  explorerBlockSchema,
  explorerStatsSchema,
  explorerTransactionSchema,
  type ExplorerBlock,
  type ExplorerBlockSummary,
  type ExplorerTransaction,
  type SendResponse,
} from '@fincrypt/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Hex, zeroAddress } from 'viem';
import { beforeAll, expect, it } from 'vitest';
import { blockNumberAt } from '../../chain/blocks.ts';
import { usdcAddressOn } from '../../chain/local-chain-setup.ts';
import type { Database } from '../../db/database.ts';
import { transactions } from '../../db/schema.ts';
import { call, type TestUser } from '../../test/auth-client.ts';
import { externalAddress, postSend } from '../../test/ledger-client.ts';
import { fundedUser } from '../../test/chain-steps.ts';
import { indexAll, type TestChain } from '../../test/local-chain.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

/**
 * The explorer over a real chain (issue 49, item 10): Anvil under Ethereum Sepolia, its blocks read by the indexer.
 * Polygon Amoy and Solana Devnet stay simulated in the same app.
 */
describeEachDatabase('public explorer on a real local chain (Anvil under Ethereum Sepolia)', (kind) => {
  const ctx = useTestApp(kind);
  let testChain: TestChain;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(() => void ({ app, database, testChain } = ctx));

  const get = async <T>(url: string, status = 200): Promise<T> => {
    const response = await call(app, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  };
  const sync = () => indexAll(database.db, testChain.chain, app.ledger.events);
  const nodeHead = async () => Number(await testChain.chain.client.getBlockNumber({ cacheTime: 0 }));

  async function send(from: { user: TestUser; walletId: string }, body: Record<string, unknown>): Promise<string> {
    const response = await postSend(app, from.user, { walletId: from.walletId, ...body });
    expect(response.statusCode, response.body).toBe(201);
    const { hash } = (response.json() as SendResponse).transaction;
    await testChain.untilKnown([hash]);
    return hash;
  }

  it('lists every block in order, empty ones too, each with the node’s hash, parent, gas and base fee; the head is the newest read', async () => {
    await testChain.mine(4);
    await fundedUser(ctx);
    await testChain.mine(6);
    await sync();
    const head = await nodeHead();
    expect(head).toBeGreaterThanOrEqual(11);
    const { blocks } = explorerBlockListSchema.parse(await get('/api/explorer/blocks?network=eth_sepolia&limit=10'));
    expect(blocks.map((block) => block.number)).toEqual(Array.from({ length: 10 }, (_, index) => head - index));
    for (const block of blocks) {
      const onNode = await testChain.chain.client.getBlock({ blockNumber: BigInt(block.number) });
      expect(block.header).toEqual({
        hash: onNode.hash,
        parentHash: onNode.parentHash,
        gasLimit: onNode.gasLimit.toString(),
        gasUsed: onNode.gasUsed.toString(),
        baseFeePerGas: onNode.baseFeePerGas?.toString() ?? null,
      });
      expect(block.transactionCount).toBe(onNode.transactions.length);
      expect(block.timestamp).toBe(new Date(Number(onNode.timestamp) * 1000).toISOString());
    }
    // A chain: each block's parent is the block before it.
    for (const [index, block] of blocks.slice(0, -1).entries()) expect(block.header?.parentHash).toBe(blocks[index + 1]!.header?.hash);
    // The six blocks mined last included nothing; the one before them, the grants.
    for (const block of blocks.slice(0, 6)) expect(block).toMatchObject({ transactionCount: 0, totalFeesUnits: '0', header: { gasUsed: '0' } });
    expect(blocks[6]!.transactionCount).toBeGreaterThan(0);

    // An empty block's page: its header, no transactions, the blocks around it.
    const empty = explorerBlockSchema.parse(await get(`/api/explorer/block/eth_sepolia/${head - 2}`));
    expect(empty).toMatchObject({ number: head - 2, headNumber: head, transactionCount: 0, transactions: { items: [], nextCursor: null } });
    expect(empty.header?.hash).toBe(blocks[2]!.header?.hash);
    // The head is the newest block read, not the simulated clock's number.
    const newest = explorerBlockSchema.parse(await get(`/api/explorer/block/eth_sepolia/${head}`));
    expect(newest.headNumber).toBe(head);
    expect(head).toBeLessThan(blockNumberAt('eth_sepolia', Date.now()));
    const notYet = await call(app, 'GET', `/api/explorer/block/eth_sepolia/${head + 1}`);
    expect([notYet.statusCode, notYet.json().error.message]).toEqual([404, 'This block has not been produced yet']);
    expect((await call(app, 'GET', '/api/explorer/block/eth_sepolia/0')).statusCode).toBe(400);
    expect((await get<ExplorerBlock>('/api/explorer/block/eth_sepolia/1')).header).toBeDefined();
    const stats = explorerStatsSchema.parse(await get('/api/explorer/stats'));
    expect(stats.networks.find((entry) => entry.network === 'eth_sepolia')?.headNumber).toBe(head);

    // The simulated networks beside it keep their clock's blocks: no header, the clock's head.
    const amoy = explorerBlockListSchema.parse(await get('/api/explorer/blocks?network=polygon_amoy'));
    for (const block of amoy.blocks) expect(block.header).toBeUndefined();
    const amoyHead = stats.networks.find((entry) => entry.network === 'polygon_amoy')!.headNumber;
    expect(amoyHead).toBeGreaterThanOrEqual(blockNumberAt('polygon_amoy', Date.now()) - 1);
    const amoyEmpty = await get<ExplorerBlock>('/api/explorer/block/polygon_amoy/1');
    expect(amoyEmpty).toMatchObject({ number: 1, transactionCount: 0 });
    expect(amoyEmpty.header).toBeUndefined();
  });

  it('decodes a USDC transfer from its signed bytes: transfer(to, amount) on the USDC contract, the token moved from → to, with its nonce and gas', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const hash = await send(alice, { asset: 'usdc', to: bob.address, amount: '25' });
    const pending = explorerTransactionSchema.parse(await get(`/api/explorer/tx/${hash}`));
    // While pending the gas it will use is not known yet; its limit is.
    expect(pending.evm).toMatchObject({ gasUsed: null, call: { functionName: 'transfer' } });
    await testChain.mine();
    await sync();

    const onNode = await testChain.chain.client.getTransaction({ hash: hash as Hex });
    const receipt = await testChain.chain.client.getTransactionReceipt({ hash: hash as Hex });
    const detail = explorerTransactionSchema.parse(await get(`/api/explorer/tx/${hash}`));
    expect(detail).toMatchObject({ hash, status: 'confirmed', blockNumber: Number(receipt.blockNumber), asset: 'USDC', from: alice.address, to: bob.address, failure: null });
    expect(detail.evm).toEqual({
      nonce: onNode.nonce,
      gasLimit: onNode.gas.toString(),
      maxFeePerGas: onNode.maxFeePerGas?.toString(),
      maxPriorityFeePerGas: onNode.maxPriorityFeePerGas?.toString(),
      gasUsed: receipt.gasUsed.toString(),
      call: {
        contract: usdcAddressOn('eth_sepolia'),
        contractSymbol: 'USDC',
        functionName: 'transfer',
        signature: 'transfer(address,uint256)',
        args: { to: bob.address, amountUnits: '25000000' },
        tokenMoved: { from: alice.address, to: bob.address, amount: '25', amountUnits: '25000000', symbol: 'USDC' },
      },
    });
    // The node was called on the contract, not on Bob's address.
    expect(onNode.to?.toLowerCase()).toBe(usdcAddressOn('eth_sepolia').toLowerCase());

    // A coin transfer calls nothing; the treasury's USDC grant is a mint, from nowhere.
    const coin = await send(alice, { to: bob.address, amount: '0.5' });
    await testChain.mine();
    await sync();
    expect((await get<ExplorerTransaction>(`/api/explorer/tx/${coin}`)).evm).toMatchObject({ nonce: onNode.nonce + 1, gasLimit: '21000', gasUsed: '21000', call: null });
    const grants = await Promise.all(bob.grants.map((grant) => get<ExplorerTransaction>(`/api/explorer/tx/${grant}`)));
    const usdcGrant = grants.find((grant) => grant.asset === 'USDC')!;
    expect(usdcGrant.evm?.call).toMatchObject({
      functionName: 'mint',
      contractSymbol: 'USDC',
      tokenMoved: { from: zeroAddress, to: bob.address, amount: '1000', symbol: 'USDC' },
    });

    // Its block lists it by its real block number; the block's gas is the node's.
    const block = explorerBlockSchema.parse(await get(`/api/explorer/block/eth_sepolia/${receipt.blockNumber}`));
    expect(block.transactions.items.map((item) => item.hash)).toEqual([hash]);
    expect(block).toMatchObject({ transactionCount: 1, header: { hash: receipt.blockHash } });
    expect(BigInt(block.header!.gasUsed)).toBe(receipt.gasUsed);
  });

  it('shows a transaction a speed-up replaced on its own page, linking its replacement, which the node included', async () => {
    const alice = await fundedUser(ctx);
    const oldHash = await send(alice, { to: externalAddress('eth_sepolia'), amount: '1', speed: 'slow' });
    const faster = await call(app, 'POST', `/api/transactions/${oldHash}/speed-up`, { cookie: alice.user.cookie, body: { speed: 'fast' } });
    expect(faster.statusCode, faster.body).toBe(200);
    const newHash = faster.json().transaction.hash as string;
    await testChain.untilKnown([newHash]);
    await testChain.mine();
    await sync();

    const replacement = explorerTransactionSchema.parse(await get(`/api/explorer/tx/${newHash}`));
    expect(replacement).toMatchObject({ hash: newHash, status: 'confirmed', replacedHashes: [oldHash] });
    expect(replacement.replacedBy).toBeUndefined();
    const replaced = explorerTransactionSchema.parse(await get(`/api/explorer/tx/${oldHash}`));
    expect(replaced).toMatchObject({
      hash: oldHash,
      status: 'failed',
      blockNumber: null,
      feeUnits: '0',
      from: alice.address,
      valueUnits: replacement.valueUnits,
      replacedBy: { hash: newHash, latestHash: newHash },
      evm: { nonce: replacement.evm!.nonce, gasUsed: null },
    });
    // The node never included the old one: the same nonce went to its replacement.
    expect(await testChain.chain.client.getTransactionReceipt({ hash: oldHash as Hex }).catch(() => null)).toBeNull();
    expect((await testChain.chain.client.getTransaction({ hash: newHash as Hex })).nonce).toBe(replaced.evm!.nonce);
    expect(await get(`/api/explorer/search?q=${oldHash}`)).toEqual({ kind: 'transaction', hash: oldHash, network: 'eth_sepolia' });
  });

  it('pages a block’s transactions newest first, and finds a row by its block number when it was written far from the block’s time', async () => {
    const senders = [await fundedUser(ctx), await fundedUser(ctx), await fundedUser(ctx)];
    const hashes: string[] = [];
    for (const sender of senders) hashes.push(await send(sender, { to: externalAddress('eth_sepolia'), amount: '0.1' }));
    for (const sender of senders) hashes.push(await send(sender, { to: externalAddress('eth_sepolia'), amount: '0.2' }));
    await testChain.mine();
    await sync();
    const numbers = new Set(
      await Promise.all(hashes.map(async (hash) => Number((await testChain.chain.client.getTransactionReceipt({ hash: hash as Hex })).blockNumber))),
    );
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];

    const pageThrough = async () => {
      const seen: ExplorerBlock['transactions']['items'] = [];
      let cursor: string | null = null;
      do {
        const page: ExplorerBlock = await get(`/api/explorer/block/eth_sepolia/${number}?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.transactions.items);
        cursor = page.transactions.nextCursor;
      } while (cursor);
      return seen;
    };
    const seen = await pageThrough();
    expect(new Set(seen.map((item) => item.hash))).toEqual(new Set(hashes));
    expect(seen).toHaveLength(hashes.length);
    const times = seen.map((item) => Date.parse(item.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // A row written an hour before its block (a send that waited): outside the window, found by its number all the same.
    await database.db.execute(sql`update ${transactions} set created_at = created_at - interval '1 hour' where hash = ${hashes[0]!} and type = 'send'`);
    const again = await pageThrough();
    expect(new Set(again.map((item) => item.hash))).toEqual(new Set(hashes));
    expect(again.at(-1)?.hash).toBe(hashes[0]);
  });

  it('keeps a block with someone else’s transaction: it counts it, and lists ours', async () => {
    const alice = await fundedUser(ctx);
    const ours = await send(alice, { to: externalAddress('eth_sepolia'), amount: '0.3' });
    // Someone else's transfer in the same block, signed by a key of the node's alone.
    const stranger = '0x' + '5a'.repeat(20);
    await testChain.request('anvil_setBalance', [stranger, '0x56bc75e2d63100000']);
    await testChain.request('anvil_impersonateAccount', [stranger]);
    const theirs = (await testChain.request('eth_sendTransaction', [{ from: stranger, to: externalAddress('eth_sepolia'), value: '0x1' }])) as string;
    await testChain.mine();
    await sync();
    const receipt = await testChain.chain.client.getTransactionReceipt({ hash: theirs as Hex });
    const ourReceipt = await testChain.chain.client.getTransactionReceipt({ hash: ours as Hex });
    expect(receipt.blockNumber).toBe(ourReceipt.blockNumber);
    const block = explorerBlockSchema.parse(await get(`/api/explorer/block/eth_sepolia/${receipt.blockNumber}`));
    expect(block.transactionCount).toBe(2);
    expect(block.transactions.items.map((item) => item.hash)).toEqual([ours]);
    const listed = await get<{ blocks: ExplorerBlockSummary[] }>('/api/explorer/blocks?network=eth_sepolia');
    expect(listed.blocks.find((entry) => entry.number === Number(receipt.blockNumber))?.transactionCount).toBe(2);
  });
});
