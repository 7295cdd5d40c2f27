import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_STORAGE_KEY, useCurrencyStore } from './currency-store.ts';
import { useCurrencySync } from './use-currency-sync.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubAccount(displayCurrency: string | null) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if (url === '/api/account') return json({ id: 'u1', displayCurrency });
      if (url === '/api/account/currency' && init.method === 'PUT') {
        puts.push(JSON.parse(init.body as string));
        return json({ currency: (JSON.parse(init.body as string) as { currency: string }).currency });
      }
      return json({}, 404);
    }),
  );
  return puts;
}

beforeEach(() => {
  localStorage.clear();
  useCurrencyStore.setState({ currency: 'inr' });
  localStorage.removeItem(CURRENCY_STORAGE_KEY);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCurrencySync', () => {
  it("adopts the account's currency at sign-in, then saves each change", async () => {
    const puts = stubAccount('eur');
    renderHook(() => useCurrencySync('u1'));
    await waitFor(() => expect(useCurrencyStore.getState().currency).toBe('eur'));
    expect(puts).toEqual([]);
    act(() => useCurrencyStore.getState().setCurrency('gbp'));
    await waitFor(() => expect(puts).toEqual([{ currency: 'gbp' }]));
  });

  it('saves a choice made on this browser before when the account has none', async () => {
    useCurrencyStore.getState().setCurrency('jpy');
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).not.toBeNull();
    const puts = stubAccount(null);
    renderHook(() => useCurrencySync('u1'));
    await waitFor(() => expect(puts).toEqual([{ currency: 'jpy' }]));
    expect(useCurrencyStore.getState().currency).toBe('jpy');
  });

  it('does not save the default as a choice', async () => {
    const puts = stubAccount(null);
    const fetchMock = vi.mocked(fetch);
    renderHook(() => useCurrencySync('u1'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/account', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toEqual([]);
  });

  it('asks nothing while nobody is signed in', async () => {
    const puts = stubAccount('eur');
    renderHook(() => useCurrencySync(undefined));
    act(() => useCurrencyStore.getState().setCurrency('usd'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    expect(puts).toEqual([]);
  });
});
