import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS, DEFAULT_POSTGRES_SETTINGS, loadConfig } from './config.ts';
import { BoundedClient, postgresPoolConfig } from './db/database.ts';
import { httpTimeoutOptions } from './lib/http-timeouts.ts';

describe('server settings: binding, HTTP timeouts and PostgreSQL bounds', () => {
  it("trusts the public URL's origin, plain-http loopback origins only beside a plain-http one, and TRUSTED_ORIGINS as listed", () => {
    expect(loadConfig({ PORT: '3000' }).trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'https://pay.example.com/' }).trustedOrigins).toEqual(['https://pay.example.com']);
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'http://10.0.0.5:8080' }).trustedOrigins).toEqual([
      'http://10.0.0.5:8080',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://pay.example.com', TRUSTED_ORIGINS: 'https://pay.example.com, http://localhost:3000' }).trustedOrigins).toEqual([
      'https://pay.example.com',
      'http://localhost:3000',
    ]);
  });

  it('listens on the loopback address unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });

  it('cuts a request off after 30 s and its headers after 10 s by default, and reads both from the environment', () => {
    expect(loadConfig({}).http).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000, idleSocketTimeoutMs: 120_000 });
    expect(loadConfig({}).http).toEqual(DEFAULT_HTTP_TIMEOUTS);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '60000', REQUEST_HEADERS_TIMEOUT_MS: '5000' }).http).toMatchObject({ requestTimeoutMs: 60_000, headersTimeoutMs: 5_000 });
    // A request limit below the default header limit brings the header limit down with it.
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '4000' }).http).toMatchObject({ requestTimeoutMs: 4_000, headersTimeoutMs: 4_000 });
  });

  it('refuses timeouts that are not whole milliseconds, or headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', REQUEST_HEADERS_TIMEOUT_MS: '6000' })).toThrow(/REQUEST_HEADERS_TIMEOUT_MS/);
  });

  it('hands Fastify the timeouts, with Node checking for late requests at least once a second', () => {
    expect(httpTimeoutOptions(DEFAULT_HTTP_TIMEOUTS)).toEqual({
      requestTimeout: 30_000,
      keepAliveTimeout: 72_000,
      connectionTimeout: 120_000,
      http: { requestTimeout: 30_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    });
    expect(httpTimeoutOptions({ ...DEFAULT_HTTP_TIMEOUTS, requestTimeoutMs: 1_000, headersTimeoutMs: 400 }).http.connectionsCheckingInterval).toBe(100);
  });

  it('bounds every PostgreSQL connection by default, each bound a setting, 0 turning one off', () => {
    expect(loadConfig({}).postgres).toEqual({
      poolMax: 20,
      connectionTimeoutMs: 5_000,
      statementTimeoutMs: 10_000,
      queryTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 10_000,
      idleSessionTimeoutMs: 10_000,
      keepAliveDelayMs: 10_000,
      heartbeatMs: 5_000,
    });
    expect(
      loadConfig({
        PG_POOL_MAX: '5',
        PG_CONNECTION_TIMEOUT_MS: '1000',
        PG_STATEMENT_TIMEOUT_MS: '0',
        PG_QUERY_TIMEOUT_MS: '30000',
        PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000',
        PG_IDLE_SESSION_TIMEOUT_MS: '3000',
        PG_KEEPALIVE_DELAY_MS: '4000',
        PG_HEARTBEAT_MS: '500',
      }).postgres,
    ).toEqual({
      poolMax: 5,
      connectionTimeoutMs: 1_000,
      statementTimeoutMs: 0,
      queryTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 2_000,
      idleSessionTimeoutMs: 3_000,
      keepAliveDelayMs: 4_000,
      heartbeatMs: 500,
    });
    expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/PG_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ PG_QUERY_TIMEOUT_MS: '1.5' })).toThrow(/PG_QUERY_TIMEOUT_MS/);
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
  });

  it('opens every PostgreSQL connection with those bounds, keepalive on, a client that drops a silent connection, and keeps it while it idles', () => {
    expect(postgresPoolConfig('postgres://db/app', DEFAULT_POSTGRES_SETTINGS)).toEqual({
      connectionString: 'postgres://db/app',
      max: 20,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
      query_timeout: 15_000,
      idle_in_transaction_session_timeout: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      Client: BoundedClient,
    });
  });
});
