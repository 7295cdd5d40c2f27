import {
  API_ERRORS,
  EXPLORER_LIMITS,
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
  networkIdSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rateLimited } from '../../errors.ts';
import { describeWait } from '../../lib/rate-limiter.ts';
import { createMemoryRateLimiter } from '../../lib/memory-rate-limiter.ts';
import { listLabels } from './repo.ts';
import type { PageCursors } from '../../lib/page-cursor.ts';
import { createExplorerService } from './service.ts';

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
  /** Seals the address and block pages' cursors. */
  cursors: PageCursors;
  /** Tests pin the clock (block heads, the stats window). */
  now?: () => number;
}

/**
 * The public block explorer (no sign-in): transactions, addresses and blocks, as a chain shows them — chain data only
 * (explorer.ts). A network on a real chain (issue 49) shows the blocks its indexer read; a simulated one, its clock's.
 * Every route is limited per client address and every list is paged with a hard cap; each query is served by an index
 * (a real chain's block's rows: see repo.ts, listRealBlockTransactions).
 */
export const explorerRoutes: FastifyPluginAsyncZod<ExplorerRoutesOptions> = async (app, { db, timeScale, rateRule, cursors, now = Date.now }) => {
  const explorer = createExplorerService(db, timeScale, now, cursors);
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
    async (request) => explorer.search(request.query.q),
  );

  app.get(
    '/explorer/tx/:hash',
    {
      schema: {
        tags: ['public'],
        summary:
          'A transaction as a block explorer shows it, with its signed transaction to verify and, on an EVM network, its nonce, gas and decoded token call (no sign-in). A hash a speed-up replaced answers as itself, never included, with replacedBy naming its replacement.',
        params: hashParams,
        response: { 200: explorerTransactionSchema, ...errors },
      },
    },
    async (request) => explorer.transaction(request.params.hash),
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
    async (request) => explorer.latest(request.query.network, request.query.limit),
  );

  app.get(
    '/explorer/blocks',
    {
      schema: {
        tags: ['public'],
        summary: "Each network's latest blocks, newest first: on a real chain every block (empty ones too) with its hash and gas, on a simulated one those that included transactions",
        querystring: explorerBlocksQuerySchema,
        response: { 200: explorerBlockListSchema, ...errors },
      },
    },
    async (request) => explorer.latestBlocks(request.query.network, request.query.limit),
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
    async () => explorer.stats(),
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
    async (request) => explorer.address(request.params.address, request.query),
  );

  app.get(
    '/explorer/block/:network/:number',
    {
      schema: {
        tags: ['public'],
        summary: 'A block: its time, total fees, header on a real chain (hash, parent, gas, base fee) and our transactions (page on with nextCursor); 404 above the head',
        params: blockParams,
        querystring: explorerPageQuerySchema.omit({ network: true }),
        response: { 200: explorerBlockSchema, ...errors },
      },
    },
    async (request) => explorer.block(request.params.network, request.params.number, request.query),
  );
};
