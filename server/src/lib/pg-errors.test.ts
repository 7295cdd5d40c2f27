import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@fincrypt/test-support';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createEmptyPostgresDatabase } from '../test/test-database.ts';
import { isDatabaseUnavailable, isRetryableConflict, isUniqueViolation } from './pg-errors.ts';
import { rejectionOf } from '../test/rejection-of.ts';

describe('isDatabaseUnavailable on the errors node-postgres really raises', () => {
  let proxy: TcpProxy;
  let closingServer: net.Server;
  let closingPort: number;
  const accepted = new Set<net.Socket>();

  beforeAll(async () => {
    // Nothing here speaks PostgreSQL: the connection fails before a byte would be exchanged.
    proxy = await startTcpProxy({ host: '127.0.0.1', port: await freePort() });
    closingServer = net.createServer((socket) => {
      accepted.add(socket);
      socket.end();
    });
    await new Promise<void>((resolve) => closingServer.listen(0, '127.0.0.1', () => resolve()));
    closingPort = (closingServer.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await proxy.close();
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => closingServer.close(resolve));
  });

  const client = (port: number, options: pg.ClientConfig = {}) =>
    new pg.Client({ host: '127.0.0.1', port, user: 'nobody', database: 'nothing', ...options });

  it('a refused connection (nothing listens)', async () => {
    const error = await rejectionOf(client(await freePort()).connect());
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a connection reset while connecting, and one closed before the server said anything', async () => {
    proxy.stop('reset');
    try {
      expect(isDatabaseUnavailable(await rejectionOf(client(proxy.port).connect()))).toBe(true);
    } finally {
      proxy.resume();
    }
    const closed = await rejectionOf(client(closingPort).connect());
    expect(String(closed)).toMatch(/Connection terminated unexpectedly/);
    expect(isDatabaseUnavailable(closed)).toBe(true);
  });

  it("a connection that never answers: a client's and a pool's connection timeout, and drizzle's wrapping of it", async () => {
    proxy.stop('hold');
    const pool = new pg.Pool({ host: '127.0.0.1', port: proxy.port, user: 'nobody', database: 'nothing', connectionTimeoutMillis: 200 });
    try {
      expect(isDatabaseUnavailable(await rejectionOf(client(proxy.port, { connectionTimeoutMillis: 200 }).connect()))).toBe(true);
      const poolError = await rejectionOf(pool.query('select 1'));
      expect(String(poolError)).toMatch(/Connection terminated due to connection timeout/);
      expect(isDatabaseUnavailable(poolError)).toBe(true);
      const drizzleError = await rejectionOf(drizzlePostgres(pool).execute(sql`select 1`));
      expect(drizzleError).toBeInstanceOf(Error);
      expect((drizzleError as Error).message).toMatch(/^Failed query/);
      expect(isDatabaseUnavailable(drizzleError)).toBe(true);
    } finally {
      proxy.resume();
      await pool.end();
    }
  });

  it('a pool that has no free client in time', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: proxy.port, user: 'nobody', database: 'nothing', max: 1, connectionTimeoutMillis: 300 });
    proxy.stop('hold');
    try {
      const first = rejectionOf(pool.connect());
      const queued = await rejectionOf(pool.connect());
      expect(String(queued)).toMatch(/timeout exceeded when trying to connect/);
      expect(isDatabaseUnavailable(queued)).toBe(true);
      expect(isDatabaseUnavailable(await first)).toBe(true);
    } finally {
      proxy.resume();
      await pool.end();
    }
  });
});

