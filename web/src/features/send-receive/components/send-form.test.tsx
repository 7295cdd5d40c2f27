import { FALLBACK_PRICES, PAYMENT_MESSAGES, type FeeQuoteView, type FeeQuotesResponse, type TransactionView, type WalletView } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { SendForm } from './send-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const { toast } = await import('sonner');

const RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const ETHER = 10n ** 18n;

const wallet: WalletView = {
  id: '7d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e01',
  network: 'eth_sepolia',
  networkLabel: 'Ethereum Sepolia',
  symbol: 'ETH',
  decimals: 18,
  type: 'ethereum',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  balance: '100.0000',
  balanceUnits: (100n * ETHER).toString(),
  createdAt: '2026-01-01T00:00:00.000Z',
};

function quote(speed: FeeQuoteView['speed'], feeUnits: bigint, maxSendable: string): FeeQuoteView {
  return {
    speed,
    label: speed[0]!.toUpperCase() + speed.slice(1),
    gasPriceWei: (feeUnits / 21_000n).toString(),
    gasPriceGwei: '45.00',
    fee: '0.000945',
    feeUnits: feeUnits.toString(),
    timeEstimate: '15-30 sec',
    quotedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    quoteId: `quote-${speed}`,
    maxSendable,
    maxSendableUnits: '0',
  };
}

const feeQuotes: FeeQuotesResponse = {
  walletId: wallet.id,
  network: 'eth_sepolia',
  symbol: 'ETH',
  balance: wallet.balance,
  balanceUnits: wallet.balanceUnits,
  usdPrice: 2200,
  priceSource: 'fallback',
  refreshIntervalMs: 15_000,
  quotes: [
    quote('slow', 630_000_000_000_000n, '99.99937'),
    quote('normal', 945_000_000_000_000n, '99.999055'),
    quote('fast', 1_260_000_000_000_000n, '99.99874'),
  ],
};

/** A past send to RECIPIENT, so the form sends without asking for confirmation first. */
const pastSend = { network: 'eth_sepolia', toAddress: RECIPIENT } as TransactionView;

/** What the server answers a send with. */
const sent = makeTransaction({ toAddress: RECIPIENT });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the form sees it; `answerSend` decides each POST /api/transactions. */
function stubApi(answerSend: (init: RequestInit) => Response | Promise<Response>) {
  const sends: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/fees') return json(feeQuotes);
      if (pathname === '/api/prices') return json({ prices: FALLBACK_PRICES, updatedAt: new Date().toISOString() });
      if (pathname === '/api/transactions' && init.method === 'POST') {
        sends.push(init);
        return answerSend(init);
      }
      if (pathname === '/api/transactions') return json({ items: [pastSend], nextCursor: null });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  return sends;
}

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/send-receive']}>
        <Routes>
          <Route path="/send-receive" element={<SendForm wallets={[wallet]} walletId={wallet.id} onWalletChange={() => undefined} />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label);
const sendButton = () => screen.getByRole('button', { name: 'Send Transaction' });

async function fillValidSend(amount = '1.5') {
  await screen.findByRole('radio', { name: /^Normal/ });
  fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
  fireEvent.input(field('Amount'), { target: { value: amount } });
}

