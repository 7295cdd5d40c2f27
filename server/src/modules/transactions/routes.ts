import {
  IDEMPOTENCY_KEY_HEADER,
  WALLET_MESSAGES,
  idempotencyKeySchema,
  sendRequestSchema,
  sendResponseSchema,
  speedUpRequestSchema,
  speedUpResponseSchema,
  transactionCountsSchema,
  transactionListQuerySchema,
  transactionDetailSchema,
  transactionPageSchema,
  type TransactionDetail,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../errors.ts';
import { normalizeHash } from '../../lib/ids.ts';
import type { PaymentsEngine } from '../../payments/engine.ts';
import { findQuote, toQuoteView } from '../../payments/quotes.ts';
import { counterpartyLabelOf, participantLabelsByWallet } from './participant-labels.ts';
import { timelineOf, toTransactionView } from '../../payments/views.ts';
import type { PageCursors } from '../../lib/page-cursor.ts';
import { replacementsOf } from '../explorer/repo.ts';
import { countUserTransactionsByStatus, findUserTransactionByHash, listUserTransactions } from './repo.ts';

const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const hashParams = z.object({ hash: z.string().max(128) });

const sendHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string({ error: WALLET_MESSAGES.idempotencyKeyMissing }).pipe(idempotencyKeySchema),
});

/** A day means that whole UTC day; an instant means itself. */
function dateBound(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(value);
}

export const transactionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  payments: Pick<PaymentsEngine, 'send' | 'speedUp'>;
  timeScale: number;
  /** Seals the list's page cursors. */
  cursors: PageCursors;
}> = async (app, { db, payments, timeScale, cursors }) => {
  app.addHook('onRequest', app.requireSession);

  app.post(
    '/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Send: debits amount + fee at once; an internal recipient is credited at once. With a firm quote (quoteId) its exact amount and fee, once, while fresh (409 expired or used, 404 unknown, 400 another payment; nothing changes). With the reference of a payment request, pays it, once (409 paid, expired or cancelled, 404 unknown, 400 another payment or too little; nothing changes). Retries with the same Idempotency-Key get the first answer.',
        headers: sendHeaders,
        body: sendRequestSchema,
        response: { 201: sendResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await payments.send(request.user.id, request.headers[IDEMPOTENCY_KEY_HEADER], request.body);
      // When this request's transaction committed (not on a replay): what "commit → event" latency is measured from.
      if (outcome.committedAt !== undefined) reply.header('server-timing', `commit;desc="${outcome.committedAt.toFixed(3)}"`);
      if (outcome.statusCode === 201) return reply.status(201).send(outcome.body);
      return reply.status(outcome.statusCode).send(outcome.body);
    },
  );

  app.post(
    '/transactions/:hash/speed-up',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Speed up your pending EVM send (by its current or an older hash): the same transfer with the same nonce, re-signed at max(the faster speed\'s price, the old price + 10 %), a new hash, included sooner; only the fee difference is debited, from the native coin. 403 not the sender, 404 unknown, 409 already in a block, 400 not faster, Solana, or the fee difference cannot be paid; nothing changes. Asked again for a speed it already reached: 200 as it is, feeDifference "0".',
        params: hashParams,
        body: speedUpRequestSchema,
        response: { 200: speedUpResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const hash = normalizeHash(request.params.hash);
      if (hash === undefined) throw notFound(WALLET_MESSAGES.transactionNotFound);
      const outcome = await payments.speedUp(request.user.id, hash, request.body);
      return reply.status(outcome.statusCode).send(outcome.body);
    },
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary: 'Your transactions, newest first, filtered; page on with nextCursor',
        querystring: transactionListQuerySchema,
        response: { 200: transactionPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const fromTime = dateBound(query.from, 'start');
      const toTime = dateBound(query.to, 'end');
      if (fromTime && toTime && fromTime > toTime) throw badRequest(WALLET_MESSAGES.invalidDateRange);
      const rows = await listUserTransactions(
        db,
        request.user.id,
        {
          search: query.search || undefined,
          type: query.type,
          status: query.status,
          network: query.network,
          asset: query.asset,
          fromTime,
          toTime,
          before: query.cursor ? cursors.decode(query.cursor) : undefined,
        },
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const labels = await participantLabelsByWallet(db, page.map((row) => row.counterpartyWalletId));
      return {
        items: page.map((row) => ({ ...toTransactionView(row), ...counterpartyLabelOf(row, labels) })),
        nextCursor: rows.length > query.limit && last ? cursors.encode(last) : null,
      };
    },
  );

  app.get(
    '/transactions/counts',
    { schema: { tags: ['transactions'], summary: 'How many of your transactions are pending, confirmed, failed', response: { 200: transactionCountsSchema } } },
    async (request) => countUserTransactionsByStatus(db, request.user.id),
  );

  app.get(
    '/transactions/:hash',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'One of your transactions by hash, with its timeline and the firm quote it honoured (404 when it is not yours); an old hash a speed-up replaced finds the transaction that replaced it',
        params: hashParams,
        response: { 200: transactionDetailSchema },
      },
    },
    async (request): Promise<TransactionDetail> => {
      const hash = normalizeHash(request.params.hash);
      const row = hash === undefined ? undefined : await findUserTransactionByHash(db, request.user.id, hash);
      if (!row) throw notFound(WALLET_MESSAGES.transactionNotFound);
      const [quote, replacements, labels] = await Promise.all([
        row.quoteId === null ? undefined : findQuote(db, row.quoteId),
        replacementsOf(db, row.hash),
        participantLabelsByWallet(db, [row.counterpartyWalletId]),
      ]);
      return {
        ...toTransactionView(row),
        ...counterpartyLabelOf(row, labels),
        replacedHashes: replacements.map((replaced) => replaced.hash),
        timeline: timelineOf(row, timeScale, quote?.createdAt ?? null, replacements),
        // The sender's address is the quote's `from` on both sides of the transfer.
        quote: quote ? toQuoteView(quote, row.fromAddress) : null,
      };
    },
  );
};
