import { randomUUID } from 'node:crypto';
import { getNetwork, type NetworkId, type SendRequestInput, type WalletView } from '@fincrypt/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { generateKeyPair } from '../chain/keys.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import type { Db } from '../db/database.ts';
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
