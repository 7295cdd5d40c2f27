import type { NetworkId } from '@fincrypt/domain';

/** Roughly each chain's own cadence, so block numbers advance as an explorer shows them. */
export const BLOCK_TIME_MS: Record<NetworkId, number> = { eth_sepolia: 12_000, polygon_amoy: 2_000, solana_devnet: 400 };
const GENESIS_MS = Date.UTC(2024, 0, 1);

/** The block a transaction included at this moment lands in: every transfer of one block time shares it. */
export function blockNumberAt(network: NetworkId, includedAtMs: number): number {
  return 1 + Math.max(0, Math.floor((includedAtMs - GENESIS_MS) / BLOCK_TIME_MS[network]));
}

/** When a block was produced: the start of its block time (the explorer's block pages show it). */
export function blockTimeOf(network: NetworkId, number: number): Date {
  return new Date(GENESIS_MS + (Math.max(1, number) - 1) * BLOCK_TIME_MS[network]);
}
