import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { WALLET_MESSAGES } from '@fincrypt/domain';
import { badRequest } from '../errors.ts';

/** A position in a newest-first list: the last row's (createdAt, id). */
export interface Keyset {
  createdAt: Date;
  id: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** 8 bytes of milliseconds and the 16 bytes of a UUID. */
const KEYSET_BYTES = 24;

function toUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Page cursors that say nothing to a client: the keyset sealed with AES-256-GCM under a server secret. A client can
 * only hand back one it was given (anything else is a 400), never read a row's id or time out of it nor make one up.
 */
export function createPageCursors(secret: string) {
  const key = createHash('sha256').update(`page-cursors:${secret}`).digest();
  const refused = () => badRequest(WALLET_MESSAGES.invalidCursor);
  return {
    encode(row: Keyset): string {
      const plain = Buffer.alloc(KEYSET_BYTES);
      plain.writeBigUInt64BE(BigInt(row.createdAt.getTime()));
      Buffer.from(row.id.replaceAll('-', ''), 'hex').copy(plain, 8);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    /** The keyset of a cursor this server handed out; 400 for anything else. */
    decode(cursor: string): Keyset {
      const bytes = Buffer.from(cursor, 'base64url');
      if (bytes.length !== IV_BYTES + KEYSET_BYTES + TAG_BYTES || bytes.toString('base64url') !== cursor) throw refused();
      let plain: Buffer;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES + KEYSET_BYTES));
        plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + KEYSET_BYTES)), decipher.final()]);
      } catch {
        throw refused();
      }
      const createdAt = new Date(Number(plain.readBigUInt64BE()));
      if (Number.isNaN(createdAt.getTime())) throw refused();
      return { createdAt, id: toUuid(plain.subarray(8)) };
    },
  };
}

export type PageCursors = ReturnType<typeof createPageCursors>;
