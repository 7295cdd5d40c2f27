import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { EVM_ADDRESS_SHAPE, SOLANA_ADDRESS_SHAPE } from './address-shapes.ts';
import { API_ERRORS } from './errors.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const INVALID_RECIPIENT_MESSAGE = API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient;

const SOLANA_PUBLIC_KEY_BYTES = 32;

/**
 * Checksums worked out, by lowercase hex: a send checks its recipient twice (finding our wallets at that address,
 * then its own checks), and a sender pays the same few addresses again and again. Bounded: emptied when full.
 */
const checksumsByLowerHex = new Map<string, string>();
const CHECKSUMS_KEPT = 1024;

/** EIP-55: a hex letter is upper case when the matching nibble of keccak-256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  if (!EVM_ADDRESS_SHAPE.test(address)) throw new TypeError(`Not a 0x-prefixed 40-hex-digit address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const known = checksumsByLowerHex.get(lower);
  if (known !== undefined) return known;
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i]!;
    checksummed += parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  if (checksumsByLowerHex.size >= CHECKSUMS_KEPT) checksumsByLowerHex.clear();
  checksumsByLowerHex.set(lower, checksummed);
  return checksummed;
}

/**
 * The EIP-55 form of an EVM address, or undefined when it is not one. All-lowercase and all-uppercase hex carry no
 * checksum and are accepted; mixed case must match EIP-55. One keccak serves both the check and the form.
 */
function checksummedEvmAddress(address: string): string | undefined {
  if (!EVM_ADDRESS_SHAPE.test(address)) return undefined;
  const checksummed = toChecksumAddress(address);
  const hex = address.slice(2);
  const carriesNoChecksum = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  return carriesNoChecksum || checksummed === address ? checksummed : undefined;
}

export function isEvmAddress(address: string): boolean {
  return checksummedEvmAddress(address) !== undefined;
}

/** A base58 string that decodes to a 32-byte ed25519 public key. */
export function isSolanaAddress(address: string): boolean {
  if (!SOLANA_ADDRESS_SHAPE.test(address)) return false;
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
  const canonical = NETWORKS[network].family === 'evm' ? checksummedEvmAddress(trimmed) : isSolanaAddress(trimmed) ? trimmed : undefined;
  if (canonical === undefined) return { ok: false, code: 'INVALID_RECIPIENT', message: INVALID_RECIPIENT_MESSAGE };
  return { ok: true, address: canonical };
}
