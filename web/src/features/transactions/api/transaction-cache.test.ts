import type { TransactionDetail, TransactionPage, TransactionView } from '@fincrypt/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import type { TransactionPages } from './list-transactions.ts';
import { applyTransactionStatus, applyTransactionUpdate, listActionFor } from './transaction-cache.ts';
import { explorerKeys, transactionKeys } from './transaction-keys.ts';

function pagesOf(...pages: TransactionPage[]): TransactionPages {
  return { pages, pageParams: pages.map((_page, index) => (index === 0 ? undefined : `cursor-${index}`)) };
}

const page = (items: TransactionView[], nextCursor: string | null = null): TransactionPage => ({ items, nextCursor });

const newer = makeTransaction({
  hash: `0x${'ab'.repeat(32)}`,
  timestamp: '2026-11-20T12:00:00.000Z',
  status: 'pending',
  confirmations: 0,
  blockNumber: null,
});
const older = makeTransaction({ timestamp: '2026-11-19T12:00:00.000Z' });

describe('listActionFor', () => {
  it('replaces a listed transaction that still belongs to the list', () => {
    const confirmed = { ...newer, status: 'confirmed' as const, confirmations: 1 };
    expect(listActionFor(pagesOf(page([newer, older])), { limit: 25 }, confirmed)).toBe('replace');
  });

  it('refetches a list the transaction leaves (its status no longer matches the filter)', () => {
    const confirmed = { ...newer, status: 'confirmed' as const, confirmations: 1 };
    expect(listActionFor(pagesOf(page([newer])), { status: 'pending', limit: 25 }, confirmed)).toBe('refetch');
  });

  it('refetches a list a new transaction enters, when it falls among the loaded rows', () => {
    const brandNew = makeTransaction({ timestamp: '2026-11-21T09:00:00.000Z' });
    expect(listActionFor(pagesOf(page([newer, older], 'next')), { limit: 2 }, brandNew)).toBe('refetch');
    expect(listActionFor(pagesOf(page([])), { limit: 25 }, brandNew)).toBe('refetch');
  });

  it('leaves alone a list the transaction does not match, or one whose loaded rows are all newer', () => {
    const brandNew = makeTransaction({ timestamp: '2026-11-21T09:00:00.000Z', type: 'receive' });
    expect(listActionFor(pagesOf(page([newer])), { type: 'send', limit: 25 }, brandNew)).toBe('none');
    const ancient = makeTransaction({ timestamp: '2026-01-01T00:00:00.000Z' });
    expect(listActionFor(pagesOf(page([newer, older], 'next')), { limit: 2 }, ancient)).toBe('none');
  });
});

describe('applyTransactionUpdate', () => {
  it('updates the detail and every list showing the row in place, without refetching', () => {
    const queryClient = new QueryClient();
    const listKey = transactionKeys.list({ limit: 25 });
    queryClient.setQueryData(listKey, pagesOf(page([newer, older])));
    queryClient.setQueryData(transactionKeys.detail(newer.hash), newer);

    const confirmed = { ...newer, status: 'confirmed' as const, confirmations: 3, blockNumber: 99 };
    applyTransactionUpdate(queryClient, confirmed);

    expect(queryClient.getQueryData<TransactionPages>(listKey)?.pages[0]?.items).toEqual([confirmed, older]);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);
    // EVM hashes name the same transaction in any letter case.
    expect(queryClient.getQueryData(transactionKeys.detail(`0x${'AB'.repeat(32)}`))).toEqual(confirmed);
  });

  it("keeps a listed row's counterparty label, which the events do not carry", () => {
    const queryClient = new QueryClient();
    const listKey = transactionKeys.list({ limit: 25 });
    const labelled = { ...newer, type: 'receive' as const, counterpartyLabel: 'Simulated · Amara Okafor, remitter in Lagos' };
    queryClient.setQueryData(listKey, pagesOf(page([labelled, older])));
    const { counterpartyLabel: _label, ...fromEvent } = { ...labelled, status: 'confirmed' as const, confirmations: 1, blockNumber: 7 };
    applyTransactionUpdate(queryClient, fromEvent);
    expect(queryClient.getQueryData<TransactionPages>(listKey)?.pages[0]?.items[0]).toEqual({ ...fromEvent, counterpartyLabel: labelled.counterpartyLabel });
  });

  it("keeps the detail's timeline and quote, and fetches it again for the timeline's new steps", () => {
    const queryClient = new QueryClient();
    const detailKey = transactionKeys.detail(newer.hash);
    const timeline = [{ kind: 'broadcast' as const, label: 'Signed and broadcast', done: true, at: newer.timestamp, expectedAt: null }];
    queryClient.setQueryData<TransactionDetail>(detailKey, { ...newer, timeline, quote: null });
    const confirmed = { ...newer, status: 'confirmed' as const, confirmations: 3, blockNumber: 99 };
    applyTransactionUpdate(queryClient, confirmed);
    expect(queryClient.getQueryData(detailKey)).toEqual({ ...confirmed, timeline, quote: null });
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(true);
  });

  it('keeps the send on the detail page when the update is for the receiving side of the same hash', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(transactionKeys.detail(newer.hash), newer);
    applyTransactionUpdate(queryClient, { ...newer, type: 'receive', confirmations: 5 });
    expect(queryClient.getQueryData(transactionKeys.detail(newer.hash))).toEqual(newer);
  });

  it("marks the explorer's copy and a list the row leaves as stale", () => {
    const queryClient = new QueryClient();
    const pendingOnly = transactionKeys.list({ status: 'pending', limit: 25 });
    queryClient.setQueryData(pendingOnly, pagesOf(page([newer])));
    queryClient.setQueryData(explorerKeys.transaction(newer.hash), { hash: newer.hash });

    applyTransactionUpdate(queryClient, { ...newer, status: 'confirmed', confirmations: 1 });

    expect(queryClient.getQueryState(pendingOnly)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(explorerKeys.transaction(newer.hash))?.isInvalidated).toBe(true);
  });
});

describe('applyTransactionStatus', () => {
  it('gives every cached copy of the hash the new status and recounts', () => {
    const queryClient = new QueryClient();
    const listKey = transactionKeys.list({ limit: 25 });
    queryClient.setQueryData(listKey, pagesOf(page([newer, older])));
    queryClient.setQueryData(transactionKeys.detail(newer.hash), newer);
    queryClient.setQueryData(transactionKeys.counts, { pending: 1, confirmed: 1, failed: 0 });

    applyTransactionStatus(queryClient, newer.hash, 'failed');

    expect(queryClient.getQueryData<TransactionPages>(listKey)?.pages[0]?.items.map((item) => item.status)).toEqual(['failed', 'confirmed']);
    expect(queryClient.getQueryData<TransactionView>(transactionKeys.detail(newer.hash))?.status).toBe('failed');
    expect(queryClient.getQueryState(transactionKeys.counts)?.isInvalidated).toBe(true);
  });
});
