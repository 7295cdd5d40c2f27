const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a URL that is not a UUID cannot name any row: routes answer 404 for it, as for someone else's. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Transaction hashes: 0x + 64 hex (EVM, compared in lower case) or base58 (Solana signatures). */
export function normalizeHash(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^0x[0-9a-fA-F]{64}$/.test(trimmed)) return trimmed.toLowerCase();
  if (/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(trimmed)) return trimmed;
  return undefined;
}
