import { FALLBACK_PRICES, type FaucetResponse, type WalletView } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { transactionKeys } from '../../transactions/index.ts';
import { walletsQueryKey } from '../api/get-wallets.ts';
import { makeWallet, usdcBalance } from '../../../lib/testing/make-wallet.ts';
import { nextFaucetMessage } from './faucet-button.tsx';
import { WalletCard } from './wallet-card.tsx';
import { WalletGrid } from './wallet-grid.tsx';
import { WalletsSettingsTab } from './wallets-settings-tab.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const { toast } = await import('sonner');

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const COOLDOWN_MESSAGE = 'This wallet already got test funds in the last 24 hours. You can ask again in 23 hours.';

/** The API as the wallets see it; `answerFaucet` decides each POST …/faucet. */
function stubApi(wallets: WalletView[], answerFaucet: () => Response = () => json({}, 500)) {
  const claims: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/prices') return Promise.resolve(json({ prices: FALLBACK_PRICES, updatedAt: new Date().toISOString() }));
      if (pathname === '/api/wallets') return Promise.resolve(json({ wallets }));
      if (/^\/api\/wallets\/[^/]+\/faucet$/.test(pathname) && init.method === 'POST') {
        claims.push(pathname);
        return Promise.resolve(answerFaucet());
      }
      return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    }),
  );
  return claims;
}

