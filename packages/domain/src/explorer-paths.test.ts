import { describe, expect, it } from 'vitest';
import { explorerPaths, queryString, readBlockNumber } from './explorer-paths.ts';

describe('explorer paths', () => {
  it('writes only the defined values of a query string, in the order given', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ network: undefined, limit: 25 })).toBe('?limit=25');
    expect(queryString({ network: 'eth_sepolia', cursor: 'a b&c=', limit: 25 })).toBe('?network=eth_sepolia&cursor=a%20b%26c%3D&limit=25');
  });

  it('encodes what the visitor typed into the path, and pages with the default page sizes', () => {
    expect(explorerPaths.transaction('0xab/../cd?x')).toBe('/api/explorer/tx/0xab%2F..%2Fcd%3Fx');
    expect(explorerPaths.address('0xAbC', undefined)).toBe('/api/explorer/address/0xAbC?limit=25');
    expect(explorerPaths.address('So1', 'solana_devnet', 'next')).toBe('/api/explorer/address/So1?network=solana_devnet&cursor=next&limit=25');
    expect(explorerPaths.block('polygon_amoy', 7)).toBe('/api/explorer/block/polygon_amoy/7?limit=25');
    expect(explorerPaths.latestTransactions(undefined)).toBe('/api/explorer/transactions?limit=20');
    expect(explorerPaths.latestBlocks('eth_sepolia')).toBe('/api/explorer/blocks?network=eth_sepolia&limit=8');
    expect(explorerPaths.search('  0x1 ')).toBe('/api/explorer/search?q=%20%200x1%20');
  });

  it('reads a block number as a whole number from 1 of at most 15 digits', () => {
    expect(readBlockNumber('1')).toBe(1);
    expect(readBlockNumber('0042')).toBe(42);
    expect(readBlockNumber('999999999999999')).toBe(999_999_999_999_999);
    for (const refused of ['', '0', '000', '-1', '1.5', '1e3', ' 1', '0x10', '1234567890123456']) expect(readBlockNumber(refused), refused).toBeUndefined();
  });
});
