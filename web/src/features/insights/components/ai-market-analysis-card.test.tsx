import type { DisplayCurrency, ForecastView, ForecastsResponse, SentimentView } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCurrencyStore } from '../../preferences/index.ts';
import { AiMarketAnalysisCard } from './ai-market-analysis-card.tsx';

const SENTIMENT: SentimentView = {
  token: 'ethereum',
  label: 'Cautious',
  prediction: 'Downward pressure; further declines are possible in the short term.',
  factors: ['a', 'b', 'c'],
  confidence: 77,
  change24h: -6.2,
  source: 'live',
  method: 'From the ETH 24h change.',
};

const RATES: Record<'inr' | 'usd', number> = { inr: 182_000, usd: 2200 };

function ethForecast(currency: 'inr' | 'usd'): ForecastView {
  const current = RATES[currency];
  return {
    token: 'ethereum',
    network: 'eth_sepolia',
    fromCurrency: 'ETH',
    toCurrency: currency.toUpperCase(),
    currency,
    currentRate: current,
    change24h: -current * 0.06,
    change24hPercent: -6.2,
    predictedRate24h: current * 1.01,
    predictedRate7d: current * 0.95,
    predictedRate30d: current * 0.9,
    expectedChangePercent: { h24: 1, d7: -5, d30: -10 },
    confidence: 0.64,
    backtest: { forecastsChecked: 20, meanAbsolutePercentError: 3.1 },
    historyDays: 90,
    timestamp: '2026-11-21T10:00:00.000Z',
  };
}

function forecasts(currency: 'inr' | 'usd'): ForecastsResponse {
  return { method: { name: 'Holt', description: 'Holt.' }, currency, forecasts: [ethForecast(currency)] };
}

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <AiMarketAnalysisCard /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useCurrencyStore.setState({ currency: 'inr' as DisplayCurrency });
  // happy-dom's IntersectionObserver never reports: without one, the card counts as near the screen.
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      if (url.pathname === '/api/insights/sentiment') return Promise.resolve(Response.json(SENTIMENT));
      if (url.pathname === '/api/insights/forecasts') return Promise.resolve(Response.json(forecasts(url.searchParams.get('currency') as 'inr' | 'usd')));
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AiMarketAnalysisCard', () => {
  it('holds the figures’ place until the card comes near the screen', () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe = (element: Element) => observed.push(element);
        disconnect = () => undefined;
      },
    );
    renderCard();
    const card = screen.getByRole('region', { name: 'AI Market Analysis' });
    expect(observed).toEqual([card]);
    expect(within(card).getByRole('status').textContent).toBe('Loading the market analysis');
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('shows the Ethereum sentiment and forecast, a link to the insights, and the research warning', async () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'AI Market Analysis' });
    expect(within(card).getByText('Ethereum Sepolia · ETH/INR')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/insights');
    expect(within(card).getByRole('note').textContent).toMatch(/based on historical data.*do your own research/);

    await within(card).findByText('Cautious');
    // Two confidences side by side, each saying what it measures.
    expect(card.textContent).toContain('Sentiment confidence 77%How clearly the 24h change sits inside its label');
    expect(card.textContent).toContain('Forecast confidence64%Chance the price lands within ±5% of the forecast');
    expect(card.textContent).toContain('₹182,000.00');
    expect(card.textContent).toContain('64%');
    const up = card.querySelector('[data-direction="up"]');
    const down = card.querySelector('[data-direction="down"]');
    expect(up?.textContent).toContain('₹183,820.00');
    expect(up?.closest('dd')?.className).toMatch(/text-green-700/);
    expect(down?.textContent).toContain('₹172,900.00');
    expect(down?.closest('dd')?.className).toMatch(/text-red-700/);
  });

  it('follows the display currency', async () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'AI Market Analysis' });
    await within(card).findByText('₹182,000.00');
    act(() => useCurrencyStore.getState().setCurrency('usd'));
    await within(card).findByText('$2,200.00');
    expect(card.textContent).toContain('ETH/USD');
    expect(card.textContent).not.toContain('₹');
  });
});
