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
  type ExplorerTransaction,
  gweiDisplay,
  type NetworkId,
  type TimelineReplacement,
} from '@fincrypt/domain';
import { blockNumberAt, blockTimeOf } from '../../chain/blocks.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../errors.ts';
import { normalizeHash } from '../../lib/ids.ts';
import { findQuote } from '../../payments/quotes.ts';
import { type BlockRow, toExplorerBlockSummary, toExplorerListItem, toExplorerView, type TransactionRow } from '../../payments/views.ts';
import type { Keyset, PageCursors } from '../../lib/page-cursor.ts';
import { evmDetailsOf } from './chain-details.ts';
import { parseAddress, parseQuery } from './lookup.ts';
import {
  countAddressTransactions,
  findAddressBalances,
  findBlock,
  findChainTransaction,
  findLabel,
  findRealChainHead,
  findReplacement,
  findReplacementRecord,
  listAddressTransactions,
  listBlockTransactions,
  listLatest,
  listLatestBlocks,
  listRealBlockTransactions,
  listRealChainBlocks,
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

/** A transaction as the explorer shows it: the shared view, and on an EVM network its nonce, gas and decoded token call. */
function withChainDetails(view: ExplorerTransaction, row: TransactionRow): ExplorerTransaction {
  const evm = evmDetailsOf(row);
  return { ...view, ...(evm === undefined ? {} : { evm }), failure: row.failureReason };
}

/**
 * A hash a speed-up replaced, on its own page: the same transfer as the transaction that took its place (`current`, the
 * newest of the transfer), never included, so failed with no fee and no block. Its timeline runs to its replacement;
 * its signed bytes were not kept. `replaced` is every hash the transfer replaced, oldest first, `oldHash` among them.
 */
function toReplacedView(oldHash: string, current: ExplorerTransaction, replaced: readonly TimelineReplacement[]): ExplorerTransaction {
  const index = replaced.findIndex((step) => step.hash === oldHash);
  const replacedAt = replaced[index]!.at;
  let replacedSteps = 0;
  const timeline = current.timeline.filter((step) => {
    if (replacedSteps > index) return false;
    if (step.kind === 'replaced') replacedSteps += 1;
    return step.kind === 'quoted' || step.kind === 'broadcast' || step.kind === 'replaced';
  });
  const fee = feeExact(0n, current.network);
  return {
    ...current,
    hash: oldHash,
    status: 'failed',
    confirmations: 0,
    blockNumber: null,
    // It was signed when the one before it was replaced (or, the first, when the transfer was sent).
    timestamp: index === 0 ? current.timestamp : replaced[index - 1]!.at.toISOString(),
    fee,
    feeUnits: '0',
    gasUsed: '0',
    effectiveGasPrice: '0',
    gasPriceGwei: gweiDisplay(0n),
    timeline,
    raw: null,
    replacedHashes: replaced.slice(0, index).map((step) => step.hash),
    // The same call (a speed-up re-signs the same transfer with the same nonce); its fee caps are not kept.
    ...(current.evm === undefined ? {} : { evm: { ...current.evm, gasLimit: null, maxFeePerGas: null, maxPriorityFeePerGas: null, gasUsed: null } }),
    failure: 'Replaced by a speed-up: the same transfer at a higher fee, with the same nonce',
    replacedBy: { hash: replaced[index + 1]?.hash ?? current.hash, replacedAt: replacedAt.toISOString(), latestHash: current.hash },
  };
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

  const keysetOf = (cursor: string | undefined): Keyset | undefined => (cursor === undefined ? undefined : cursors.decode(cursor));

  /** A real chain's block as its node gave it (the indexer's row), up to the newest read; our transactions in it. */
  async function realBlock(head: BlockRow, number: number, query: PageQuery): Promise<ExplorerBlock> {
    if (number > head.number) throw notFound(API_ERRORS.NOT_FOUND.messages.blockNotYet);
    const block = number === head.number ? head : await findBlock(db, networkIdSchema.parse(head.network), number);
    if (block === undefined || block.hash === null) throw notFound(API_ERRORS.NOT_FOUND.messages.blockNotRead);
    const rows = await listRealBlockTransactions(db, block, keysetOf(query.cursor), query.limit + 1);
    return {
      ...toExplorerBlockSummary(block),
      networkLabel: getNetwork(networkIdSchema.parse(block.network)).label,
      headNumber: head.number,
      transactions: toPage(rows, query.limit, cursors),
    };
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

    /** A transaction by its hash; a hash a speed-up replaced has its own page, which names its replacement. */
    async transaction(hashText: string): Promise<ExplorerTransaction> {
      const hash = normalizeHash(hashText);
      if (hash === undefined) throw notFound(WALLET_MESSAGES.transactionNotFound);
      const own = await findChainTransaction(db, hash);
      const record = own === undefined ? await findReplacementRecord(db, hash) : undefined;
      const row = own ?? (record === undefined ? undefined : await findChainTransaction(db, record.newHash));
      if (!row) throw notFound(WALLET_MESSAGES.transactionNotFound);
      const [quote, replaced] = await Promise.all([row.quoteId === null ? undefined : findQuote(db, row.quoteId), replacementsOf(db, row.hash)]);
      const view = withChainDetails(toExplorerView(row, timeScale, quote?.createdAt ?? null, replaced), row);
      return own !== undefined || !replaced.some((step) => step.hash === hash) ? view : toReplacedView(hash, view, replaced);
    },

    async latest(network: NetworkId | undefined, limit: number): Promise<ExplorerPage> {
      const rows = await listLatest(db, network ? [network] : NETWORK_IDS, limit);
      return { items: rows.map(toExplorerListItem), nextCursor: null };
    },

    /** Each network's latest blocks: on a real chain every block up to its newest, on a simulated one those that included something. */
    async latestBlocks(network: NetworkId | undefined, limit: number) {
      const perNetwork = await Promise.all(
        (network ? [network] : NETWORK_IDS).map(async (id) => {
          const head = await findRealChainHead(db, id);
          return head === undefined ? listLatestBlocks(db, [id], limit) : listRealChainBlocks(db, id, head.number, limit);
        }),
      );
      const rows = perNetwork.flat().sort((a, b) => b.producedAt.getTime() - a.producedAt.getTime() || b.number - a.number);
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
          const [window, realHead] = await Promise.all([networkFigures(db, id, since), findRealChainHead(db, id)]);
          const averageUnits = window.transfers > 0n ? window.transferFees / window.transfers : null;
          return {
            network: id,
            networkLabel: network.label,
            tps: Math.round((window.total / (windowMs / 1000)) * 100) / 100,
            averageFee: averageUnits === null ? null : feeExact(averageUnits, id),
            averageFeeUnits: averageUnits === null ? null : averageUnits.toString(),
            feeSymbol: network.symbol,
            pendingCount: window.pending,
            headNumber: realHead?.number ?? blockNumberAt(id, at),
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

    /**
     * A block and a page of its transactions; 404 above the head. On a real chain the block the indexer read, with its
     * header, and our transactions in it by their real block number; on a simulated chain an empty block for one that
     * included nothing.
     */
    async block(network: NetworkId, numberText: string, query: PageQuery): Promise<ExplorerBlock> {
      const number = parseBlockNumber(numberText);
      const realHead = await findRealChainHead(db, network);
      if (realHead !== undefined) return realBlock(realHead, number, query);
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
