import { NETWORK_IDS, type FaucetResponse, type NetworkId, type WalletView } from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { PaymentsEngine } from '../../payments/engine.ts';
import { toWalletView } from '../../payments/views.ts';
import { toWalletViewRecord } from '../../payments/wallet-store.ts';
import { hasEverHadWallet, listConnectedWallets } from './repo.ts';

export interface WalletServiceDeps {
  db: Db;
  /** Opens and closes wallets: the one writer of the ledger tables. */
  payments: Pick<PaymentsEngine, 'openWallet' | 'closeWallet' | 'claimFaucet'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export function createWalletService({ db, payments, log }: WalletServiceDeps) {
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
        return toWalletView(record, record.balances);
      });
    },

    disconnect: (userId: string, walletId: string): Promise<WalletView> => payments.closeWallet(userId, walletId),
    claimFaucet: (userId: string, walletId: string): Promise<FaucetResponse> => payments.claimFaucet(userId, walletId),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
