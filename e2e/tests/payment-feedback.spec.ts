import { FRAUD_REASONS, PAYMENT_MESSAGES } from '@fincrypt/domain';
import type { Page, Route, WebSocketRoute } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { liveConnection, newSignedInUser, openLiveDashboard, toastWith } from '../support/live.ts';
import {
  OUTSIDE_EVM_ADDRESS,
  REVIEW_WARNINGS,
  chooseSendWallet,
  isSendRequest,
  listSends,
  openReview,
  openSendReceive,
  reviewStep,
  sendForm,
  sendViaApi,
  walletOn,
} from '../support/send-receive.ts';

/** Fills the Send form with a send to an address paid before (so no warning in the review), reviews it and sends. */
async function submitFamiliarSend(page: Page, amount: string): Promise<void> {
  const wallet = await walletOn(page.request, 'eth_sepolia');
  // Paid once already, so the form sends without asking first.
  await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01', speed: 'fast' });
  await openSendReceive(page);
  await chooseSendWallet(page, wallet);
  const form = sendForm(page);
  await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
  await form.amount.fill(amount);
  await openReview(page);
  await reviewStep(page).send.click();
}

/** An outside address nobody has paid yet in this test's account. */
const NEW_OUTSIDE_ADDRESS = '0x00000000000000000000000000000000C0FFEE00';