function expectFieldError(label: string, message: string) {
  const control = field(label);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  const describedBy = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('SendForm', () => {
  it.each([
    ['INSUFFICIENT_BALANCE', 400, 'Insufficient balance for transaction and gas fee', 'Amount'],
    ['INVALID_AMOUNT', 400, 'Invalid amount', 'Amount'],
    ['INVALID_RECIPIENT', 400, 'Invalid recipient address', 'Recipient Address'],
    ['SAME_WALLET', 400, 'You cannot send to the same wallet', 'Recipient Address'],
    ['WALLET_NOT_FOUND', 404, 'Sender wallet not found', 'Wallet'],
  ])('shows the server refusing with %s at the field it concerns and in a toast', async (code, status, message, label) => {
    stubApi(() => json({ error: { code, message } }, status));
    renderForm();
    await fillValidSend();
    fireEvent.click(sendButton());

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expectFieldError(label, message);
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch')), PAYMENT_MESSAGES.unavailable],
    ['the server answers 503', () => json({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Busy' } }, 503), PAYMENT_MESSAGES.unavailable],
    ['the answer is empty', () => new Response('', { status: 201 }), PAYMENT_MESSAGES.invalidResponse],
    ['the answer is not JSON', () => new Response('{"transaction":', { status: 201 }), PAYMENT_MESSAGES.invalidResponse],
    ["the answer is JSON but not a send's", () => json({ ok: true }, 201), PAYMENT_MESSAGES.invalidResponse],
    ['a failure carries no message', () => new Response('', { status: 500 }), PAYMENT_MESSAGES.failed],
  ])('says so in the spec\'s words when %s', async (_case, answer, message) => {
    stubApi(answer);
    renderForm();
    await fillValidSend();
    fireEvent.click(sendButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it('retries an unanswered send with the same request and key, then reports success and opens the dashboard', async () => {
    let calls = 0;
    const sends = stubApi(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json({ transaction: sent, wallet, alerts: [] }, 201);
    });
    renderForm();
    await fillValidSend();
    fireEvent.click(sendButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PAYMENT_MESSAGES.unavailable));
    fireEvent.click(sendButton());

    await screen.findByText('Dashboard page');
    expect(toast.success).toHaveBeenCalledWith('Transaction sent successfully');
    const [first, second] = sends.map((init) => ({ headers: init.headers as Record<string, string>, body: init.body as string }));
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toBe(first?.body);
  });

  it("after 15 s without an answer says 'Payment request timed out'; Try again repeats the same request and key", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const sends = stubApi(
      (init) =>
        new Promise<Response>((resolve, reject) => {
          calls += 1;
          // The first send is never answered (until the browser gives up on it); the retry is.
          if (calls > 1) resolve(json({ transaction: sent, wallet, alerts: [] }, 201));
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    renderForm();
    await fillValidSend();
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(toast.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(PAYMENT_MESSAGES.timedOut));
    vi.useRealTimers();

    const options = vi.mocked(toast.error).mock.calls[0]?.[1] as { action: { label: string; onClick: () => void } };
    expect(options.action.label).toBe('Try again');
    options.action.onClick();
    await screen.findByText('Dashboard page');
    const [first, second] = sends.map((init) => ({ headers: init.headers as Record<string, string>, body: init.body as string }));
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toBe(first?.body);
  });

  it('uses a new key once the server has answered', async () => {
    const sends = stubApi(() => json({ error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for transaction and gas fee' } }, 400));
    renderForm();
    await fillValidSend();
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(1));
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(2));
    const keys = sends.map((init) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends the quote of the chosen speed, with the canonical recipient', async () => {
    const sends = stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201));
    renderForm();
    await fillValidSend('2');
    fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT.toLowerCase() } });
    fireEvent.click(screen.getByRole('radio', { name: /^Fast/ }));
    fireEvent.click(sendButton());
    await screen.findByText('Dashboard page');
    expect(JSON.parse(sends[0]?.body as string)).toEqual({ walletId: wallet.id, to: RECIPIENT, amount: '2', speed: 'fast', quoteId: 'quote-fast' });
  });

  it("MAX copies the chosen speed's maximum and follows speed changes until an amount is typed", async () => {
    stubApi(() => json({}, 500));
    renderForm();
    await screen.findByRole('radio', { name: /^Normal/ });
    fireEvent.click(screen.getByRole('button', { name: 'MAX' }));
    expect(field('Amount').value).toBe('99.999055');
    fireEvent.click(screen.getByRole('radio', { name: /^Fast/ }));
    await waitFor(() => expect(field('Amount').value).toBe('99.99874'));

    fireEvent.input(field('Amount'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Slow/ }));
    await screen.findByText('Total');
    expect(field('Amount').value).toBe('3');
  });

  it('checks the balance against the fee of the chosen speed before sending anything', async () => {
    const sends = stubApi(() => json({}, 500));
    renderForm();
    // 99.9993 + 0.000945 (normal) is over 100; with the slow fee (0.00063) it would fit.
    await fillValidSend('99.9993');
    fireEvent.click(sendButton());
    await screen.findByText('Insufficient balance for transaction and gas fee');
    expect(sends).toHaveLength(0);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
