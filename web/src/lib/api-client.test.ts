import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, onUnauthorized } from './api-client.ts';

function respond(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status }))));
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
});
