import { randomUUID } from 'node:crypto';
import type { NetworkId, SendResponse, TransactionPage, TransactionView, WalletView } from '@fincrypt/domain';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';

/** A valid checksummed EVM address that belongs to no wallet here: a send to it leaves the system. */
export const OUTSIDE_EVM_ADDRESS = '0x000000000000000000000000000000000000dEaD';

export async function listWallets(request: APIRequestContext): Promise<WalletView[]> {
  const response = await request.get('/api/wallets');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { wallets: WalletView[] }).wallets;
}

export async function walletOn(request: APIRequestContext, network: NetworkId): Promise<WalletView> {
  const wallet = (await listWallets(request)).find((candidate) => candidate.network === network);
  if (!wallet) throw new Error(`no ${network} wallet`);
  return wallet;
}

export async function sendViaApi(
  request: APIRequestContext,
  body: { walletId: string; to: string; amount: string; speed?: 'slow' | 'normal' | 'fast' },
): Promise<SendResponse> {
  const response = await request.post('/api/transactions', { headers: { 'idempotency-key': randomUUID() }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SendResponse;
}

/** The signed-in user's sends, newest first. */
export async function listSends(request: APIRequestContext): Promise<TransactionView[]> {
  const response = await request.get('/api/transactions?type=send&limit=100');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as TransactionPage).items;
}

/** Opens /send-receive and waits for its tabs (the page chunk and the wallets load first). */
export async function openSendReceive(page: Page): Promise<void> {
  await page.goto('/send-receive');
  await expect(page.getByRole('heading', { level: 1, name: 'Send & Receive' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Send' })).toBeVisible();
}

/**
 * Navigates to /send-receive with router location state, as the dashboard's Send and Receive buttons do:
 * react-router keeps its state under `usr` in history.state and follows popstate.
 */
export async function openSendReceiveWithState(page: Page, state: { action?: 'send' | 'receive'; walletId?: string }): Promise<void> {
  await openSendReceive(page);
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: `e2e-${Date.now()}`, idx: window.history.length }, '', '/send-receive');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
}

/** The Send form's controls. */
export function sendForm(page: Page) {
  const form = page.getByRole('form', { name: 'Send funds' });
  return {
    form,
    wallet: form.getByLabel('Wallet'),
    recipient: form.getByLabel('Recipient Address'),
    amount: form.getByLabel('Amount'),
    max: form.getByRole('button', { name: 'MAX', exact: true }),
    speed: (label: 'Slow' | 'Normal' | 'Fast'): Locator => form.getByRole('radio', { name: new RegExp(`^${label}`) }),
    submit: form.getByRole('button', { name: 'Send Transaction' }),
  };
}

/** Picks a wallet in the Send form and waits until its fee quotes are shown. */
export async function chooseSendWallet(page: Page, wallet: WalletView): Promise<void> {
  const controls = sendForm(page);
  await controls.wallet.selectOption(wallet.id);
  await expect(controls.speed('Normal')).toBeVisible();
}

/** "0.000840 ETH" inside a speed option → "0.000840". */
export async function shownFee(option: Locator, symbol: string): Promise<string> {
  const text = (await option.textContent()) ?? '';
  const match = new RegExp(`(\\d+(?:\\.\\d+)?) ${symbol}`).exec(text);
  if (!match?.[1]) throw new Error(`no fee in "${text}"`);
  return match[1];
}

/** A coin amount as an integer of its smallest unit: "1.5" with 18 decimals → 1500000000000000000n. */
export function toUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/**
 * Toasts come and go on their own (realtime confirmations may land during a scan) and belong to the app
 * shell, not to this page: the page's own checks leave them out.
 */
export const TOASTS_SELECTOR = '[data-sonner-toaster]';
