import { randomUUID } from 'node:crypto';
import { type PaymentRequestView, type PublicPaymentRequest, type SendResponse, feeShareLevel } from '@fincrypt/domain';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, newAccount, signUpViaApi, test, type TestAccount } from '../support/accounts.ts';
import { liveConnection, toastWith } from '../support/live.ts';
import { TOASTS_SELECTOR, isSendRequest, openReview, openSendReceive, reviewStep, sendForm, walletOn } from '../support/send-receive.ts';

const isCreateRequest = (method: string, url: string) => method === 'POST' && new URL(url).pathname === '/api/payment-requests';

/** Opens the Receive tab on the Sepolia wallet with USDC chosen, and waits for the realtime connection. */
async function openReceiveUsdc(page: Page): Promise<void> {
  const connected = liveConnection(page);
  await openSendReceive(page);
  await connected;
  await page.getByRole('tab', { name: 'Receive' }).click();
  const sepolia = await walletOn(page.request, 'eth_sepolia');
  await page.getByLabel('Wallet').selectOption(sepolia.id);
  await page.getByLabel('Asset').selectOption('USDC');
}

/** A requests list row by what it asks. */
const requestRow = (page: Page, headline: string) => page.getByRole('list', { name: 'Your payment requests' }).getByRole('listitem').filter({ hasText: headline });

/** A fresh account in its own browser, signed out (the account exists; the cookie jar is emptied). */
async function signedOutPayer(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; account: TestAccount; close: () => Promise<void> }> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const context = await browser.newContext({ baseURL });
  const account = await signUpViaApi(context.request, newAccount('payer'));
  await context.clearCookies();
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
  return { page: await context.newPage(), account, close: () => context.close() };
}

