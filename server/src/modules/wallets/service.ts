import {
  getNetwork,
  MAX_WALLETS_PER_USER,
  NETWORK_IDS,
  startingBalanceUnits,
  WALLET_MESSAGES,
  walletAlreadyConnectedMessage,
  type NetworkId,
  type WalletView,
} from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/event-bus.ts';
import type { KeyVault } from '../../chain/key-vault.ts';
import type { KeyPairGenerator } from '../../chain/keys.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import {
  countWalletsEver,
  hasConnectedWalletOn,
  hasEverHadWallet,
  insertWalletWithMint,
  listConnectedWallets,
  markDisconnected,
} from './repo.ts';
import { toWalletView } from './views.ts';

export interface WalletServiceDeps {
  db: Db;
  events: EventBus;
  vault: KeyVault;
  generateKeyPair: KeyPairGenerator;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const alreadyConnected = (network: NetworkId) => new AppError(409, 'WALLET_ALREADY_CONNECTED', walletAlreadyConnectedMessage(network));

export function createWalletService({ db, events, vault, generateKeyPair, log }: WalletServiceDeps) {
  async function connect(userId: string, networkId: NetworkId): Promise<WalletView> {
    if (await hasConnectedWalletOn(db, userId, networkId)) throw alreadyConnected(networkId);
    if ((await countWalletsEver(db, userId)) >= MAX_WALLETS_PER_USER) {
      throw new AppError(409, 'WALLET_LIMIT_REACHED', WALLET_MESSAGES.walletLimitReached);
    }
    const network = getNetwork(networkId);
    const keyPair = generateKeyPair(network);
    let row;
    try {
      row = await insertWalletWithMint(
        db,
        {
          userId,
          network: networkId,
          address: keyPair.address,
          publicKey: keyPair.publicKey,
          encryptedPrivateKey: vault.seal(keyPair.privateKeyHex, keyPair.address),
        },
        startingBalanceUnits(networkId),
      );
    } catch (error) {
      // Two connects racing for the same network: the partial unique index lets one through.
      if (isUniqueViolation(error, 'wallets_one_connected_per_network_idx')) throw alreadyConnected(networkId);
      throw error;
    }
    const wallet = toWalletView(row);
    events.publish(userId, 'wallet_update', { action: 'connected', wallet });
    events.publish(userId, 'balance_update', {
      walletId: wallet.id,
      network: wallet.network,
      newBalance: wallet.balance,
      newBalanceUnits: wallet.balanceUnits,
    });
    return wallet;
  }

  /**
   * One wallet on each network for a user who never had one. Each network stands alone: one that fails is
   * logged and the others are still created (the user can add it later).
   */
  async function provisionStarterWallets(userId: string): Promise<{ created: NetworkId[]; failed: NetworkId[] }> {
    const created: NetworkId[] = [];
    const failed: NetworkId[] = [];
    for (const network of NETWORK_IDS) {
      try {
        await connect(userId, network);
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
    connect,
    provisionStarterWallets,

    /** The user's connected wallets; a user who never had any gets the starter wallets first. */
    async list(userId: string): Promise<WalletView[]> {
      let rows = await listConnectedWallets(db, userId);
      if (rows.length === 0 && !(await hasEverHadWallet(db, userId))) {
        await provisionStarterWallets(userId);
        rows = await listConnectedWallets(db, userId);
      }
      return rows.map(toWalletView);
    },

    async disconnect(userId: string, walletId: string): Promise<WalletView> {
      const row = await markDisconnected(db, userId, walletId);
      if (!row) throw notFound(WALLET_MESSAGES.walletNotFound);
      const wallet = toWalletView(row);
      events.publish(userId, 'wallet_update', { action: 'disconnected', wallet });
      return wallet;
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
