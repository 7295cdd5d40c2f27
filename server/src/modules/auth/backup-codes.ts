import { randomInt } from 'node:crypto';

/** Digits and capitals without the look-alikes 0/O and 1/I/L: a code read off paper is typed right. */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BACKUP_CODE_COUNT = 10;
const HALF_LENGTH = 5;

function randomChunk(): string {
  let chunk = '';
  for (let index = 0; index < HALF_LENGTH; index += 1) chunk += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
  return chunk;
}

/**
 * Ten single-use backup codes like `7KQ4M-XH2RC` (better-auth's shape, 10 characters from a 31-character
 * alphabet: about 49 bits each), for better-auth's `customBackupCodesGenerate`. No two alike.
 */
export function generateBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(`${randomChunk()}-${randomChunk()}`);
  return [...codes];
}
