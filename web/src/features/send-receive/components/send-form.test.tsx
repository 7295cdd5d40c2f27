import {
  type ContactView,
  type CreateQuoteRequestInput,
  FALLBACK_PRICES,
  PAYMENT_MESSAGES,
  type FeeQuoteView,
  type FeeQuotesResponse,
  type PaymentQuote,
  type TransactionView,
  type WalletView,
  compareCost,
  displayCurrencySchema,
} from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import type { SendPrefill } from '../send-prefill.ts';
import { SendForm } from './send-form.tsx';

const contactOf = (address: string, name: string): ContactView => ({
  id: crypto.randomUUID(),
  network: 'eth_sepolia',
  address,
  name,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const { toast } = await import('sonner');

const RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const ETHER = 10n ** 18n;
const USDC_UNIT = 10n ** 6n;
const USDC_CONTRACT = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';

/** The wallet's balances: the coin and USDC, as GET /api/wallets shows them. */
function balancesOf(ether: bigint, usdc: bigint): WalletView['balances'] {
  return [
    { asset: 'ETH', symbol: 'ETH', name: 'Sepolia Ether', decimals: 18, kind: 'native', balance: `${ether / ETHER}.0000`, balanceUnits: ether.toString() },
    {
      asset: 'USDC',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      kind: 'token',
      standard: 'erc20',
      contractAddress: USDC_CONTRACT,
      balance: `${usdc / USDC_UNIT}.00`,
      balanceUnits: usdc.toString(),
    },
  ];
}

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
  balances: balancesOf(100n * ETHER, 1_000n * USDC_UNIT),
  nextFaucetAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function quote(speed: FeeQuoteView['speed'], feeUnits: bigint, maxSendable: string, gasUsed = 21_000n): FeeQuoteView {
  return {
    speed,
    label: speed[0]!.toUpperCase() + speed.slice(1),
    gasPriceWei: (feeUnits / gasUsed).toString(),
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
  asset: 'ETH',
  symbol: 'ETH',
  balance: wallet.balance,
  balanceUnits: wallet.balanceUnits,
  feeBalance: wallet.balance,
  feeBalanceUnits: wallet.balanceUnits,
  gasUsed: '21000',
  usdPrice: 2200,
  priceSource: 'fallback',
  refreshIntervalMs: 15_000,
  quotes: [
    quote('slow', 630_000_000_000_000n, '99.99937'),
    quote('normal', 945_000_000_000_000n, '99.999055'),
    quote('fast', 1_260_000_000_000_000n, '99.99874'),
  ],
};

/** USDC quotes: 65,000 gas at the same prices, so each fee is 65/21 of the coin's; MAX is the whole token balance. */
function usdcQuotes(usdcUnits: bigint, etherUnits: bigint): FeeQuotesResponse {
  const whole = (usdcUnits / USDC_UNIT).toString();
  const usdcQuote = (speed: FeeQuoteView['speed'], feeUnits: bigint, fee: string) => ({
    // As the server words it: 8 places, more than USDC's 6.
    ...quote(speed, feeUnits, `${whole}.00000000`, 65_000n),
    fee,
    gasPriceGwei: '45.00',
    maxSendableUnits: usdcUnits.toString(),
  });
  return {
    ...feeQuotes,
    asset: 'USDC',
    balance: `${whole}.00`,
    balanceUnits: usdcUnits.toString(),
    feeBalance: '0',
    feeBalanceUnits: etherUnits.toString(),
    gasUsed: '65000',
    usdPrice: 1,
    quotes: [
      usdcQuote('slow', 1_950_000_000_000_000n, '0.00195'),
      usdcQuote('normal', 2_925_000_000_000_000n, '0.002925'),
      usdcQuote('fast', 3_900_000_000_000_000n, '0.0039'),
    ],
  };
}

/** A past send to RECIPIENT, so the form sends without asking for confirmation first. */
const pastSend = { network: 'eth_sepolia', toAddress: RECIPIENT } as TransactionView;

/** What the server answers a send with. */
const sent = makeTransaction({ toAddress: RECIPIENT });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let quoteCount = 0;
/** A firm quote as POST /api/quotes answers one: the asset amount typed (or 0.05 for money), fees of the normal speed. */
function makeQuote(request: CreateQuoteRequestInput, lifetimeMs = 30_000): PaymentQuote {
  quoteCount += 1;
  const isUsdc = request.asset === 'USDC';
  const amount = request.fixed === 'asset' || request.fixed === undefined ? request.amount : isUsdc ? '25' : '0.05';
  const decimals = isUsdc ? 6 : 18;
  const [whole = '0', fraction = ''] = amount.split('.');
  const amountUnits = BigInt(whole + fraction.padEnd(decimals, '0')).toString();
  // The form sends lower-case codes; the API reads either case.
  const senderCurrency = displayCurrencySchema.parse(request.senderCurrency);
  const recipientCurrency = displayCurrencySchema.parse(request.recipientCurrency);
  const createdAt = new Date();
  return {
    id: `00000000-0000-4000-8000-${String(quoteCount).padStart(12, '0')}`,
    walletId: request.walletId,
    network: 'eth_sepolia',
    asset: request.asset ?? 'ETH',
    feeSymbol: 'ETH',
    from: wallet.address,
    to: RECIPIENT,
    speed: request.speed ?? 'normal',
    fixed: request.fixed ?? 'asset',
    amount,
    amountUnits,
    fee: '0.000945',
    feeUnits: '945000000000000',
    gasUsed: '21000',
    gasPriceWei: '45000000000',
    debits: [{ asset: request.asset ?? 'ETH', amount, amountUnits }],
    senderCurrency,
    recipientCurrency,
    rates: {
      assetToSender: '182000',
      assetToRecipient: request.recipientCurrency === 'eur' ? '2050' : '182000',
      assetToUsd: '2200',
      feeAssetToSender: '182000',
      feeAssetToUsd: '2200',
      senderToRecipient: request.recipientCurrency === 'eur' ? '0.01126373' : '1',
      source: 'simulated',
      at: createdAt.toISOString(),
    },
    sender: { amountMinor: '910000', feeMinor: '17199', totalMinor: '927199' },
    recipient: { amountMinor: request.recipientCurrency === 'eur' ? '10250' : '910000' },
    usdCents: '11000',
    feePercent: '1.89',
    fxMarkupPercent: '0',
    valueInFlight: isUsdc ? 'stable' : 'market',
    timeToFinal: '1–2 min',
    comparison: compareCost({ currency: senderCurrency, amountMinor: 910_000n, feeMinor: 17_199n, timeToFinal: '1–2 min' }),
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + lifetimeMs).toISOString(),
  };
}

interface StubOptions {
  usdc?: FeeQuotesResponse;
  /** Decides each POST /api/quotes; a fresh 30 s quote by default. */
  answerQuote?: (request: CreateQuoteRequestInput) => Response | Promise<Response>;
  /** What GET /api/recipients/currency says the recipient chose. */
  recipientCurrency?: string | null;
  /** The user's past sends (a send to RECIPIENT by default, so no warning). */
  pastSends?: TransactionView[];
  /** The user's contacts (GET /api/contacts); none by default. */
  contacts?: ContactView[];
}

/** The API as the form sees it; `answerSend` decides each POST /api/transactions. */
function stubApi(answerSend: (init: RequestInit) => Response | Promise<Response>, options: StubOptions = {}) {
  const usdc = options.usdc ?? usdcQuotes(1_000n * USDC_UNIT, 100n * ETHER);
  const sends: RequestInit[] = [];
  const quoteRequests: CreateQuoteRequestInput[] = [];
  const feeAssets: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/fees') {
        feeAssets.push(searchParams.get('asset'));
        return json(searchParams.get('asset') === 'USDC' ? usdc : feeQuotes);
      }
      if (pathname === '/api/prices') return json({ prices: FALLBACK_PRICES, updatedAt: new Date().toISOString() });
      if (pathname === '/api/recipients/currency') return json({ currency: options.recipientCurrency ?? null });
      if (pathname === '/api/quotes' && init.method === 'POST') {
        const request = JSON.parse(init.body as string) as CreateQuoteRequestInput;
        quoteRequests.push(request);
        return options.answerQuote ? options.answerQuote(request) : json(makeQuote(request), 201);
      }
      if (pathname === '/api/transactions' && init.method === 'POST') {
        sends.push(init);
        return answerSend(init);
      }
      if (pathname === '/api/transactions') return json({ items: options.pastSends ?? [pastSend], nextCursor: null });
      if (pathname === '/api/contacts') return json({ contacts: options.contacts ?? [] });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  return Object.assign(sends, { feeAssets, quoteRequests });
}

function renderForm(wallets: WalletView[] = [wallet]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/send-receive']}>
        <Routes>
          <Route path="/send-receive" element={<SendForm wallets={wallets} walletId={wallets[0]!.id} onWalletChange={() => undefined} />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label);

/** Chooses USDC in the Asset select and waits for its quotes (65,000 gas: the normal fee 0.002925 ETH). */
async function chooseUsdc() {
  await screen.findByRole('radio', { name: /^Normal/ });
  fireEvent.change(field('Asset'), { target: { value: 'USDC' } });
  await screen.findByRole('radio', { name: /^Normal.*0\.002925 ETH/ });
}
const reviewButton = () => screen.getByRole('button', { name: 'Review' });
const sendButton = () => screen.getByRole('button', { name: 'Send Transaction' });

/** Review, then wait for the review step with its firm quote. */
async function openReview() {
  fireEvent.click(reviewButton());
  await screen.findByRole('heading', { name: 'Review payment' });
}

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

const bodyOf = (init: RequestInit | undefined) => JSON.parse(init?.body as string) as Record<string, unknown>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const refusals = [
  ['INSUFFICIENT_BALANCE', 400, 'Insufficient balance for transaction and gas fee', 'Amount'],
  ['INVALID_AMOUNT', 400, 'Invalid amount', 'Amount'],
  ['INVALID_RECIPIENT', 400, 'Invalid recipient address', 'Recipient Address'],
  ['SAME_WALLET', 400, 'You cannot send to the same wallet', 'Recipient Address'],
  ['WALLET_NOT_FOUND', 404, 'Sender wallet not found', 'Wallet'],
] as const;

describe('SendForm', () => {
  it.each(refusals)('shows the server refusing a quote with %s at the field it concerns and in a toast', async (code, status, message, label) => {
    const sends = stubApi(() => json({}, 500), { answerQuote: () => json({ error: { code, message } }, status) });
    renderForm();
    await fillValidSend();
    fireEvent.click(reviewButton());

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expectFieldError(label, message);
    expect(screen.queryByRole('heading', { name: 'Review payment' })).toBeNull();
    expect(sends).toHaveLength(0);
  });

  it.each(refusals)('a send refused with %s goes back to the form with the message at its field', async (code, status, message, label) => {
    stubApi(() => json({ error: { code, message } }, status));
    renderForm();
    await fillValidSend();
    await openReview();
    fireEvent.click(sendButton());

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    await waitFor(() => expectFieldError(label, message));
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch')), PAYMENT_MESSAGES.unavailable],
    ['the server answers 503', () => json({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Busy' } }, 503), PAYMENT_MESSAGES.unavailable],
    ['the answer is empty', () => new Response('', { status: 201 }), PAYMENT_MESSAGES.invalidResponse],
    ['the answer is not JSON', () => new Response('{"transaction":', { status: 201 }), PAYMENT_MESSAGES.invalidResponse],
    ["the answer is JSON but not a send's", () => json({ ok: true }, 201), PAYMENT_MESSAGES.invalidResponse],
    ['a failure carries no message', () => new Response('', { status: 500 }), PAYMENT_MESSAGES.failed],
  ])("says so in the spec's words when %s", async (_case, answer, message) => {
    stubApi(answer);
    renderForm();
    await fillValidSend();
    await openReview();
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
    await openReview();
    fireEvent.click(sendButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PAYMENT_MESSAGES.unavailable));
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(sendButton());

    await screen.findByText('Dashboard page');
    // The toast links to the payment; paid before but not saved, it also offers to save the recipient.
    const [title, options] = vi.mocked(toast.success).mock.calls[0] ?? [];
    expect(title).toBe('Transaction sent successfully');
    expect(options).toMatchObject({
      description: '1.5 ETH sent on Ethereum Sepolia',
      action: { label: 'View payment' },
      cancel: { label: 'Save as contact' },
      duration: 10_000,
    });
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
      { answerQuote: (request) => json(makeQuote(request, 60_000), 201) },
    );
    renderForm();
    await fillValidSend();
    await openReview();
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(toast.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(PAYMENT_MESSAGES.timedOut));
    vi.useRealTimers();

    const options = vi.mocked(toast.error).mock.calls[0]?.[1] as { action: { label: string; onClick: () => void } };
    expect(options.action.label).toBe('Try again');
    act(() => options.action.onClick());
    await screen.findByText('Dashboard page');
    const [first, second] = sends.map((init) => ({ headers: init.headers as Record<string, string>, body: init.body as string }));
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toBe(first?.body);
  });

  it('uses a new key once the server has answered', async () => {
    const sends = stubApi(() => json({ error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for transaction and gas fee' } }, 400));
    renderForm();
    await fillValidSend();
    await openReview();
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(1));
    await waitFor(() => expect(reviewButton().hasAttribute('disabled')).toBe(false));
    await openReview();
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(2));
    const keys = sends.map((init) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('asks a quote for the chosen speed and canonical recipient, then sends exactly the quote with its id', async () => {
    const sends = stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201));
    renderForm();
    await fillValidSend('2');
    fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT.toLowerCase() } });
    fireEvent.click(screen.getByRole('radio', { name: /^Fast/ }));
    await openReview();
    expect(sends.quoteRequests[0]).toEqual({
      walletId: wallet.id,
      asset: 'ETH',
      to: RECIPIENT,
      amount: '2',
      speed: 'fast',
      fixed: 'asset',
      senderCurrency: 'inr',
      recipientCurrency: 'inr',
      // The fee shown for that speed is the fee the quote fixes.
      feeQuoteId: 'quote-fast',
    });
    fireEvent.click(sendButton());
    await screen.findByText('Dashboard page');
    expect(bodyOf(sends[0])).toEqual({
      walletId: wallet.id,
      asset: 'ETH',
      to: RECIPIENT,
      amount: '2',
      speed: 'fast',
      quoteId: '00000000-0000-4000-8000-' + String(quoteCount).padStart(12, '0'),
    });
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

  it('checks the balance against the fee of the chosen speed before asking for a quote', async () => {
    const sends = stubApi(() => json({}, 500));
    renderForm();
    // 99.9993 + 0.000945 (normal) is over 100; with the slow fee (0.00063) it would fit.
    await fillValidSend('99.9993');
    fireEvent.click(reviewButton());
    await screen.findByText('Insufficient balance for transaction and gas fee');
    expect(sends.quoteRequests).toHaveLength(0);
    expect(toast.error).not.toHaveBeenCalled();
  });

  describe('in money', () => {
    it('takes the amount in rupees, shows the asset beside it, and quotes "I send ₹10,000"', async () => {
      const sends = stubApi(() => json({}, 500));
      renderForm();
      await fillValidSend('');
      fireEvent.change(field('Amount in'), { target: { value: 'sender:inr' } });
      fireEvent.input(field('Amount'), { target: { value: '10000' } });
      // ₹10,000 at ₹180,400 per ETH, rounded down.
      await screen.findByText('≈ 0.055432 ETH');
      expect(screen.getByText('Indicative')).toBeTruthy();
      await openReview();
      expect(sends.quoteRequests[0]).toMatchObject({ amount: '10000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'inr' });
    });

    it('switching the unit tells the same amount in the other unit', async () => {
      stubApi(() => json({}, 500));
      renderForm();
      await fillValidSend('0.5');
      await screen.findAllByText('≈ ₹90,200.00');
      fireEvent.change(field('Amount in'), { target: { value: 'sender:inr' } });
      expect(field('Amount').value).toBe('90200.00');
      fireEvent.change(field('Amount in'), { target: { value: 'asset' } });
      expect(field('Amount').value).toBe('0.5');
    });

    it("suggests the currency the recipient's FinCrypt wallet uses, and quotes 'they receive €100'", async () => {
      const sends = stubApi(() => json({}, 500), { recipientCurrency: 'eur' });
      renderForm();
      await fillValidSend('');
      await waitFor(() => expect(field('They receive in').value).toBe('eur'));
      expect(screen.getByText('€ EUR: the currency the recipient uses on FinCrypt')).toBeTruthy();
      fireEvent.change(field('Amount in'), { target: { value: 'recipient' } });
      fireEvent.input(field('Amount'), { target: { value: '100' } });
      await openReview();
      expect(sends.quoteRequests[0]).toMatchObject({ amount: '100', fixed: 'recipient', senderCurrency: 'inr', recipientCurrency: 'eur' });
    });

    it('the sender can pick another currency for the recipient', async () => {
      const sends = stubApi(() => json({}, 500), { recipientCurrency: 'eur' });
      renderForm();
      await fillValidSend('1');
      await waitFor(() => expect(field('They receive in').value).toBe('eur'));
      fireEvent.change(field('They receive in'), { target: { value: 'gbp' } });
      await openReview();
      expect(sends.quoteRequests[0]).toMatchObject({ recipientCurrency: 'gbp' });
    });

    it('MAX in money asks a quote for the whole sendable amount of the asset', async () => {
      const sends = stubApi(() => json({}, 500));
      renderForm();
      await fillValidSend('');
      fireEvent.change(field('Amount in'), { target: { value: 'sender:inr' } });
      fireEvent.click(screen.getByRole('button', { name: 'MAX' }));
      // 99.999055 ETH at ₹180,400, rounded down.
      await waitFor(() => expect(field('Amount').value).toBe('18039829.52'));
      await openReview();
      expect(sends.quoteRequests[0]).toMatchObject({ amount: '99.999055', fixed: 'asset', senderCurrency: 'inr' });
    });
  });

  describe('the review', () => {
    it('shows the quote, the rates, the fee, the cost beside a bank wire and a countdown', async () => {
      stubApi(() => json({}, 500), { recipientCurrency: 'eur' });
      renderForm();
      await fillValidSend('0.05');
      await waitFor(() => expect(field('They receive in').value).toBe('eur'));
      await openReview();
      expect(screen.getByText('₹9,100.00')).toBeTruthy();
      expect(screen.getByText('€102.50')).toBeTruthy();
      expect(screen.getByText('1 ETH = ₹182,000.00')).toBeTruthy();
      expect(screen.getByText('1 ETH = €2,050.00')).toBeTruthy();
      expect(screen.getByText(/0% — nothing is converted/)).toBeTruthy();
      expect(screen.getByText(/will move with the market/)).toBeTruthy();
      expect(screen.getByRole('table').textContent).toContain('Typical bank wire');
      expect(screen.getByText(/World Bank, Remittance Prices Worldwide/)).toBeTruthy();
      expect(screen.getByRole('timer').textContent).toMatch(/^0:(30|29)$/);
      expect(document.activeElement?.textContent).toBe('Review payment');
    });

    it('warns of a first payment in the same step, and the send does not repeat it', async () => {
      const sends = stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201), { pastSends: [] });
      renderForm();
      await fillValidSend();
      await openReview();
      expect(screen.getByText('First payment to this address')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save as contact' })).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      fireEvent.click(sendButton());
      await screen.findByText('Dashboard page');
      expect(sends).toHaveLength(1);
    });

    it('pays a contact picked by name without the first-payment warning, and names it in the review', async () => {
      stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201), { pastSends: [], contacts: [contactOf(RECIPIENT, 'Ana Silva')] });
      renderForm();
      await screen.findByRole('radio', { name: /^Normal/ });
      const picker = await screen.findByLabelText<HTMLSelectElement>('Pay a contact');
      fireEvent.change(picker, { target: { value: picker.options[1]!.value } });
      expect(field('Recipient Address').value).toBe(RECIPIENT);
      expect(screen.getByText('Paying your contact Ana Silva')).toBeTruthy();
      fireEvent.input(field('Amount'), { target: { value: '1.5' } });
      await openReview();
      expect(screen.queryByText('First payment to this address')).toBeNull();
      expect(screen.getByText('To your contact Ana Silva (Ethereum Sepolia)')).toBeTruthy();
      fireEvent.click(sendButton());
      await screen.findByText('Dashboard page');
      // A contact needs no "Save as contact": the toast only links to the payment.
      const [title, options] = vi.mocked(toast.success).mock.calls[0] ?? [];
      expect(title).toBe('Transaction sent successfully');
      expect(options).toMatchObject({ description: '1.5 ETH sent on Ethereum Sepolia', action: { label: 'View payment' }, duration: 10_000 });
      expect(options).not.toHaveProperty('cancel');
    });

    it('blocks on a look-alike of a contact and names the contact it imitates', async () => {
      const contact = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
      stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201), { contacts: [contactOf(contact, 'Landlord')] });
      renderForm();
      await screen.findByLabelText('Pay a contact');
      await fillValidSend();
      fireEvent.input(field('Recipient Address'), { target: { value: `0x71c7${'1'.repeat(32)}976f` } });
      await openReview();
      expect(screen.getByText('This address imitates one you know')).toBeTruthy();
      expect(screen.getByText(/looks like your contact Landlord but it is a different address/)).toBeTruthy();
      expect(screen.getByText(contact)).toBeTruthy();
    });

    it('once the quote runs out, the button asks for a new one, which can then be sent', async () => {
      const sends = stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201), {
        answerQuote: (request) => json(makeQuote(request, sends.quoteRequests.length === 1 ? 1_000 : 30_000), 201),
      });
      renderForm();
      await fillValidSend();
      await openReview();
      await screen.findByRole('button', { name: 'Get a new quote' }, { timeout: 3_000 });
      expect(screen.getByText('This quote has expired. Get a new quote.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send Transaction' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
      await screen.findByRole('button', { name: 'Send Transaction' });
      expect(sends.quoteRequests).toHaveLength(2);
      expect(sends.quoteRequests[1]).toEqual(sends.quoteRequests[0]);
      fireEvent.click(sendButton());
      await screen.findByText('Dashboard page');
      expect(bodyOf(sends[0]).quoteId).toBe('00000000-0000-4000-8000-' + String(quoteCount).padStart(12, '0'));
    });

    it("a quote the server refuses at the send shows its message, and 'Get a new quote'", async () => {
      const message = 'This quote has already been used for a payment. Get a new quote.';
      stubApi(() => json({ error: { code: 'QUOTE_USED', message } }, 409));
      renderForm();
      await fillValidSend();
      await openReview();
      fireEvent.click(sendButton());
      await screen.findByRole('button', { name: 'Get a new quote' });
      expect(screen.getAllByText(message).length).toBeGreaterThan(0);
      expect(toast.error).toHaveBeenCalledWith(message);
    });

    it('Edit goes back to the form with what was typed', async () => {
      stubApi(() => json({}, 500));
      renderForm();
      await fillValidSend('1.25');
      await openReview();
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      expect(field('Amount').value).toBe('1.25');
      expect(field('Recipient Address').value).toBe(RECIPIENT);
    });
  });

  describe('sending USDC', () => {
    it('offers the coin and USDC with their balances; USDC quotes its fees in ETH at 65,000 gas', async () => {
      const api = stubApi(() => json({}, 500));
      renderForm();
      await screen.findByRole('radio', { name: /^Normal/ });
      const options = [...(field('Asset') as HTMLSelectElement).options].map((option) => option.textContent);
      expect(options).toEqual(['Sepolia Ether (ETH) - 100.0000 ETH', 'USD Coin (USDC) - 1000.00 USDC']);
      expect(screen.getByText('Balance: 100.0000 ETH')).toBeTruthy();

      await chooseUsdc();
      expect(api.feeAssets).toContain('USDC');
      expect(screen.getByText('Balance: 1000.00 USDC')).toBeTruthy();
      expect(screen.getByText('Network fee paid in ETH (balance 100.0000 ETH)')).toBeTruthy();
      // The rate is the gas price (each fee ÷ 65,000 gas), and the fee is in ETH.
      expect(screen.getByRole('radio', { name: /^Normal/ }).closest('label')?.textContent).toContain('45.00 Gwei');
      expect(screen.getByRole('radio', { name: /^Normal/ }).closest('label')?.textContent).toContain('0.002925 ETH');

      fireEvent.input(field('Amount'), { target: { value: '25' } });
      await screen.findByText('Total');
      expect(screen.getByText('25 USDC + 0.002925 ETH')).toBeTruthy();
      expect(screen.getByText('Up to 1000 USDC; the normal fee is paid in ETH')).toBeTruthy();
    });

    it('sends the asset with the request and names it in the success toast; the review says a stablecoin holds its value', async () => {
      const sends = stubApi(() =>
        json({ transaction: makeTransaction({ asset: 'USDC', symbol: 'USDC', amount: '25', amountUnits: '25000000', toAddress: RECIPIENT }), wallet, alerts: [] }, 201),
      );
      renderForm();
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '25' } });
      await openReview();
      expect(screen.getByText(/USDC is a stablecoin held at one US dollar, so its value does not move while the payment is in flight/)).toBeTruthy();
      fireEvent.click(sendButton());
      await screen.findByText('Dashboard page');
      expect(bodyOf(sends[0])).toMatchObject({ walletId: wallet.id, asset: 'USDC', to: RECIPIENT, amount: '25', speed: 'normal' });
      expect(toast.success).toHaveBeenCalledWith('Transaction sent successfully', expect.objectContaining({ description: '25 USDC sent on Ethereum Sepolia' }));
    });

    it('MAX is the whole USDC balance, whatever the speed, in no more places than USDC has', async () => {
      const sends = stubApi(() => json({}, 500));
      renderForm();
      await chooseUsdc();
      fireEvent.click(screen.getByRole('button', { name: 'MAX' }));
      expect(field('Amount').value).toBe('1000');
      fireEvent.click(screen.getByRole('radio', { name: /^Fast/ }));
      await waitFor(() => expect(field('Amount').value).toBe('1000'));
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      await openReview();
      expect(sends.quoteRequests[0]).toMatchObject({ asset: 'USDC', amount: '1000', speed: 'fast' });
    });

    it('choosing another asset clears the amount', async () => {
      stubApi(() => json({}, 500));
      renderForm();
      await fillValidSend('3');
      fireEvent.change(field('Asset'), { target: { value: 'USDC' } });
      expect(field('Amount').value).toBe('');
    });

    it('refuses more USDC than the wallet holds, before asking for a quote', async () => {
      const sends = stubApi(() => json({}, 500));
      renderForm();
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '1000.01' } });
      fireEvent.click(reviewButton());
      await screen.findByText('Insufficient USDC balance');
      expectFieldError('Amount', 'Insufficient USDC balance');
      expect(sends.quoteRequests).toHaveLength(0);
    });

    it("says 'Not enough ETH to pay the network fee' when the coin cannot pay a token send's fee, however much USDC there is", async () => {
      // 0.002 ETH left: below the normal USDC fee (0.002925 ETH).
      const poor: WalletView = {
        ...wallet,
        balance: '0.0020',
        balanceUnits: (2n * 10n ** 15n).toString(),
        balances: balancesOf(2n * 10n ** 15n, 1_000n * USDC_UNIT),
      };
      const sends = stubApi(() => json({}, 500), { usdc: usdcQuotes(1_000n * USDC_UNIT, 2n * 10n ** 15n) });
      renderForm([poor]);
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '25' } });
      fireEvent.click(reviewButton());
      await screen.findByText('Not enough ETH to pay the network fee');
      expectFieldError('Amount', 'Not enough ETH to pay the network fee');
      expect(sends.quoteRequests).toHaveLength(0);
    });

    it("shows the server's INSUFFICIENT_FEE_BALANCE at the amount and in a toast", async () => {
      const message = 'Not enough ETH to pay the network fee';
      stubApi(() => json({}, 500), { answerQuote: () => json({ error: { code: 'INSUFFICIENT_FEE_BALANCE', message } }, 400) });
      renderForm();
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '25' } });
      fireEvent.click(reviewButton());
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
      expectFieldError('Amount', message);
    });
  });
});

