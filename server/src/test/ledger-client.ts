import { randomUUID } from 'node:crypto';
import { getNetwork, type NetworkId, type SendRequestInput, type WalletView } from '@fincrypt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { generateKeyPair } from '../chain/keys.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import type { Db } from '../db/database.ts';
import { walletBalances } from '../db/schema.ts';
import { call, type TestUser } from './auth-client.ts';

export async function listWallets(app: FastifyInstance, user: Pick<TestUser, 'cookie'>): Promise<WalletView[]> {
  const response = await call(app, 'GET', '/api/wallets', { cookie: user.cookie });
  if (response.statusCode !== 200) throw new Error(`wallets: ${response.statusCode} ${response.body}`);
  return response.json().wallets;
}

export async function walletOn(app: FastifyInstance, user: Pick<TestUser, 'cookie'>, network: NetworkId): Promise<WalletView> {
  const wallet = (await listWallets(app, user)).find((candidate) => candidate.network === network);
  if (!wallet) throw new Error(`no ${network} wallet`);
  return wallet;
}

/** POST /api/transactions with a fresh Idempotency-Key unless one is given. */
export function postSend(app: FastifyInstance, user: Pick<TestUser, 'cookie'>, body: SendRequestInput | Record<string, unknown>, key: string = randomUUID()) {
  return call(app, 'POST', '/api/transactions', { cookie: user.cookie, body, headers: { 'idempotency-key': key } });
}

/** A valid address on the network that belongs to no wallet of ours. */
export function externalAddress(network: NetworkId): string {
  return generateKeyPair(getNetwork(network)).address;
}

/** Fails the test with the breaches when the ledger does not hold. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const report = await checkLedger(db);
  expect(report.breaches).toEqual([]);
  expect(report.isBalanced).toBe(true);
}

/** POST /api/wallets/:id/faucet. */
export function claimFaucet(app: FastifyInstance, user: Pick<TestUser, 'cookie'>, walletId: string) {
  return call(app, 'POST', `/api/wallets/${walletId}/faucet`, { cookie: user.cookie });
}

/** The wallet's balance of one asset, in its smallest unit. */
export function balanceOf(wallet: Pick<WalletView, 'balances'>, asset: string): bigint {
  const entry = wallet.balances.find((balance) => balance.asset === asset);
  if (!entry) throw new Error(`no ${asset} balance`);
  return BigInt(entry.balanceUnits);
}

/** What the ledger holds for (wallet, asset), read straight from wallet_balances. */
export async function storedBalances(db: Db, walletIds: readonly string[], asset: string): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ walletId: walletBalances.walletId, balance: walletBalances.balance })
    .from(walletBalances)
    .where(and(inArray(walletBalances.walletId, [...walletIds]), eq(walletBalances.asset, asset)));
  return new Map(rows.map((row) => [row.walletId, row.balance]));
}
