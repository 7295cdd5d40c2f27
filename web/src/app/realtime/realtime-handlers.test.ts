import {
  type AssetBalanceView,
  DEFAULT_NOTIFICATION_PREFERENCES,
  FALLBACK_PRICES,
  FRAUD_REASONS,
  type FraudAlertView,   type NotificationPreferences,
  type PaymentRequestView,
  type TransactionView,
  type WalletView,
} from '@fincrypt/domain';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey, notificationPreferencesQueryKey } from '../../features/account/index.ts';
import { alertsQueryKeys } from '../../features/alerts/index.ts';
import { sessionQueryKey } from '../../features/auth/index.ts';
import { insightsKeys } from '../../features/insights/index.ts';
import { paymentRequestKeys } from '../../features/payment-requests/index.ts';
import { useCurrencyStore } from '../../features/preferences/index.ts';
import { pricesQueryKey } from '../../features/prices/index.ts';
import { acknowledgeWarnings, reasonsConfirmedBy } from '../../features/send-receive/index.ts';
import { explorerKeys, transactionKeys } from '../../features/transactions/index.ts';
import { walletsQueryKey } from '../../features/wallets/index.ts';
import { makeTransaction } from '../../lib/testing/make-transaction.ts';
import { FRAUD_TOAST_MS, createRealtimeHandlers } from './realtime-handlers.ts';

const ether = (balance: string, balanceUnits: string): AssetBalanceView => ({
  asset: 'ETH',
  symbol: 'ETH',
  name: 'Sepolia Ether',
  decimals: 18,
  kind: 'native',
  balance,
  balanceUnits,
});
const usdc = (balance: string, balanceUnits: string): AssetBalanceView => ({
  asset: 'USDC',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  kind: 'token',
  standard: 'erc20',
  contractAddress: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  balance,
  balanceUnits,
});

const wallet = (overrides: Partial<WalletView>): WalletView => ({
  id: '22222222-2222-4222-8222-222222222222',
  network: 'eth_sepolia',
  networkLabel: 'Ethereum Sepolia',
  symbol: 'ETH',
  decimals: 18,
  type: 'ethereum',
  address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
  balance: '100.0000',
  balanceUnits: '100000000000000000000',
  balances: [ether('100.0000', '100000000000000000000'), usdc('1000.00', '1000000000')],
  nextFaucetAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const alert: FraudAlertView = {
  id: '33333333-3333-4333-8333-333333333333',
  transactionId: '44444444-4444-4444-8444-444444444444',
  transactionHash: `0x${'cd'.repeat(32)}`,
  riskLevel: 'low',
  reason: 'Unfamiliar receiving address',
  timestamp: '2026-11-20T10:00:00.000Z',
};

function setUp(preferences: Partial<NotificationPreferences> | 'unavailable' = {}, { withPrices = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (preferences === 'unavailable' || !withPrices) {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('', { status: 503 }))));
  }
  if (preferences !== 'unavailable') {
    queryClient.setQueryData(notificationPreferencesQueryKey, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...preferences });
  }
  // The prices the dashboard has on screen (the fixed fallback prices, so the figures are known).
  if (withPrices) queryClient.setQueryData(pricesQueryKey, { prices: livePrices, updatedAt: new Date().toISOString() });
  const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
  return { queryClient, toasts, handlers: createRealtimeHandlers(queryClient, toasts) };
}

const livePrices = Object.fromEntries(Object.entries(FALLBACK_PRICES).map(([id, price]) => [id, { ...price, source: 'fallback' }]));

afterEach(() => {
  vi.unstubAllGlobals();
  useCurrencyStore.setState({ currency: 'inr' });
});

