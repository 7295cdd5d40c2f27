import { createHmac } from 'node:crypto';
import { base32 } from '@scure/base';

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as an authenticator app computes it: tests sign in with it. */
export function totpCode(secretBase32: string, atMs: number = Date.now()): string {
  const padded = secretBase32.toUpperCase().replace(/=+$/, '');
  const key = base32.decode(padded + '='.repeat((8 - (padded.length % 8)) % 8));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/** The secret inside an otpauth:// URI. */
export function secretFromOtpauthUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