function renderWithClient(element: React.ReactElement, wallets: WalletView[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(walletsQueryKey, wallets);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const faucetButton = () => screen.getByRole('button', { name: 'Get test funds for Ethereum Sepolia wallet' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
  useCurrencyStore.setState({ currency: 'inr' });
});

describe('WalletCard', () => {
  it("links the wallet's public explorer address page, in a new tab, on the card and in the Wallets tab", () => {
    const wallet = makeWallet();
    stubApi([wallet]);
    renderWithClient(<WalletCard wallet={wallet} onSendReceive={vi.fn()} />, [wallet]);
    const name = 'View Ethereum Sepolia wallet in block explorer (opens in a new tab)';
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe(`/explorer/address/${wallet.address}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();
    renderWithClient(<WalletsSettingsTab />, [wallet]);
    expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(`/explorer/address/${wallet.address}`);
  });

  it('shows the coin and the USDC balance, each with its value in the display currency', async () => {
    const wallet = makeWallet({ balances: [...makeWallet().balances.slice(0, 1), usdcBalance('1250.50')] });
    stubApi([wallet]);
    useCurrencyStore.setState({ currency: 'usd' });
    renderWithClient(<WalletCard wallet={wallet} onSendReceive={vi.fn()} />, [wallet]);

    expect(screen.getByTestId('wallet-balance').textContent).toBe('100.0000 ETH');
    expect((await screen.findByTestId('wallet-fiat')).textContent).toBe('≈ $220,000.00');
    const tokens = screen.getByRole('list', { name: 'Ethereum Sepolia tokens' });
    const usdc = within(tokens).getByTestId('wallet-token');
    expect(usdc.getAttribute('data-asset')).toBe('USDC');
    expect(within(usdc).getByTestId('wallet-token-balance').textContent).toBe('1250.50 USDC');
    expect(within(usdc).getByTestId('wallet-token-fiat').textContent).toBe('≈ $1,250.50');
    expect(faucetButton()).toHaveProperty('disabled', false);
  });

  it('shows money on its way in apart from the balance, and nothing of the kind when none is', () => {
    const [coin] = makeWallet().balances;
    const wallet = makeWallet({
      balances: [
        { ...coin!, balance: '0.0000', balanceUnits: '0', incoming: '1.5000', incomingUnits: '1500000000000000000' },
        { ...usdcBalance('0.00'), incoming: '500.00', incomingUnits: '500000000' },
      ],
    });
    stubApi([wallet]);
    renderWithClient(<WalletCard wallet={wallet} onSendReceive={vi.fn()} />, [wallet]);
    expect(screen.getByTestId('wallet-balance').textContent).toBe('0.0000 ETH');
    expect(screen.getAllByTestId('wallet-incoming').map((line) => line.textContent)).toEqual([
      '+1.5000 ETH incoming, spendable once in a block',
      '+500.00 USDC incoming, spendable once in a block',
    ]);
    cleanup();
    renderWithClient(<WalletCard wallet={makeWallet()} onSendReceive={vi.fn()} />, [makeWallet()]);
    expect(screen.queryByTestId('wallet-incoming')).toBeNull();
  });

  it('claims test funds: toast naming the amounts, the new balances at once, the history asked again, then a wait', async () => {
    const wallet = makeWallet();
    const nextClaimAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const after = makeWallet({
      balance: '110.0000',
      balanceUnits: '110000000000000000000',
      balances: [
        { ...makeWallet().balances[0]!, balance: '110.0000', balanceUnits: '110000000000000000000' },
        usdcBalance('1500.00'),
      ],
      nextFaucetAt: nextClaimAt,
    });
    const mint = (asset: string, amount: string, amountUnits: string) =>
      makeTransaction({ type: 'mint', asset, symbol: asset, feeSymbol: 'ETH', amount, amountUnits, fee: '0', feeUnits: '0', walletId: wallet.id });
    const answer: FaucetResponse = {
      wallet: after,
      transactions: [mint('ETH', '10', '10000000000000000000'), mint('USDC', '500', '500000000')],
      nextClaimAt,
    };
    const claims = stubApi([after], () => json(answer, 201));
    const queryClient = renderWithClient(<WalletGrid onSendReceive={vi.fn()} />, [wallet]);
    queryClient.setQueryData(transactionKeys.counts, { pending: 0, confirmed: 0, failed: 0 });

    fireEvent.click(faucetButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added 10 ETH and 500 USDC'));
    expect(claims).toEqual([`/api/wallets/${wallet.id}/faucet`]);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('110.0000 ETH'));
    expect(screen.getByTestId('wallet-token-balance').textContent).toBe('1500.00 USDC');
    expect(queryClient.getQueryState(transactionKeys.counts)?.isInvalidated).toBe(true);
    expect(faucetButton()).toHaveProperty('disabled', true);
    const note = screen.getByTestId('faucet-next');
    expect(note.textContent).toBe(nextFaucetMessage(new Date(nextClaimAt)));
    expect(faucetButton().getAttribute('aria-describedby')).toBe(note.id);
  });

  it("shows the server's refusal of a second claim, and waits until the time it gave", async () => {
    const wallet = makeWallet();
    const retryAfterSeconds = 23 * 3600;
    // What the wallet list says once asked again after the refusal.
    const listed = makeWallet({ nextFaucetAt: new Date(Date.now() + retryAfterSeconds * 1000).toISOString() });
    const claims = stubApi([listed], () => json({ error: { code: 'FAUCET_COOLDOWN', message: COOLDOWN_MESSAGE } }, 429, { 'retry-after': String(retryAfterSeconds) }),
    );
    const queryClient = renderWithClient(<WalletGrid onSendReceive={vi.fn()} />, [wallet]);
    const seen: (string | null | undefined)[] = [];
    queryClient.getQueryCache().subscribe(() => seen.push(queryClient.getQueryData<WalletView[]>(walletsQueryKey)?.[0]?.nextFaucetAt));

    fireEvent.click(faucetButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(COOLDOWN_MESSAGE));
    expect(claims).toHaveLength(1);
    // At once from Retry-After, before the list comes back.
    const fromRetryAfter = seen.find((value) => typeof value === 'string');
    expect(Date.parse(fromRetryAfter ?? '') - Date.now()).toBeGreaterThan(retryAfterSeconds * 1000 - 60_000);
    await waitFor(() => expect(faucetButton()).toHaveProperty('disabled', true));
    expect(screen.getByTestId('faucet-next').textContent).toMatch(/^Next test funds available /);
  });

  it('a wallet waiting for the faucet has the button disabled with the time, and enables it when the time comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const nextFaucetAt = new Date(Date.now() + 60_000).toISOString();
    const wallet = makeWallet({ nextFaucetAt });
    stubApi([wallet]);
    renderWithClient(<WalletCard wallet={wallet} onSendReceive={vi.fn()} />, [wallet]);

    expect(faucetButton()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('faucet-next').textContent).toMatch(/^Next test funds available \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(faucetButton()).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('faucet-next')).toBeNull();
  });
});

describe('WalletGrid total', () => {
  it('adds every asset of every wallet in the display currency', async () => {
    const ethereum = makeWallet();
    const solana = makeWallet({
      id: '8d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e02',
      network: 'solana_devnet',
      networkLabel: 'Solana Devnet',
      symbol: 'SOL',
      balance: '10.0000',
      balanceUnits: '10000000000',
      balances: [
        { asset: 'SOL', symbol: 'SOL', name: 'Devnet SOL', decimals: 9, kind: 'native', balance: '10.0000', balanceUnits: '10000000000' },
        usdcBalance('500.00', '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'),
      ],
    });
    stubApi([ethereum, solana]);
    useCurrencyStore.setState({ currency: 'usd' });
    renderWithClient(<WalletGrid onSendReceive={vi.fn()} />, [ethereum, solana]);
    expect((await screen.findByTestId('wallets-total')).textContent).toBe('≈ $222,500.00');
    expect(screen.getByText('Total value of all assets')).toBeTruthy();
  });
});

describe('WalletsSettingsTab', () => {
  it('lists each asset with its value, and offers the faucet', async () => {
    const wallet = makeWallet();
    stubApi([wallet]);
    renderWithClient(<WalletsSettingsTab />, [wallet]);
    const balances = await screen.findByRole('list', { name: 'Ethereum Sepolia balances' });
    await waitFor(() => expect(within(balances).getAllByTestId('settings-wallet-fiat')).toHaveLength(2));
    expect(within(balances).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '100.0000 ETH≈ ₹18,040,000.00',
      '1000.00 USDC≈ ₹82,000.00',
    ]);
    expect(faucetButton()).toBeTruthy();
  });
});
