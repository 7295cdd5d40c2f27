import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { API_ERRORS } from './errors.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const INVALID_RECIPIENT_MESSAGE = API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS_CHARS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const SOLANA_PUBLIC_KEY_BYTES = 32;

/** EIP-55: a hex letter is upper case when the matching nibble of keccak-256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  if (!EVM_ADDRESS.test(address)) throw new TypeError(`Not a 0x-prefixed 40-hex-digit address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i]!;
    checksummed += parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed;
}

/** All-lowercase and all-uppercase hex carry no checksum and are accepted; mixed case must match EIP-55. */
export function isEvmAddress(address: string): boolean {
  if (!EVM_ADDRESS.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** A base58 string that decodes to a 32-byte ed25519 public key. */
export function isSolanaAddress(address: string): boolean {
  if (!SOLANA_ADDRESS_CHARS.test(address)) return false;
  try {
    return base58.decode(address).length === SOLANA_PUBLIC_KEY_BYTES;
  } catch {
    return false;
  }
}

export function isValidAddress(network: NetworkId, address: string): boolean {
  return NETWORKS[network].family === 'evm' ? isEvmAddress(address) : isSolanaAddress(address);
}

export type RecipientResult =
  | { ok: true; address: string }
  | { ok: false; code: 'INVALID_RECIPIENT'; message: typeof INVALID_RECIPIENT_MESSAGE };

/**
 * Stricter than "present and at least 42 characters" (docs/product.md#choice-15): the address must be valid for the
 * network. On success the address comes back in its canonical form (EIP-55 for EVM).
 */
export function validateRecipient(network: NetworkId, address: string): RecipientResult {
  const trimmed = address.trim();
  if (!isValidAddress(network, trimmed)) return { ok: false, code: 'INVALID_RECIPIENT', message: INVALID_RECIPIENT_MESSAGE };
  const canonical = NETWORKS[network].family === 'evm' ? toChecksumAddress(trimmed) : trimmed;
  return { ok: true, address: canonical };
}

function isEvmLike(address: string): boolean {
  return /^0x/i.test(address);
}

/** The form two addresses are compared in: EVM hex ignores case, base58 does not. */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  return isEvmLike(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export function sameAddress(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}

/** The display form: first 6 and last 4 characters (docs/product.md#formatting). */
export function shortenAddress(address: string): string {
  if (address.length <= 13) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

const POISONING_EDGE_CHARS = 4;

/**
 * Address poisoning: a lookalike that shares the first and last 4 characters (after 0x) with an address
 * the user knows, hoping to be copied from history. Returns the known address it imitates, if any.
 */
export function looksLikeButDiffers(candidate: string, known: readonly string[]): string | undefined {
  const body = (address: string) => addressKey(address).replace(/^0x/, '');
  const candidateBody = body(candidate);
  if (candidateBody.length < POISONING_EDGE_CHARS * 2) return undefined;
  const head = candidateBody.slice(0, POISONING_EDGE_CHARS);
  const tail = candidateBody.slice(-POISONING_EDGE_CHARS);
  return known.find((address) => {
    const knownBody = body(address);
    return (
      !sameAddress(address, candidate) &&
      isEvmLike(address.trim()) === isEvmLike(candidate.trim()) &&
      knownBody.slice(0, POISONING_EDGE_CHARS) === head &&
      knownBody.slice(-POISONING_EDGE_CHARS) === tail
    );
  });
}
