import { randomUUID } from 'node:crypto';
import type { SendResponse } from '@fincrypt/domain';
import type { Page, Request } from '@playwright/test';
import { drainNativeCoin, feeQuotes, shownBalanceOf, unitsOf } from '../support/assets.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test, untilNothingIncoming } from '../support/accounts.ts';
import {
  OUTSIDE_EVM_ADDRESS,
  TOASTS_SELECTOR,
  REVIEW_WARNINGS,
  chooseSendWallet,
  isSendRequest,
  listSends,
  openReview,
  openSendReceive,
  reviewStep,
  sendForm,
  shownFee,
  walletOn,
} from '../support/send-receive.ts';

const USDC = 10n ** 6n;
const NOT_ENOUGH_ETH = 'Not enough ETH to pay the network fee';

/** The Send form's Asset select. */
const assetSelect = (page: Page) => sendForm(page).form.getByLabel('Asset');

/** The figure beside a label of the fee summary under the speeds ("Network fee", "Total"). */
const summaryFigure = (page: Page, label: string) =>
  sendForm(page).form.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** Chooses USDC and waits for its quotes: fees in ETH. */
async function chooseUsdc(page: Page): Promise<void> {
  const quotesArrived = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/fees' && url.searchParams.get('asset') === 'USDC' && response.ok();
  });
  await assetSelect(page).selectOption('USDC');
  await quotesArrived;
  await expect(sendForm(page).speedCard('Normal')).toContainText(/\d ETH/);
}

