import { FIRST_SCREEN_LIMITS, signedInPaths } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import {
  FILTER_ASSETS,
  defaultFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  matchesQuery,
  normalizeDateRange,
  toTransactionQuery,
  transactionQueryString,
} from './filters.ts';
import { makeTransaction } from '../../lib/testing/make-transaction.ts';

const TODAY = '2026-11-21';

describe('normalizeDateRange', () => {
  it('keeps the end date at or before today', () => {
    expect(normalizeDateRange({ ...defaultFilters(TODAY), to: '2026-12-01' }, TODAY).to).toBe(TODAY);
    expect(normalizeDateRange({ ...defaultFilters(TODAY), to: '2026-11-01' }, TODAY).to).toBe('2026-11-01');
  });

  it('caps the start date at the end date', () => {
    const range = normalizeDateRange({ ...defaultFilters(TODAY), from: '2026-11-15', to: '2026-11-10' }, TODAY);
    expect(range).toMatchObject({ from: '2026-11-10', to: '2026-11-10' });
  });

  it('drops dates that are not real days and falls back to today for the end', () => {
    const range = normalizeDateRange({ ...defaultFilters(TODAY), from: '2026-02-30', to: 'yesterday' }, TODAY);
    expect(range).toMatchObject({ from: '', to: TODAY });
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter and leaves defaults out of the URL', () => {
    const filters = {
      search: '0xAbC',
      type: 'receive',
      status: 'pending',
      network: 'solana_devnet',
      asset: 'USDC',
      from: '2026-11-01',
      to: '2026-11-20',
    } as const;
    const params = filtersToSearchParams(filters, TODAY);
    expect(params.toString()).toBe('search=0xAbC&type=receive&status=pending&network=solana_devnet&asset=USDC&from=2026-11-01&to=2026-11-20');
    expect(filtersFromSearchParams(params, TODAY)).toEqual(filters);
    expect(filtersToSearchParams(defaultFilters(TODAY), TODAY).toString()).toBe('');
  });

  it('ignores unknown types, statuses, networks and assets', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('type=gift&status=lost&network=bitcoin&asset=BTC'), TODAY);
    expect(filters).toEqual(defaultFilters(TODAY));
    // The API takes an asset by its symbol as the registry spells it.
    expect(filtersFromSearchParams(new URLSearchParams('asset=usdc'), TODAY).asset).toBe('');
  });

  it('offers the coins, then the tokens', () => {
    expect(FILTER_ASSETS).toEqual(['ETH', 'MATIC', 'SOL', 'USDC']);
  });

  it('reads every asset of the registry, and the faucet type', () => {
    for (const asset of ['ETH', 'MATIC', 'SOL', 'USDC']) expect(filtersFromSearchParams(new URLSearchParams({ asset }), TODAY).asset).toBe(asset);
    expect(filtersFromSearchParams(new URLSearchParams('type=mint'), TODAY).type).toBe('mint');
  });
});

describe('hasActiveFilters', () => {
  it('is false for the defaults and true as soon as one filter narrows the list', () => {
    expect(hasActiveFilters(defaultFilters(TODAY), TODAY)).toBe(false);
    expect(hasActiveFilters({ ...defaultFilters(TODAY), search: '   ' }, TODAY)).toBe(false);
    expect(hasActiveFilters({ ...defaultFilters(TODAY), search: 'dead' }, TODAY)).toBe(true);
    expect(hasActiveFilters({ ...defaultFilters(TODAY), status: 'failed' }, TODAY)).toBe(true);
    expect(hasActiveFilters({ ...defaultFilters(TODAY), network: 'polygon_amoy' }, TODAY)).toBe(true);
    expect(hasActiveFilters({ ...defaultFilters(TODAY), asset: 'USDC' }, TODAY)).toBe(true);
    expect(hasActiveFilters({ ...defaultFilters(TODAY), to: '2026-11-20' }, TODAY)).toBe(true);
  });
});

