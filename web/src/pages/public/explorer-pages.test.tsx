import { API_ERRORS, type ExplorerTransaction, FALLBACK_PRICES } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FeedState, applyExplorerTransaction } from '../../features/explorer/index.ts';
import { ALICE, BOB, STATS, json, makeAddress, makeBlock, makeBlockPage, makeListItem, refusal } from '../../lib/testing/explorer-fixtures.ts';
import ExplorerAddressPage from './explorer-address-page.tsx';
import ExplorerBlockPage from './explorer-block-page.tsx';
import ExplorerHomePage from './explorer-home-page.tsx';
import ExplorerPage from './explorer-page.tsx';

/** The public channel, replaced: the test holds its cache and its state, and sends events itself. */
const feed = vi.hoisted(() => ({ connections: [] as { queryClient: unknown; onState: (state: FeedState) => void }[], closed: 0 }));
vi.mock('../../features/explorer/live/explorer-socket.ts', () => ({
  connectExplorerFeed: (queryClient: unknown, onState: (state: FeedState) => void) => {
    feed.connections.push({ queryClient, onState });
    return () => {
      feed.closed += 1;
    };
  },
}));

const LABEL = 'Simulated · Amara Okafor, remitter in Lagos';

type Handler = (url: URL) => Response | undefined;

function renderAt(path: string, handler: Handler) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/prices') return Promise.resolve(json({ prices: FALLBACK_PRICES, updatedAt: new Date().toISOString() }));
      if (url.pathname === '/api/explorer/labels') return Promise.resolve(json({ labels: [{ network: 'eth_sepolia', address: BOB, label: LABEL }] }));
      return Promise.resolve(handler(url) ?? refusal(404, 'NOT_FOUND', 'Not found'));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/explorer', Component: ExplorerHomePage },
      { path: '/explorer/address/:address', Component: ExplorerAddressPage },
      { path: '/explorer/block/:network/:number', Component: ExplorerBlockPage },
      { path: '/explorer/:hash', Component: ExplorerPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, queryClient, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  feed.connections.length = 0;
});

