import { type PaymentQuote, type SendResponse, formatFiatMinor, shortAmount } from '@fincrypt/domain';
import type { Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { newSignedInUser, openLiveDashboard, toastWith } from '../support/live.ts';
import {
  OUTSIDE_EVM_ADDRESS,
  TOASTS_SELECTOR,
  chooseSendWallet,
  isSendRequest,
  openReview,
  openSendReceive,
  reviewStep,
  sendForm,
  sendViaApi,
  walletOn,
} from '../support/send-receive.ts';

const isQuoteRequest = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/quotes';

/** Every firm quote the page was given, in order. */
function recordQuotes(page: Page): PaymentQuote[] {
  const quotes: PaymentQuote[] = [];
  page.on('response', async (response) => {
    if (!isQuoteRequest(response.request()) || response.status() !== 201) return;
    try {
      quotes.push((await response.json()) as PaymentQuote);
    } catch {
      // An answer the page navigated away from was never shown either.
    }
  });
  return quotes;
}

test.describe('Cross-border payments', () => {
  test("paying ₹10,000 to a user who uses EUR: the quote in both currencies, the countdown, the bank comparison; the recipient's toast in euros", async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    test.setTimeout(90_000);
    // The recipient chose euros on their own browser: the choice is kept on their account.
    const recipient = await newSignedInUser(browser, baseURL, 'euro-payee');
    await openLiveDashboard(recipient.page);
    const saved = recipient.page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/account/currency');
    await recipient.page.getByLabel('Display currency').first().selectOption('eur');
    expect((await saved).status()).toBe(200);
    const recipientWallet = await walletOn(recipient.page.request, 'eth_sepolia');

    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    const form = sendForm(page);
    await form.recipient.fill(recipientWallet.address);
    // The payer's currency (rupees, the default) fixes what they send.
    await form.amountUnit.selectOption({ label: '₹ INR' });
    await form.amount.fill('10000');
    const hintId = await form.amount.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${hintId}"]`).getByText(/^≈ 0\.0\d+ ETH$/)).toBeVisible();
    // The recipient's currency is suggested from their account, without saying who they are.
    await expect(form.recipientCurrency).toHaveValue('eur');
    await expect(form.form.getByText('€ EUR: the currency the recipient uses on FinCrypt')).toBeVisible();
    await expect(form.form.getByText('Indicative', { exact: true })).toBeVisible();
    await expect(form.form.getByText(/^≈ €[\d,]+\.\d{2}$/)).toBeVisible();

    const quote = await openReview(page);
    expect(quote).toMatchObject({ fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur', asset: 'ETH', fxMarkupPercent: '0' });
    // Never more of the asset than ₹10,000 buys: the sender's side is exactly ₹10,000.00.
    expect(quote.sender.amountMinor).toBe('1000000');
    const review = reviewStep(page);
    await expect(review.figure('You send')).toHaveText('₹10,000.00');
    await expect(review.figure('They receive')).toHaveText(formatFiatMinor(BigInt(quote.recipient.amountMinor), 'eur'));
    await expect(review.figure('Total cost')).toHaveText(formatFiatMinor(BigInt(quote.sender.totalMinor), 'inr'));
    await expect(review.figure('Network fee')).toContainText(`${quote.fee} ETH, ${quote.feePercent}% of the amount`);
    await expect(review.figure('FX markup')).toContainText('0% — nothing is converted');
    // At most 6 decimals on the review, cut; the exact amount is one copy away.
    await expect(review.figure('Amount sent')).toContainText(`${shortAmount(quote.amount)} ETH`);
    await expect(review.figure('Amount sent').getByRole('button', { name: 'Copy exact amount' })).toBeVisible();
    await expect(review.figure('Rates')).toContainText(/1 ETH = ₹[\d,]+\.\d+/);
    await expect(review.figure('Rates')).toContainText(/1 ETH = €[\d,]+\.\d+/);
    await expect(review.region).toContainText('will move with the market');
    await expect(review.timer).toHaveText(/^0:[0-2]\d$/);
    const comparison = review.region.getByRole('table', { name: 'Cost beside the old way' });
    await expect(comparison.getByRole('row', { name: /Typical bank wire/ })).toContainText('11.48%');
    await expect(comparison.getByRole('row', { name: /Remittance average/ })).toContainText('6.18%');
    await expect(review.region.getByRole('link', { name: /World Bank, Remittance Prices Worldwide/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    const answer = page.waitForResponse((response) => isSendRequest(response.request()));
    await review.send.click();
    const response = await answer;
    const body = await response.text();
    expect(response.status(), body).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ quoteId: quote.id, amount: quote.amount, to: recipientWallet.address });
    const { transaction } = JSON.parse(body) as SendResponse;
    expect(transaction.amount).toBe(quote.amount);
    expect(transaction.feeUnits).toBe(quote.feeUnits);
    await expect(page.getByText('Transaction sent successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');

    // The recipient hears of it, with its value in their currency (the realtime toast: "(≈ €…)").
    await expect(toastWith(recipient.page, `You received ${shortAmount(quote.amount)} ETH`)).toBeVisible({ timeout: 20_000 });
    await expect(toastWith(recipient.page, new RegExp(`You received ${shortAmount(quote.amount).replace('.', '\\.')} ETH \\(≈ €[\\d,]+\\.\\d{2}\\)`))).toBeVisible({
      timeout: 20_000,
    });
    await recipient.context.close();

    // The sender's toast links to the payment.
    await toastWith(page, 'Transaction sent successfully').getByRole('button', { name: 'View payment' }).click();
    await expect(page).toHaveURL(`/transaction/${transaction.hash}`);
  });

  test('an expired quote asks for a new one; the server refuses a send with it and changes nothing', async ({ page, account: _account }) => {
    test.setTimeout(90_000);
    const wallet = await walletOn(page.request, 'eth_sepolia');
    // Paid before: the review carries no warning.
    await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01' });
    const quotes = recordQuotes(page);
    await openSendReceive(page);
    await chooseSendWallet(page, wallet);
    const form = sendForm(page);
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('0.5');
    const first = await openReview(page);
    const review = reviewStep(page);
    const lifetimeMs = Date.parse(first.expiresAt) - Date.parse(first.createdAt);

    // The countdown runs out (the e2e server's QUOTE_TTL_SECONDS): the button asks for a new quote.
    await expect(review.requote).toBeVisible({ timeout: lifetimeMs + 5_000 });
    await expect(review.send).toHaveCount(0);
    await expect(review.region).toContainText('This quote has expired. Get a new quote.');
    await review.requote.click();
    await expect(review.send).toBeVisible();
    await expect.poll(() => quotes.length).toBe(2);
    const second = quotes[1]!;
    expect(second.id).not.toBe(first.id);

    // A send carrying the expired quote (as from a tab left open) is refused with the spec's message; nothing moves.
    const before = await walletOn(page.request, 'eth_sepolia');
    await page.route('**/api/transactions', async (route) => {
      if (!isSendRequest(route.request())) return route.fallback();
      const sent = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...sent, quoteId: first.id }) });
    });
    const refused = page.waitForResponse((response) => isSendRequest(response.request()));
    await review.send.click();
    expect((await refused).status()).toBe(409);
    await expect(review.region).toContainText('This quote has expired. Get a new quote.');
    await expect(review.requote).toBeVisible();
    await expect(toastWith(page, 'This quote has expired. Get a new quote.')).toBeVisible();
    expect((await walletOn(page.request, 'eth_sepolia')).balanceUnits).toBe(before.balanceUnits);
    await page.unroute('**/api/transactions');

    // A new quote, and the payment goes with it.
    await review.requote.click();
    await expect(review.send).toBeVisible();
    await expect.poll(() => quotes.length).toBe(3);
    const answer = page.waitForResponse((response) => isSendRequest(response.request()));
    await review.send.click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ quoteId: quotes[2]!.id });
    await expect(page).toHaveURL('/dashboard');
  });

  test('the whole payment with the keyboard alone: form, review, Send Transaction', async ({ page, account: _account }) => {
    const wallet = await walletOn(page.request, 'polygon_amoy');
    await openSendReceive(page);
    const form = sendForm(page);
    await form.wallet.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    // Down to the Polygon wallet by keyboard in the native select.
    for (let presses = 0; presses < 5 && (await form.wallet.inputValue()) !== wallet.id; presses += 1) await page.keyboard.press('ArrowDown');
    await expect(form.wallet).toHaveValue(wallet.id);
    await expect(form.speed('Normal')).toBeVisible();

    // Tab to the recipient, type, then on to the amount.
    for (let presses = 0; presses < 6 && !(await form.recipient.evaluate((input) => input === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(form.recipient).toBeFocused();
    await page.keyboard.type(OUTSIDE_EVM_ADDRESS);
    for (let presses = 0; presses < 4 && !(await form.amount.evaluate((input) => input === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(form.amount).toBeFocused();
    await page.keyboard.type('1.25');
    const quoted = page.waitForResponse((response) => isQuoteRequest(response.request()));
    await page.keyboard.press('Enter');
    expect((await quoted).status()).toBe(201);

    const review = reviewStep(page);
    await expect(review.heading).toBeFocused();
    await expect(review.region).toContainText('First payment to this address');
    for (let presses = 0; presses < 12 && !(await review.send.evaluate((button) => button === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(review.send).toBeFocused();
    const answer = page.waitForResponse((response) => isSendRequest(response.request()));
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(201);
    await expect(page.getByText('Transaction sent successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the review step has no serious accessibility violations (${colorScheme}), with a warning and a stablecoin`, async ({ page, account: _account }) => {
      await page.emulateMedia({ colorScheme });
      await openSendReceive(page);
      await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
      const form = sendForm(page);
      await form.form.getByLabel('Asset').selectOption('USDC');
      await expect(form.speedCard('Normal')).toContainText('ETH');
      await form.recipient.fill(`0x${'4'.repeat(40)}`);
      await form.amountUnit.selectOption('recipient');
      await form.recipientCurrency.selectOption('gbp');
      await form.amount.fill('20');
      const quote = await openReview(page);
      expect(quote).toMatchObject({ fixed: 'recipient', recipientCurrency: 'gbp', valueInFlight: 'stable' });
      // Never less than the recipient was promised.
      expect(BigInt(quote.recipient.amountMinor)).toBeGreaterThanOrEqual(2000n);
      const review = reviewStep(page);
      await expect(review.region).toContainText('USDC is a stablecoin held at one US dollar');
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    });
  }
});
