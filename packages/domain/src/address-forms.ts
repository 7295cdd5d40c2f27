/*
 * How an address is shown and compared (and how a lookalike is told apart), apart from addresses.ts's checks: those need keccak and base58 and the
 * API's messages, and a page that only shows addresses (the dashboard, the history) should not load them.
 */

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

/**
 * Which characters of `candidate` differ from `known` at the same place (case ignored on EVM, where the case is only a
 * checksum): the review marks them, so a look-alike's changed middle shows at a glance. Beyond the shorter, all differ.
 */
export function differingCharacters(candidate: string, known: string): boolean[] {
  const ours = addressKey(candidate);
  const theirs = addressKey(known);
  return [...candidate].map((_, index) => ours[index] !== theirs[index]);
}