describe('the explorer home', () => {
  const latest = [makeListItem({ to: BOB }), makeListItem({ network: 'solana_devnet', asset: 'USDC', from: 'SoLFrom1111111111111111111111111', to: 'SoLTo11111111111111111111111111', feeSymbol: 'SOL', blockNumber: null, status: 'pending' })];
  const home: Handler = (url) => {
    if (url.pathname === '/api/explorer/transactions') return json({ items: url.searchParams.get('network') ? [latest[0]] : latest, nextCursor: null });
    if (url.pathname === '/api/explorer/blocks') return json({ blocks: [makeBlock({ number: 5000 }), makeBlock({ network: 'solana_devnet', number: 77, feeSymbol: 'SOL', totalFees: '0.00001' })] });
    if (url.pathname === '/api/explorer/stats') return json(STATS);
    return undefined;
  };

  it('shows the figures, the latest transactions with labels and links, and each network’s blocks', async () => {
    renderAt('/explorer', home);
    const transactions = await screen.findByRole('list', { name: 'Latest transactions' });
    const rows = within(transactions).getAllByTestId('explorer-transaction');
    expect(rows.map((row) => row.dataset.hash)).toEqual(latest.map((item) => item.hash));
    // A simulated participant's address shows its label; every address and block links to its page.
    expect((await within(rows[0]!).findByTestId('address-label')).textContent).toBe(LABEL);
    expect(within(rows[0]!).getByRole('link', { name: '0x5aAe...eAed' }).getAttribute('href')).toBe(`/explorer/address/${BOB}`);
    expect(within(rows[0]!).getByRole('link', { name: 'Block 5,000' }).getAttribute('href')).toBe('/explorer/block/eth_sepolia/5000');
    expect(rows[1]!.textContent).toContain('Pending');

    const sepolia = (await screen.findAllByTestId('network-stats')).find((card) => card.dataset.network === 'eth_sepolia')!;
    expect(sepolia.textContent).toContain('Transactions per second0.05');
    expect(sepolia.textContent).toContain('Average fee0.000945 ETH');
    expect(sepolia.textContent).toContain('Pending2');
    expect(within(sepolia).getByRole('link', { name: '5,003' }).getAttribute('href')).toBe('/explorer/block/eth_sepolia/5003');
    const amoy = screen.getAllByTestId('network-stats').find((card) => card.dataset.network === 'polygon_amoy')!;
    expect(amoy.textContent).toContain('Average feeNo transfers');

    expect(within(screen.getByRole('list', { name: 'Latest Solana Devnet blocks' })).getByRole('link', { name: 'Block 77' }).getAttribute('href')).toBe(
      '/explorer/block/solana_devnet/77',
    );
    expect(screen.getByText('No block has included a transaction yet.')).toBeTruthy();
  });

  it('a real chain’s latest blocks are every block, empty ones too, each with its gas and base fee', async () => {
    const header = (gasUsed: string) => ({ hash: `0x${'aa'.repeat(32)}`, parentHash: `0x${'bb'.repeat(32)}`, gasLimit: '30000000', gasUsed, baseFeePerGas: '7' });
    renderAt('/explorer?network=eth_sepolia', (url) => {
      if (url.pathname === '/api/explorer/blocks') {
        return json({ blocks: [makeBlock({ number: 42, transactionCount: 0, header: header('0') }), makeBlock({ number: 41, transactionCount: 1, header: header('21000') })] });
      }
      return home(url);
    });
    const list = await screen.findByRole('list', { name: 'Latest Ethereum Sepolia blocks' });
    const rows = within(list).getAllByTestId('explorer-block');
    expect(rows.map((row) => row.dataset.number)).toEqual(['42', '41']);
    expect(rows[0]!.textContent).toContain('0 transactions');
    expect(within(rows[0]!).getByTestId('explorer-block-gas').textContent).toBe('Gas used 0 of 30,000,000 (0%) · base fee 0.000000007 Gwei');
    expect(within(rows[1]!).getByTestId('explorer-block-gas').textContent).toContain('Gas used 21,000 of 30,000,000');
  });

  it('adds a payment the public channel announces, live, and says it is live', async () => {
    renderAt('/explorer', home);
    await screen.findByRole('list', { name: 'Latest transactions' });
    await waitFor(() => expect(feed.connections).toHaveLength(1));
    const connection = feed.connections[0]!;
    act(() => connection.onState('live'));
    expect(screen.getByTestId('explorer-live').textContent).toBe('Live');

    const fresh = makeListItem({ timestamp: new Date(Date.parse(latest[0]!.timestamp) + 60_000).toISOString(), status: 'pending', blockNumber: null, amount: '42' });
    act(() => applyExplorerTransaction(connection.queryClient as QueryClient, { transaction: fresh }));
    const hashes = () => within(screen.getByRole('list', { name: 'Latest transactions' })).getAllByTestId('explorer-transaction').map((row) => row.dataset.hash);
    await waitFor(() => expect(hashes()).toEqual([fresh.hash, ...latest.map((item) => item.hash)]));
    const rows = within(screen.getByRole('list', { name: 'Latest transactions' })).getAllByTestId('explorer-transaction');
    expect(rows[0]!.textContent).toContain('42 ETH');

    act(() => connection.onState('offline'));
    expect(screen.getByTestId('explorer-live').textContent).toBe('Reconnecting…');
  });

  it('filters by network, in the address bar', async () => {
    const { asked, router } = renderAt('/explorer', home);
    await screen.findByRole('list', { name: 'Latest transactions' });
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'eth_sepolia' } });
    await waitFor(() => expect(router.state.location.search).toBe('?network=eth_sepolia'));
    await waitFor(() => expect(asked).toContain('/api/explorer/transactions?network=eth_sepolia&limit=20'));
    expect(asked).toContain('/api/explorer/blocks?network=eth_sepolia&limit=8');
    await waitFor(() => expect(screen.getAllByTestId('network-stats').map((card) => card.dataset.network)).toEqual(['eth_sepolia']));
  });
});

