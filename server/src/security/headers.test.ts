import type { InjectOptions } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { swaggerUiStyleHashes } from '../plugins/openapi.ts';
import { call, signUp } from '../test/auth-client.ts';
import { TEST_ORIGIN, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

/** A response's Content-Security-Policy, directive → sources. */
function cspDirectives(headers: Record<string, unknown>): Map<string, string[]> {
  const csp = String(headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0]!, parts.slice(1)]),
  );
}

/** The headers every response carries, whatever produced it. */
function expectSecurityHeaders(label: string, headers: Record<string, unknown>): void {
  const directives = cspDirectives(headers);
  expect(directives.get('default-src'), `${label}: CSP default-src`).toEqual(["'self'"]);
  expect(directives.get('script-src'), `${label}: CSP script-src`).toEqual(["'self'"]);
  expect(directives.get('object-src'), `${label}: CSP object-src`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${label}: CSP base-uri`).toEqual(["'self'"]);
  expect(directives.has('frame-ancestors'), `${label}: CSP frame-ancestors`).toBe(true);
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(headers['x-powered-by'], label).toBeUndefined();
  // Plain http here (the demo): no HSTS, which would pin localhost to https (security/cookies.test.ts has the https case).
  expect(headers['strict-transport-security'], label).toBeUndefined();
}

describeEachDatabase('security headers on every kind of response', (kind) => {
  const ctx = useTestApp(kind);
  afterEach(() => vi.restoreAllMocks());

  it('sends them on pages, assets, API answers of every status, framework errors and the API docs', async () => {
    const user = await signUp(ctx.app);
    const requests: Array<[label: string, request: InjectOptions, status: number]> = [
      ['page', { url: '/' }, 200],
      ['client-side route (SPA fallback)', { url: '/dashboard' }, 200],
      ['page, HEAD', { method: 'HEAD', url: '/' }, 200],
      ['hashed static asset', { url: '/assets/app-abc123.js' }, 200],
      ['API 200', { url: '/api/health' }, 200],
      ['API 200 signed in', { url: '/api/wallets', headers: { cookie: user.cookie } }, 200],
      ['API 201', { method: 'POST', url: '/api/contact', headers: { origin: TEST_ORIGIN }, payload: { name: 'A', email: 'a@example.com', subject: 'general', message: 'Hello' } }, 201],
      ['API 400', { url: '/api/prices/history?days=8' }, 400],
      ['API 401', { url: '/api/wallets' }, 401],
      ['API 403 (foreign origin)', { method: 'POST', url: '/api/contact', headers: { origin: 'https://evil.example' }, payload: {} }, 403],
      ['API 404', { url: '/api/nope' }, 404],
      ['API 413 (framework error)', { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: `"${'x'.repeat(200 * 1024)}"` }, 413],
      ['API docs UI', { url: '/api/docs/' }, 200],
      ['API docs document', { url: '/api/docs/json' }, 200],
    ];
    for (const [label, request, status] of requests) {
      const response = await ctx.app.inject({ method: 'GET', ...request });
      expect(response.statusCode, label).toBe(status);
      expectSecurityHeaders(label, response.headers);
    }
  });

  it('gives the API docs a policy no looser than the app\'s: no inline style or script, no other origin, no framing', async () => {
    const app = cspDirectives((await ctx.app.inject({ url: '/api/health' })).headers);
    const styleHashes = swaggerUiStyleHashes();
    // Swagger UI's logo styles, allowed by their hashes rather than by 'unsafe-inline'.
    expect(styleHashes.length).toBeGreaterThan(0);
    expect(styleHashes.every((hash) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(hash))).toBe(true);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).not.toMatch(/unsafe-inline|unsafe-eval|https:|http:|upgrade-insecure-requests|validator\.swagger\.io/);
      const docs = cspDirectives(response.headers);
      // Every directive of the app's policy is there, with no source the app's does not allow but the style
      // hashes ('none' is tighter than anything).
      for (const [directive, sources] of app) {
        expect(docs.has(directive), `${url}: ${directive}`).toBe(true);
        const extra = docs.get(directive)!.filter((source) => !sources.includes(source) && !styleHashes.includes(source) && source !== "'none'");
        expect(extra, `${url}: ${directive}`).toEqual([]);
      }
      expect(docs.get('style-src'), url).toEqual(["'self'", ...styleHashes]);
      expect(docs.get('script-src'), url).toEqual(["'self'"]);
      expect(docs.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(docs.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(docs.get('img-src'), url).toEqual(["'self'", 'data:']);
    }
  });

  it('sends them on a 500, whose body says nothing about the cause', async () => {
    vi.spyOn(ctx.app.prices, 'getSnapshot').mockRejectedValueOnce(new Error('connection to db-internal.example:5432 refused'));
    const response = await call(ctx.app, 'GET', '/api/prices');
    expect(response.statusCode).toBe(500);
    expectSecurityHeaders('API 500', response.headers);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } });
  });

  it('keeps API answers out of caches unless a route says otherwise', async () => {
    const user = await signUp(ctx.app);
    for (const url of ['/api/account', '/api/wallets', '/api/auth/get-session', '/api/nope']) {
      const response = await call(ctx.app, 'GET', url, { cookie: user.cookie });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // Prices are public and revalidated; hashed assets are immutable.
    expect((await call(ctx.app, 'GET', '/api/prices')).headers['cache-control']).toBe('no-cache');
    expect((await ctx.app.inject({ url: '/assets/app-abc123.js' })).headers['cache-control']).toContain('immutable');
  });
});
