import type { ExplorerPage } from '@fincrypt/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { explorerKeys } from '../../transactions/index.ts';
import { explorerDataKeys } from '../api/explorer-keys.ts';
import { ALICE, BOB, makeBlock, makeListItem } from '../../../lib/testing/explorer-fixtures.ts';
import { applyExplorerBlock, applyExplorerTransaction, upsertBlock, upsertTransaction } from './apply-explorer-event.ts';

const hashes = (items: readonly { hash: string }[]) => items.map((item) => item.hash);

describe('upsertTransaction', () => {
  const [newer, older] = [makeListItem(), makeListItem()];

  it('puts a new transaction first, and keeps the list at its length', () => {
    const fresh = makeListItem({ timestamp: new Date(Date.parse(newer.timestamp) + 5_000).toISOString(), status: 'pending', blockNumber: null });
    expect(hashes(upsertTransaction([newer, older], fresh, undefined, 2))).toEqual([fresh.hash, newer.hash]);
  });

  it('updates a transaction in place when it enters a block', () => {
    const confirmed = { ...older, status: 'confirmed' as const, blockNumber: 5001 };
    const next = upsertTransaction([newer, { ...older, status: 'pending', blockNumber: null }], confirmed, undefined, 20);
    expect(next).toEqual([newer, confirmed]);
  });

  it('puts a replacement where the transaction it replaced was', () => {
    const replacement = makeListItem({ status: 'pending', blockNumber: null });
    expect(hashes(upsertTransaction([newer, older], replacement, older.hash, 20))).toEqual([newer.hash, replacement.hash]);
  });

  it('leaves out an update of a transaction older than every one shown when the list is full', () => {
    const ancient = makeListItem();
    expect(hashes(upsertTransaction([newer, older], ancient, undefined, 2))).toEqual([newer.hash, older.hash]);
    expect(hashes(upsertTransaction([newer, older], ancient, undefined, 3))).toEqual([newer.hash, older.hash, ancient.hash]);
  });
});

describe('upsertBlock', () => {
  it("replaces a block as it now stands and keeps each network's newest, at most the limit", () => {
    const blocks = [makeBlock({ number: 10 }), makeBlock({ number: 9 }), makeBlock({ network: 'solana_devnet', number: 3, feeSymbol: 'SOL' })];
    const grown = makeBlock({ number: 10, transactionCount: 5 });
    expect(upsertBlock(blocks, grown, 2)).toEqual([grown, blocks[1], blocks[2]]);
    const next = makeBlock({ number: 11 });
    expect(upsertBlock(blocks, next, 2).map((block) => `${block.network}:${block.number}`)).toEqual(['eth_sepolia:11', 'eth_sepolia:10', 'solana_devnet:3']);
  });
});

