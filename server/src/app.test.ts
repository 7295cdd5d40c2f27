import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './test/test-database.ts';
import { useTestApp } from './test/test-app.ts';

describeEachDatabase('app shell', (kind) => {
  const ctx = useTestApp(kind);

  it('answers an unknown API path with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api/wallets/123/whatever?x=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the SPA for any other path, and assets with long caching', async () => {
    for (const url of ['/', '/dashboard', '/legal/terms', '/some/unknown/page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset to a browser that accepts it, and the plain one otherwise', async () => {
    const compressed = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('sends security headers on pages, API answers and errors', async () => {
    for (const url of ['/', '/api/health', '/api/nope']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('publishes the OpenAPI document and its UI under /api/docs', async () => {
    const document = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/contact']));
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
