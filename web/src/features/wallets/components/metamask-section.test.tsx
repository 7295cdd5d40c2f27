import { FALLBACK_PRICES, type WalletView, rpcNetworkView } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWallet } from '../../../lib/testing/make-wallet.ts';
import { walletsQueryKey } from '../api/get-wallets.ts';
import { WalletsSettingsTab } from './wallets-settings-tab.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TEST_KEY = { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', privateKey: `0x${'4c0883a6'.repeat(8)}` };
const sepolia = makeWallet();
const solana = makeWallet({ id: '9b2e1f0c-0000-4000-8000-000000000003', network: 'solana_devnet', networkLabel: 'Solana Devnet', type: 'solana', symbol: 'SOL', address: 'Gy2YjR8V1mYJ9qGk2hJd7nFQbQ3o4v6Yq8m9N2p3JxkS' });

/** The API the Wallets tab reads: the wallets, GET /rpc listing Sepolia, and the test key. */
function stubApi(answerTestKey: () => Response = () => json(TEST_KEY)) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      asked.push(pathname);
      if (pathname === '/api/prices') return Promise.resolve(json({ prices: FALLBACK_PRICES, updatedAt: new Date().toISOString() }));
      if (pathname === '/rpc') return Promise.resolve(json({ networks: [rpcNetworkView('eth_sepolia')] }));
      if (pathname === `/api/wallets/${sepolia.id}/test-key`) return Promise.resolve(answerTestKey());
      return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    }),
  );
  return asked;
}

function renderTab(isDemoAccount: boolean, wallets: WalletView[] = [sepolia, solana]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(walletsQueryKey, wallets);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WalletsSettingsTab isDemoAccount={isDemoAccount} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Account Settings → Wallets: MetaMask', () => {
  it('asks the browser wallet to add the network listed by GET /rpc, and says what it answered in a live region', async () => {
    const request = vi.fn().mockResolvedValueOnce(null).mockRejectedValueOnce({ code: 4001, message: 'User rejected the request.' });
    vi.stubGlobal('ethereum', { request });
    stubApi();
    renderTab(false);

    const button = await screen.findByRole('button', { name: 'Add to MetaMask: Ethereum Sepolia' });
    // Only the EVM wallet whose network has an endpoint; no test key for an ordinary account.
    expect(screen.getAllByTestId('metamask-section')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show test key of the Ethereum Sepolia wallet' })).toBeNull();
    const outcome = screen.getByTestId('metamask-outcome');
    expect(outcome.getAttribute('role')).toBe('status');
    fireEvent.click(button);
    expect(await screen.findByText('Added Ethereum Sepolia to your wallet.')).toBe(outcome);
    expect(request).toHaveBeenCalledWith({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0xaa36a7',
          chainName: 'Ethereum Sepolia',
          nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: [`${window.location.origin}/rpc/eth_sepolia`],
          blockExplorerUrls: [`${window.location.origin}/explorer`],
        },
      ],
    });

    fireEvent.click(button);
    expect(await screen.findByText('The wallet refused: User rejected the request.')).toBe(outcome);
  });

  it('without a wallet in the browser, shows the details to add by hand, each with a copy button', async () => {
    stubApi();
    renderTab(false);
    const details = await screen.findByLabelText('Ethereum Sepolia network details');
    expect(within(details).getAllByRole('definition').map((item) => item.textContent)).toEqual([
      'Ethereum Sepolia',
      `${window.location.origin}/rpc/eth_sepolia`,
      '11155111',
      'ETH',
    ]);
    for (const label of ['Network name', 'RPC URL', 'Chain ID', 'Currency symbol']) expect(within(details).getByRole('button', { name: `Copy ${label}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to MetaMask/ })).toBeNull();
  });

  it("shows a demo account's test key only once opened, with its address, the steps and the warning", async () => {
    const asked = stubApi();
    renderTab(true, [sepolia]);
    const disclosure = await screen.findByRole('button', { name: 'Show test key of the Ethereum Sepolia wallet' });
    expect(asked).not.toContain(`/api/wallets/${sepolia.id}/test-key`);
    expect(screen.queryByTestId('test-key')).toBeNull();

    fireEvent.click(disclosure);
    expect((await screen.findByTestId('test-key')).textContent).toBe(TEST_KEY.privateKey);
    expect(screen.getByRole('button', { name: "Copy the Ethereum Sepolia wallet's test key" })).toBeTruthy();
    expect(screen.getByText(TEST_KEY.address)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('shared test key with no real value');
    expect(within(screen.getByRole('list', { name: 'Import it into MetaMask' })).getAllByRole('listitem')).toHaveLength(3);

    // Closed, the key leaves the page.
    fireEvent.click(screen.getByRole('button', { name: 'Hide test key of the Ethereum Sepolia wallet' }));
    expect(screen.queryByTestId('test-key')).toBeNull();
  });

  it("says why a test key was refused, in the server's words", async () => {
    const message = "Only a demo account's test key can be shown: its keys are shared test keys with no real value. Your own account's keys never leave the server.";
    stubApi(() => json({ error: { code: 'TEST_KEY_DEMO_ONLY', message } }, 403));
    renderTab(true, [sepolia]);
    fireEvent.click(await screen.findByRole('button', { name: 'Show test key of the Ethereum Sepolia wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
