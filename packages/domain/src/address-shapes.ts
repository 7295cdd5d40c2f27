import { NETWORKS, type NetworkId } from './networks.ts';

/*
 * What an address of each family looks like, apart from addresses.ts's checks: those need keccak (EIP-55) and base58,
 * and render-time code that only asks "could this be an address yet?" (the send form's recipient, as it is typed)
 * should not load them.
 */

/** 0x and 40 hex digits, in any case: whether the case is a valid EIP-55 checksum is addresses.ts's isEvmAddress. */
export const EVM_ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** 32–44 base58 characters: whether they decode to a 32-byte key is addresses.ts's isSolanaAddress. */
export const SOLANA_ADDRESS_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** True when the text has the form of an address on the network; isValidAddress is true only for some of these. */
export function looksLikeAddress(network: NetworkId, address: string): boolean {
  return (NETWORKS[network].family === 'evm' ? EVM_ADDRESS_SHAPE : SOLANA_ADDRESS_SHAPE).test(address);
}
