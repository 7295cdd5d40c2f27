import type { FeeQuotesResponse, PaymentQuote, SendResponse, TransactionView } from '@fincrypt/domain';
import type { Page, Request } from '@playwright/test';
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
  reviewAndSend,
  reviewStep,
  sendForm,
  sendViaApi,
  shownFee,
  toUnits,
  walletOn,
} from '../support/send-receive.ts';

const SEND_SUCCESS = 'Transaction sent successfully';
/** A second outside address, for tests that need one nobody has paid yet. */
const FRESH_OUTSIDE_ADDRESS = '0x00000000000000000000000000000000DeaDBeef';

/** Every send the page posts, and every set of fee quotes it receives, in order. */
function recordTraffic(page: Page) {
  const sends: Request[] = [];
  const feeQuotes: FeeQuotesResponse[] = [];
  page.on('request', (request) => {
    if (isSendRequest(request)) sends.push(request);
  });
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/fees' || !response.ok()) return;
    try {
      feeQuotes.push((await response.json()) as FeeQuotesResponse);
    } catch {
      // A refresh that lands as the page navigates away has no body left to read; it was never shown either.
    }
  });
  return {
    sends,
    /** The last set of fee quotes the page received. */
    latestQuotes: () => feeQuotes.at(-1),
    allQuotes: () => [...feeQuotes],
  };
}

/** Review, then Send Transaction; the review carries the first-payment warning when the recipient is new. */
async function submitAndConfirm(page: Page, { expectConfirmation }: { expectConfirmation: boolean }): Promise<SendResponse & { quote: PaymentQuote }> {
  const { quote, sent } = await reviewAndSend(page, { warning: expectConfirmation ? 'firstPayment' : 'none' });
  return { ...sent, quote };
}

