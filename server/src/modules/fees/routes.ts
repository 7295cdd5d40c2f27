import {
  GAS_SPEED_LABELS,
  GAS_SPEEDS,
  LIVE_FACTOR_REFRESH_MS,
  MAX_SENDABLE_DISPLAY_PLACES,
  WALLET_MESSAGES,
  assetForSend,
  feeQuotesQuerySchema,
  feeQuotesResponseSchema,
  formatAmount,
  maxSendable,
  type FeeQuotesResponse,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeeMarket } from '../../chain/fee-market.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { findConnectedWallet } from '../wallets/repo.ts';
import { formatBalance, networkOf } from '../../payments/views.ts';
import { toWalletViewRecord } from '../../payments/wallet-store.ts';
import type { UsdPriceSource } from './usd-price.ts';

export const feeRoutes: FastifyPluginAsyncZod<{ db: Db; feeMarket: FeeMarket; usdPrice: UsdPriceSource }> = async (
  app,
  { db, feeMarket, usdPrice },
) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/fees',
    {
      schema: {
        tags: ['transactions'],
        summary: "Fee quotes per speed for one of your wallets, with what it can send at each; send a quote's id back to be charged that fee",
        querystring: feeQuotesQuerySchema,
        response: { 200: feeQuotesResponseSchema },
      },
    },
    async (request): Promise<FeeQuotesResponse> => {
      const found = await findConnectedWallet(db, request.user.id, request.query.walletId);
      if (!found) throw notFound(WALLET_MESSAGES.walletNotFound);
      const wallet = toWalletViewRecord(found);
      const network = networkOf(wallet.network);
      const chosen = assetForSend(network.id, request.query.asset);
      if (!chosen.ok) throw new AppError(chosen.code, chosen.message);
      const { asset } = chosen;
      const assetBalance = wallet.balances[asset.symbol] ?? 0n;
      const feeBalance = wallet.balances[network.symbol] ?? 0n;
      const price = usdPrice(network.id);
      const nowMs = Date.now();
      return {
        walletId: wallet.id,
        network: network.id,
        asset: asset.symbol,
        symbol: network.symbol,
        balance: formatAmount(assetBalance, asset.decimals, asset.displayPlaces),
        balanceUnits: assetBalance.toString(),
        feeBalance: formatBalance(feeBalance, network.id),
        feeBalanceUnits: feeBalance.toString(),
        gasUsed: asset.transferGas.toString(),
        usdPrice: price.usd,
        priceSource: price.source,
        refreshIntervalMs: LIVE_FACTOR_REFRESH_MS,
        quotes: GAS_SPEEDS.map((speed) => {
          const quote = feeMarket.quote(request.user.id, network.id, speed, nowMs, price.usd, asset.transferGas);
          // A token's fee is paid in the coin: all of the token can go.
          const sendable = asset.kind === 'native' ? maxSendable(assetBalance, BigInt(quote.feeUnits)) : assetBalance;
          return {
            speed,
            label: GAS_SPEED_LABELS[speed],
            gasPriceWei: quote.gasPriceWei,
            gasPriceGwei: quote.gasPriceGwei,
            fee: quote.feeDisplay,
            feeUnits: quote.feeUnits,
            ...(quote.feeUsd === undefined ? {} : { feeUsd: quote.feeUsd }),
            timeEstimate: quote.timeEstimate,
            quotedAt: quote.quotedAt,
            expiresAt: quote.expiresAt,
            quoteId: quote.quoteId,
            // Never more places than the asset has: the text must be sendable back as typed.
            maxSendable: sendable === 0n ? '0' : formatAmount(sendable, asset.decimals, Math.min(MAX_SENDABLE_DISPLAY_PLACES, asset.decimals)),
            maxSendableUnits: sendable.toString(),
          };
        }),
      };
    },
  );
};
