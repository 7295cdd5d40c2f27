import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is https: browsers are told to use https only (HSTS). */
  isHttps: boolean;
}

/** The app's Content-Security-Policy: pages, assets and API answers. */
export const APP_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The API docs' policy (`/api/docs`, plugins/openapi.ts): the app's, tightened to what Swagger UI needs.
 * Its scripts and stylesheets are files of our origin, its images `data:` URLs, and it sets styles only
 * through the DOM (which CSP does not govern), so it needs no inline style, no blob: and no media at all.
 */
export const DOCS_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  ...APP_CSP_DIRECTIVES,
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  mediaSrc: ["'none'"],
  workerSrc: ["'none'"],
  scriptSrcAttr: ["'none'"],
};

/** Directives as a header value: `defaultSrc` → `default-src 'self'`, joined by `;`. */
export function cspHeaderValue(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
    .join(';');
}

/**
 * The headers helmet sets for these options, read once. They depend on nothing in the request, so asking helmet
 * on every request (as @fastify/helmet does, parsing the whole policy each time) only cost CPU on every answer.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [name: string, value: string]> {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/**
 * Security headers on every response. Scripts only from our own origin (no inline scripts: the theme
 * is set by a small external file); inline *styles* stay allowed because Radix and the chart library
 * position elements with style attributes. API answers carry personal data: no cache keeps them unless
 * a route says otherwise.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...APP_CSP_DIRECTIVES },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Plain HTTP on localhost in the demo; behind TLS (an https PUBLIC_URL) browsers are told to stay on https.
    strictTransportSecurity: options.isHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });

  // On the raw response first, as helmet did: a route's own value (the API docs' policy) set through the reply wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
