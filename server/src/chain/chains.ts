import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { NETWORK_IDS, type NetworkId } from '@fincrypt/domain';
import { type EvmChain } from './evm-chains.ts';

/**
 * Solana Devnet on the Solana runtime (issue 50, decision 052): the runtime itself lives in the chain clock's leader
 * (payments/solana-executor.ts); every process signs with the blockhash the leader published (payments/solana-state.ts).
 */
export interface SolanaChain {
  family: 'solana';
  network: NetworkId;
  /** Pays grants' fees and token accounts' rent, and is test USDC's mint authority. */
  treasury: { address: string; privateKeyHex: string };
}

/** A network on a real chain: an EVM node, or the Solana runtime. */
export type Chain = EvmChain | SolanaChain;
export type Chains = ReadonlyMap<NetworkId, Chain>;

/** No network on a real chain: every chain simulated (CHAIN=simulated). */
export const NO_CHAINS: Chains = new Map();

/** The networks a chain clock still simulates: every network without a real chain. */
export function simulatedNetworks(chains: Chains): NetworkId[] {
  return NETWORK_IDS.filter((id) => !chains.has(id));
}

/** The EVM networks among `chains`, on their nodes. */
export function evmChainsOf(chains: Chains): EvmChain[] {
  return [...chains.values()].filter((chain): chain is EvmChain => chain.family === 'evm');
}

/** The Solana runtime's chain for `network`, its treasury's ed25519 key derived from the treasury secret. */
export function solanaChainFrom(network: NetworkId, treasurySecret: string): SolanaChain {
  const secretKey = createHash('sha256').update(`fincrypt-solana-treasury:${treasurySecret}`).digest();
  const address = base58.encode(ed25519.getPublicKey(secretKey));
  return { family: 'solana', network, treasury: { address, privateKeyHex: secretKey.toString('hex') } };
}
