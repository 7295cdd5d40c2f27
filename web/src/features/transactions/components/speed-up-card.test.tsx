import type { FeeQuotesResponse, SpeedUpResponse, TransactionDetail } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { makeWallet } from '../../../lib/testing/make-wallet.ts';
import { SpeedUpCard, canSpeedUp } from './speed-up-card.tsx';

const pendingSlow = (overrides: Partial<TransactionDetail> = {}): TransactionDetail => ({
  ...makeTransaction({
    status: 'pending',
    confirmations: 0,
    blockNumber: null,
    speed: 'slow',
    effectiveGasPrice: '30000000000',
    gasPriceGwei: '30.00',
    fee: '0.00063',
    feeUnits: '630000000000000',
  }),
  timeline: [],
  quote: null,
  ...overrides,
});

const quote = (speed: 'slow' | 'normal' | 'fast', gwei: number) => ({
  speed,
  label: speed,
  gasPriceWei: (BigInt(gwei) * 10n ** 9n).toString(),
  gasPriceGwei: `${gwei}.00`,
  fee: '0',
  feeUnits: '0',
  timeEstimate: speed === 'fast' ? '5-15 sec' : '15-30 sec',
  quotedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-20T10:01:00.000Z',
  quoteId: `q-${speed}`,
  maxSendable: '0',
  maxSendableUnits: '0',
});

function quotesBody(transaction: TransactionDetail): FeeQuotesResponse {
  return {
    walletId: transaction.walletId,
    network: 'eth_sepolia',
    asset: 'ETH',
    symbol: 'ETH',
    balance: '10',
    balanceUnits: '10000000000000000000',
    feeBalance: '10',
    feeBalanceUnits: '10000000000000000000',
    gasUsed: '21000',
    usdPrice: 3000,
    priceSource: 'simulated',
    refreshIntervalMs: 15_000,
    quotes: [quote('slow', 30), quote('normal', 45), quote('fast', 60)],
  };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderCard(transaction: TransactionDetail, onSpedUp = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SpeedUpCard transaction={transaction} onSpedUp={onSpedUp} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSpedUp;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SpeedUpCard', () => {
  it('is offered only for a pending EVM send of yours with a faster speed left', () => {
    expect(canSpeedUp(pendingSlow())).toBe(true);
    expect(canSpeedUp(pendingSlow({ type: 'receive' }))).toBe(false);
    expect(canSpeedUp(pendingSlow({ status: 'confirmed', confirmations: 1 }))).toBe(false);
    expect(canSpeedUp(pendingSlow({ network: 'solana_devnet' }))).toBe(false);
    expect(canSpeedUp(pendingSlow({ speed: 'fast' }))).toBe(false);
    renderCard(pendingSlow({ status: 'confirmed', confirmations: 3 }));
    expect(screen.queryByTestId('speed-up')).toBeNull();
  });

  it('shows each faster speed with its extra fee, and sends the chosen one with the quote it showed', async () => {
    const transaction = pendingSlow();
    const newHash = `0x${'cd'.repeat(32)}`;
    const answer: SpeedUpResponse = {
      transaction: { ...transaction, hash: newHash, speed: 'fast' },
      wallet: makeWallet(),
      replacedHash: transaction.hash,
      feeDifference: '0.00063',
      feeDifferenceUnits: '630000000000000',
    };
    const fetchMock = vi.fn((url: string, init?: RequestInit) =>
      url.startsWith('/api/fees') ? json(quotesBody(transaction)) : init?.method === 'POST' ? json(answer) : json({}, 404),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSpedUp = renderCard(transaction);
    fireEvent.click(screen.getByRole('button', { name: 'Speed up' }));
    // 45 − 30 Gwei and 60 − 30 Gwei, times 21,000 gas.
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /Normal.*\+0\.000315 ETH/ })).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Fast.*\+0\.00063 ETH/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: pay 0.00063 ETH more' }));
    await waitFor(() => expect(onSpedUp).toHaveBeenCalledWith(newHash));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/transactions/${transaction.hash}/speed-up`);
    expect(JSON.parse(post[1]?.body as string)).toEqual({ speed: 'fast', feeQuoteId: 'q-fast' });
  });

  it("shows the server's refusal in the card", async () => {
    const transaction = pendingSlow({ speed: 'normal' });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.startsWith('/api/fees')
          ? json(quotesBody(transaction))
          : json({ error: { code: 'SPEED_UP_NOT_PENDING', message: 'This transaction is no longer pending: it is already in a block' } }, 409),
      ),
    );
    renderCard(transaction);
    fireEvent.click(screen.getByRole('button', { name: 'Speed up' }));
    fireEvent.click(await screen.findByRole('button', { name: /Confirm: pay/ }));
    expect(await screen.findByText('This transaction is no longer pending: it is already in a block')).toBeTruthy();
  });

  it('says which hashes a sped-up transaction replaced, once it is in a block too', () => {
    const old = `0x${'ef'.repeat(32)}`;
    renderCard(pendingSlow({ status: 'confirmed', confirmations: 2, speed: 'fast', replacedHashes: [old] }));
    expect(screen.getByRole('heading', { name: 'Sped up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: old }).getAttribute('href')).toBe(`/transaction/${old}`);
  });
});
