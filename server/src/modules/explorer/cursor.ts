import { WALLET_MESSAGES } from '@fincrypt/domain';
import { badRequest } from '../../errors.ts';

/** A position in a newest-first list: the last row's (createdAt, id), opaque to clients. */
export interface Keyset {
  createdAt: Date;
  id: string;
}

export function encodeKeyset(row: Keyset): string {
  return Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString('base64url');
}

/** 400 for anything this server did not hand out: the list is never read from a guessed position. */
export function decodeKeyset(cursor: string): Keyset {
  const [ms, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const createdAt = new Date(Number(ms));
  if (extra !== undefined || !id || !/^[0-9a-f-]{36}$/i.test(id) || !/^\d{1,15}$/.test(ms ?? '') || Number.isNaN(createdAt.getTime())) {
    throw badRequest(WALLET_MESSAGES.invalidCursor);
  }
  return { createdAt, id };
}
