import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS, loadConfig } from './config.ts';
import { httpTimeoutOptions } from './lib/http-timeouts.ts';

describe('server settings: binding and HTTP timeouts', () => {
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
});
