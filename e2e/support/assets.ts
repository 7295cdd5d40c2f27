import { randomUUID } from 'node:crypto';
import type { FeeQuotesResponse, SendRequestInput, SendResponse, WalletView } from '@fincrypt/domain';
import { type APIRequestContext, expect } from '@playwright/test';
import { walletOn } from './send-receive.ts';

/** The wallet's balance of one asset, in smallest units (0 when it holds none). */
export function unitsOf(wallet: WalletView, symbol: string): bigint {
  const entry = wallet.balances.find((balance) => balance.asset === symbol);
  return entry ? BigInt(entry.balanceUnits) : 0n;
}

/** The wallet's balance of one asset as shown ("1000.00"). */
export function shownBalanceOf(wallet: WalletView, symbol: string): string | undefined {
  return wallet.balances.find((balance) => balance.asset === symbol)?.balance;
}

/** A send of any asset through the API, with a fresh Idempotency-Key; expects it to be accepted. */
export async function sendAssetViaApi(request: APIRequestContext, body: SendRequestInput): Promise<SendResponse> {
  const response = await request.post('/api/transactions', { headers: { 'idempotency-key': randomUUID() }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SendResponse;
}

export async function feeQuotes(request: APIRequestContext, walletId: string, asset?: string): Promise<FeeQuotesResponse> {
  const query = new URLSearchParams({ walletId });
  if (asset) query.set('asset', asset);
  const response = await request.get(`/api/fees?${query.toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FeeQuotesResponse;
}

/**
 * Sends all but dust of the wallet's coin to `to` (MAX at the fast fee), so that what is left cannot pay
 * the network fee of a token transfer. Returns the wallet afterwards.
 */
export async function drainNativeCoin(request: APIRequestContext, wallet: WalletView, to: string): Promise<WalletView> {
  const quotes = await feeQuotes(request, wallet.id);
  const fast = quotes.quotes.find((quote) => quote.speed === 'fast');
  if (!fast) throw new Error('no fast quote');
  await sendAssetViaApi(request, { walletId: wallet.id, to, amount: fast.maxSendable, speed: 'fast', feeQuoteId: fast.quoteId });
  return walletOn(request, wallet.network);
}