describe('isDatabaseUnavailable on how errors arrive', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['57P04', 'terminating connection because database was dropped'],
    ['57P05', 'terminating connection due to idle-session timeout'],
    ['55000', 'database "fincrypt" is not currently accepting connections'],
    // Too slow to answer in time: the request itself is fine, try again shortly (503, not 500).
    ['57014', 'canceling statement due to statement timeout'],
    ['25P03', 'terminating connection due to idle-in-transaction timeout'],
  ])('SQLSTATE %s (%s), also behind a cause', (code, message) => {
    const error = Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(true);
  });

  it('a refused connection to a name with several addresses (an AggregateError)', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]))).toBe(true);
  });

  it('is false for anything else, including errors the database raises about the statement', () => {
    for (const error of [
      undefined,
      null,
      'ECONNREFUSED',
      new Error('boom'),
      new Error('Connection was fine'),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
      Object.assign(new Error('value too long for type character varying(5)'), { code: '22001' }),
      Object.assign(new Error('no such file'), { code: 'ENOENT' }),
      // 55000 is an outage only when it says the database takes no connections.
      Object.assign(new Error('currval of sequence "s" is not yet defined in this session'), { code: '55000' }),
      Object.assign(new Error('replication slot "x" is active for PID 7'), { code: '55000' }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('stops on a cause that points back at itself', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the classifiers on errors PostgreSQL (PGlite) raises through drizzle', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzlePglite>;

  beforeAll(async () => {
    client = new PGlite();
    db = drizzlePglite(client);
    await db.execute(sql`create table t (id int primary key)`);
    await db.execute(sql`insert into t values (1)`);
  });

  afterAll(async () => client.close());

  it('a unique violation is one, named by its constraint, and not an outage', async () => {
    const error = await rejectionOf(db.execute(sql`insert into t values (1)`));
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 't_pkey')).toBe(true);
    expect(isUniqueViolation(error, 'other_key')).toBe(false);
    expect(isRetryableConflict(error)).toBe(false);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('a division by zero, a missing table or a currval before nextval (SQLSTATE 55000) is none of them', async () => {
    await db.execute(sql`create sequence s`);
    for (const statement of [sql`select 1 / 0`, sql`select * from missing`, sql`select currval('s')`]) {
      const error = await rejectionOf(db.execute(statement));
      expect(isUniqueViolation(error)).toBe(false);
      expect(isRetryableConflict(error)).toBe(false);
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('a serialization failure and a deadlock are retryable conflicts', () => {
    for (const code of ['40001', '40P01']) {
      expect(isRetryableConflict(new Error('Failed query', { cause: Object.assign(new Error('conflict'), { code }) }))).toBe(true);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('isDatabaseUnavailable on PostgreSQL ending or refusing a session', () => {
  it('a backend terminated by an administrator (57P01)', async () => {
    const victim = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    victim.on('error', () => {});
    await victim.connect();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
      const sleeping = rejectionOf(victim.query('select pg_sleep(30)'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      const error = await sleeping;
      expect(error).toMatchObject({ code: '57P01' });
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The next query on the dead connection fails without a code.
      const after = await rejectionOf(victim.query('select 1'));
      expect(isDatabaseUnavailable(after)).toBe(true);
    } finally {
      await admin.end();
      await victim.end().catch(() => {});
    }
  });

  it('a connection to a database closed to connections (55000 "is not currently accepting connections")', async () => {
    const target = await createEmptyPostgresDatabase();
    const name = new URL(target.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const pool = new pg.Pool({ connectionString: target.url });
    try {
      await admin.query(`alter database ${name} with allow_connections false`);
      const error = await rejectionOf(pool.query('select 1'));
      expect(error).toMatchObject({ code: '55000', message: `database "${name}" is not currently accepting connections` });
      expect(isDatabaseUnavailable(error)).toBe(true);
      const drizzleError = await rejectionOf(drizzlePostgres(pool).execute(sql`select ${'a value'}`));
      expect(isDatabaseUnavailable(drizzleError)).toBe(true);
    } finally {
      await pool.end();
      await admin.query(`alter database ${name} with allow_connections true`);
      await admin.end();
      await target.drop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('isDatabaseUnavailable on PostgreSQL timing a session out', () => {
  const connect = async (options: pg.ClientConfig) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, ...options });
    client.on('error', () => {});
    await client.connect();
    return client;
  };

  it('a statement cancelled by statement_timeout (57014)', async () => {
    const client = await connect({ statement_timeout: 100 });
    try {
      const error = await rejectionOf(client.query('select pg_sleep(5)'));
      expect(error).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('a session left idle in a transaction (25P03), and the next query on it', async () => {
    const client = await connect({ idle_in_transaction_session_timeout: 100 });
    try {
      await client.query('begin');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const error = await rejectionOf(client.query('select 1'));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await client.end().catch(() => {});
    }
  });

  it('an answer that never comes (query_timeout behind a silent network)', async () => {
    const upstream = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const client = new pg.Client({ connectionString: proxy.rewrite(process.env.TEST_DATABASE_URL!), query_timeout: 300 });
    client.on('error', () => {});
    try {
      await client.connect();
      proxy.stop('blackhole');
      const error = await rejectionOf(client.query('select 1'));
      expect(String(error)).toMatch(/Query read timeout/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await client.end().catch(() => {});
      await proxy.close();
    }
  });
});
