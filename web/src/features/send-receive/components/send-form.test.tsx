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

/** The API as the form sees it; `answerSend` decides each POST /api/transactions. */
function stubApi(answerSend: (init: RequestInit) => Response | Promise<Response>, usdc = usdcQuotes(1_000n * USDC_UNIT, 100n * ETHER)) {
  const sends: RequestInit[] = [];
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
      if (pathname === '/api/transactions' && init.method === 'POST') {
        sends.push(init);
        return answerSend(init);
      }
      if (pathname === '/api/transactions') return json({ items: [pastSend], nextCursor: null });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  return Object.assign(sends, { feeAssets });
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
    expect(toast.success).toHaveBeenCalledWith('Transaction sent successfully', { description: '1.5 ETH sent on Ethereum Sepolia' });
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
    expect(JSON.parse(sends[0]?.body as string)).toEqual({
      walletId: wallet.id,
      asset: 'ETH',
      to: RECIPIENT,
      amount: '2',
      speed: 'fast',
      feeQuoteId: 'quote-fast',
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
      expect(screen.getByRole('radio', { name: /^Normal/ }).textContent).toContain('45.00 Gwei');
      expect(screen.getByRole('radio', { name: /^Normal/ }).textContent).toContain('0.002925 ETH');

      fireEvent.input(field('Amount'), { target: { value: '25' } });
      await screen.findByText('Total');
      expect(screen.getByText('25 USDC + 0.002925 ETH')).toBeTruthy();
      expect(screen.getByText('Up to 1000 USDC; the normal fee is paid in ETH')).toBeTruthy();
    });

    it('sends the asset with the request and names it in the success toast', async () => {
      const sends = stubApi(() =>
        json({ transaction: makeTransaction({ asset: 'USDC', symbol: 'USDC', amount: '25', amountUnits: '25000000', toAddress: RECIPIENT }), wallet, alerts: [] }, 201),
      );
      renderForm();
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '25' } });
      fireEvent.click(sendButton());
      await screen.findByText('Dashboard page');
      expect(JSON.parse(sends[0]?.body as string)).toEqual({
        walletId: wallet.id,
        asset: 'USDC',
        to: RECIPIENT,
        amount: '25',
        speed: 'normal',
        feeQuoteId: 'quote-normal',
      });
      expect(toast.success).toHaveBeenCalledWith('Transaction sent successfully', { description: '25 USDC sent on Ethereum Sepolia' });
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
      fireEvent.click(sendButton());
      await waitFor(() => expect(sends).toHaveLength(1));
      expect(JSON.parse(sends[0]?.body as string)).toMatchObject({ asset: 'USDC', amount: '1000', speed: 'fast' });
    });

    it('choosing another asset clears the amount', async () => {
      stubApi(() => json({}, 500));
      renderForm();
      await fillValidSend('3');
      fireEvent.change(field('Asset'), { target: { value: 'USDC' } });
      expect(field('Amount').value).toBe('');
    });

    it('refuses more USDC than the wallet holds, before sending anything', async () => {
      const sends = stubApi(() => json({}, 500));
      renderForm();
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '1000.01' } });
      fireEvent.click(sendButton());
      await screen.findByText('Insufficient USDC balance');
      expectFieldError('Amount', 'Insufficient USDC balance');
      expect(sends).toHaveLength(0);
    });

    it("says 'Not enough ETH to pay the network fee' when the coin cannot pay a token send's fee, however much USDC there is", async () => {
      // 0.002 ETH left: below the normal USDC fee (0.002925 ETH).
      const poor: WalletView = {
        ...wallet,
        balance: '0.0020',
        balanceUnits: (2n * 10n ** 15n).toString(),
        balances: balancesOf(2n * 10n ** 15n, 1_000n * USDC_UNIT),
      };
      const sends = stubApi(() => json({}, 500), usdcQuotes(1_000n * USDC_UNIT, 2n * 10n ** 15n));
      renderForm([poor]);
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '25' } });
      fireEvent.click(sendButton());
      await screen.findByText('Not enough ETH to pay the network fee');
      expectFieldError('Amount', 'Not enough ETH to pay the network fee');
      expect(sends).toHaveLength(0);
    });

    it("shows the server's INSUFFICIENT_FEE_BALANCE at the amount and in a toast", async () => {
      const message = 'Not enough ETH to pay the network fee';
      stubApi(() => json({ error: { code: 'INSUFFICIENT_FEE_BALANCE', message } }, 400));
      renderForm();
      await chooseUsdc();
      fireEvent.input(field('Recipient Address'), { target: { value: RECIPIENT } });
      fireEvent.input(field('Amount'), { target: { value: '25' } });
      fireEvent.click(sendButton());
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
      expectFieldError('Amount', message);
    });
  });
});