describe('transaction_status', () => {
  const hash = `0x${'ef'.repeat(32)}`;

  it("toasts 'Transaction confirmed' once per hash, even when both sides of a send arrive", async () => {
    const { handlers, toasts } = setUp();
    await handlers.transaction_status({ hash, network: 'eth_sepolia', status: 'confirmed' });
    await handlers.transaction_status({ hash, network: 'eth_sepolia', status: 'confirmed' });
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('Transaction confirmed');
  });

  it("toasts 'Transaction failed: {error}', or without a reason when none came", async () => {
    const { handlers, toasts } = setUp();
    await handlers.transaction_status({ hash, network: 'eth_sepolia', status: 'failed', error: 'nonce too low' });
    await handlers.transaction_status({ hash: `0x${'01'.repeat(32)}`, network: 'eth_sepolia', status: 'failed' });
    expect(toasts.error.mock.calls).toEqual([['Transaction failed: nonce too low'], ['Transaction failed']]);
  });

  it('stays quiet when Transaction Alerts are off, but still updates the caches', async () => {
    const { handlers, toasts, queryClient } = setUp({ transactionAlerts: false });
    queryClient.setQueryData(transactionKeys.counts, { pending: 1, confirmed: 0, failed: 0 });
    await handlers.transaction_status({ hash, network: 'eth_sepolia', status: 'confirmed' });
    await handlers.transaction_status({ hash: `0x${'02'.repeat(32)}`, network: 'eth_sepolia', status: 'failed', error: 'x' });
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(transactionKeys.counts)?.isInvalidated).toBe(true);
  });

  it('shows the toast when the preferences cannot be read (the defaults have them on)', async () => {
    const { handlers, toasts } = setUp('unavailable');
    await handlers.transaction_status({ hash, network: 'eth_sepolia', status: 'confirmed' });
    expect(toasts.success).toHaveBeenCalledWith('Transaction confirmed');
  });

  it('announces nothing for a new pending transaction, and rescores the risk', async () => {
    const { handlers, toasts, queryClient } = setUp();
    queryClient.setQueryData(insightsKeys.risk, { score: 0 });
    await handlers.transaction_status({ hash, network: 'eth_sepolia', status: 'pending' });
    expect(toasts.success).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(insightsKeys.risk)?.isInvalidated).toBe(true);
  });
});

