import { randomUUID } from 'node:crypto';
import type { NetworkId, PaymentQuote, SendResponse, TransactionPage, TransactionView, WalletView } from '@fincrypt/domain';
import { type APIRequestContext, type Locator, type Page, type Request, expect } from '@playwright/test';

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
    amount: form.getByLabel('Amount', { exact: true }),
    max: form.getByRole('button', { name: 'MAX', exact: true }),
    speed: (label: 'Slow' | 'Normal' | 'Fast'): Locator => form.getByRole('radio', { name: new RegExp(`^${label}`) }),
    /** The speed's card: the radio's label, which shows its rate, fee, value and time (a native radio holds no text). */
    speedCard: (label: 'Slow' | 'Normal' | 'Fast'): Locator =>
      form.locator('label').filter({ has: form.page().getByRole('radio', { name: new RegExp(`^${label}`) }) }),
    /** The form's own button: it checks the form and opens the review step with a firm quote. */
    submit: form.getByRole('button', { name: 'Review', exact: true }),
    amountUnit: form.getByLabel('Amount in'),
    recipientCurrency: form.getByLabel('They receive in'),
  };
}

/** The review step that follows the form: the firm quote, its countdown, any warning about the recipient. */
export function reviewStep(page: Page) {
  const region = page.getByRole('region', { name: 'Review payment' });
  return {
    region,
    heading: region.getByRole('heading', { name: 'Review payment' }),
    send: region.getByRole('button', { name: 'Send Transaction' }),
    requote: region.getByRole('button', { name: 'Get a new quote' }),
    edit: region.getByRole('button', { name: 'Edit' }),
    timer: region.getByRole('timer'),
    /** The figure beside a term of the quote ("You send", "They receive", "Network fee", …). */
    figure: (term: string): Locator => region.locator('dt').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]'),
  };
}

const isQuoteRequest = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/quotes';
export const isSendRequest = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/transactions';

/** Clicks Review and waits for the review step; resolves with the firm quote the server gave. */
export async function openReview(page: Page): Promise<PaymentQuote> {
  const answer = page.waitForResponse((response) => isQuoteRequest(response.request()));
  await sendForm(page).submit.click();
  const response = await answer;
  const body = await response.text();
  expect(response.status(), body).toBe(201);
  await expect(reviewStep(page).heading).toBeVisible();
  return JSON.parse(body) as PaymentQuote;
}

/** The recipient warnings the review can carry. */
export const REVIEW_WARNINGS = { firstPayment: 'First payment to this address', lookalike: 'This address imitates one you know' } as const;

/**
 * Review, check the step's warning (one of REVIEW_WARNINGS, or none), then "Send Transaction": resolves with the
 * quote and the server's answer once the app is on /dashboard with the spec's toast.
 */
export async function reviewAndSend(page: Page, { warning }: { warning: keyof typeof REVIEW_WARNINGS | 'none' }): Promise<{ quote: PaymentQuote; sent: SendResponse }> {
  const quote = await openReview(page);
  const review = reviewStep(page);
  for (const [kind, text] of Object.entries(REVIEW_WARNINGS)) {
    if (kind === warning) await expect(review.region.getByText(text, { exact: true })).toBeVisible();
    else await expect(review.region.getByText(text, { exact: true })).toHaveCount(0);
  }
  const answer = page.waitForResponse((response) => isSendRequest(response.request()));
  await review.send.click();
  const response = await answer;
  const body = await response.text();
  expect(response.status(), body).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ quoteId: quote.id, amount: quote.amount });
  await expect(page.getByText('Transaction sent successfully')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  return { quote, sent: JSON.parse(body) as SendResponse };
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