async function createViaApi(request: APIRequestContext, body: Record<string, unknown>): Promise<PaymentRequestView> {
  const response = await request.post('/api/payment-requests', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PaymentRequestView;
}

const payCard = (page: Page) => page.getByRole('main');

test.describe('Payment requests', () => {
  test('A requests ₹500 in USDC; B opens the link signed out, signs in, comes back and pays through the review; A sees it paid live', async ({
    page,
    browser,
    baseURL,
    account,
  }) => {
    test.setTimeout(120_000);
    await openReceiveUsdc(page);
    await page.getByRole('button', { name: 'Request an amount' }).click();
    const requestForm = page.getByRole('form', { name: 'Request an amount' });
    await expect(requestForm.getByLabel('Name the payer sees')).toHaveValue(account.name);
    // Bad input: a clear message at the field, nothing sent.
    await requestForm.getByRole('button', { name: 'Create request' }).click();
    await expect(requestForm.getByText('Please enter a valid amount')).toBeVisible();
    await requestForm.getByLabel('Amount', { exact: true }).fill('500');
    await requestForm.getByLabel('Amount in').selectOption({ label: '₹ INR' });
    await requestForm.getByLabel('Name the payer sees').fill('Ana Lisboa');
    await requestForm.getByLabel('Note (optional)').fill('Design work, May');
    await expect(requestForm.getByLabel('Expires in')).toHaveValue('24');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    await page.emulateMedia({ colorScheme: 'light' });

    const created = page.waitForResponse((response) => isCreateRequest(response.request().method(), response.url()));
    await requestForm.getByRole('button', { name: 'Create request' }).click();
    const createdResponse = await created;
    expect(createdResponse.status(), await createdResponse.text()).toBe(201);
    const request = (await createdResponse.json()) as PaymentRequestView;
    expect(request).toMatchObject({ status: 'open', asset: 'USDC', network: 'eth_sepolia', fiat: { currency: 'inr', amountMinor: '50000' }, assetAmountIsIndicative: true });
    // The standard EIP-681 token transfer, with the reference FinCrypt reads.
    expect(request.uri).toMatch(new RegExp(`^ethereum:0x[0-9a-fA-F]{40}@11155111/transfer\\?address=${request.address}&uint256=\\d+&reference=0x${request.reference}$`));
    await expect(page.getByText('Request created: share the code or the link')).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code of the payment request for ₹500.00 in USDC' })).toBeVisible();
    // The request's code is the only one on screen; the wallet's plain code is one click away.
    await expect(page.getByRole('img', { name: /^QR code/ })).toHaveCount(1);
    await page.getByRole('button', { name: "Show the wallet's own code" }).click();
    await expect(page.getByRole('img', { name: 'QR code of your Ethereum Sepolia address for USDC' })).toBeVisible();
    await expect(page.getByTestId('payment-request-link').first()).toHaveText(`${baseURL}/pay/${request.id}`);
    await expect(page.getByTestId('payment-request-uri').first()).toHaveText(request.uri);
    await expect(requestRow(page, '₹500.00 in USDC')).toContainText('Open');

    // B: the link, signed out.
    const payer = await signedOutPayer(browser, baseURL);
    await payer.page.goto(request.path);
    const card = payCard(payer.page);
    await expect(card.getByText('Ana Lisboa asks for')).toBeVisible();
    await expect(card.getByText('₹500.00 in USDC', { exact: true })).toBeVisible();
    await expect(card.getByText('Design work, May')).toBeVisible();
    await expect(card.getByText(`≈ ${request.amount} USDC at today's rate`)).toBeVisible();
    await expect(card.getByText(request.address)).toBeVisible();
    // Only what the requester chose: nothing of their account.
    await expect(card).not.toContainText(account.email);
    await expect(card).not.toContainText(account.name);
    await expect(card.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    // An outside wallet can pay it too: the request's own code, and its URI as a link a wallet opens.
    const outside = card.getByRole('region', { name: 'Pay from another wallet' });
    await expect(outside.getByRole('img', { name: 'QR code of the payment request for ₹500.00 in USDC' })).toBeVisible();
    await expect(outside.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute('href', request.uri);
    await expectNoSeriousA11yViolations(payer.page, { exclude: [TOASTS_SELECTOR] });

    await card.getByRole('link', { name: 'Sign in to pay' }).click();
    await expect(payer.page).toHaveURL('/login');
    await payer.page.getByLabel('Email').fill(payer.account.email);
    await payer.page.getByLabel('Password').fill(payer.account.password);
    await payer.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Back on the same request, signed in.
    await expect(payer.page).toHaveURL(request.path);
    await payer.page.getByRole('button', { name: 'Pay' }).click();

    // The Send form, prefilled: the Sepolia wallet, USDC, the recipient, "₹500 they receive".
    await expect(payer.page).toHaveURL('/send-receive');
    const form = sendForm(payer.page);
    await expect(form.form.getByText("Paying Ana Lisboa's request")).toBeVisible();
    await expect(form.wallet).toHaveValue((await walletOn(payer.page.request, 'eth_sepolia')).id);
    await expect(form.form.getByLabel('Asset')).toHaveValue('USDC');
    await expect(form.recipient).toHaveValue(request.address);
    await expect(form.amount).toHaveValue('500');
    await expect(form.amountUnit).toHaveValue('recipient');
    await expect(form.recipientCurrency).toHaveValue('inr');
    await expect(form.speedCard('Normal')).toContainText('ETH');

    const quote = await openReview(payer.page);
    expect(quote).toMatchObject({ fixed: 'recipient', recipientCurrency: 'inr', asset: 'USDC' });
    expect(BigInt(quote.recipient.amountMinor)).toBeGreaterThanOrEqual(50_000n);
    const review = reviewStep(payer.page);
    await expect(review.region.getByText("Paying Ana Lisboa's request")).toBeVisible();
    await expect(review.figure('They receive')).toHaveText(/^₹50\d\.\d{2}$/);
    // ₹500 in USDC on Sepolia costs most of the payment in gas (the simulated gas price moves it between about 60 % and
    // 130 %): the review says so, and names where Ana's own wallets would carry it for less.
    const mustAccept = feeShareLevel(quote.feePercent) === 'confirm';
    expect(feeShareLevel(quote.feePercent)).not.toBe('ok');
    await expect(
      review.region.getByText(mustAccept ? 'The network fee is more than the payment' : `The network fee is ${quote.feePercent}% of the amount`),
    ).toBeVisible();
    await expect(review.region.getByText('The recipient has a wallet where it costs less:')).toBeVisible();
    await expect(review.region.getByRole('listitem').filter({ hasText: /^Solana Devnet \(USDC, their FinCrypt wallet / })).toBeVisible();
    if (mustAccept) {
      // Above the payment itself, Send waits for the payer to accept it.
      await expect(review.send).toBeDisabled();
      await review.region.getByLabel('I accept a fee larger than the payment').check();
    }
    const answer = payer.page.waitForResponse((response) => isSendRequest(response.request()));
    await review.send.click();
    const response = await answer;
    const body = await response.text();
    expect(response.status(), body).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ quoteId: quote.id, reference: request.reference });
    const { transaction } = JSON.parse(body) as SendResponse;
    await expect(payer.page).toHaveURL('/dashboard');

    // A: the live toast, and the request paid in the list with its payment.
    await expect(toastWith(page, 'Your payment request for ₹500.00 in USDC was paid')).toBeVisible({ timeout: 20_000 });
    const row = requestRow(page, '₹500.00 in USDC');
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('link', { name: 'View the payment' })).toHaveAttribute('href', `/transaction/${transaction.hash}`);
    await expect(row.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);

    // The paid request cannot be paid again: its page says so and offers no Pay; a send with its reference is refused.
    await payer.page.goto(request.path);
    await expect(payCard(payer.page).getByText('This request has already been paid')).toBeVisible();
    await expect(payer.page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(payer.page, { exclude: [TOASTS_SELECTOR] });
    await payer.close();
  });

  test('cancel an open request: its page says so and offers no Pay; an expired request neither; an unknown link is not found', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    test.setTimeout(90_000);
    const wallet = await walletOn(page.request, 'eth_sepolia');
    const request = await createViaApi(page.request, { walletId: wallet.id, asset: 'ETH', amount: '0.25', displayName: 'Ben', note: 'Lunch' });
    await openSendReceive(page);
    await page.getByRole('tab', { name: 'Receive' }).click();
    const row = requestRow(page, '0.25 ETH');
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: 'Show code and link' }).click();
    await expect(row.getByTestId('payment-request-uri')).toHaveText(request.uri);
    // Cancelling asks first: keeping the request changes nothing.
    await row.getByRole('button', { name: 'Cancel request' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this request?' });
    await expect(confirm).toContainText('can no longer be paid');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    await confirm.getByRole('button', { name: 'Keep request' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: 'Cancel request' }).click();
    await confirm.getByRole('button', { name: 'Cancel request' }).click();
    await expect(toastWith(page, 'Payment request cancelled')).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);

    // Signed in as someone else: the cancelled request cannot be paid.
    const payer = await signedOutPayer(browser, baseURL);
    await payer.page.request.post('/api/auth/sign-in/email', { data: { email: payer.account.email, password: payer.account.password } });
    await payer.page.goto(request.path);
    await expect(payCard(payer.page).getByText('This request was cancelled')).toBeVisible();
    await expect(payCard(payer.page).getByRole('region', { name: 'Pay from another wallet' })).toHaveCount(0);
    await expect(payer.page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    await payer.page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(payer.page, { exclude: [TOASTS_SELECTOR] });
    await payer.page.emulateMedia({ colorScheme: 'light' });
    // A send carrying its reference anyway is refused, and nothing moves.
    const payerWallet = await walletOn(payer.page.request, 'eth_sepolia');
    const refused = await payer.page.request.post('/api/transactions', {
      headers: { 'idempotency-key': randomUUID() },
      data: { walletId: payerWallet.id, to: request.address, amount: '0.25', asset: 'ETH', reference: request.reference },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()) as { error: { code: string } }).toMatchObject({ error: { code: 'PAYMENT_REQUEST_CANCELLED' } });
    expect((await walletOn(payer.page.request, 'eth_sepolia')).balanceUnits).toBe(payerWallet.balanceUnits);

    // An expired request says so and offers no Pay. The shortest expiry is an hour, so the page's answer is the real
    // one with its expiry moved into the past (the server's API tests run the expiry itself).
    const open = await createViaApi(page.request, { walletId: wallet.id, asset: 'ETH', amount: '0.1', displayName: 'Ben', expiresInHours: 1 });
    await payer.page.route(`**/api/pay/${open.id}`, async (route) => {
      const response = await route.fetch();
      const view = (await response.json()) as PublicPaymentRequest;
      await route.fulfill({ response, json: { ...view, status: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() } });
    });
    await payer.page.goto(open.path);
    await expect(payCard(payer.page).getByText('This request has expired')).toBeVisible();
    await expect(payer.page.getByRole('button', { name: 'Pay' })).toHaveCount(0);

    await payer.page.goto('/pay/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(payer.page.getByText('This payment request was not found')).toBeVisible();
    await payer.page.goto('/pay/not-an-id');
    await expect(payer.page.getByText('This payment request was not found')).toBeVisible();
    await payer.close();
  });
});