describe('transactions_changed', () => {
  it('reads every transaction list, count, detail and explorer page again, and toasts nothing itself', async () => {
    const { handlers, toasts, queryClient } = setUp();
    const hash = `0x${'ab'.repeat(32)}`;
    const keys = [transactionKeys.list({ limit: 25 }), transactionKeys.counts, transactionKeys.detail(hash), explorerKeys.transaction(hash), walletsQueryKey];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    await handlers.transactions_changed({ count: 5_000 });
    for (const key of keys.slice(0, 4)) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    // Confirmations move no money: the balances stay as they are.
    expect(queryClient.getQueryState(walletsQueryKey)?.isInvalidated).toBe(false);
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('transaction_update of an incoming payment', () => {
  const incoming = (overrides: Partial<TransactionView> = {}) =>
    makeTransaction({
      type: 'receive',
      status: 'pending',
      confirmations: 0,
      blockNumber: null,
      network: 'polygon_amoy',
      asset: 'MATIC',
      amount: '3.5',
      amountUnits: '3500000000000000000',
      symbol: 'MATIC',
      feeSymbol: 'MATIC',
      ...overrides,
    });

  it("toasts 'You received {amount} {symbol} (≈ {value})' once, when it arrives, in the display currency", async () => {
    const { handlers, toasts } = setUp();
    const transaction = incoming();
    await handlers.transaction_update({ transaction });
    await handlers.transaction_update({ transaction });
    await handlers.transaction_update({ transaction: { ...transaction, status: 'confirmed', confirmations: 3 } });
    // 3.5 MATIC at ₹82 (no value was kept for this one, so today's price).
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('You received 3.5 MATIC (≈ ₹287.00)');
  });

  it("uses the value kept for the recipient when it is in their display currency: 'You received 25 USDC (≈ €23.10)'", async () => {
    const { handlers, toasts } = setUp();
    useCurrencyStore.setState({ currency: 'eur' });
    const valueAtSend = { senderCurrency: 'inr', senderMinor: '209000', recipientCurrency: 'eur', recipientMinor: '2310', usdCents: '2500', source: 'live' } as const;
    const usdc = { asset: 'USDC', symbol: 'USDC', amount: '25', amountUnits: '25000000', valueAtSend };
    await handlers.transaction_update({ transaction: incoming({ ...usdc, hash: `0x${'a1'.repeat(32)}` }) });
    expect(toasts.success).toHaveBeenLastCalledWith('You received 25 USDC (≈ €23.10)');
    // Kept in another currency than the display one: today's price in the display currency instead.
    useCurrencyStore.setState({ currency: 'usd' });
    await handlers.transaction_update({ transaction: incoming({ ...usdc, hash: `0x${'a2'.repeat(32)}`, valueAtSend: { ...valueAtSend, usdCents: '2499' } }) });
    expect(toasts.success).toHaveBeenLastCalledWith('You received 25 USDC (≈ $25.00)');
  });

  it('announces nothing when a speed-up moved the payment to a new hash, and a page on the old hash finds it again', async () => {
    const { handlers, toasts, queryClient } = setUp();
    const oldHash = `0x${'b1'.repeat(32)}`;
    queryClient.setQueryData(transactionKeys.detail(oldHash), incoming({ hash: oldHash }));
    await handlers.transaction_update({ transaction: incoming({ hash: `0x${'b2'.repeat(32)}` }), replaces: oldHash });
    expect(toasts.success).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(transactionKeys.detail(oldHash))?.isInvalidated).toBe(true);
  });

  it('leaves the money out when no price can be had', async () => {
    const { handlers, toasts } = setUp({}, { withPrices: false });
    await handlers.transaction_update({ transaction: incoming() });
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('You received 3.5 MATIC');
  });

  it('says nothing for a send of yours, nor when Transaction Alerts are off', async () => {
    const sender = setUp();
    await sender.handlers.transaction_update({ transaction: incoming({ type: 'send' }) });
    expect(sender.toasts.success).not.toHaveBeenCalled();
    const quiet = setUp({ transactionAlerts: false });
    await quiet.handlers.transaction_update({ transaction: incoming() });
    expect(quiet.toasts.success).not.toHaveBeenCalled();
  });
});

describe('fraud_alert', () => {
  it('shows the server message as a 6 s warning and refreshes every alert list and the risk score', async () => {
    const { handlers, toasts, queryClient } = setUp();
    for (const queryKey of [alertsQueryKeys.latest(2), insightsKeys.fraudAlerts, insightsKeys.risk]) queryClient.setQueryData(queryKey, {});
    await handlers.fraud_alert({ message: alert.reason, level: 'low', alert });
    expect(toasts.warning).toHaveBeenCalledExactlyOnceWith('Unfamiliar receiving address', { duration: FRAUD_TOAST_MS });
    expect(FRAUD_TOAST_MS).toBe(6_000);
    for (const queryKey of [alertsQueryKeys.latest(2), insightsKeys.fraudAlerts, insightsKeys.risk]) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    }
  });

  it('does not repeat a warning the user confirmed by sending from the review that showed it, before or after its answer', async () => {
    const { handlers, toasts } = setUp();
    const early = { ...alert, id: '66666666-6666-4666-8666-666666666666' };
    const confirmed = acknowledgeWarnings(reasonsConfirmedBy({ kind: 'first-payment' }));
    // The event may come while the send is still in flight…
    await handlers.fraud_alert({ message: early.reason, level: 'low', alert: early });
    confirmed.settle([alert]);
    // …or after the answer listed it.
    await handlers.fraud_alert({ message: alert.reason, level: 'low', alert });
    expect(toasts.warning).not.toHaveBeenCalled();
    // Another send's alert, with a reason the user did not confirm, is shown.
    const burst = { ...alert, id: '77777777-7777-4777-8777-777777777777', reason: FRAUD_REASONS.burst };
    await handlers.fraud_alert({ message: burst.reason, level: 'medium', alert: burst });
    expect(toasts.warning).toHaveBeenCalledExactlyOnceWith(FRAUD_REASONS.burst, { duration: FRAUD_TOAST_MS });
  });

  it('stays quiet when Fraud Detection notifications are off', async () => {
    const { handlers, toasts } = setUp({ fraudDetection: false });
    await handlers.fraud_alert({ message: alert.reason, level: 'low', alert });
    expect(toasts.warning).not.toHaveBeenCalled();
  });
});

describe('wallet events', () => {
  const eth = wallet({});
  const sol = wallet({ id: '55555555-5555-4555-8555-555555555555', network: 'solana_devnet', networkLabel: 'Solana Devnet', symbol: 'SOL' });

  it("balance_update replaces the balance of that wallet only and toasts 'Balance updated'", async () => {
    const { handlers, queryClient, toasts } = setUp();
    queryClient.setQueryData(walletsQueryKey, [eth, sol]);
    await handlers.balance_update({
      walletId: eth.id,
      network: 'eth_sepolia',
      asset: 'ETH',
      newBalance: '98.4990',
      newBalanceUnits: '98499000000000000000',
      balances: [ether('98.4990', '98499000000000000000'), usdc('1000.00', '1000000000')],
    });
    expect(queryClient.getQueryData<WalletView[]>(walletsQueryKey)?.map((item) => item.balance)).toEqual(['98.4990', '100.0000']);
    expect(toasts.info).toHaveBeenCalledExactlyOnceWith('Balance updated', { id: 'balance-updated' });
  });

  it("balance_update says nothing when Transaction Alerts are off, but still updates the balance", async () => {
    const { handlers, queryClient, toasts } = setUp({ transactionAlerts: false });
    queryClient.setQueryData(walletsQueryKey, [eth, sol]);
    await handlers.balance_update({
      walletId: eth.id,
      network: 'eth_sepolia',
      asset: 'ETH',
      newBalance: '98.4990',
      newBalanceUnits: '98499000000000000000',
      balances: [ether('98.4990', '98499000000000000000'), usdc('1000.00', '1000000000')],
    });
    expect(queryClient.getQueryData<WalletView[]>(walletsQueryKey)?.[0]?.balance).toBe('98.4990');
    expect(toasts.info).not.toHaveBeenCalled();
  });

  it("balance_update of a token replaces every asset's balance of that wallet, the coin's too", async () => {
    const { handlers, queryClient, toasts } = setUp();
    queryClient.setQueryData(walletsQueryKey, [eth, sol]);
    await handlers.balance_update({
      walletId: eth.id,
      network: 'eth_sepolia',
      asset: 'USDC',
      newBalance: '99.9980',
      newBalanceUnits: '99998000000000000000',
      balances: [ether('99.9980', '99998000000000000000'), usdc('975.00', '975000000')],
    });
    const [updated, untouched] = queryClient.getQueryData<WalletView[]>(walletsQueryKey) ?? [];
    expect(updated?.balance).toBe('99.9980');
    expect(updated?.balances.map((entry) => `${entry.balance} ${entry.symbol}`)).toEqual(['99.9980 ETH', '975.00 USDC']);
    expect(untouched).toEqual(sol);
    expect(toasts.info).toHaveBeenCalledExactlyOnceWith('Balance updated', { id: 'balance-updated' });
  });

  it('balance_update from an older server without balances keeps the wallet\'s other assets', async () => {
    const { handlers, queryClient } = setUp();
    queryClient.setQueryData(walletsQueryKey, [eth]);
    const legacy = { walletId: eth.id, network: 'eth_sepolia', newBalance: '98.0000', newBalanceUnits: '98000000000000000000' } as const;
    await handlers.balance_update(legacy as Parameters<typeof handlers.balance_update>[0]);
    const [updated] = queryClient.getQueryData<WalletView[]>(walletsQueryKey) ?? [];
    expect(updated?.balance).toBe('98.0000');
    expect(updated?.balances).toEqual(eth.balances);
  });

  it('balance_update for a wallet not in the list fetches the list again', async () => {
    const { handlers, queryClient } = setUp();
    queryClient.setQueryData(walletsQueryKey, [sol]);
    await handlers.balance_update({
      walletId: eth.id,
      network: 'eth_sepolia',
      asset: 'ETH',
      newBalance: '1.0000',
      newBalanceUnits: '1',
      balances: [ether('1.0000', '1'), usdc('0.00', '0')],
    });
    expect(queryClient.getQueryState(walletsQueryKey)?.isInvalidated).toBe(true);
  });

  it('balance_update while the list is being fetched fetches it again, so an answer read before the change cannot land after it', async () => {
    const { handlers, queryClient } = setUp();
    const moved = { ...eth, balance: '1.0000', balanceUnits: '1', balances: [ether('1.0000', '1'), usdc('0.00', '0')] };
    // The server's list: what a fetch reads when it starts, answered 20 ms later (a catch-up after reconnecting, say).
    let onServer: WalletView[] = [eth];
    const observer = new QueryObserver(queryClient, {
      queryKey: walletsQueryKey,
      queryFn: async () => {
        const read = onServer;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return read;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(walletsQueryKey)).toEqual([eth]));
    void observer.refetch();
    // The send commits while that fetch is on its way, then its event arrives.
    onServer = [moved];
    await handlers.balance_update({
      walletId: eth.id,
      network: 'eth_sepolia',
      asset: 'ETH',
      newBalance: moved.balance,
      newBalanceUnits: moved.balanceUnits,
      balances: moved.balances,
    });
    await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: walletsQueryKey })).toBe(0));
    expect(queryClient.getQueryData(walletsQueryKey)).toEqual([moved]);
    unsubscribe();
  });

  it('wallet_update adds a connected wallet once and removes a disconnected one', async () => {
    const { handlers, queryClient } = setUp();
    queryClient.setQueryData(walletsQueryKey, [eth]);
    await handlers.wallet_update({ action: 'connected', wallet: sol });
    await handlers.wallet_update({ action: 'connected', wallet: sol });
    expect(queryClient.getQueryData<WalletView[]>(walletsQueryKey)?.map((item) => item.id)).toEqual([eth.id, sol.id]);
    await handlers.wallet_update({ action: 'disconnected', wallet: eth });
    expect(queryClient.getQueryData<WalletView[]>(walletsQueryKey)?.map((item) => item.id)).toEqual([sol.id]);
  });
});

