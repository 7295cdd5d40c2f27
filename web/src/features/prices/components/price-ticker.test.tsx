import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisplayCurrency } from '@fincrypt/domain';
import { PriceTicker } from './price-ticker.tsx';

function renderTicker(currency: DisplayCurrency) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <PriceTicker currency={currency} /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function respondWith(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))));
}

const priceItem = (symbol: string) =>
  screen.getAllByRole('listitem').find((item) => within(item).queryByText(symbol) !== null);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PriceTicker', () => {
  it('shows a loading status, then the fallback prices when /api/prices fails, with only a warning logged', async () => {
    respondWith(404, { error: { code: 'NOT_FOUND', message: 'Route GET:/api/prices not found' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderTicker('inr');

    expect(screen.getByRole('status').textContent).toContain('Loading prices');
    await screen.findByText('₹180,400.00');
    expect(priceItem('ETH')?.textContent).toContain('+1.50%');
    expect(priceItem('MATIC')?.textContent).toContain('₹82.00');
    expect(priceItem('SOL')?.textContent).toContain('₹8,200.00');
    // USDC falls back to one dollar, in rupees.
    expect(priceItem('USDC')?.textContent).toContain('USD Coin');
    expect(priceItem('USDC')?.textContent).toContain('₹82.00');
    expect(priceItem('USDC')?.textContent).toContain('0.00%');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('status')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('shows the server prices in the chosen currency, a falling coin with a minus sign', async () => {
    const coin = (usd: number, change24h: number) => ({
      prices: { inr: usd * 83, usd, eur: usd, gbp: usd, jpy: usd },
      change24h,
      source: 'live',
    });
    respondWith(200, {
      prices: { ethereum: coin(2512.5, -2.345), 'matic-network': coin(0.71, 0.4), solana: coin(149.99, 5), 'usd-coin': coin(0.9998, -0.01) },
      updatedAt: new Date().toISOString(),
    });
    renderTicker('usd');

    await screen.findByText('$2,512.50');
    expect(priceItem('ETH')?.textContent).toContain('-2.35%');
    expect(priceItem('MATIC')?.textContent).toContain('$0.71');
    expect(priceItem('SOL')?.textContent).toContain('+5.00%');
    expect(priceItem('USDC')?.textContent).toContain('$1.00');
    expect(priceItem('USDC')?.textContent).toContain('-0.01%');
    expect(screen.getByRole('link', { name: 'View Market Insights' }).getAttribute('href')).toBe('/insights');
  });
});
