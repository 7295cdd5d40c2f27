import { randomUUID } from 'node:crypto';
import {
  type DisplayCurrency,
  type ExplorerTransaction,
  type PaymentQuote,
  type SendResponse,
  type TransactionDetail,
  formatFiatMinor,
  shortAmount,
} from '@fincrypt/domain';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { PENDING_GLANCE_MS, liveConnection, newSignedInUser, openLiveDashboard, seenWhilePending, toastWith } from '../support/live.ts';
import { claimFaucetViaApi } from '../support/faucet.ts';
import { decodeQrPng } from '../support/qr-media.ts';
import { OUTSIDE_EVM_ADDRESS, TOASTS_SELECTOR, sendViaApi, walletOn } from '../support/send-receive.ts';

/**
 * Issue 15's records of a payment: the value then and now (rows, detail, explorer), the timeline (detail and
 * explorer), the quote's rates and the cost beside a bank wire (detail), the printable receipt, and the recipient's
 * toast and history in their display currency.
 */

/** Keeps `currency` as the display currency: on the server (what payers are offered) and in this browser. */
async function useCurrency(page: Page, currency: DisplayCurrency): Promise<void> {
  const response = await page.request.put('/api/account/currency', { data: { currency } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await page.context().addInitScript((chosen) => {
    localStorage.setItem('currency-storage', JSON.stringify({ state: { currency: chosen }, version: 0 }));
  }, currency);
}

/** A firm quote for "I send ₹amount" and a send that honours it, from the sender's ETH wallet. */
async function payWithQuote(request: APIRequestContext, to: string, rupees: string, recipientCurrency: DisplayCurrency) {
  const wallet = await walletOn(request, 'eth_sepolia');
  const quoted = await request.post('/api/quotes', {
    data: { walletId: wallet.id, to, amount: rupees, fixed: 'sender', senderCurrency: 'inr', recipientCurrency, speed: 'fast' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quote = (await quoted.json()) as PaymentQuote;
  const sent = await request.post('/api/transactions', {
    headers: { 'idempotency-key': randomUUID() },
    data: { walletId: wallet.id, to, amount: quote.amount, speed: 'fast', quoteId: quote.id },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { quote, sent: ((await sent.json()) as SendResponse).transaction };
}

async function detailOf(request: APIRequestContext, hash: string): Promise<TransactionDetail> {
  const response = await request.get(`/api/transactions/${hash}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TransactionDetail;
}

async function finalDetail(request: APIRequestContext, hash: string): Promise<TransactionDetail> {
  await expect.poll(async () => (await detailOf(request, hash)).confirmations, { timeout: 30_000 }).toBe(12);
  return detailOf(request, hash);
}

const fact = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
const steps = (page: Page) => page.getByTestId('timeline-step');
const money = (minor: string, currency: DisplayCurrency) => formatFiatMinor(BigInt(minor), currency);
/** "₹9,100.00" and the like: a currency symbol and a grouped amount. */
const FIAT = String.raw`[₹$€£¥][\d,]+(\.\d{2})?`;

async function visitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
  return context.newPage();
}

test.describe('A cross-border payment, after it is sent', () => {
  test('the recipient hears of ₹10,000 in euros; both sides see value then and now, the timeline, the quote and the cost beside a bank wire', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    const recipient = await newSignedInUser(browser, baseURL, 'eur-recipient');
    await useCurrency(recipient.page, 'eur');
    const recipientEth = await walletOn(recipient.page.request, 'eth_sepolia');
    await openLiveDashboard(recipient.page);

    const { quote, sent } = await payWithQuote(page.request, recipientEth.address, '10000', 'eur');
    expect(quote.sender.amountMinor).toBe('1000000');

    // The recipient's toast: the asset, and what was quoted for them in euros (their display currency).
    const toast = toastWith(recipient.page, `You received ${shortAmount(sent.amount)} ETH (≈ ${money(quote.recipient.amountMinor, 'eur')})`);
    await expect(toast).toBeVisible();

    const detail = await finalDetail(page.request, sent.hash);
    expect(detail.quote?.id).toBe(quote.id);
    expect(detail.valueAtSend).toMatchObject({ senderCurrency: 'inr', senderMinor: '1000000', recipientCurrency: 'eur' });

    // The sender's detail page.
    await page.goto(`/transaction/${sent.hash}`);
    await expect(fact(page, 'Status')).toContainText('12 confirmations');
    await expect(page.getByTestId('value-then')).toHaveText('₹10,000.00');
    await expect(fact(page, 'Value then')).toContainText(`recipient ${money(quote.recipient.amountMinor, 'eur')}`);
    await expect(fact(page, 'Value then')).toContainText(money(quote.usdCents, 'usd'));
    await expect(page.getByTestId('value-now')).toHaveText(new RegExp(`^₹[\\d,]+\\.\\d{2}$`));

    // The timeline: quoted, broadcast, included in its block, 12 confirmations with their levels, final; each with a time.
    await expect(steps(page)).toHaveCount(16);
    await expect(steps(page).nth(0)).toContainText('Quoted');
    await expect(steps(page).nth(1)).toContainText('Signed and broadcast');
    await expect(steps(page).nth(2)).toContainText(`Included in block ${detail.blockNumber!.toLocaleString('en-US')}`);
    await expect(steps(page).nth(3)).toContainText('1 confirmation · Medium');
    await expect(steps(page).nth(14)).toContainText('12 confirmations · Maximum');
    await expect(steps(page).nth(15)).toContainText('Final');
    for (let index = 0; index < 16; index += 1) {
      await expect(steps(page).nth(index)).toHaveAttribute('data-done', 'true');
      await expect(steps(page).nth(index).locator('time')).toHaveText(/^\d{1,2}:\d{2}:\d{2} [AP]M$/);
    }

    // The quote's rates and figures, and the cost beside a bank wire with its source.
    const rates = page.getByTestId('quote-rates');
    await expect(rates).toContainText(`1 ETH = ₹`);
    await expect(rates).toContainText(`1 ETH = €`);
    await expect(rates).toContainText(`₹1.00 = €${quote.rates.senderToRecipient}`);
    await expect(page.getByTestId('quote-sender-total')).toHaveText(money(quote.sender.totalMinor, 'inr'));
    await expect(page.getByTestId('quote-recipient-amount')).toHaveText(money(quote.recipient.amountMinor, 'eur'));
    await expect(page.getByTestId('quote-facts')).toContainText('FX markup 0%');
    await expect(page.getByTestId('cost-row-this-payment')).toContainText(money(quote.sender.feeMinor, 'inr'));
    await expect(page.getByTestId('cost-row-bank')).toContainText('₹1,148.00 (11.48%)');
    await expect(page.getByTestId('cost-row-global-average')).toContainText('₹618.00 (6.18%)');
    await expect(page.getByTestId('cost-comparison')).toContainText('World Bank, Remittance Prices Worldwide');
    await expect(page.getByTestId('cost-comparison')).toContainText('as of Sep 30, 2023');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // The sender's history row: value then in rupees, value now beside it.
    await page.goto('/transactions?type=send');
    const sentRow = page.getByTestId('transaction-row').filter({ hasText: `-${shortAmount(sent.amount)} ETH` });
    await expect(sentRow.getByTestId('transaction-value')).toHaveText(new RegExp(`^₹10,000\\.00 then · ₹[\\d,]+\\.\\d{2} now$`));
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // The recipient's history and detail: in euros, the value kept for them; no comparison (the cost was the sender's).
    await recipient.page.goto('/transactions?type=receive');
    const receivedRow = recipient.page.getByTestId('transaction-row').filter({ hasText: `+${shortAmount(sent.amount)} ETH` });
    await expect(receivedRow.getByTestId('transaction-value')).toHaveText(
      new RegExp(`^${money(quote.recipient.amountMinor, 'eur').replace(/[.$]/g, '\\$&')} then · €[\\d,]+\\.\\d{2} now$`),
    );
    await receivedRow.click();
    await expect(recipient.page.getByTestId('value-then')).toHaveText(money(quote.recipient.amountMinor, 'eur'));
    await expect(recipient.page.getByTestId('value-now')).toHaveText(/^€[\d,]+\.\d{2}$/);
    await expect(recipient.page.getByTestId('cost-comparison')).toHaveCount(0);
    await recipient.context.close();
  });

  test('a send without a quote keeps its value too; a row that kept none says "not recorded"', async ({ page, account: _account }) => {
    const wallet = await walletOn(page.request, 'eth_sepolia');
    const { transaction } = await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01', speed: 'fast' });
    const detail = await finalDetail(page.request, transaction.hash);
    expect(detail.quote).toBeNull();
    expect(detail.valueAtSend?.senderCurrency).toBe('inr');

    await page.goto(`/transaction/${transaction.hash}`);
    await expect(page.getByTestId('value-then')).toHaveText(money(detail.valueAtSend!.senderMinor, 'inr'));
    await expect(steps(page).first()).toContainText('Signed and broadcast');
    await expect(page.getByTestId('quote-facts')).toHaveCount(0);
    // Without a quote, the fee is valued at the price the amount was.
    await expect(page.getByTestId('cost-comparison')).toContainText('at the price the payment was valued at when sent');

    // Test funds from the faucet are minted: no value is kept for them.
    await claimFaucetViaApi(page.request, wallet);
    await page.goto('/transactions');
    const mint = page.getByTestId('transaction-row').filter({ hasText: 'From the test faucet' }).first();
    await expect(mint.getByTestId('transaction-value')).toHaveText(new RegExp(`^Value then not recorded · ${FIAT} now$`));
  });
});

test.describe('Receipt', () => {
  test('prints with all its facts and a QR code of the public explorer page; only the two parties can open it', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    const recipient = await newSignedInUser(browser, baseURL, 'receipt-recipient');
    await useCurrency(recipient.page, 'gbp');
    const recipientEth = await walletOn(recipient.page.request, 'eth_sepolia');
    const { quote, sent } = await payWithQuote(page.request, recipientEth.address, '5000', 'gbp');
    const detail = await finalDetail(page.request, sent.hash);

    // From the detail page.
    await page.goto(`/transaction/${sent.hash}`);
    await page.getByRole('link', { name: 'Receipt' }).click();
    await expect(page).toHaveURL(`/transaction/${sent.hash}/receipt`);
    await expect(page).toHaveTitle('Receipt · FinCrypt');
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();

    // "Print" opens the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // On paper: the receipt alone (no top bar, footer or buttons), with every fact.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(receipt).toBeVisible();
    const explorerHref = `${baseURL}/explorer/${sent.hash}`;
    for (const text of [
      sent.hash,
      detail.fromAddress,
      detail.toAddress,
      `${sent.amount} ETH`,
      `${detail.fee} ETH`,
      `Gas used 21,000 · Gas price ${detail.gasPriceGwei} Gwei`,
      quote.debits.map((debit) => `${debit.amount} ${debit.asset}`).join(' + '),
      '₹5,000.00',
      money(quote.sender.feeMinor, 'inr'),
      money(quote.sender.totalMinor, 'inr'),
      money(quote.recipient.amountMinor, 'gbp'),
      money(quote.usdCents, 'usd'),
      quote.id,
      'What the sender pays',
      '1 ETH = ₹',
      '1 ETH = £',
      `₹1.00 = £${quote.rates.senderToRecipient}`,
      'FX markup',
      `Included in block ${detail.blockNumber!.toLocaleString('en-US')}`,
      'Final (12 confirmations)',
      explorerHref,
    ]) {
      await expect(receipt, text).toContainText(text);
    }
    // The QR code holds the explorer page's absolute address, and a visitor can open it.
    const qr = receipt.getByTestId('receipt-qr');
    expect(decodeQrPng(await qr.screenshot())).toBe(explorerHref);
    await page.emulateMedia({ media: 'screen' });
    const stranger = await visitor(browser, baseURL);
    await stranger.goto(explorerHref);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Transaction' })).toBeVisible();
    await stranger.context().close();

    // The recipient may open it; anyone else finds nothing.
    await recipient.page.goto(`/transaction/${sent.hash}/receipt`);
    await expect(recipient.page.getByTestId('receipt')).toContainText(money(quote.recipient.amountMinor, 'gbp'));
    const other = await newSignedInUser(browser, baseURL, 'receipt-stranger');
    await other.page.goto(`/transaction/${sent.hash}/receipt`);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Transaction Not Found' })).toBeVisible();
    await other.context.close();
    await recipient.context.close();
  });
});

test.describe('Explorer', () => {
  test('a visitor follows the timeline from broadcast to final, with expected times, and sees only the US-dollar value then', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    const viewer = await visitor(browser, baseURL);
    const wallet = await walletOn(page.request, 'eth_sepolia');
    const glance = { timeout: PENDING_GLANCE_MS };
    const sent = await seenWhilePending(
      async () => (await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.02', speed: 'slow' })).transaction,
      async (transaction) => {
        await viewer.goto(`/explorer/${transaction.hash}`);
        await expect(steps(viewer).nth(1)).toContainText('Waiting to be included in a block', glance);
        await expect(steps(viewer).nth(1)).toHaveAttribute('aria-current', 'step', glance);
        await expect(steps(viewer).nth(1).locator('time')).toHaveText(/^expected about \d{1,2}:\d{2}:\d{2} [AP]M$/, glance);
      },
    );
    await expect(steps(viewer).first()).toContainText('Signed and broadcast');
    await expect(steps(viewer).last()).toContainText('Final');
    await expect(steps(viewer).last()).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
    const onChain = (await (await viewer.request.get(`/api/explorer/tx/${sent.hash}`)).json()) as ExplorerTransaction;
    await expect(steps(viewer).nth(1)).toContainText(`Included in block ${onChain.blockNumber!.toLocaleString('en-US')}`);
    await expect(steps(viewer)).toHaveCount(15);

    // Of the values kept at send, only the dollar one: the parties' currencies are theirs.
    expect(onChain.usdValueAtSendCents).not.toBeNull();
    await expect(viewer.getByTestId('value-then')).toHaveText(money(onChain.usdValueAtSendCents!, 'usd'));
    await expect(fact(viewer, 'Value then')).toContainText('In US dollars, when it was sent');
    await expect(viewer.getByTestId('value-now')).toHaveText(new RegExp(`^${FIAT}$`));
    await expectNoSeriousA11yViolations(viewer);
    await viewer.context().close();
  });
});

test('the timeline fits a 375 px screen, and the receipt prints from a dark screen in black on white', async ({ page, account: _account }) => {
  const wallet = await walletOn(page.request, 'eth_sepolia');
  const { transaction } = await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.03', speed: 'fast' });
  await finalDetail(page.request, transaction.hash);
  await page.setViewportSize({ width: 375, height: 740 });
  const connected = liveConnection(page);
  await page.goto(`/transaction/${transaction.hash}`);
  await connected;
  await expect(steps(page)).toHaveCount(15);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.evaluate(() => localStorage.setItem('fincrypt-theme', JSON.stringify({ state: { theme: 'dark' }, version: 0 })));
  await page.goto(`/transaction/${transaction.hash}/receipt`);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('receipt')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.emulateMedia({ media: 'print' });
  const colors = await page.getByTestId('receipt').evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });
  expect(colors.background).toBe('rgb(255, 255, 255)');
  expect(colors.color).not.toBe('rgb(255, 255, 255)');
  await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
});
