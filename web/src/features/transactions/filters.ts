import {
  ASSET_SYMBOLS,
  type NetworkId,
  type TransactionListQuery,
  type TransactionStatus,
  type TransactionType,
  type TransactionView,
  dayKey,
  isNetworkId,
  isTransactionStatus,
  isTransactionType,
  listAllAssets,
  matchesTransactionSearch,
} from '@fincrypt/domain';

/**
 * What the Transactions page filters by, as the user sees it. `from` and `to` are calendar days in the
 * browser's time zone ("YYYY-MM-DD"); `from` may be empty, `to` is always a day (today by default).
 */
export interface TransactionFilterValues {
  search: string;
  type: TransactionType | '';
  status: TransactionStatus | '';
  network: NetworkId | '';
  /** An asset's symbol ("USDC"): its transfers on every network that has it. */
  asset: string;
  from: string;
  to: string;
}

/** A list query as sent to GET /api/transactions (minus the cursor): the part of a cache key that filters. */
export type TransactionQuery = Pick<TransactionListQuery, 'search' | 'type' | 'status' | 'network' | 'asset' | 'from' | 'to'>;

/** The assets the filter offers: every symbol of the registry, the coins first (ETH, MATIC, SOL), then the tokens (USDC). */
export const FILTER_ASSETS: readonly string[] = [
  ...listAllAssets().filter((asset) => asset.kind === 'native'),
  ...listAllAssets().filter((asset) => asset.kind === 'token'),
]
  .map((asset) => asset.symbol)
  .filter((symbol, index, symbols) => symbols.indexOf(symbol) === index && ASSET_SYMBOLS.includes(symbol));

function isFilterAsset(value: string | null): value is string {
  return value !== null && FILTER_ASSETS.includes(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** Today in the browser's time zone, as "YYYY-MM-DD". */
export function todayKey(now: Date = new Date()): string {
  return dayKey(now) ?? now.toISOString().slice(0, 10);
}

export function defaultFilters(today: string): TransactionFilterValues {
  return { search: '', type: '', status: '', network: '', asset: '', from: '', to: today };
}

/** The date rules (docs/product.md#transactions): the end is never after today, and the start is capped at the end. */
export function normalizeDateRange(filters: TransactionFilterValues, today: string): TransactionFilterValues {
  const to = filters.to && isDay(filters.to) && filters.to < today ? filters.to : today;
  const from = filters.from && isDay(filters.from) ? (filters.from > to ? to : filters.from) : '';
  return { ...filters, from, to };
}

export function hasActiveFilters(filters: TransactionFilterValues, today: string): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.type !== '' ||
    filters.status !== '' ||
    filters.network !== '' ||
    filters.asset !== '' ||
    filters.from !== '' ||
    filters.to !== today
  );
}

/** Reads filters from the page's URL (?search=&type=&status=&network=&asset=&from=&to=), ignoring anything unknown. */
export function filtersFromSearchParams(params: URLSearchParams, today: string): TransactionFilterValues {
  const type = params.get('type');
  const status = params.get('status');
  const network = params.get('network');
  const asset = params.get('asset');
  return normalizeDateRange(
    {
      search: params.get('search') ?? '',
      type: isTransactionType(type) ? type : '',
      status: isTransactionStatus(status) ? status : '',
      network: isNetworkId(network) ? network : '',
      asset: isFilterAsset(asset) ? asset : '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? today,
    },
    today,
  );
}

/** The URL form of the filters: only what differs from the defaults, so a plain /transactions shows everything. */
export function filtersToSearchParams(filters: TransactionFilterValues, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.network) params.set('network', filters.network);
  if (filters.asset) params.set('asset', filters.asset);
  if (filters.from) params.set('from', filters.from);
  if (filters.to && filters.to !== today) params.set('to', filters.to);
  return params;
}

function localDayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * The server query for these filters. Days are turned into exact instants of the browser's own midnight
 * (the server would read a bare day as a UTC day). An end date of today needs no bound at all.
 */
export function toTransactionQuery(filters: TransactionFilterValues, today: string): TransactionQuery {
  const query: TransactionQuery = {};
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.type) query.type = filters.type;
  if (filters.status) query.status = filters.status;
  if (filters.network) query.network = filters.network;
  if (filters.asset) query.asset = filters.asset;
  if (filters.from) query.from = localDayStart(filters.from).toISOString();
  if (filters.to && filters.to !== today) {
    const nextDay = localDayStart(filters.to);
    nextDay.setDate(nextDay.getDate() + 1);
    query.to = new Date(nextDay.getTime() - 1).toISOString();
  }
  return query;
}

/** Whether the server would list this transaction for this query: the same rules as its SQL filter. */
export function matchesQuery(transaction: TransactionView, query: TransactionQuery): boolean {
  if (query.type && transaction.type !== query.type) return false;
  if (query.status && transaction.status !== query.status) return false;
  if (query.network && transaction.network !== query.network) return false;
  if (query.asset && transaction.asset !== query.asset) return false;
  const search = query.search?.trim();
  if (search && !matchesTransactionSearch(transaction, search)) return false;
  const time = new Date(transaction.timestamp).getTime();
  if (query.from && time < boundTime(query.from, 'start')) return false;
  if (query.to && time > boundTime(query.to, 'end')) return false;
  return true;
}

/** A bare day is a whole UTC day on the server; an instant is itself. */
function boundTime(value: string, edge: 'start' | 'end'): number {
  if (DAY.test(value)) return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`).getTime();
  return new Date(value).getTime();
}

/** The query string for GET /api/transactions. */
export function transactionQueryString(query: TransactionQuery, page: { cursor?: string | undefined; limit: number }): string {
  const params = new URLSearchParams();
  for (const key of ['search', 'type', 'status', 'network', 'asset', 'from', 'to'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (page.cursor) params.set('cursor', page.cursor);
  params.set('limit', String(page.limit));
  return params.toString();
}