describe('an address page', () => {
  it('shows the address, its QR code, its balances per network, and pages through its transactions', async () => {
    // happy-dom's IntersectionObserver never reports: without one, the QR code's place counts as near the screen.
    vi.stubGlobal('IntersectionObserver', undefined);
    const older = makeListItem({ from: BOB, to: ALICE });
    const { asked } = renderAt(`/explorer/address/${ALICE}`, (url) => {
      if (url.pathname !== `/api/explorer/address/${ALICE}`) return undefined;
      return url.searchParams.get('cursor') === 'page-2'
        ? json(makeAddress({ transactions: { items: [older], nextCursor: null } }))
        : json(makeAddress({ transactions: { items: [makeListItem()], nextCursor: 'page-2' } }));
    });
    expect((await screen.findByTestId('explorer-address')).textContent).toBe(ALICE);
    // The QR code draws once the page has painted and its library (a chunk of its own) has arrived.
    expect(await screen.findByRole('img', { name: `QR code of the address ${ALICE}` })).toBeTruthy();
    const [sepolia, amoy] = screen.getAllByTestId('address-network');
    expect(sepolia!.textContent).toContain('98.5 ETH');
    expect(sepolia!.textContent).toContain('1000 USDC');
    expect(sepolia!.textContent).toContain('3 transactions');
    expect(amoy!.textContent).toContain('Not a wallet of this test network');

    fireEvent.click(screen.getByRole('button', { name: 'Older transactions' }));
    await waitFor(() => expect(screen.getAllByTestId('explorer-transaction')).toHaveLength(2));
    expect(asked).toContain(`/api/explorer/address/${ALICE}?cursor=page-2&limit=25`);
    expect(screen.queryByRole('button', { name: 'Older transactions' })).toBeNull();
    expect(document.title).toBe('Address · FinCrypt');
  });

  it("a participant's address shows its label; a string that is no address shows the server's refusal", async () => {
    renderAt(`/explorer/address/${BOB}`, (url) => (url.pathname.endsWith(BOB) ? json(makeAddress({ address: BOB, label: LABEL })) : undefined));
    expect((await screen.findAllByTestId('address-label'))[0]!.textContent).toBe(LABEL);
    cleanup();
    const message = API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress;
    renderAt('/explorer/address/nope', () => refusal(400, 'VALIDATION_ERROR', message));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    await waitFor(() => expect(document.title).toBe('Address Not Found · FinCrypt'));
  });
});

describe('a block page', () => {
  it('shows the block, links the blocks around it up to the newest, and its transactions', async () => {
    renderAt('/explorer/block/eth_sepolia/5000', (url) => (url.pathname === '/api/explorer/block/eth_sepolia/5000' ? json(makeBlockPage()) : undefined));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Block 5,000');
    await screen.findByText('Total fees');
    const blocks = screen.getByRole('navigation', { name: 'Blocks' });
    expect(within(blocks).getByRole('link', { name: 'Previous block' }).getAttribute('href')).toBe('/explorer/block/eth_sepolia/4999');
    expect(within(blocks).getByRole('link', { name: 'Next block' }).getAttribute('href')).toBe('/explorer/block/eth_sepolia/5001');
    expect(screen.getAllByTestId('explorer-transaction')).toHaveLength(1);
  });

  it('a real chain’s block shows its hash, its parent (a link to the block before), its gas and its base fee; an empty one says so', async () => {
    const header = { hash: `0x${'aa'.repeat(32)}`, parentHash: `0x${'bb'.repeat(32)}`, gasLimit: '30000000', gasUsed: '0', baseFeePerGas: '875000000' };
    renderAt('/explorer/block/eth_sepolia/12', () =>
      json(makeBlockPage({ number: 12, headNumber: 20, transactionCount: 0, totalFees: '0', totalFeesUnits: '0', header, transactions: { items: [], nextCursor: null } })),
    );
    expect((await screen.findByTestId('block-hash')).textContent).toContain(header.hash);
    expect(within(screen.getByTestId('block-parent')).getByRole('link', { name: header.parentHash }).getAttribute('href')).toBe('/explorer/block/eth_sepolia/11');
    expect(screen.getByTestId('block-gas-used').textContent).toBe('Gas used0 of 30,000,000 (0%)');
    expect(screen.getByTestId('block-gas-limit').textContent).toBe('Gas limit30,000,000');
    expect(screen.getByTestId('block-base-fee').textContent).toBe('Base fee per gas0.875 Gwei');
    expect(screen.getByText('This block is empty: it included no transactions.')).toBeTruthy();
  });

  it('the newest block has no next link; a block not produced yet says so; a bad number is not asked for', async () => {
    renderAt('/explorer/block/eth_sepolia/5003', () => json(makeBlockPage({ number: 5003, headNumber: 5003 })));
    await screen.findByText('Total fees');
    expect(screen.queryByRole('link', { name: 'Next block' })).toBeNull();
    cleanup();

    renderAt('/explorer/block/eth_sepolia/9999999', () => refusal(404, 'NOT_FOUND', API_ERRORS.NOT_FOUND.messages.blockNotYet));
    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.NOT_FOUND.messages.blockNotYet);
    cleanup();

    const { asked } = renderAt('/explorer/block/eth_sepolia/0', () => json({}));
    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.VALIDATION_ERROR.messages.invalidBlockNumber);
    expect(asked.filter((path) => path.startsWith('/api/explorer/block'))).toEqual([]);
  });
});

