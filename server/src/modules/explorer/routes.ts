import {
  API_ERRORS,
  EXPLORER_LIMITS,
  WALLET_MESSAGES,
  explorerAddressSchema,
  explorerBlockListSchema,
  explorerBlockSchema,
  explorerBlocksQuerySchema,
  explorerLabelsSchema,
  explorerLatestQuerySchema,
  explorerPageSchema,
  explorerPageQuerySchema,
  explorerSearchQuerySchema,
  explorerSearchResultSchema,
  explorerStatsSchema,
  explorerTransactionSchema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockNumberAt, blockTimeOf } from '../../chain/blocks.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound, rateLimited } from '../../errors.ts';
import { describeWait } from '../../lib/rate-limiter.ts';
import { normalizeHash } from '../../lib/ids.ts';
import { findQuote } from '../../payments/quotes.ts';
import { toExplorerBlockSummary, toExplorerListItem, toExplorerView, type TransactionRow } from '../../payments/views.ts';
import { decodeKeyset, encodeKeyset } from './cursor.ts';
import { parseAddress, parseQuery } from './lookup.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';
import {
  countAddressTransactions,
  findAddressBalances,
  findBlock,
  findChainTransaction,
  findLabel,
  findReplacement,
  listAddressTransactions,
  listBlockTransactions,
  listLabels,
  listLatest,
  listLatestBlocks,
  networkFigures,
  replacedHashesOf,
} from './repo.ts';

const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

const hashParams = z.object({ hash: z.string().max(EXPLORER_LIMITS.queryChars) });
const addressParams = z.object({ address: z.string().max(EXPLORER_LIMITS.queryChars) });
const blockParams = z.object({ network: networkIdSchema, number: z.string().max(20) });

/** At most this many labels: the demo network's roster is a dozen participants with a wallet per network. */
const LABELS_MAX = 1_000;

export interface ExplorerRoutesOptions {
  db: Db;
  timeScale: number;
  /** Requests per client address per window, every explorer route together. */
  rateRule: { limit: number; windowMs: number };
  /** Tests pin the clock (block heads, the stats window). */
  now?: () => number;
}

/** A page of rows fetched with one extra: the extra one says whether there is a next page. */
function toPage(rows: readonly TransactionRow[], limit: number): ExplorerPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toExplorerListItem), nextCursor: rows.length > limit && last ? encodeKeyset(last) : null };
}

function parseBlockNumber(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.invalidBlockNumber);
  return Number(text);
}

/**
 * The public block explorer (no sign-in): transactions, addresses and blocks of the simulated chains, as a chain
 * shows them — chain data only (explorer.ts). Every route is limited per client address and every list is paged
 * with a hard cap; each query is served by an index of migration 0006.
 */