describe('transaction_update', () => {
  it('puts the new state into the open detail page', async () => {
    const { handlers, queryClient } = setUp();
    const pending = makeTransaction({ status: 'pending', confirmations: 0 });
    queryClient.setQueryData(transactionKeys.detail(pending.hash), pending);
    const confirmed = { ...pending, status: 'confirmed' as const, confirmations: 4 };
    await handlers.transaction_update({ transaction: confirmed });
    expect(queryClient.getQueryData(transactionKeys.detail(pending.hash))).toEqual(confirmed);
  });
});

describe('profile_update', () => {
  it('merges the new name, email and avatar into the account and the session', async () => {
    const { handlers, queryClient } = setUp();
    queryClient.setQueryData(accountQueryKey, { id: 'u1', name: 'Old', email: 'old@example.com', avatar: 'preset-1', createdAt: '', twoFactorEnabled: true });
    queryClient.setQueryData(sessionQueryKey, { user: { id: 'u1', name: 'Old', email: 'old@example.com', image: 'preset-1', createdAt: '' }, session: { id: 's', expiresAt: '' } });
    await handlers.profile_update({ name: 'New', email: 'new@example.com', avatar: 'preset-3' });
    expect(queryClient.getQueryData(accountQueryKey)).toMatchObject({ name: 'New', email: 'new@example.com', avatar: 'preset-3', twoFactorEnabled: true });
    expect(queryClient.getQueryData(sessionQueryKey)).toMatchObject({ user: { name: 'New', email: 'new@example.com', image: 'preset-3' } });
    // What the event does not carry (2FA turned on or off elsewhere) is fetched again.
    expect(queryClient.getQueryState(accountQueryKey)?.isInvalidated).toBe(true);
  });
});