test.describe('Sending', () => {
  test('pays another user on the same network: they are credited the amount, the sender pays it plus the fee shown', async ({
    page,
    playwright,
    baseURL,
    account: _account,
  }) => {
    const recipientRequest = await playwright.request.newContext({ baseURL });
    await signUpViaApi(recipientRequest);
    const recipientWallet = await walletOn(recipientRequest, 'polygon_amoy');
    const senderWallet = await walletOn(page.request, 'polygon_amoy');
    const traffic = recordTraffic(page);

    await openSendReceive(page);
    await chooseSendWallet(page, senderWallet);
    const form = sendForm(page);
    await form.recipient.fill(recipientWallet.address);
    await form.amount.fill('2.5');
    await form.speed('Fast').click();
    const fastFee = await shownFee(form.speedCard('Fast'), 'MATIC');
    await expect(form.form.getByText('Network fee', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`${fastFee} MATIC`);

    const { transaction, quote } = await submitAndConfirm(page, { expectConfirmation: true });
    expect(transaction.speed).toBe('fast');
    expect(transaction.amount).toBe('2.5');
    // The firm quote's fee is the one charged, digit for digit.
    expect(transaction.fee).toBe(quote.fee);
    expect(transaction.feeUnits).toBe(quote.feeUnits);
    expect(traffic.sends).toHaveLength(1);

    // Confirmed for the sender is included; the recipient's index may read that block a moment later.
    await untilNothingIncoming(recipientRequest);
    const credited = await walletOn(recipientRequest, 'polygon_amoy');
    expect(credited.balance).toBe('102.5000');
    const debited = await walletOn(page.request, 'polygon_amoy');
    expect(BigInt(debited.balanceUnits)).toBe(toUnits('100', 18) - toUnits('2.5', 18) - BigInt(transaction.feeUnits));
    await recipientRequest.dispose();
  });

  test('shows the form messages and sends nothing while a field is missing or malformed', async ({ page, account: _account }) => {
    const traffic = recordTraffic(page);
    await openSendReceive(page);
    const form = sendForm(page);
    await form.wallet.selectOption('');
    await form.submit.click();
    await expect(form.form.getByText('Please select a wallet')).toBeVisible();
    await expect(form.form.getByText('Please enter a recipient address')).toBeVisible();
    await expect(form.form.getByText('Please enter a valid amount')).toBeVisible();
    await expect(form.recipient).toHaveAttribute('aria-invalid', 'true');

    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    const amountMessage = form.form.getByText('Please enter a valid amount');
    for (const amount of ['0', '-1', 'abc', '1e3', '0.000']) {
      // A valid amount first, so the message below can only come from this value.
      await form.amount.fill('1');
      await expect(amountMessage).toBeHidden();
      await form.amount.fill(amount);
      await form.submit.click();
      await expect(amountMessage).toBeVisible();
    }
    expect(traffic.sends).toHaveLength(0);
  });

  test("shows the send rules' messages at the field they concern and sends nothing", async ({ page, account: _account }) => {
    const [ethereum, solana] = [await walletOn(page.request, 'eth_sepolia'), await walletOn(page.request, 'solana_devnet')];
    const traffic = recordTraffic(page);
    await openSendReceive(page);
    const form = sendForm(page);
    await chooseSendWallet(page, ethereum);

    const cases = [
      { to: OUTSIDE_EVM_ADDRESS, amount: '100', message: 'Insufficient balance for transaction and gas fee', field: form.amount },
      { to: '0x1234', amount: '1', message: 'Invalid recipient address', field: form.recipient },
      // Mixed case with a wrong EIP-55 checksum (the last letter's case flipped).
      { to: '0x000000000000000000000000000000000000dEAD', amount: '1', message: 'Invalid recipient address', field: form.recipient },
      { to: ethereum.address, amount: '1', message: 'You cannot send to the same wallet', field: form.recipient },
    ];
    for (const { to, amount, message, field } of cases) {
      await form.recipient.fill(to);
      await form.amount.fill(amount);
      // Editing re-checks the fields, which clears the previous case's message.
      await expect(form.form.getByText(message, { exact: true })).toBeHidden();
      await form.submit.click();
      await expect(form.form.getByText(message, { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }

    await chooseSendWallet(page, solana);
    // The amount is checked before the recipient, so any recipient will do here.
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('0.0000000001');
    await form.submit.click();
    await expect(form.form.getByText('Amount has more decimal places than SOL allows (at most 9)')).toBeVisible();
    expect(traffic.sends).toHaveLength(0);
  });

  test('a balance spent elsewhere after the page loaded is refused with the balance message, and nothing more leaves', async ({
    page,
    account: _account,
  }) => {
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await sendViaApi(page.request, { walletId: ethereum.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.1' });
    await openSendReceive(page);
    const form = sendForm(page);
    await chooseSendWallet(page, ethereum);
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('99');
    // Spent in another tab or device: this page's quotes still show the old balance until it hears of it.
    await sendViaApi(page.request, { walletId: ethereum.id, to: OUTSIDE_EVM_ADDRESS, amount: '50' });
    const before = await walletOn(page.request, 'eth_sepolia');

    await form.submit.click();
    await expect(form.form.getByText('Insufficient balance for transaction and gas fee')).toBeVisible();
    await expect(form.amount).toHaveAttribute('aria-invalid', 'true');
    expect((await walletOn(page.request, 'eth_sepolia')).balanceUnits).toBe(before.balanceUnits);
    await expect(page).toHaveURL('/send-receive');
  });

  test('MAX fills what the chosen speed leaves, follows speed and wallet changes, and sending it empties the wallet', async ({
    page,
    account: _account,
  }) => {
    const [ethereum, polygon] = [await walletOn(page.request, 'eth_sepolia'), await walletOn(page.request, 'polygon_amoy')];
    await openSendReceive(page);
    const form = sendForm(page);

    /** MAX = balance − fee of the chosen speed, cut to 8 decimals; the fee shown is cut to 6. */
    const expectMaxFor = async (speed: 'Normal' | 'Fast', symbol: string) => {
      await expect(async () => {
        const max = toUnits(await form.amount.inputValue(), 18);
        const fee = toUnits(await shownFee(form.speedCard(speed), symbol), 18);
        const left = toUnits('100', 18) - max;
        expect(left >= fee && left < fee + toUnits('0.00000101', 18), `100 - ${max} vs fee ${fee}`).toBe(true);
      }).toPass();
      return form.amount.inputValue();
    };

    await chooseSendWallet(page, ethereum);
    await form.max.click();
    const normalMax = await expectMaxFor('Normal', 'ETH');
    // The fee quotes refresh as the fee market moves, and MAX follows them: the hint is compared with the amount shown now.
    await expect(async () => {
      await expect(form.form.getByText(`Up to ${await form.amount.inputValue()} ETH after the normal fee`)).toBeVisible({ timeout: 1_000 });
    }).toPass();

    await form.speed('Fast').click();
    await expect(form.amount).not.toHaveValue(normalMax);
    const fastMax = await expectMaxFor('Fast', 'ETH');
    expect(toUnits(fastMax, 18)).toBeLessThan(toUnits(normalMax, 18));

    await form.wallet.selectOption(polygon.id);
    await expect(form.amount).toHaveValue('');
    await expect(form.speed('Fast')).toBeChecked();
    await form.max.click();
    await expectMaxFor('Fast', 'MATIC');

    await form.recipient.fill(FRESH_OUTSIDE_ADDRESS);
    await submitAndConfirm(page, { expectConfirmation: true });
    const emptied = await walletOn(page.request, 'polygon_amoy');
    expect(emptied.balance).toBe('0.0000');
    // MAX is cut to 8 decimals, so at most dust below 10^-8 MATIC stays behind.
    expect(BigInt(emptied.balanceUnits)).toBeLessThan(toUnits('0.00000001', 18));
  });

  test('a slower or faster speed changes the fee shown and the fee charged', async ({ page, account: _account }) => {
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await sendViaApi(page.request, { walletId: ethereum.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.1' });
    const charged: { speed: 'Slow' | 'Fast'; shown: string; transaction: TransactionView }[] = [];

    for (const speed of ['Slow', 'Fast'] as const) {
      const traffic = recordTraffic(page);
      await openSendReceive(page);
      await chooseSendWallet(page, ethereum);
      const form = sendForm(page);
      await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
      await form.amount.fill('1');
      await form.speed(speed).click();
      const shown = await shownFee(form.speedCard(speed), 'ETH');
      await expect(form.form.getByText('Network fee', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`${shown} ETH`);
      const { transaction, quote } = await submitAndConfirm(page, { expectConfirmation: false });
      expect(transaction.speed).toBe(speed.toLowerCase());
      // The review's firm quote is what is charged, digit for digit.
      expect(transaction.fee).toBe(quote.fee);
      expect(transaction.feeUnits).toBe(quote.feeUnits);
      expect(traffic.sends).toHaveLength(1);
      charged.push({ speed, shown: quote.fee, transaction });
    }
    const [slow, fast] = charged;
    // Fast is 2× the base price and slow 1×, each times a live factor of 0.8–1.2: fast always costs more.
    expect(Number(fast?.shown)).toBeGreaterThan(Number(slow?.shown));
    expect(BigInt(fast?.transaction.feeUnits ?? 0)).toBeGreaterThan(BigInt(slow?.transaction.feeUnits ?? 0));
  });

  test('a double click on Review asks one quote, and a double click on Send Transaction sends once', async ({ page, account: _account }) => {
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await sendViaApi(page.request, { walletId: ethereum.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.1' });
    const traffic = recordTraffic(page);
    const quoteRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/quotes') quoteRequests.push(request);
    });
    await openSendReceive(page);
    await chooseSendWallet(page, ethereum);
    const form = sendForm(page);
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('1');
    await form.submit.dblclick();
    const review = reviewStep(page);
    await expect(review.heading).toBeVisible();
    await review.send.dblclick();
    await expect(page.getByText(SEND_SUCCESS)).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    expect(quoteRequests).toHaveLength(1);
    expect(traffic.sends).toHaveLength(1);
    expect(await listSends(page.request)).toHaveLength(2);
  });

  test('warns of a first payment to an address in the review, Edit sends nothing, and a paid address is familiar after', async ({
    page,
    account: _account,
  }) => {
    const traffic = recordTraffic(page);
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    const form = sendForm(page);
    await form.recipient.fill(FRESH_OUTSIDE_ADDRESS.toLowerCase());
    await form.amount.fill('1.5');
    const quote = await openReview(page);

    const review = reviewStep(page);
    await expect(review.region).toContainText(REVIEW_WARNINGS.firstPayment);
    await expect(review.region).toContainText('You have never sent to this address on Ethereum Sepolia. Check every character: transactions cannot be reversed.');
    await expect(review.region).toContainText(FRESH_OUTSIDE_ADDRESS);
    await expect(review.figure('Amount sent')).toContainText(`${quote.amount} ETH`);
    // The step opens on its heading: Enter pressed out of habit sends nothing.
    await expect(review.heading).toBeFocused();
    await page.keyboard.press('Enter');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    await review.edit.click();
    await expect(review.region).toBeHidden();
    await expect(form.amount).toHaveValue('1.5');
    expect(traffic.sends).toHaveLength(0);

    await submitAndConfirm(page, { expectConfirmation: true });

    // Paid once, the address is familiar: the next review carries no warning.
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    await form.recipient.fill(FRESH_OUTSIDE_ADDRESS);
    await form.amount.fill('0.5');
    await submitAndConfirm(page, { expectConfirmation: false });
  });

  test('names the known address a look-alike imitates: a past recipient or one of your own wallets', async ({ page, account: _account }) => {
    // One EVM address on both networks: a look-alike of it is named as the sending network's wallet.
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    expect((await walletOn(page.request, 'polygon_amoy')).address).toBe(ethereum.address);
    // An EIP-55 address paid once; the look-alike keeps its first and last four hex digits.
    const paid = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await sendViaApi(page.request, { walletId: ethereum.id, to: paid, amount: '0.1' });
    const lookalikes = [
      { address: `0x5aae${'1'.repeat(32)}eaed`, imitated: paid, description: 'an address you have sent to before' },
      {
        address: `${ethereum.address.slice(0, 6)}${'0'.repeat(32)}${ethereum.address.slice(-4)}`.toLowerCase(),
        imitated: ethereum.address,
        description: 'your Ethereum Sepolia wallet',
      },
    ];
    const traffic = recordTraffic(page);
    await openSendReceive(page);
    await chooseSendWallet(page, ethereum);
    const form = sendForm(page);
    const review = reviewStep(page);
    for (const { address, imitated, description } of lookalikes) {
      await form.recipient.fill(address);
      await form.amount.fill('1');
      await openReview(page);
      await expect(review.region).toContainText(REVIEW_WARNINGS.lookalike);
      await expect(review.region).toContainText(`The recipient looks like ${description} but it is a different address.`);
      await expect(review.region).toContainText(`It imitates ${description}:${imitated}`);
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
      await review.edit.click();
      await expect(review.region).toBeHidden();
    }
    expect(traffic.sends).toHaveLength(0);
  });

  test("shows the amount's value in the display currency while typing", async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    const form = sendForm(page);
    const pricesResponse = await page.request.get('/api/prices');
    const { prices } = (await pricesResponse.json()) as { prices: { ethereum: { prices: Record<string, number> } } };

    for (const [currency, symbol] of [['usd', '$'], ['eur', '€']] as const) {
      await page.getByLabel('Display currency').first().selectOption(currency);
      await form.amount.fill('2');
      const hintId = await form.amount.getAttribute('aria-describedby');
      const hint = page.locator(`[id="${hintId}"]`).getByText(new RegExp(`^≈ \\${symbol}[\\d,]+\\.\\d{2}$`));
      await expect(hint).toBeVisible();
      const shown = Number(((await hint.textContent()) ?? '').replace(/[^\d.]/g, ''));
      // The simulated feed moves a little between the page's price call and this one.
      expect(Math.abs(shown - 2 * prices.ethereum.prices[currency]!) / shown).toBeLessThan(0.05);
      await form.amount.fill('');
      await expect(hint).toBeHidden();
    }
  });

  test('the speed cards value each fee in the display currency, in euros when EUR is chosen', async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    await page.getByLabel('Display currency').first().selectOption('eur');
    const form = sendForm(page);
    const pricesResponse = await page.request.get('/api/prices');
    const { prices } = (await pricesResponse.json()) as { prices: { ethereum: { prices: Record<string, number> } } };
    for (const label of ['Slow', 'Normal', 'Fast'] as const) {
      await expect(form.speedCard(label)).toContainText(/≈ €[\d,]+\.\d{2}/);
      const text = (await form.speedCard(label).textContent()) ?? '';
      expect(text).not.toContain('$');
      const fee = Number(/(\d+\.\d+) ETH/.exec(text)?.[1]);
      const euros = Number(/≈ €([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, ''));
      // The simulated feed moves a little between the page's price call and this one.
      expect(Math.abs(euros - fee * prices.ethereum.prices.eur!)).toBeLessThan(Math.max(0.02, euros * 0.05));
    }
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
  });

  test("Solana's speed cards give the fee in lamports, exact, not a gas price in Gwei", async ({ page, account: _account }) => {
    const traffic = recordTraffic(page);
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'solana_devnet'));
    const form = sendForm(page);
    for (const label of ['Slow', 'Normal', 'Fast'] as const) {
      await expect(form.speedCard(label)).toContainText(/[\d,]+ lamports/);
      await expect(form.speedCard(label)).not.toContainText('Gwei');
    }
    await expect.poll(() => traffic.latestQuotes()?.network).toBe('solana_devnet');
    const text = (await form.speedCard('Normal').textContent()) ?? '';
    // The card shows one of the quotes the server sent (a refresh may have landed meanwhile), digit for digit.
    const normal = traffic
      .allQuotes()
      .flatMap((response) => response.quotes)
      .filter((quote) => quote.speed === 'normal')
      .find((quote) => text.includes(`${quote.fee} SOL`));
    expect(normal, text).toBeDefined();
    expect(text).toContain(`${Number(normal!.feeUnits).toLocaleString('en-US')} lamports`);
  });
});
