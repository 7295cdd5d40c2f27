import { isEvmAddress, isSolanaAddress, listNetworks, toChecksumAddress, type NetworkId } from '@fincrypt/domain';
import { normalizeHash } from '../../lib/ids.ts';

/** What a search box's text names, before looking anything up. */
export type ParsedQuery =
  | { kind: 'hash'; hash: string }
  | { kind: 'address'; address: string; networks: NetworkId[] }
  | { kind: 'neither' };

const networksOfFamily = (family: 'evm' | 'solana'): NetworkId[] =>
  listNetworks()
    .filter((network) => network.family === family)
    .map((network) => network.id);

/**
 * An address in its canonical form (EIP-55 for EVM, where lower- or upper-case hex is accepted and mixed case
 * must carry a valid checksum; base58 on Solana, case-sensitive) with every network it is valid on; undefined
 * when it is no address of ours.
 */
export function parseAddress(text: string): { address: string; networks: NetworkId[] } | undefined {
  const trimmed = text.trim();
  if (isEvmAddress(trimmed)) return { address: toChecksumAddress(trimmed), networks: networksOfFamily('evm') };
  if (isSolanaAddress(trimmed)) return { address: trimmed, networks: networksOfFamily('solana') };
  return undefined;
}

/** A transaction hash (EVM: lower case; Solana: base58 signature) or an address; never both. */
export function parseQuery(text: string): ParsedQuery {
  const address = parseAddress(text);
  if (address) return { kind: 'address', ...address };
  const hash = normalizeHash(text);
  if (hash !== undefined) return { kind: 'hash', hash };
  return { kind: 'neither' };
}
