import {
  type NetworkId,
  type RiskTransaction,
  type RiskValuation,
  alertListSchema,
  getAsset,
  nativeAsset,
  riskScore,
  riskViewSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { networkOf } from '../../payments/views.ts';
import type { PriceSnapshot } from '../prices/live-price-cache.ts';
import type { PriceService } from '../prices/price-service.ts';
import { listUserAlerts, recentSendsForRisk } from './repo.ts';
import { toAlertView } from '../../payments/views.ts';

export const ALERT_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;

/**
 * A send as the risk score reads it: its amount in its own asset's units, and for a token (USDC) its USD price
 * against the native coin's at the price of the moment, so "above 10" means worth more than 10 of the network's
 * coin (docs/product.md#risk-score).
 */
export function toRiskTransaction(
  send: { amount: bigint; network: string; asset: string; toAddress: string; createdAt: Date },
  snapshot: Pick<PriceSnapshot, 'prices'>,
): RiskTransaction {
  const network: NetworkId = networkOf(send.network).id;
  const asset = getAsset(network, send.asset);
  const native = nativeAsset(network);
  const valuation: RiskValuation | undefined =
    asset.kind === 'native'
      ? undefined
      : { assetPrice: snapshot.prices[asset.priceTokenId].prices.usd, nativePrice: snapshot.prices[native.priceTokenId].prices.usd };
  return { amount: { units: send.amount, decimals: asset.decimals }, timestamp: send.createdAt, toAddress: send.toAddress, valuation };
}

export const alertRoutes: FastifyPluginAsyncZod<{ db: Db; prices: Pick<PriceService, 'snapshotAtHand'> }> = async (app, { db, prices }) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Your fraud alerts, newest first',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(ALERT_PAGE_LIMITS.maxLimit).default(ALERT_PAGE_LIMITS.defaultLimit),
        }),
        response: { 200: alertListSchema },
      },
    },
    async (request) => {
      const rows = await listUserAlerts(db, request.user.id, request.query.limit);
      return { alerts: rows.map((row) => toAlertView(row.alert, row.transactionHash)) };
    },
  );

  app.get(
    '/risk',
    {
      schema: {
        tags: ['alerts'],
        summary:
          "Risk score over your 10 most recent sends: +10 per amount above 10 of the network's native coin (a USDC send: worth more than 10 of it at the current USD prices), +15 per send within 5 min of the one before, +5 per distinct recipient, 0–100; Low below 30, Medium below 70, else High",
        response: { 200: riskViewSchema },
      },
    },
    async (request) => {
      const sends = await recentSendsForRisk(db, request.user.id);
      // The prices at hand, as fee quotes use them: the score never waits for the upstream feed.
      const snapshot = prices.snapshotAtHand();
      const score = riskScore(sends.map((send) => toRiskTransaction(send, snapshot)));
      return { ...score, transactionsConsidered: sends.length };
    },
  );
};