describe('onConnect', () => {
  it('refreshes the ledger caches on the first connection and everything after a reconnection', () => {
    const { handlers, queryClient } = setUp();
    queryClient.setQueryData(walletsQueryKey, []);
    queryClient.setQueryData(['insights', 'sentiment', 'ethereum'], {});
    handlers.onConnect(false);
    expect(queryClient.getQueryState(walletsQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['insights', 'sentiment', 'ethereum'])?.isInvalidated).toBe(false);
    handlers.onConnect(true);
    expect(queryClient.getQueryState(['insights', 'sentiment', 'ethereum'])?.isInvalidated).toBe(true);
  });
});

// ---- Issue 16: one of the user's payment requests was paid. ----
describe('payment_request_paid', () => {
  const open: PaymentRequestView = {
    id: 'abcdefghijklmnopqrstuv',
    status: 'open',
    displayName: 'Ana',
    note: 'Rent',
    network: 'eth_sepolia',
    asset: 'USDC',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    amount: '6.01',
    amountUnits: '6010000',
    assetAmountIsIndicative: true,
    fiat: { currency: 'inr', amountMinor: '50000' },
    reference: 'ab'.repeat(32),
    uri: 'ethereum:0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238@11155111/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-21T10:00:00.000Z',
    paidAt: null,
    walletId: '7d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e01',
    cancelledAt: null,
    transactionHash: null,
    path: '/pay/abcdefghijklmnopqrstuv',
  };
  const paid: PaymentRequestView = { ...open, status: 'paid', paidAt: '2026-11-20T11:00:00.000Z', transactionHash: `0x${'12'.repeat(32)}` };

  it('marks the request paid in the list and toasts once', async () => {
    const { handlers, toasts, queryClient } = setUp();
    queryClient.setQueryData(paymentRequestKeys.mine, [open]);
    await handlers.payment_request_paid({ request: paid, transactionHash: paid.transactionHash! });
    await handlers.payment_request_paid({ request: paid, transactionHash: paid.transactionHash! });
    expect(queryClient.getQueryData<PaymentRequestView[]>(paymentRequestKeys.mine)?.[0]).toMatchObject({ status: 'paid', transactionHash: paid.transactionHash });
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('Your payment request for ₹500.00 in USDC was paid');
  });

  it('stays quiet when Transaction Alerts are off, but still updates the list', async () => {
    const { handlers, toasts, queryClient } = setUp({ transactionAlerts: false });
    queryClient.setQueryData(paymentRequestKeys.mine, [open]);
    await handlers.payment_request_paid({ request: paid, transactionHash: paid.transactionHash! });
    expect(queryClient.getQueryData<PaymentRequestView[]>(paymentRequestKeys.mine)?.[0]?.status).toBe('paid');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('shows the request open again when its paying send failed on the chain, and reads the list again', async () => {
    const { handlers, toasts, queryClient } = setUp();
    queryClient.setQueryData(paymentRequestKeys.mine, [paid]);
    await handlers.payment_request_reopened({ requestId: paid.id, transactionHash: paid.transactionHash! });
    expect(queryClient.getQueryData<PaymentRequestView[]>(paymentRequestKeys.mine)?.[0]).toMatchObject({ status: 'open', paidAt: null, transactionHash: null });
    expect(queryClient.getQueryState(paymentRequestKeys.mine)?.isInvalidated).toBe(true);
    expect(toasts.success).not.toHaveBeenCalled();
  });
});
