import {
  API_ERRORS,
  EXPLORER_LIMITS,
  WALLET_MESSAGES,
  feeExact,
  formatAmountTrimmed,
  getNetwork,
  listAssets,
  NETWORK_IDS,
  networkIdSchema,
  type ExplorerAddress,
  type ExplorerBlock,
  type ExplorerPage,
  type ExplorerSearchResult,
  type ExplorerStats,
  type NetworkId,
} from '@fincrypt/domain';
import { blockNumberAt, blockTimeOf } from '../../chain/blocks.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../errors.ts';
import { normalizeHash } from '../../lib/ids.ts';
import { findQuote } from '../../payments/quotes.ts';
import { toExplorerBlockSummary, toExplorerListItem, toExplorerView, type TransactionRow } from '../../payments/views.ts';
import type { PageCursors } from '../../lib/page-cursor.ts';
import { parseAddress, parseQuery } from './lookup.ts';
import {
  countAddressTransactions,
  findAddressBalances,
  findBlock,
  findChainTransaction,
  findLabel,
  findReplacement,
  listAddressTransactions,
  listBlockTransactions,
  listLatest,
  listLatestBlocks,
  networkFigures,
  replacementsOf,
} from './repo.ts';

/** A page of rows fetched with one extra: the extra one says whether there is a next page. */
function toPage(rows: readonly TransactionRow[], limit: number, cursors: PageCursors): ExplorerPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toExplorerListItem), nextCursor: rows.length > limit && last ? cursors.encode(last) : null };
}

function parseBlockNumber(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.invalidBlockNumber);
  return Number(text);
}

/** A page request: how many rows, and the cursor of the last row seen. */
interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** What the public explorer's routes answer (routes.ts validates and limits; this reads and shapes). */
export function createExplorerService(db: Db, timeScale: number, now: () => number, cursors: PageCursors) {
  async function findReplaced(hash: string): Promise<TransactionRow | undefined> {
    const newHash = await findReplacement(db, hash);
    return newHash === undefined ? undefined : findChainTransaction(db, newHash);
  }

  return {
    /** What a transaction hash or an address names; an old hash a speed-up replaced opens its page. */
    async search(query: string): Promise<ExplorerSearchResult> {
      const parsed = parseQuery(query);
      if (parsed.kind === 'neither') throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress);
      if (parsed.kind === 'address') return { kind: 'address', address: parsed.address, networks: parsed.networks };
      const row = (await findChainTransaction(db, parsed.hash)) ?? (await findReplaced(parsed.hash));
      if (!row) throw notFound(WALLET_MESSAGES.transactionNotFound);
      return { kind: 'transaction', hash: parsed.hash, network: networkIdSchema.parse(row.network) };
    },

    async transaction(hashText: string) {
      const hash = normalizeHash(hashText);
      const row = hash === undefined ? undefined : ((await findChainTransaction(db, hash)) ?? (await findReplaced(hash)));
      if (!row) throw notFound(WALLET_MESSAGES.transactionNotFound);
      const [quote, replaced] = await Promise.all([row.quoteId === null ? undefined : findQuote(db, row.quoteId), replacementsOf(db, row.hash)]);
      return toExplorerView(row, timeScale, quote?.createdAt ?? null, replaced);
    },

    async latest(network: NetworkId | undefined, limit: number): Promise<ExplorerPage> {
      const rows = await listLatest(db, network ? [network] : NETWORK_IDS, limit);
      return { items: rows.map(toExplorerListItem), nextCursor: null };
    },

    async latestBlocks(network: NetworkId | undefined, limit: number) {
      const rows = await listLatestBlocks(db, network ? [network] : NETWORK_IDS, limit);
      return { blocks: rows.map(toExplorerBlockSummary) };
    },

    /** Each network's figures over the last minute. */
    async stats(): Promise<ExplorerStats> {
      const at = now();
      const windowMs = EXPLORER_LIMITS.statsWindowMs;
      const since = new Date(at - windowMs);
      const figures = await Promise.all(
        NETWORK_IDS.map(async (id) => {
          const network = getNetwork(id);
          const window = await networkFigures(db, id, since);
          const averageUnits = window.transfers > 0n ? window.transferFees / window.transfers : null;
          return {
            network: id,
            networkLabel: network.label,
            tps: Math.round((window.total / (windowMs / 1000)) * 100) / 100,
            averageFee: averageUnits === null ? null : feeExact(averageUnits, id),
            averageFeeUnits: averageUnits === null ? null : averageUnits.toString(),
            feeSymbol: network.symbol,
            pendingCount: window.pending,
            headNumber: blockNumberAt(id, at),
          };
        }),
      );
      return { networks: figures, windowSeconds: windowMs / 1000 };
    },

    /** An address: its networks, balance per asset, and a page of its transactions. */
    async address(addressText: string, query: PageQuery & { network?: NetworkId | undefined }): Promise<ExplorerAddress> {
      const parsed = parseAddress(addressText);
      if (!parsed) throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress);
      const { network } = query;
      if (network !== undefined && !parsed.networks.includes(network)) {
        throw badRequest(`${parsed.address} is not an address of ${getNetwork(network).label}`);
      }
      const networks: NetworkId[] = network === undefined ? parsed.networks : [network];
      const before = query.cursor === undefined ? undefined : cursors.decode(query.cursor);
      const [rows, { counts, isCapped }, balances, label] = await Promise.all([
        listAddressTransactions(db, parsed.address, networks, before, query.limit + 1),
        countAddressTransactions(db, parsed.address, parsed.networks, EXPLORER_LIMITS.addressCountMax),
        findAddressBalances(db, parsed.address, parsed.networks),
        findLabel(db, parsed.address, parsed.networks),
      ]);
      const balancesOn = (id: NetworkId) => {
        const held = balances.get(id);
        if (held === undefined) return null;
        return listAssets(id).map((asset) => {
          const units = held[asset.symbol] ?? 0n;
          return { asset: asset.symbol, balance: formatAmountTrimmed(units, asset.decimals), balanceUnits: units.toString() };
        });
      };
      return {
        address: parsed.address,
        networks: parsed.networks.map((id) => ({
          network: id,
          networkLabel: getNetwork(id).label,
          balances: balancesOn(id),
          transactionCount: Math.min(counts.get(id) ?? 0, EXPLORER_LIMITS.addressCountMax),
          isTransactionCountCapped: isCapped,
        })),
        label,
        transactions: toPage(rows, query.limit, cursors),
      };
    },

    /** A block and a page of its transactions; 404 above the head, and an empty block for one that included nothing. */
    async block(network: NetworkId, numberText: string, query: PageQuery): Promise<ExplorerBlock> {
      const number = parseBlockNumber(numberText);
      const headNumber = blockNumberAt(network, now());
      if (number > headNumber) throw notFound(API_ERRORS.NOT_FOUND.messages.blockNotYet);
      const before = query.cursor === undefined ? undefined : cursors.decode(query.cursor);
      const [block, rows] = await Promise.all([findBlock(db, network, number), listBlockTransactions(db, network, number, before, query.limit + 1)]);
      const summary = toExplorerBlockSummary(
        block ?? { network, number, producedAt: blockTimeOf(network, number), transactionCount: 0, totalFees: 0n, hash: null, parentHash: null, gasLimit: null, gasUsed: null, baseFeePerGas: null },
      );
      return { ...summary, networkLabel: getNetwork(network).label, headNumber, transactions: toPage(rows, query.limit, cursors) };
    },
  };
}
