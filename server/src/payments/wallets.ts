import {
  getNetwork,
  MAX_WALLETS_PER_USER,
  WALLET_MESSAGES,
  walletAlreadyConnectedMessage,
  type NetworkId,
  type WalletView,
} from '@fincrypt/domain';
import { type Chains } from '../chain/chains.ts';
import type { KeyVault } from '../chain/key-vault.ts';
import type { KeyPairGenerator } from '../chain/keys.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { isUniqueViolation } from '../lib/pg-errors.ts';
import { broadcastCommitted } from './chain-outbox.ts';
import { cancelOpenRequestsOfWallet } from './payment-requests.ts';
import { balanceUpdateOf, toExplorerListItem, toTransactionView, toWalletView } from './views.ts';
import { markDisconnected, openWalletWithMints } from './wallet-store.ts';

export interface WalletLedgerDeps {
  db: Db;
  events: EventBus;
  vault: KeyVault;
  generateKeyPair: KeyPairGenerator;
  /** The networks on a real node: a new wallet's grant there is the treasury's transactions. */
  chains: Chains;
}

const alreadyConnected = (network: NetworkId) => new AppError('WALLET_ALREADY_CONNECTED', walletAlreadyConnectedMessage(network));

/**
 * Opening a wallet (a fresh key pair, sealed, holding a minted starting balance) and closing one (its
 * history stays on the ledger). Each publishes its events once written.
 */
export function createWalletLedger({ db, events, vault, generateKeyPair, chains }: WalletLedgerDeps) {
  return {
    async open(userId: string, networkId: NetworkId): Promise<WalletView> {
      const network = getNetwork(networkId);
      const keyPair = generateKeyPair(network);
      let opened;
      try {
        // The connected-on-this-network and wallets-ever checks run in the inserting transaction, under a
        // lock on the user: concurrent connects cannot all pass them (wallet-store.ts).
        opened = await openWalletWithMints(
          db,
          {
            userId,
            network: networkId,
            address: keyPair.address,
            publicKey: keyPair.publicKey,
            encryptedPrivateKey: vault.seal(keyPair.privateKeyHex, keyPair.address),
          },
          MAX_WALLETS_PER_USER,
          chains.get(networkId),
        );
      } catch (error) {
        // Belt and braces: the partial unique index refuses a second connected wallet on one network.
        if (isUniqueViolation(error, 'wallets_one_connected_per_network_idx')) throw alreadyConnected(networkId);
        throw error;
      }
      if (opened.outcome === 'already_connected') throw alreadyConnected(networkId);
      if (opened.outcome === 'limit_reached') throw new AppError('WALLET_LIMIT_REACHED', WALLET_MESSAGES.walletLimitReached);
      const { row, grantRows } = opened;
      const wallet = toWalletView(row, row.balances, row.incoming);
      events.publish(userId, 'wallet_update', { action: 'connected', wallet });
      events.publish(userId, 'balance_update', balanceUpdateOf(wallet, wallet.symbol));
      for (const grant of grantRows) {
        events.publish(userId, 'transaction_update', { transaction: toTransactionView(grant) });
        events.publishPublic('explorer_transaction', { transaction: toExplorerListItem(grant) });
      }
      broadcastCommitted(chains, grantRows);
      return wallet;
    },

    /** Disconnects the wallet and, in the same transaction, cancels its open payment requests (they must not be payable). */
    async close(userId: string, walletId: string): Promise<WalletView> {
      const row = await db.transaction(async (tx) => {
        const disconnected = await markDisconnected(tx, userId, walletId);
        if (disconnected) await cancelOpenRequestsOfWallet(tx, walletId, new Date());
        return disconnected;
      });
      if (!row) throw notFound(WALLET_MESSAGES.walletNotFound);
      const wallet = toWalletView(row, row.balances, row.incoming);
      events.publish(userId, 'wallet_update', { action: 'disconnected', wallet });
      return wallet;
    },
  };
}

export type WalletLedger = ReturnType<typeof createWalletLedger>;
