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

const TOTP_STEP_MS = 30_000;
/** How close to the next step a code of the step before now is not taken: the request might reach the server after it. */
const STEP_BOUNDARY_MARGIN_MS = 3_000;

/**
 * The code of the step before the current one, which the server accepts as one step of clock drift (tests use it so
 * that the current step's code stays unused for a later sign-in). Taken at least STEP_BOUNDARY_MARGIN_MS before the
 * next step begins, waiting past the boundary when nearer: once that boundary passes, the code is two steps old and
 * refused.
 */
export async function previousTotpCode(secretBase32: string): Promise<string> {
  const untilNextStepMs = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);
  if (untilNextStepMs < STEP_BOUNDARY_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, untilNextStepMs + 50));
  return totpCode(secretBase32, Date.now() - TOTP_STEP_MS);
}
