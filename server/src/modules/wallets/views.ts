import {
  BALANCE_DISPLAY_PLACES,
  formatAmount,
  getNetwork,
  isNetworkId,
  type Network,
  type NetworkId,
  type WalletView,
} from '@fincrypt/domain';
import type { wallets } from '../../db/schema.ts';

export type WalletRow = typeof wallets.$inferSelect;

/** A network id read back from the database; an unknown one means the registry lost an entry. */
export function networkOf(id: string): Network {
  if (!isNetworkId(id)) throw new Error(`unknown network in the database: ${id}`);
  return getNetwork(id);
}

export function formatBalance(units: bigint, network: NetworkId): string {
  return formatAmount(units, getNetwork(network).decimals, BALANCE_DISPLAY_PLACES);
}

/** What the owner sees of a wallet: never its keys. */
export function toWalletView(row: Pick<WalletRow, 'id' | 'network' | 'address' | 'balance' | 'createdAt'>): WalletView {
  const network = networkOf(row.network);
  return {
    id: row.id,
    network: network.id,
    networkLabel: network.label,
    symbol: network.symbol,
    decimals: network.decimals,
    type: network.blockchainType,
    address: row.address,
    balance: formatBalance(row.balance, network.id),
    balanceUnits: row.balance.toString(),
    createdAt: row.createdAt.toISOString(),
  };
}
