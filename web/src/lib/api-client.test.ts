import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, onUnauthorized, readRetryAfter } from './api-client.ts';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status, headers }))));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('returns the parsed body of a 2xx answer', async () => {
    respond(200, { status: 'ok' });
    await expect(apiFetch('/api/health')).resolves.toEqual({ status: 'ok' });
  });

  it('throws the server message and code from the common error shape', async () => {
    respond(400, { error: { code: 'VALIDATION_ERROR', message: 'Please select a subject' } });
    const error = await apiFetch('/api/contact', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Please select a subject' });
  });

  it('reads the top-level shape too, and falls back to the HTTP status', async () => {
    respond(403, { code: 'FORBIDDEN', message: 'No' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'No' });
    respond(502, undefined);
    await expect(apiFetch('/x')).rejects.toMatchObject({ message: 'HTTP error! status: 502' });
  });

  it('tells the session layer when the session is gone', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    respond(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in' } });
    await expect(apiFetch('/api/wallets')).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads when a rate-limited request may be made again from Retry-After', async () => {
    respond(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 42 seconds.' } }, { 'retry-after': '42' });
    const before = Date.now();
    const error = (await apiFetch('/api/contact', { method: 'POST', body: {} }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAt).toBeGreaterThanOrEqual(before + 42_000);
    expect(error.retryAt).toBeLessThanOrEqual(Date.now() + 42_000);
    respond(400, { error: { code: 'VALIDATION_ERROR', message: 'No' } }, { 'retry-after': '42' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ retryAt: undefined });
  });
});

describe('readRetryAfter', () => {
  it('takes seconds or an HTTP date, and nothing else', () => {
    expect(readRetryAfter('90', 1_000)).toBe(91_000);
    expect(readRetryAfter('Wed, 25 Nov 2026 10:00:00 GMT')).toBe(Date.UTC(2026, 10, 25, 10));
    expect(readRetryAfter(null)).toBeUndefined();
    expect(readRetryAfter('soon')).toBeUndefined();
  });
});
