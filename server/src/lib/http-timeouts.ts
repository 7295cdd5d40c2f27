import type { ServerOptions } from 'node:http';
import type { HttpTimeouts } from '../config.ts';

/**
 * Fastify's server options for the HTTP timeouts (config.ts). Node looks for requests past their header or
 * request timeout every `connectionsCheckingInterval`, 30 s by default: far too coarse for a 30 s limit, so
 * it looks four times per limit, at least once a second. A cut-off request gets 408 and its connection closes.
 */
export function httpTimeoutOptions(timeouts: HttpTimeouts) {
  const shortest = Math.min(timeouts.requestTimeoutMs, timeouts.headersTimeoutMs);
  const http: ServerOptions = {
    requestTimeout: timeouts.requestTimeoutMs,
    headersTimeout: timeouts.headersTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shortest / 4))),
  };
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionTimeout: timeouts.idleSocketTimeoutMs,
    http,
  };
}
