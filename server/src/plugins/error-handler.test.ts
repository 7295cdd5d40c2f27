import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { APIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { freePort } from '@fincrypt/test-support';
import { errorHandlerPlugin } from './error-handler.ts';

const UNAVAILABLE = { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering. Please try again shortly.' } };
const INTERNAL = { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } };

describe('error handler: a database that is away is a 503, never a 500', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  let pglite: PGlite;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        callback();
      },
    });
    app = Fastify({ logger: { level: 'warn', stream } });
    await app.register(errorHandlerPlugin);
    // Nothing listens on this port: the driver's own "connection refused", wrapped by drizzle.
    pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'nobody', database: 'nothing' });
    pglite = new PGlite();
    app.get('/database-away', async () => drizzlePostgres(pool).execute(sql`select 1`));
    // What better-auth's getSession throws, cause dropped, when its database reads fail.
    app.get('/session-store-failed', async () => {
      throw APIError.from('INTERNAL_SERVER_ERROR', { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' });
    });
    app.get('/auth-failed-otherwise', async () => {
      throw APIError.from('INTERNAL_SERVER_ERROR', { code: 'FAILED_TO_CREATE_USER', message: 'Failed to create user' });
    });
    app.get('/statement-failed', async () => drizzlePglite(pglite).execute(sql`select 1 / 0`));
    app.get('/bug', async () => {
      throw new Error('boom');
    });
    app.get('/health-says-so', async () => {
      throw new AppError('DATABASE_UNAVAILABLE', UNAVAILABLE.error.message);
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await pool.end();
    await pglite.close();
  });

  /** The request's answer and what it logged. */
  const call = async (url: string) => {
    const before = logLines.length;
    const response = await app.inject({ method: 'GET', url });
    return { response, logged: logLines.slice(before).map((line) => [line.level, line.msg]) };
  };

  it.each(['/database-away', '/session-store-failed', '/health-says-so'])('%s answers 503 DATABASE_UNAVAILABLE', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
  });

  it('logs an outage as a warning about the database, not as a failed request', async () => {
    for (const url of ['/database-away', '/session-store-failed']) {
      expect((await call(url)).logged).toEqual([[40, 'database unavailable']]);
    }
  });

  it.each(['/auth-failed-otherwise', '/statement-failed', '/bug'])('%s is still a 500, logged as an error', async (url) => {
    const { response, logged } = await call(url);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
    expect(logged).toEqual([[50, 'request failed']]);
  });
});
