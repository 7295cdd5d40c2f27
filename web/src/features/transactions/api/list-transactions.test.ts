import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { getAllTransactions } from './list-transactions.ts';

afterEach(() => vi.unstubAllGlobals());

describe('getAllTransactions', () => {
  it('follows nextCursor through every page at the largest page size, keeping the filters', async () => {
    const first = [makeTransaction(), makeTransaction()];
    const second = [makeTransaction()];
    const fetchMock = vi.fn((url: string) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      const body = cursor === null ? { items: first, nextCursor: 'page-2' } : { items: second, nextCursor: null };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];

    const all = await getAllTransactions({ type: 'send', search: 'dead' }, { onProgress: (loaded) => progress.push(loaded) });

    expect(all).toEqual([...first, ...second]);
    expect(progress).toEqual([2, 3]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/transactions?search=dead&type=send&limit=100',
      '/api/transactions?search=dead&type=send&cursor=page-2&limit=100',
    ]);
  });

  it('fails as a whole when a page fails, rather than exporting part of the list', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('', { status: 500 }))));
    await expect(getAllTransactions({})).rejects.toThrow('HTTP error! status: 500');
  });
});