export const explorerRoutes: FastifyPluginAsyncZod<ExplorerRoutesOptions> = async (app, { db, timeScale, rateRule, now = Date.now }) => {
  const limiter = createMemoryRateLimiter(rateRule, { now });
  app.addHook('onRequest', async (request) => {
    const verdict = limiter.hit(request.ip);
    if (!verdict.isAllowed) {
      throw rateLimited(API_ERRORS.RATE_LIMITED.messages.tooManyRequests(describeWait(verdict.retryAfterMs)), verdict.retryAfterMs);
    }
  });

  app.get(
    '/explorer/search',
    {
      schema: {
        tags: ['public'],
        summary: 'What a transaction hash or an address names (any network): 404 for a hash nothing has, 400 for neither',
        querystring: explorerSearchQuerySchema,
        response: { 200: explorerSearchResultSchema, ...errors },
      },
    },
    async (request): Promise<ExplorerSearchResult> => {
      const parsed = parseQuery(request.query.q);
      if (parsed.kind === 'neither') throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress);
      if (parsed.kind === 'address') return { kind: 'address', address: parsed.address, networks: parsed.networks };
      const row = (await findChainTransaction(db, parsed.hash)) ?? (await findReplaced(parsed.hash));
      if (!row) throw notFound(WALLET_MESSAGES.transactionNotFound);
      // The hash asked for: an old one a speed-up replaced opens its page, which names the replacement.
      return { kind: 'transaction', hash: parsed.hash, network: networkIdSchema.parse(row.network) };
    },
  );

  async function findReplaced(hash: string): Promise<TransactionRow | undefined> {
    const newHash = await findReplacement(db, hash);
    return newHash === undefined ? undefined : findChainTransaction(db, newHash);
  }

  app.get(
    '/explorer/tx/:hash',
    {
      schema: {
        tags: ['public'],
        summary:
          'A transaction as a block explorer shows it, with its signed transaction to verify (no sign-in). A hash a speed-up replaced finds the replacement, whose replacedHashes name it.',
        params: hashParams,
        response: { 200: explorerTransactionSchema, ...errors },
      },
    },
    async (request) => {
      const hash = normalizeHash(request.params.hash);
      const row = hash === undefined ? undefined : ((await findChainTransaction(db, hash)) ?? (await findReplaced(hash)));
      if (!row) throw notFound(WALLET_MESSAGES.transactionNotFound);
      const [quote, replaced] = await Promise.all([
        row.quoteId === null ? undefined : findQuote(db, row.quoteId),
        replacedHashesOf(db, row.hash),
      ]);
      return toExplorerView(row, timeScale, quote?.createdAt ?? null, replaced);
    },
  );

  app.get(
    '/explorer/transactions',
    {
      schema: {
        tags: ['public'],
        summary: 'The latest transactions, newest first (all networks or one)',
        querystring: explorerLatestQuerySchema,
        response: { 200: explorerPageSchema, ...errors },
      },
    },
    async (request) => {
      const networks = request.query.network ? [request.query.network] : NETWORK_IDS;
      const rows = await listLatest(db, networks, request.query.limit);
      return { items: rows.map(toExplorerListItem), nextCursor: null };
    },
  );

  app.get(
    '/explorer/blocks',
    {
      schema: {
        tags: ['public'],
        summary: "Each network's latest blocks that included transactions, newest first",
        querystring: explorerBlocksQuerySchema,
        response: { 200: explorerBlockListSchema, ...errors },
      },
    },
    async (request) => {
      const networks = request.query.network ? [request.query.network] : NETWORK_IDS;
      const rows = await listLatestBlocks(db, networks, request.query.limit);
      return { blocks: rows.map(toExplorerBlockSummary) };
    },
  );

  app.get(
    '/explorer/stats',
    {
      schema: {
        tags: ['public'],
        summary: "Each network's figures over the last minute: transactions per second, average fee, pending count, head block",
        response: { 200: explorerStatsSchema, ...errors },
      },
    },
    async (): Promise<ExplorerStats> => {
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
  );

  app.get(
    '/explorer/labels',
    {
      schema: {
        tags: ['public'],
        summary: "The demo network's simulated participants: their addresses and public labels",
        response: { 200: explorerLabelsSchema, ...errors },
      },
    },
    async () => {
      const rows = await listLabels(db, LABELS_MAX);
      return { labels: rows.map((row) => ({ network: networkIdSchema.parse(row.network), address: row.address, label: row.label })) };
    },
  );

  app.get(
    '/explorer/address/:address',
    {
      schema: {
        tags: ['public'],
        summary: 'An address: its networks, balance per asset, and transactions newest first (page on with nextCursor)',
        params: addressParams,
        querystring: explorerPageQuerySchema,
        response: { 200: explorerAddressSchema, ...errors },
      },
    },
    async (request): Promise<ExplorerAddress> => {
      const parsed = parseAddress(request.params.address);
      if (!parsed) throw badRequest(API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress);
      const { network } = request.query;
      if (network !== undefined && !parsed.networks.includes(network)) {
        throw badRequest(`${parsed.address} is not an address of ${getNetwork(network).label}`);
      }
      const networks: NetworkId[] = network === undefined ? parsed.networks : [network];
      const before = request.query.cursor === undefined ? undefined : decodeKeyset(request.query.cursor);
      const [rows, { counts, isCapped }, balances, label] = await Promise.all([
        listAddressTransactions(db, parsed.address, networks, before, request.query.limit + 1),
        countAddressTransactions(db, parsed.address, parsed.networks, EXPLORER_LIMITS.addressCountMax),
        findAddressBalances(db, parsed.address, parsed.networks),
        findLabel(db, parsed.address, parsed.networks),
      ]);
      return {
        address: parsed.address,
        networks: parsed.networks.map((id) => {
          const held = balances.get(id);
          return {
            network: id,
            networkLabel: getNetwork(id).label,
            balances:
              held === undefined
                ? null
                : listAssets(id).map((asset) => {
                    const units = held[asset.symbol] ?? 0n;
                    return { asset: asset.symbol, balance: formatAmountTrimmed(units, asset.decimals), balanceUnits: units.toString() };
                  }),
            transactionCount: Math.min(counts.get(id) ?? 0, EXPLORER_LIMITS.addressCountMax),
            isTransactionCountCapped: isCapped,
          };
        }),
        label,
        transactions: toPage(rows, request.query.limit),
      };
    },
  );

  app.get(
    '/explorer/block/:network/:number',
    {
      schema: {
        tags: ['public'],
        summary: 'A block: its time, total fees and transactions (page on with nextCursor); 404 above the head',
        params: blockParams,
        querystring: explorerPageQuerySchema.omit({ network: true }),
        response: { 200: explorerBlockSchema, ...errors },
      },
    },
    async (request): Promise<ExplorerBlock> => {
      const { network } = request.params;
      const number = parseBlockNumber(request.params.number);
      const headNumber = blockNumberAt(network, now());
      if (number > headNumber) throw notFound(API_ERRORS.NOT_FOUND.messages.blockNotYet);
      const before = request.query.cursor === undefined ? undefined : decodeKeyset(request.query.cursor);
      const [block, rows] = await Promise.all([
        findBlock(db, network, number),
        listBlockTransactions(db, network, number, before, request.query.limit + 1),
      ]);
      // A block that included nothing of ours: its number and time, empty.
      const summary = toExplorerBlockSummary(
        block ?? { network, number, producedAt: blockTimeOf(network, number), transactionCount: 0, totalFees: 0n },
      );
      return { ...summary, networkLabel: getNetwork(network).label, headNumber, transactions: toPage(rows, request.query.limit) };
    },
  );
};
