import { randomUUID } from 'node:crypto';
import { WALLET_MESSAGES } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { createPageCursors } from './page-cursor.ts';

const cursors = createPageCursors('page-cursor-test-secret-0123456789abcdef');
const row = { createdAt: new Date(Date.UTC(2026, 11, 5, 12, 0, 0, 123)), id: randomUUID() };

describe('page cursors', () => {
  it('come back as the keyset they were made from, and say nothing of it to a client', () => {
    const cursor = cursors.encode(row);
    expect(cursors.decode(cursor)).toEqual(row);
    const readable = Buffer.from(cursor, 'base64url');
    expect(readable.toString('latin1')).not.toContain(row.id);
    expect(readable.toString('hex')).not.toContain(row.id.replaceAll('-', ''));
    expect(readable.toString('latin1')).not.toContain(String(row.createdAt.getTime()));
    // Sealed anew each time: two cursors of one row do not even match each other.
    expect(cursors.encode(row)).not.toBe(cursor);
  });

  it('refuse with 400 anything this server did not hand out: the old readable form, a changed byte, another secret, junk', () => {
    const cursor = cursors.encode(row);
    const flipped = Buffer.from(cursor, 'base64url');
    flipped[20]! ^= 1;
    const refused = [
      Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString('base64url'),
      flipped.toString('base64url'),
      createPageCursors('another-secret-entirely-0123456789abcdef').encode(row),
      `${cursor}A`,
      cursor.slice(1),
      '',
      'not a cursor',
    ];
    for (const candidate of refused) {
      expect(() => cursors.decode(candidate), candidate).toThrow(expect.objectContaining({ statusCode: 400, message: WALLET_MESSAGES.invalidCursor }));
    }
  });
});