// ---- Prefill (issue 16): a payment request's Pay button fills the form and the send carries its reference. ----
describe('SendForm with a payment request prefill', () => {
  const reference = 'cd'.repeat(32);
  function renderPrefilled(prefill: SendPrefill) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/send-receive']}>
          <Routes>
            <Route path="/send-receive" element={<SendForm wallets={[wallet]} walletId={wallet.id} onWalletChange={() => undefined} prefill={prefill} />} />
            <Route path="/dashboard" element={<p>Dashboard page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }
  const prefill: SendPrefill = {
    network: 'eth_sepolia',
    to: RECIPIENT,
    asset: 'USDC',
    amount: '500',
    amountUnit: { kind: 'recipient', currency: 'inr' },
    reference,
    request: { id: 'abcdefghijklmnopqrstuv', displayName: 'Ana', note: 'Rent for May' },
  };

  it("fills asset, recipient, '₹500 they receive', says whose request it pays, and the send carries the reference", async () => {
    const sends = stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201));
    renderPrefilled(prefill);
    expect(await screen.findByText("Paying Ana's request")).toBeTruthy();
    expect(screen.getByText('Rent for May')).toBeTruthy();
    expect(field('Asset').value).toBe('USDC');
    expect(field('Recipient Address').value).toBe(RECIPIENT);
    expect(field('Amount').value).toBe('500');
    expect(field('Amount in').value).toBe('recipient');
    expect(field('They receive in').value).toBe('inr');

    await screen.findByRole('radio', { name: /^Normal.*0\.002925 ETH/ });
    await openReview();
    expect(sends.quoteRequests[0]).toMatchObject({ asset: 'USDC', fixed: 'recipient', amount: '500', recipientCurrency: 'inr' });
    expect(screen.getByText("Paying Ana's request")).toBeTruthy();
    fireEvent.click(sendButton());
    await screen.findByText('Dashboard page');
    expect(bodyOf(sends[0])).toMatchObject({ reference, asset: 'USDC' });
  });

  it('another recipient typed in: the request is no longer paid, and the send carries no reference', async () => {
    const sends = stubApi(() => json({ transaction: sent, wallet, alerts: [] }, 201), { pastSends: [pastSend, { network: 'eth_sepolia', toAddress: `0x${'2'.repeat(40)}` } as TransactionView] });
    renderPrefilled({ ...prefill, amount: '5', amountUnit: { kind: 'asset' } });
    await screen.findByText("Paying Ana's request");
    fireEvent.input(field('Recipient Address'), { target: { value: `0x${'2'.repeat(40)}` } });
    expect(await screen.findByText(/no longer match Ana's request/)).toBeTruthy();
    await screen.findByRole('radio', { name: /^Normal.*0\.002925 ETH/ });
    await openReview();
    expect(screen.queryByText("Paying Ana's request")).toBeNull();
    fireEvent.click(sendButton());
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(bodyOf(sends[0])).not.toHaveProperty('reference');
  });
});

describe('SendForm paying a request that was paid meanwhile', () => {
  it('goes back to the form, which says the request is paid', async () => {
    const message = 'This request has already been paid';
    stubApi(() => json({ error: { code: 'PAYMENT_REQUEST_PAID', message } }, 409));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/send-receive']}>
          <Routes>
            <Route
              path="/send-receive"
              element={
                <SendForm
                  wallets={[wallet]}
                  walletId={wallet.id}
                  onWalletChange={() => undefined}
                  prefill={{ network: 'eth_sepolia', to: RECIPIENT, amount: '1.5', reference: 'ef'.repeat(32), request: { id: 'abcdefghijklmnopqrstuv', displayName: 'Ana', note: null } }}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('radio', { name: /^Normal/ });
    await openReview();
    fireEvent.click(sendButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('heading', { name: 'Review payment' })).toBeNull();
  });
});
