import { NETWORK_IDS, NETWORKS, chainFamilyOf, type NetworkId } from '@fincrypt/domain';
import { type Address, type PublicClient, createPublicClient, http } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

/**
 * The EVM networks that run on a real node (issue 49, decision 047): a local Anvil the app started, or any node a
 * URL names (SEPOLIA_RPC_URL, AMOY_RPC_URL). The chain is the truth about balances and blocks; the database is the
 * app's book and an index that follows it (payments/chain-indexer.ts).
 */
export interface EvmChain {
  family: 'evm';
  network: NetworkId;
  /** The node's JSON-RPC URL: loopback for a local node. */
  url: string;
  client: PublicClient;
  /** Whether the app started this node (admin methods answer) or reaches one by URL. */
  isLocal: boolean;
  /** The account that funds new wallets and the faucet: it holds the coin and test USDC. */
  treasury: { address: Address; privateKeyHex: string };
}


/**
 * A viem client for a node: no retries of its own (the indexer and the outbox try again on their next tick); calls
 * made together go as one JSON-RPC batch (the outbox asks about every pending transaction at once).
 */
export function nodeClient(url: string): PublicClient {
  return createPublicClient({ transport: http(url, { retryCount: 0, timeout: 10_000, batch: { batchSize: 100 } }) });
}

/** The EVM network ids, in registry order. */
export const EVM_NETWORK_IDS: readonly NetworkId[] = NETWORK_IDS.filter((id) => chainFamilyOf(id) === 'evm');

/** An EvmChain for `network` at `url`, signing for the treasury with `treasuryKeyHex` (64 hex digits, no 0x). */
export function evmChainAt(network: NetworkId, url: string, treasuryKeyHex: string, isLocal: boolean): EvmChain {
  if (chainFamilyOf(network) !== 'evm') throw new Error(`${NETWORKS[network].label} is not an EVM network`);
  const address = privateKeyToAddress(`0x${treasuryKeyHex}`);
  return { family: 'evm', network, url, client: nodeClient(url), isLocal, treasury: { address, privateKeyHex: treasuryKeyHex } };
}