describe('applying the public events to the cache', () => {
  it('a transaction joins the all-networks list and its own network’s, not another network’s', () => {
    const queryClient = new QueryClient();
    const empty: ExplorerPage = { items: [], nextCursor: null };
    for (const network of [undefined, 'eth_sepolia', 'solana_devnet'] as const) queryClient.setQueryData(explorerDataKeys.latest(network), empty);
    const sent = makeListItem({ status: 'pending', blockNumber: null });
    applyExplorerTransaction(queryClient, { transaction: sent });
    expect(queryClient.getQueryData<ExplorerPage>(explorerDataKeys.latest(undefined))?.items).toEqual([sent]);
    expect(queryClient.getQueryData<ExplorerPage>(explorerDataKeys.latest('eth_sepolia'))?.items).toEqual([sent]);
    expect(queryClient.getQueryData<ExplorerPage>(explorerDataKeys.latest('solana_devnet'))?.items).toEqual([]);
  });

  it('the pages showing it read again: its own, the replaced one’s, its addresses’ (any case), its block’s', () => {
    const queryClient = new QueryClient();
    const confirmed = makeListItem({ blockNumber: 5002 });
    const keys = {
      own: explorerKeys.transaction(confirmed.hash),
      replaced: explorerKeys.transaction('0xold'),
      sender: explorerDataKeys.address(ALICE.toLowerCase(), undefined),
      recipient: explorerDataKeys.address(BOB, 'eth_sepolia'),
      stranger: explorerDataKeys.address('0x000000000000000000000000000000000000dEaD', undefined),
      block: explorerDataKeys.block('eth_sepolia', 5002),
      otherBlock: explorerDataKeys.block('eth_sepolia', 5001),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
    applyExplorerTransaction(queryClient, { transaction: confirmed, replaces: '0xold' });
    const invalidated = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]));
    expect(invalidated).toEqual({ own: true, replaced: true, sender: true, recipient: true, stranger: false, block: true, otherBlock: false });
  });

  it('a block updates the latest blocks and its own page', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(explorerDataKeys.blocks(undefined), [makeBlock({ number: 4999 })]);
    queryClient.setQueryData(explorerDataKeys.block('eth_sepolia', 5000), {});
    const block = makeBlock({ number: 5000 });
    expect(applyExplorerBlock(queryClient, { block })).toBe(false);
    expect(queryClient.getQueryData(explorerDataKeys.blocks(undefined))).toEqual([block, makeBlock({ number: 4999 })]);
    expect(queryClient.getQueryState(explorerDataKeys.block('eth_sepolia', 5000))?.isInvalidated).toBe(true);
  });

  it("a real chain's block joins the list with its header, and never says the latest transactions are behind", () => {
    const queryClient = new QueryClient();
    const header = { hash: `0x${'aa'.repeat(32)}`, parentHash: `0x${'bb'.repeat(32)}`, gasLimit: '30000000', gasUsed: '21000', baseFeePerGas: '7' };
    queryClient.setQueryData(explorerDataKeys.blocks(undefined), [makeBlock({ number: 20, transactionCount: 0, header: { ...header, gasUsed: '0' } })]);
    const pending = makeListItem({ status: 'pending', blockNumber: null, timestamp: '2026-11-25T03:10:01.000Z' });
    queryClient.setQueryData<ExplorerPage>(explorerDataKeys.latest(undefined), { items: [pending], nextCursor: null });
    const block = makeBlock({ number: 21, timestamp: '2026-11-25T03:10:00.000Z', header });
    // Its indexer announces every row a block includes: a row still pending on screen is still pending.
    expect(applyExplorerBlock(queryClient, { block })).toBe(false);
    expect(queryClient.getQueryState(explorerDataKeys.blocks(undefined))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData<unknown[]>(explorerDataKeys.blocks(undefined))?.[0]).toEqual(block);
  });

  it('a block says the latest transactions may be behind when one of its network shown is still pending', () => {
    const queryClient = new QueryClient();
    const block = makeBlock({ number: 5001, timestamp: '2026-11-25T03:10:00.000Z' });
    const confirmed = makeListItem({ hash: '0xconfirmed', status: 'confirmed', timestamp: '2026-11-25T03:09:59.000Z' });
    const pendingElsewhere = makeListItem({ network: 'solana_devnet', status: 'pending', blockNumber: null, timestamp: '2026-11-25T03:09:00.000Z' });
    queryClient.setQueryData<ExplorerPage>(explorerDataKeys.latest(undefined), { items: [confirmed, pendingElsewhere], nextCursor: null });
    expect(applyExplorerBlock(queryClient, { block })).toBe(false);
    // Made after the block's timestamp, which is when its 12 s began: the block may hold it all the same.
    const pendingSinceItBegan = makeListItem({ status: 'pending', blockNumber: null, timestamp: '2026-11-25T03:10:01.000Z' });
    queryClient.setQueryData<ExplorerPage>(explorerDataKeys.latest('eth_sepolia'), { items: [pendingSinceItBegan], nextCursor: null });
    expect(applyExplorerBlock(queryClient, { block })).toBe(true);
  });
});