test.describe('Sending USDC', () => {
  test('sends 25 USDC to another user: both USDC balances move by 25, and the fee is taken in ETH', async ({
    page,
    playwright,
    baseURL,
    account: _account,
  }) => {
    const recipientRequest = await playwright.request.newContext({ baseURL });
    await signUpViaApi(recipientRequest);
    const recipientBefore = await walletOn(recipientRequest, 'eth_sepolia');
    const senderBefore = await walletOn(page.request, 'eth_sepolia');
    expect(shownBalanceOf(senderBefore, 'USDC')).toBe('1000.00');

    await openSendReceive(page);
    await chooseSendWallet(page, senderBefore);
    const form = sendForm(page);
    await expect(assetSelect(page).getByRole('option')).toHaveText(['Sepolia Ether (ETH) - 100.0000 ETH', 'USD Coin (USDC) - 1000.00 USDC']);
    await expect(assetSelect(page)).toHaveValue('ETH');
    await chooseUsdc(page);
    await expect(form.form.getByText('Balance: 1000.00 USDC')).toBeVisible();
    await expect(form.form.getByText('Network fee paid in ETH (balance 100.0000 ETH)')).toBeVisible();

    await form.recipient.fill(recipientBefore.address);
    await form.amount.fill('25');
    const fee = await shownFee(form.speedCard('Normal'), 'ETH');
    await expect(summaryFigure(page, 'Network fee')).toHaveText(`${fee} ETH`);
    await expect(summaryFigure(page, 'Total')).toHaveText(`25 USDC + ${fee} ETH`);
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // MAX for a token is the whole token balance.
    await form.max.click();
    await expect(form.amount).toHaveValue('1000');
    await form.amount.fill('25');

    const quote = await openReview(page);
    // A first payment to this address: the review warns in the same step, names the amount in USDC and the fee
    // in ETH, and says why a stablecoin's value holds in flight.
    const review = reviewStep(page);
    await expect(review.region).toContainText(REVIEW_WARNINGS.firstPayment);
    await expect(review.figure('Amount sent')).toContainText('25 USDC');
    await expect(review.figure('Network fee')).toContainText(`(${quote.fee} ETH, `);
    await expect(review.region).toContainText('USDC is a stablecoin held at one US dollar, so its value does not move while the payment is in flight.');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    const answer = page.waitForResponse((response) => isSendRequest(response.request()));
    await review.send.click();
    const response = await answer;
    const body = await response.text();
    expect(response.status(), body).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ asset: 'USDC', amount: '25', to: recipientBefore.address, quoteId: quote.id });
    const { transaction } = JSON.parse(body) as SendResponse;

    await expect(page.getByText('Transaction sent successfully')).toBeVisible();
    await expect(page.getByText('25 USDC sent on Ethereum Sepolia')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');

    expect(transaction).toMatchObject({ asset: 'USDC', symbol: 'USDC', feeSymbol: 'ETH', amount: '25', gasUsed: '65000' });
    expect(BigInt(transaction.feeUnits)).toBeGreaterThan(0n);

    const senderAfter = await walletOn(page.request, 'eth_sepolia');
    // On a real chain the recipient can spend it once a block includes it.
    await untilNothingIncoming(recipientRequest);
    const recipientAfter = await walletOn(recipientRequest, 'eth_sepolia');
    expect(unitsOf(senderAfter, 'USDC')).toBe(unitsOf(senderBefore, 'USDC') - 25n * USDC);
    expect(unitsOf(recipientAfter, 'USDC')).toBe(unitsOf(recipientBefore, 'USDC') + 25n * USDC);
    expect(shownBalanceOf(senderAfter, 'USDC')).toBe('975.00');
    expect(shownBalanceOf(recipientAfter, 'USDC')).toBe('1025.00');
    // The fee came out of the sender's ETH, and nothing else did; the recipient's ETH did not move.
    expect(unitsOf(senderAfter, 'ETH')).toBe(unitsOf(senderBefore, 'ETH') - BigInt(transaction.feeUnits));
    expect(unitsOf(recipientAfter, 'ETH')).toBe(unitsOf(recipientBefore, 'ETH'));
    await recipientRequest.dispose();
  });

  test('a wallet whose ETH cannot pay the fee is told "Not enough ETH to pay the network fee", however much USDC it holds', async ({
    page,
    account: _account,
  }) => {
    const wallet = await walletOn(page.request, 'eth_sepolia');
    const drained = await drainNativeCoin(page.request, wallet, OUTSIDE_EVM_ADDRESS);
    const usdcQuotes = await feeQuotes(page.request, wallet.id, 'USDC');
    const slowest = usdcQuotes.quotes.find((quote) => quote.speed === 'slow');
    expect(unitsOf(drained, 'ETH')).toBeLessThan(BigInt(slowest?.feeUnits ?? '0'));
    expect(shownBalanceOf(drained, 'USDC')).toBe('1000.00');
    const sendsBefore = (await listSends(page.request)).length;
    const posted: Request[] = [];
    page.on('request', (request) => {
      if (isSendRequest(request)) posted.push(request);
    });

    await openSendReceive(page);
    await chooseSendWallet(page, drained);
    await chooseUsdc(page);
    const form = sendForm(page);
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);

    // More USDC than the wallet holds is the token's own refusal...
    await form.amount.fill('1000.01');
    await form.submit.click();
    await expect(form.form.getByText('Insufficient USDC balance')).toBeVisible();

    // ...an amount it holds is refused for the fee, in ETH.
    await form.amount.fill('25');
    await form.submit.click();
    const message = form.form.getByText(NOT_ENOUGH_ETH);
    await expect(message).toBeVisible();
    await expect(form.amount).toHaveAttribute('aria-invalid', 'true');
    await expect(form.form.getByText('Insufficient USDC balance')).toBeHidden();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    expect(posted).toHaveLength(0);

    // The server holds the same rule for a request that skips the form.
    const refused = await page.request.post('/api/transactions', {
      headers: { 'idempotency-key': randomUUID() },
      data: { walletId: wallet.id, asset: 'USDC', to: OUTSIDE_EVM_ADDRESS, amount: '25' },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'INSUFFICIENT_FEE_BALANCE',
      message: NOT_ENOUGH_ETH,
    });
    expect(await listSends(page.request)).toHaveLength(sendsBefore);
    expect(shownBalanceOf(await walletOn(page.request, 'eth_sepolia'), 'USDC')).toBe('1000.00');
  });
});
