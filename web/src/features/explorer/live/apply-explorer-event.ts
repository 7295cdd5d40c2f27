import { type ExplorerBlockSummary, type ExplorerListItem, type ExplorerPage, type ExplorerRealtimeEvents, NETWORK_IDS } from '@fincrypt/domain';
import type { Query, QueryClient } from '@tanstack/react-query';
import { explorerKeys } from '../../transactions/index.ts';
import { LATEST_BLOCKS_SHOWN } from '../api/get-latest-blocks.ts';
import { LATEST_TRANSACTIONS_SHOWN } from '../api/get-latest-transactions.ts';
import { explorerDataKeys } from '../api/explorer-keys.ts';

const newestFirst = (a: { timestamp: string }, b: { timestamp: string }) => Date.parse(b.timestamp) - Date.parse(a.timestamp);

/**
 * The latest transactions after an event: the transaction in its new state where it was (a status change), or
 * where the one it replaced was (a speed-up), else added by its time; newest first, at most `limit`.
 */
export function upsertTransaction(items: readonly ExplorerListItem[], transaction: ExplorerListItem, replaces: string | undefined, limit: number): ExplorerListItem[] {
  const at = items.findIndex((item) => item.hash === transaction.hash || (replaces !== undefined && item.hash === replaces));
  const others = items.filter((item) => item.hash !== transaction.hash && item.hash !== replaces);
  if (at >= 0) {
    const next = [...others];
    next.splice(Math.min(at, next.length), 0, transaction);
    return next.slice(0, limit);
  }
  // Not on screen: it belongs there only if it is newer than the oldest shown (or the list is not full).
  return [...others, transaction].sort(newestFirst).slice(0, limit);
}

const sameBlock = (a: ExplorerBlockSummary, b: ExplorerBlockSummary) => a.network === b.network && a.number === b.number;

/**
 * The latest blocks after an event: the block as it now stands, each network's newest first, at most `perNetwork` of
 * each.
 */
export function upsertBlock(blocks: readonly ExplorerBlockSummary[], block: ExplorerBlockSummary, perNetwork: number): ExplorerBlockSummary[] {
  const merged = [...blocks.filter((candidate) => !sameBlock(candidate, block)), block];
  return NETWORK_IDS.flatMap((network) =>
    merged
      .filter((candidate) => candidate.network === network)
      .sort((a, b) => b.number - a.number)
      .slice(0, perNetwork),
  );
}

const sameAddress = (a: string, b: string) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b);

/** An address page's query (['explorer', 'address', address, network]) about one of these addresses. */
const isAddressQueryOf = (addresses: readonly string[]) => (query: Query) => {
  const [, kind, address] = query.queryKey;
  return kind === 'address' && typeof address === 'string' && addresses.some((candidate) => sameAddress(candidate, address));
};

/** `explorer_transaction`: the latest lists change in place; the pages showing it (its own, its addresses', its block's) read it again. */
export function applyExplorerTransaction(queryClient: QueryClient, { transaction, replaces }: ExplorerRealtimeEvents['explorer_transaction']): void {
  for (const network of [undefined, transaction.network] as const) {
    queryClient.setQueryData<ExplorerPage>(explorerDataKeys.latest(network), (page) =>
      page ? { ...page, items: upsertTransaction(page.items, transaction, replaces, LATEST_TRANSACTIONS_SHOWN) } : page,
    );
  }
  void queryClient.invalidateQueries({ queryKey: explorerKeys.transaction(transaction.hash), exact: true });
  if (replaces) void queryClient.invalidateQueries({ queryKey: explorerKeys.transaction(replaces), exact: true });
  void queryClient.invalidateQueries({ predicate: isAddressQueryOf([transaction.from, transaction.to]) });
  if (transaction.blockNumber !== null) {
    void queryClient.invalidateQueries({ queryKey: explorerDataKeys.block(transaction.network, transaction.blockNumber) });
  }
}

/**
 * `explorer_block`: the latest blocks change in place; that block's page reads it again. Returns whether the latest
 * transactions shown may be behind: the simulated clock announces only the newest inclusions of a big batch one by one
 * (every block it grew, always), so a row of that network still pending on screen may have been included unannounced.
 * Any such row, whenever it was made: a block grows over its whole block time, and its timestamp is when that began,
 * so a row made after the timestamp can be in it too. The caller reads the list again at most every few seconds. A
 * real chain's block (it carries its header) never says so: its indexer announces every row a block includes.
 */
export function applyExplorerBlock(queryClient: QueryClient, { block }: ExplorerRealtimeEvents['explorer_block']): boolean {
  for (const network of [undefined, block.network] as const) {
    queryClient.setQueryData<ExplorerBlockSummary[]>(explorerDataKeys.blocks(network), (blocks) =>
      blocks ? upsertBlock(blocks, block, LATEST_BLOCKS_SHOWN) : blocks,
    );
  }
  void queryClient.invalidateQueries({ queryKey: explorerDataKeys.block(block.network, block.number) });
  if (block.header !== undefined) return false;
  return queryClient
    .getQueriesData<ExplorerPage>({ queryKey: explorerDataKeys.latestAll })
    .some(([, page]) => page?.items.some((item) => item.network === block.network && item.status === 'pending'));
}

/** After the channel was down, whatever happened meanwhile is read again. */
export function refetchAfterReconnect(queryClient: QueryClient): void {
  for (const queryKey of [explorerDataKeys.latestAll, explorerDataKeys.blocksAll, explorerDataKeys.stats]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