describe('a transaction page', () => {
  const hash = `0x${'ef'.repeat(32)}`;
  const base: ExplorerTransaction = {
    hash,
    network: 'eth_sepolia',
    networkLabel: 'Ethereum Sepolia',
    type: 'transfer',
    asset: 'ETH',
    symbol: 'ETH',
    feeSymbol: 'ETH',
    from: ALICE,
    to: BOB,
    value: '1.5',
    valueUnits: '1500000000000000000',
    fee: '0.000945',
    feeUnits: '945000000000000',
    gasUsed: '21000',
    effectiveGasPrice: '45000000000',
    gasPriceGwei: '45.00',
    status: 'confirmed',
    confirmations: 12,
    blockNumber: 5000,
    timestamp: '2026-11-25T03:00:00.000Z',
    usdValueAtSendCents: null,
    timeline: [],
    raw: { kind: 'evm', chainId: 11155111, serialized: '0xf86c0a85' },
    replacedHashes: [],
  };

  it('links both addresses and the block, labels a participant, and shows the signed transaction with how to check it', async () => {
    renderAt(`/explorer/${hash}`, (url) => (url.pathname === `/api/explorer/tx/${hash}` ? json(base) : undefined));
    expect((await screen.findByRole('link', { name: ALICE })).getAttribute('href')).toBe(`/explorer/address/${ALICE}`);
    expect(screen.getByRole('link', { name: BOB }).getAttribute('href')).toBe(`/explorer/address/${BOB}`);
    expect(screen.getByRole('link', { name: '5,000' }).getAttribute('href')).toBe('/explorer/block/eth_sepolia/5000');
    expect((await screen.findByTestId('address-label')).textContent).toBe(LABEL);
    const signed = screen.getByTestId('signed-transaction');
    expect(within(signed).getByTestId('raw-serialized').textContent).toBe('0xf86c0a85');
    expect(signed.textContent).toContain('11155111');
    expect(signed.textContent).toContain('keccak-256');
    expect(within(signed).getByRole('button', { name: 'Copy signed transaction' })).toBeTruthy();
  });

  it('a Solana transaction shows its message, signature and signer; a mint says no key signs it', async () => {
    const solana = { ...base, network: 'solana_devnet', networkLabel: 'Solana Devnet', raw: { kind: 'solana', message: 'AQAB', signature: 'SiG58', signer: 'SoLSigner' } } as const;
    renderAt(`/explorer/${hash}`, () => json(solana));
    expect((await screen.findByTestId('raw-message')).textContent).toBe('AQAB');
    expect(screen.getByTestId('raw-signature').textContent).toBe('SiG58');
    expect(screen.getByTestId('raw-signer').textContent).toBe('SoLSigner');
    expect(screen.getByTestId('signed-transaction').textContent).toContain('ed25519');
    cleanup();

    renderAt(`/explorer/${hash}`, () => json({ ...base, type: 'mint', raw: null }));
    expect((await screen.findByTestId('signed-transaction')).textContent).toContain('no key signs them');
  });

  it('an EVM transaction shows its nonce, its gas used of its limit, its fee caps, and its USDC transfer decoded', async () => {
    const usdc = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
    const transfer: ExplorerTransaction = {
      ...base,
      asset: 'USDC',
      symbol: 'USDC',
      tokenAddress: usdc,
      value: '25',
      valueUnits: '25000000',
      gasUsed: '45123',
      evm: {
        nonce: 7,
        gasLimit: '65000',
        maxFeePerGas: '3000000000',
        maxPriorityFeePerGas: '1000000000',
        gasUsed: '45123',
        call: {
          contract: usdc,
          contractSymbol: 'USDC',
          functionName: 'transfer',
          signature: 'transfer(address,uint256)',
          args: { to: BOB, amountUnits: '25000000' },
          tokenMoved: { from: ALICE, to: BOB, amount: '25', amountUnits: '25000000', symbol: 'USDC' },
        },
      },
      failure: null,
    };
    renderAt(`/explorer/${hash}`, () => json(transfer));
    const facts = await screen.findByTestId('chain-facts');
    expect(within(facts).getByTestId('nonce').textContent).toBe('Nonce7');
    expect(within(facts).getByTestId('gas').textContent).toBe('Gas used45,123 of 65,000 (69.4%)');
    expect(within(facts).getByTestId('fee-caps').textContent).toContain('3 Gwei · priority fee 1 Gwei');
    const call = within(facts).getByTestId('decoded-call');
    expect(call.textContent).toContain('transfer(to, amount) on the USDC contract');
    expect(within(call).getByTestId('call-contract').textContent).toBe(usdc);
    expect(within(call).getByTestId('call-to').textContent).toBe(BOB);
    expect(within(call).getByTestId('call-amount').textContent).toBe('25000000 (25 USDC)');
    const moved = within(facts).getByTestId('token-moved');
    expect(moved.textContent).toContain('25 USDC');
    expect(within(moved).getByRole('link', { name: ALICE }).getAttribute('href')).toBe(`/explorer/address/${ALICE}`);
    expect(within(moved).getByRole('link', { name: BOB }).getAttribute('href')).toBe(`/explorer/address/${BOB}`);
    expect(within(facts).queryByTestId('failure-reason')).toBeNull();
    cleanup();

    // A failed one says why; a pending one has a gas limit, not yet gas used.
    renderAt(`/explorer/${hash}`, () => json({ ...transfer, status: 'failed', failure: 'execution reverted: ERC20: transfer amount exceeds balance' }));
    expect((await screen.findByTestId('failure-reason')).textContent).toBe('Failure reasonexecution reverted: ERC20: transfer amount exceeds balance');
    cleanup();
    renderAt(`/explorer/${hash}`, () => json({ ...transfer, status: 'pending', blockNumber: null, confirmations: 0, evm: { ...transfer.evm!, gasUsed: null } }));
    expect((await screen.findByTestId('gas')).textContent).toBe('Gas limit65,000 (not in a block yet)');
  });

  it('opened by a hash a speed-up replaced, it shows that transaction, marked Replaced, linking its replacement; the replacement links it back', async () => {
    const oldHash = `0x${'01'.repeat(32)}`;
    const replaced: ExplorerTransaction = {
      ...base,
      hash: oldHash,
      status: 'failed',
      confirmations: 0,
      blockNumber: null,
      fee: '0',
      feeUnits: '0',
      raw: null,
      failure: 'Replaced by a speed-up: the same transfer at a higher fee, with the same nonce',
      evm: { nonce: 4, gasLimit: null, maxFeePerGas: null, maxPriorityFeePerGas: null, gasUsed: null, call: null },
      replacedBy: { hash, replacedAt: '2026-11-25T03:00:05.000Z', latestHash: hash },
    };
    renderAt(`/explorer/${oldHash}`, () => json(replaced));
    expect((await screen.findByTestId('replaced-status')).textContent).toBe('Replaced');
    const notice = screen.getByTestId('replaced-by');
    expect(notice.textContent).toContain('A speed-up replaced this transaction');
    expect(within(notice).getByRole('link', { name: 'View its replacement' }).getAttribute('href')).toBe(`/explorer/${hash}`);
    expect(within(screen.getByTestId('replacement-link')).getByRole('link', { name: hash }).getAttribute('href')).toBe(`/explorer/${hash}`);
    expect(screen.getByTestId('replaced-transaction').textContent).toContain(oldHash);
    expect(screen.getByTestId('nonce').textContent).toBe('Nonce4');
    // Not shown as a failure, nor as a transaction waiting for its block.
    expect(screen.queryByTestId('failure-reason')).toBeNull();
    expect(screen.queryByTestId('pending-dots')).toBeNull();
    cleanup();

    renderAt(`/explorer/${hash}`, () => json({ ...base, replacedHashes: [oldHash] }));
    const replaces = await screen.findByTestId('replaces');
    expect(within(replaces).getByRole('link', { name: oldHash }).getAttribute('href')).toBe(`/explorer/${oldHash}`);
    expect(screen.queryByTestId('replaced-by')).toBeNull();
  });
});
