import { EXPLORER_LIMITS } from './explorer.ts';
import type { NetworkId } from './networks.ts';

/**
 * The public explorer API's GET paths, as the web app asks for them. The server names a page's first ones in its
 * HTML as preloads (server/src/plugins/spa-routes.ts): a preload is only used when its URL is the very one the page
 * then fetches, query string and its order included, so both sides build them here.
 */

/** A query string of the defined values only, in the order given ("" when none). */
export function queryString(values: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`]));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A block number as a block page's address writes it (a whole number from 1, up to 15 digits); undefined for anything else. */
export function readBlockNumber(text: string): number | undefined {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

export const explorerPaths = {
  /** One transaction by hash (an old hash a speed-up replaced answers with its replacement). */
  transaction: (hash: string) => `/api/explorer/tx/${encodeURIComponent(hash)}`,
  /** An address's networks, balances and one page of its transactions. */
  address: (address: string, network: NetworkId | undefined, cursor?: string) =>
    `/api/explorer/address/${encodeURIComponent(address)}${queryString({ network, cursor, limit: EXPLORER_LIMITS.pageDefault })}`,
  /** A block's summary and one page of the transactions it included. */
  block: (network: NetworkId, number: number, cursor?: string) =>
    `/api/explorer/block/${network}/${number}${queryString({ cursor, limit: EXPLORER_LIMITS.pageDefault })}`,
  /** The home page's latest transactions, of every network or one. */
  latestTransactions: (network: NetworkId | undefined) =>
    `/api/explorer/transactions${queryString({ network, limit: EXPLORER_LIMITS.latestDefault })}`,
  /** The home page's latest blocks that included something. */
  latestBlocks: (network: NetworkId | undefined) => `/api/explorer/blocks${queryString({ network, limit: EXPLORER_LIMITS.blocksDefault })}`,
  /** Each network's figures over the last minute. */
  stats: '/api/explorer/stats',
  /** The simulated participants' public labels. */
  labels: '/api/explorer/labels',
  /** What a hash, an address or a block number names. */
  search: (query: string) => `/api/explorer/search${queryString({ q: query })}`,
} as const;