describe('toTransactionQuery', () => {
  it('turns local days into the instants of local midnight, and leaves out an end of today', () => {
    const query = toTransactionQuery(
      { search: ' dead ', type: 'send', status: '', network: 'eth_sepolia', asset: 'USDC', from: '2026-11-01', to: '2026-11-20' },
      TODAY,
    );
    expect(query).toEqual({
      search: 'dead',
      type: 'send',
      network: 'eth_sepolia',
      asset: 'USDC',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(new Date(2026, 10, 21).getTime() - 1).toISOString(),
    });
    expect(toTransactionQuery(defaultFilters(TODAY), TODAY)).toEqual({});
  });

  it('builds the API query string with the cursor and page size', () => {
    expect(transactionQueryString({ search: 'a b', status: 'failed', network: 'solana_devnet' }, { cursor: 'abc', limit: 25 })).toBe(
      'search=a+b&status=failed&network=solana_devnet&cursor=abc&limit=25',
    );
    expect(transactionQueryString({ asset: 'USDC' }, { limit: 25 })).toBe('asset=USDC&limit=25');
  });

  it("asks for an unfiltered first page at the very URL the server preloads (a preload is used only when the URL is the same)", () => {
    for (const limit of [FIRST_SCREEN_LIMITS.dashboardTransactions, FIRST_SCREEN_LIMITS.transactionsPage]) {
      expect(`/api/transactions?${transactionQueryString(toTransactionQuery(defaultFilters(TODAY), TODAY), { limit })}`).toBe(signedInPaths.transactions(limit));
    }
  });
});

describe('matchesQuery', () => {
  const transaction = makeTransaction({ type: 'receive', status: 'pending', timestamp: '2026-11-10T12:00:00.000Z' });

  it('applies type, status, network and a case-insensitive search over hash, from and to', () => {
    expect(matchesQuery(transaction, {})).toBe(true);
    expect(matchesQuery(transaction, { type: 'send' })).toBe(false);
    expect(matchesQuery(transaction, { status: 'confirmed' })).toBe(false);
    expect(matchesQuery(transaction, { network: transaction.network })).toBe(true);
    expect(matchesQuery(transaction, { network: transaction.network === 'solana_devnet' ? 'eth_sepolia' : 'solana_devnet' })).toBe(false);
    expect(matchesQuery(transaction, { search: 'DEAD' })).toBe(true);
    expect(matchesQuery(transaction, { search: transaction.fromAddress.slice(4, 12).toLowerCase() })).toBe(true);
    expect(matchesQuery(transaction, { search: 'beef' })).toBe(false);
  });

  it('matches a Solana hash or address only as typed, as the server does', () => {
    const solana = makeTransaction({
      network: 'solana_devnet',
      hash: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      fromAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      toAddress: 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
    });
    expect(matchesQuery(solana, { search: 'DhSYGx' })).toBe(true);
    expect(matchesQuery(solana, { search: 'dhsygx' })).toBe(false);
    expect(matchesQuery(solana, { search: 'zbJMEk' })).toBe(true);
    expect(matchesQuery(solana, { search: 'ZBJMEK' })).toBe(false);
  });

  it('applies the asset: an ETH transfer is not a USDC one on the same network', () => {
    expect(matchesQuery(transaction, { asset: 'ETH' })).toBe(true);
    expect(matchesQuery(transaction, { asset: 'USDC' })).toBe(false);
    expect(matchesQuery(makeTransaction({ asset: 'USDC', symbol: 'USDC' }), { asset: 'USDC', network: 'eth_sepolia' })).toBe(true);
  });

  it('applies instant bounds and reads a bare day as a whole UTC day, as the server does', () => {
    expect(matchesQuery(transaction, { from: '2026-11-10T12:00:00.000Z' })).toBe(true);
    expect(matchesQuery(transaction, { from: '2026-11-10T12:00:00.001Z' })).toBe(false);
    expect(matchesQuery(transaction, { to: '2026-11-10' })).toBe(true);
    expect(matchesQuery(transaction, { from: '2026-11-11' })).toBe(false);
  });
});
