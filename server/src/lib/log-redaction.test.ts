import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, SECRET_FIELDS, redactErrorsInLogObject, redacted, redactingLoggerOptions, withoutQueryParameters } from './log-redaction.ts';
import { rejectionOf } from '../test/rejection-of.ts';

/** A pino logger with the app's redaction, and the lines it wrote. */
function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ ...redactingLoggerOptions }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

describe('log redaction of failed statements', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  const token = 'tok3n-Secret-Value-0123456789';
  const email = 'someone-private@example.com';

  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client);
    await db.execute(sql`create table t (id int primary key, email text not null)`);
  });

  afterAll(async () => client.close());

  it("logs drizzle's failed query with its SQL and cause, without its values, and leaves the error itself alone", async () => {
    const error = await rejectionOf(db.execute(sql`select * from missing where token = ${token} and email = ${email}`));
    expect(String((error as Error).message)).toContain(token);
    const { log, lines } = capturingLogger();
    log.error({ err: error }, 'request failed');
    log.warn(error as Error, 'logged as the first argument');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(email);
      const { err } = JSON.parse(line) as { err: Record<string, unknown> };
      expect(err.type).toBe('DrizzleQueryError');
      expect(err.message).toContain('Failed query: select * from missing where token = $1 and email = $2');
      expect(err.message).toContain(`params: ${REDACTED}`);
      expect(err.message).toContain('relation "missing" does not exist');
      expect(err.stack).toContain('relation "missing" does not exist');
      expect(err.params).toBe(REDACTED);
    }
    // The caller may still read what it caught.
    expect((error as { params: unknown }).params).toEqual([token, email]);
    expect((error as { cause: { params: unknown } }).cause.params).toEqual([token, email]);
  });

  it('redacts the row a constraint quotes, errors under other keys or in arrays, and aggregated errors', async () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: `Key (email)=(${email}) already exists.`,
    });
    const drizzleLike = Object.assign(new Error(`Failed query: insert into users values ($1)\nparams: ${email}`, { cause: pgError }), {
      params: [email],
    });
    const { log, lines } = capturingLogger();
    log.error({ err: drizzleLike }, 'one');
    log.error({ error: drizzleLike, details: ['context', drizzleLike] }, 'two');
    log.error({ err: new AggregateError([drizzleLike, pgError], 'all failed') }, 'three');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(email);
      expect(line).toContain('users_email_key');
    }
    expect(JSON.parse(lines[1]!).details[0]).toBe('context');
  });

  it('cuts values with new lines and frame-like text exactly, and keeps a message without values as it is', () => {
    const params = ['line one\n    at fake (frame.js:1:1)', 42];
    const message = `Failed query: update t set a = $1 where id = $2\nparams: ${String(params)}`;
    expect(withoutQueryParameters(message, params)).toBe(`Failed query: update t set a = $1 where id = $2\nparams: ${REDACTED}`);
    expect(withoutQueryParameters(message)).toBe(`Failed query: update t set a = $1 where id = $2\nparams: ${REDACTED}`);
    expect(withoutQueryParameters('relation "x" does not exist')).toBe('relation "x" does not exist');
    const error = Object.assign(new Error(message), { params });
    const copy = redacted(error) as Error;
    expect(copy.stack).not.toContain('line one');
    expect(copy.stack).toMatch(/\n\s+at /);
  });

  it('stops on a cause that points back at itself, and passes anything but an error through', () => {
    const looped = Object.assign(new Error(`Failed query: select $1\nparams: ${token}`), { params: [token] }) as Error & { cause?: unknown };
    looped.cause = looped;
    const { log, lines } = capturingLogger();
    log.error({ err: looped }, 'loop');
    expect(lines[0]).not.toContain(token);
    for (const value of [undefined, null, 'text', 3, { message: 4 }]) expect(redacted(value)).toBe(value);
  });
});

describe('log redaction of private keys', () => {
  const key = `0x${'ab12'.repeat(16)}`;

  it('writes no private key, at the top level, in plain objects and arrays below it, or on an error', () => {
    expect([...SECRET_FIELDS]).toEqual(expect.arrayContaining(['privateKey', 'privateKeyHex', 'encryptedPrivateKey']));
    const { log, lines } = capturingLogger();
    log.info({ privateKey: key, address: '0x1' }, 'top level');
    log.info({ answer: { address: '0x1', privateKey: key }, wallets: [{ privateKeyHex: key.slice(2) }] }, 'nested');
    log.error({ err: Object.assign(new Error('could not sign'), { privateKeyHex: key.slice(2) }) }, 'on an error');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.toLowerCase()).not.toContain(key.slice(2));
    expect(JSON.parse(lines[0]!)).toMatchObject({ privateKey: REDACTED, address: '0x1' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ answer: { address: '0x1', privateKey: REDACTED }, wallets: [{ privateKeyHex: REDACTED }] });
    expect(JSON.parse(lines[2]!).err).toMatchObject({ message: 'could not sign', privateKeyHex: REDACTED });
  });

  it('leaves a log object without one as it is (no copy)', () => {
    const plain = { user: { id: 'u1' }, list: [1, { a: 2 }] };
    expect(redactErrorsInLogObject(plain)).toBe(plain);
  });
});
