import {
  API_ERRORS,
  NETWORK_IDS,
  NETWORKS,
  WALLET_MESSAGES,
  type FaucetResponse,
  type NetworkId,
  type WalletTestKey,
  type WalletView,
  isDemoAccount,
  isNetworkId,
} from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyVault } from '../../chain/key-vault.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PaymentsEngine } from '../../payments/engine.ts';
import { toWalletView } from '../../payments/views.ts';
import { toWalletViewRecord } from '../../payments/wallet-store.ts';
import { findConnectedWalletKey, hasEverHadWallet, listConnectedWallets } from './repo.ts';

export interface WalletServiceDeps {
  db: Db;
  /** Opens and closes wallets: the one writer of the ledger tables. */
  payments: Pick<PaymentsEngine, 'openWallet' | 'closeWallet' | 'claimFaucet'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Opens a demo account's sealed key for "Show test key" (chain/key-vault.ts); nothing else here reads a key. */
  vault: Pick<KeyVault, 'open'>;
}

export function createWalletService({ db, payments, log, vault }: WalletServiceDeps) {
  /**
   * One wallet on each network for a user who never had one. Each network stands alone: one that fails is
   * logged and the others are still created (the user can add it later).
   */
  async function provisionStarterWallets(userId: string): Promise<{ created: NetworkId[]; failed: NetworkId[] }> {
    const created: NetworkId[] = [];
    const failed: NetworkId[] = [];
    for (const network of NETWORK_IDS) {
      try {
        await payments.openWallet(userId, network);
        created.push(network);
      } catch (error) {
        // A concurrent provisioning of the same user got there first: nothing is missing.
        if (error instanceof AppError && error.statusCode === 409) continue;
        failed.push(network);
        log.error({ err: error, userId, network }, 'could not create a starter wallet');
      }
    }
    return { created, failed };
  }

  return {
    connect: (userId: string, network: NetworkId): Promise<WalletView> => payments.openWallet(userId, network),
    provisionStarterWallets,

    /** The user's connected wallets; a user who never had any gets the starter wallets first. */
    async list(userId: string): Promise<WalletView[]> {
      let rows = await listConnectedWallets(db, userId);
      if (rows.length === 0 && !(await hasEverHadWallet(db, userId))) {
        await provisionStarterWallets(userId);
        rows = await listConnectedWallets(db, userId);
      }
      return rows.map((row) => {
        const record = toWalletViewRecord(row);
        return toWalletView(record, record.balances, record.incoming);
      });
    },

    /**
     * The private key of a demo account's connected EVM wallet, so a visitor can import it into MetaMask: the demo
     * accounts are shared and their keys are test keys with no real value. 404 for a wallet that is not the user's
     * (checked first, so nobody learns anything about another user's wallet), 403 for any account but a demo one,
     * 400 for a Solana wallet. The key is answered, never logged.
     */
    async testKey(user: { id: string; email: string }, walletId: string): Promise<WalletTestKey> {
      const row = await findConnectedWalletKey(db, user.id, walletId);
      if (!row) throw notFound(WALLET_MESSAGES.walletNotFound);
      if (!isDemoAccount(user.email)) throw new AppError('TEST_KEY_DEMO_ONLY', API_ERRORS.TEST_KEY_DEMO_ONLY.messages.demoOnly);
      if (!isNetworkId(row.network)) throw notFound(WALLET_MESSAGES.walletNotFound);
      if (NETWORKS[row.network].family !== 'evm') throw new AppError('TEST_KEY_EVM_ONLY', API_ERRORS.TEST_KEY_EVM_ONLY.messages.evmOnly(row.network));
      return { address: row.address, privateKey: `0x${vault.open(row.encryptedPrivateKey, row.address)}` };
    },

    disconnect: (userId: string, walletId: string): Promise<WalletView> => payments.closeWallet(userId, walletId),
    claimFaucet: (userId: string, walletId: string): Promise<FaucetResponse> => payments.claimFaucet(userId, walletId),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