test.describe('Payment feedback', () => {
  test('after sending past the review\'s warning, the confirmed warning is not repeated as an "Unfamiliar receiving address" toast', async ({ page, account: _account }) => {
    const connected = liveConnection(page);
    await openSendReceive(page);
    await connected;
    const wallet = await walletOn(page.request, 'eth_sepolia');
    await chooseSendWallet(page, wallet);
    const form = sendForm(page);
    await form.recipient.fill(NEW_OUTSIDE_ADDRESS);
    await form.amount.fill('0.1');
    await form.speed('Fast').check();
    await openReview(page);
    const review = reviewStep(page);
    await expect(review.region).toContainText(REVIEW_WARNINGS.firstPayment);
    await review.send.click();
    await expect(toastWith(page, PAYMENT_MESSAGES.sent)).toBeVisible();
    await expect(page).toHaveURL('/dashboard');

    // The server did raise the alert: it is listed, and the events after it (the confirmation) have arrived.
    await expect(page.getByRole('region', { name: 'Recent Alerts' }).getByTestId('recent-alert')).toContainText('Low Risk Alert');
    await expect(toastWith(page, 'Transaction confirmed')).toBeVisible({ timeout: 20_000 });
    await expect(toastWith(page, FRAUD_REASONS.unfamiliarRecipient)).toHaveCount(0);
  });

  test('the recipient hears about an incoming payment: "You received …" on their open dashboard', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    await openLiveDashboard(page);
    const sender = await newSignedInUser(browser, baseURL, 'payer');
    const recipientWallet = await walletOn(page.request, 'polygon_amoy');
    const senderWallet = await walletOn(sender.page.request, 'polygon_amoy');
    await sendViaApi(sender.page.request, { walletId: senderWallet.id, to: recipientWallet.address, amount: '2.25', speed: 'slow' });

    const received = toastWith(page, 'You received 2.25 MATIC');
    await expect(received).toBeVisible();
    await expect(received).toHaveAttribute('data-type', 'success');
    await expect(page.getByRole('article', { name: 'Polygon Amoy' }).getByTestId('wallet-balance')).toHaveText('102.2500 MATIC');
    await sender.context.close();
  });

  test("a balance_update shows 'Balance updated', and not when Transaction Alerts are off", async ({ page, browser, baseURL, account: _account }) => {
    await openLiveDashboard(page);
    const sender = await newSignedInUser(browser, baseURL, 'payer');
    const recipientWallet = await walletOn(page.request, 'polygon_amoy');
    const senderWallet = await walletOn(sender.page.request, 'polygon_amoy');
    await sendViaApi(sender.page.request, { walletId: senderWallet.id, to: recipientWallet.address, amount: '1', speed: 'slow' });
    const balanceToast = toastWith(page, PAYMENT_MESSAGES.balanceUpdated);
    await expect(balanceToast).toBeVisible();
    await expect(balanceToast).toHaveAttribute('data-type', 'info');

    const saved = await page.request.put('/api/account/notifications', {
      data: { transactionAlerts: false, fraudDetection: true, emailNotifications: true, marketUpdates: false },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // A fresh page, so the preferences are read again.
    const connected = liveConnection(page);
    await page.reload();
    await connected;
    await sendViaApi(sender.page.request, { walletId: senderWallet.id, to: recipientWallet.address, amount: '1', speed: 'slow' });
    const polygonBalance = page.getByRole('article', { name: 'Polygon Amoy' }).getByTestId('wallet-balance');
    await expect(polygonBalance).toHaveText('102.0000 MATIC');
    await page.waitForTimeout(1_000);
    await expect(balanceToast).toHaveCount(0);
    await sender.context.close();
  });

  test('a send with no answer within 15 s: "Payment request timed out"; Try again after the server did send it leaves one transaction', async ({
    page,
    account: _account,
  }) => {
    test.setTimeout(90_000);
    const keys: string[] = [];
    let holdAnswer = true;
    // The first send reaches the server, which carries it out; its answer is held back from the page.
    await page.route('**/api/transactions', async (route: Route) => {
      const request = route.request();
      if (!isSendRequest(request)) return route.fallback();
      keys.push((await request.headerValue('idempotency-key')) ?? '');
      if (!holdAnswer) return route.fallback();
      await route.fetch();
      // Never fulfilled: the page gives up after 15 s.
    });
    await submitFamiliarSend(page, '0.3');
    const timedOut = toastWith(page, PAYMENT_MESSAGES.timedOut);
    await expect(timedOut).toBeVisible({ timeout: 25_000 });
    await expect(toastWith(page, PAYMENT_MESSAGES.sent)).toHaveCount(0);

    holdAnswer = false;
    await timedOut.getByRole('button', { name: PAYMENT_MESSAGES.tryAgain }).click();
    await expect(toastWith(page, PAYMENT_MESSAGES.sent)).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // The earlier payment to this address and this one: the retry was answered with the first send, not a second.
    const sends = await listSends(page.request);
    expect(sends.filter((send) => send.amount === '0.3')).toHaveLength(1);
  });

  for (const { name, answer, message } of [
    { name: 'an empty answer', answer: (route: Route) => route.fulfill({ status: 201, body: '' }), message: PAYMENT_MESSAGES.invalidResponse },
    {
      name: 'a malformed answer',
      answer: (route: Route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{"transaction":' }),
      message: PAYMENT_MESSAGES.invalidResponse,
    },
    { name: 'a refused connection', answer: (route: Route) => route.abort('connectionrefused'), message: PAYMENT_MESSAGES.unavailable },
    {
      name: 'a 503',
      answer: (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"Busy"}}' }),
      message: PAYMENT_MESSAGES.unavailable,
    },
    { name: 'a failure without a message', answer: (route: Route) => route.fulfill({ status: 500, body: '' }), message: PAYMENT_MESSAGES.failed },
  ]) {
    test(`a send that gets ${name} says "${message}"`, async ({ page, account: _account }) => {
      await page.route('**/api/transactions', (route) => (isSendRequest(route.request()) ? answer(route) : route.fallback()));
      await submitFamiliarSend(page, '0.2');
      await expect(toastWith(page, message)).toBeVisible();
      await expect(toastWith(page, message)).toHaveAttribute('data-type', 'error');
      await expect(page).toHaveURL('/send-receive');
    });
  }

  test('the live connection cannot be opened: the spec\'s toasts, the page says offline, and catches up when it returns', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    let isRefused = true;
    // The browser's websocket to the payment system is refused until the test lets it through: instead of the
    // server's handshake the client gets a frame it cannot read (as from something that is not the payment
    // system), then the close.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (!isRefused) {
        ws.connectToServer();
        return;
      }
      ws.send('not the payment system');
      void ws.close();
    });
    await page.goto('/dashboard');
    const polygonBalance = page.getByRole('article', { name: 'Polygon Amoy' }).getByTestId('wallet-balance');
    await expect(polygonBalance).toHaveText('100.0000 MATIC');

    const connectFailed = toastWith(page, PAYMENT_MESSAGES.connectFailed);
    await expect(connectFailed).toBeVisible();
    await expect(connectFailed).toHaveAttribute('data-type', 'error');
    const notice = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.offline });
    await expect(notice).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // socket.io keeps trying (1 to 5 s apart); after three failed attempts the tab says so.
    await expect(toastWith(page, PAYMENT_MESSAGES.reconnectFailed)).toBeVisible({ timeout: 30_000 });
    await expect(notice).toBeVisible();

    // A payment arrives while no live connection listens.
    const sender = await newSignedInUser(browser, baseURL, 'payer');
    const recipientWallet = await walletOn(page.request, 'polygon_amoy');
    const senderWallet = await walletOn(sender.page.request, 'polygon_amoy');
    await sendViaApi(sender.page.request, { walletId: senderWallet.id, to: recipientWallet.address, amount: '4', speed: 'fast' });

    const connected = liveConnection(page);
    isRefused = false;
    await connected;
    await expect(notice).toHaveCount(0);
    // Caught up without a reload.
    await expect(polygonBalance).toHaveText('104.0000 MATIC');
    await sender.context.close();
  });

  test('a live connection that drops: the page says offline until it is back', async ({ page, account: _account }) => {
    let isRefused = false;
    let current: WebSocketRoute | undefined;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (isRefused) {
        ws.send('not the payment system');
        void ws.close();
        return;
      }
      current = ws;
      ws.connectToServer();
    });
    await openLiveDashboard(page);
    const notice = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.offline });
    await expect(notice).toHaveCount(0);

    isRefused = true;
    await current?.close();
    await expect(notice).toBeVisible();
    // A drop is not a failure to open: no 'Unable to connect…' toast.
    await expect(toastWith(page, PAYMENT_MESSAGES.connectFailed)).toHaveCount(0);

    const connected = liveConnection(page);
    isRefused = false;
    await connected;
    await expect(notice).toHaveCount(0);
  });
});
