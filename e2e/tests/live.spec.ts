import type { Page } from '@playwright/test';
import { expect, signInViaForm, test } from '../support/accounts.ts';
import { PENDING_GLANCE_MS, liveConnection, newSignedInUser, openLiveDashboard, seenWhilePending, toastWith } from '../support/live.ts';
import { OUTSIDE_EVM_ADDRESS, sendViaApi, walletOn } from '../support/send-receive.ts';
import { REAL_TIME_BASE_URL } from '../support/real-time-server.ts';

const recentRows = (page: Page) => page.getByRole('region', { name: 'Recent Transactions' }).getByTestId('transaction-row');
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Confirmations' });

test.describe('Live updates', () => {
  test("the recipient's open dashboard follows a payment from another user, which then reaches 12 confirmations", async ({
    page,
    context,
    browser,
    baseURL,
    account: _account,
  }) => {
    await openLiveDashboard(page);
    const polygonCard = page.getByRole('article', { name: 'Polygon Amoy' });
    await expect(polygonCard.getByTestId('wallet-balance')).toHaveText('100.0000 MATIC');
    // On real chains a new account's history starts with its six opening grants, of which the list keeps five.
    await expect(recentRows(page)).toHaveCount(5);
    await expect(recentRows(page).first()).toContainText('Test funds');

    const sender = await newSignedInUser(browser, baseURL, 'payer');
    const recipientWallet = await walletOn(page.request, 'polygon_amoy');
    const senderWallet = await walletOn(sender.page.request, 'polygon_amoy');
    const { transaction } = await sendViaApi(sender.page.request, {
      walletId: senderWallet.id,
      to: recipientWallet.address,
      amount: '3.5',
      speed: 'fast',
    });

    // No reload: the balance and the list change as the events arrive.
    await expect(polygonCard.getByTestId('wallet-balance')).toHaveText('103.5000 MATIC');
    await expect(recentRows(page)).toHaveCount(5);
    await expect(recentRows(page).first()).toContainText('Received · Polygon Amoy');
    await expect(recentRows(page).first()).toContainText('+3.5 MATIC');
    await expect(toastWith(page, 'Transaction confirmed')).toBeVisible({ timeout: 20_000 });
    await expect(recentRows(page).first()).toContainText('Confirmed');
    await expect(recentRows(page).first()).toContainText(/\d+ confirmations?/);

    const explorer = await context.newPage();
    await explorer.goto(`/explorer/${transaction.hash}`);
    await expect(progress(explorer)).toHaveAttribute('aria-valuenow', '12', { timeout: 20_000 });
    await expect(explorer.getByTestId('security-level')).toHaveText('Maximum');
    await expect(recentRows(page).first()).toContainText('12 confirmations');
    await sender.context.close();
  });

  test.describe("at Polygon Amoy's own pace", () => {
    // A detail page watched Pending, then through twelve confirmations: the real-time app's Amoy holds a send pending
    // until its next block (up to 2 s) and counts twelve in about 24 s. At the main app's pace (a block every 0.2 s) it
    // is never pending long enough to see; Sepolia's own pace (12 s) would take two and a half minutes to count twelve.
    test.use({ baseURL: REAL_TIME_BASE_URL });

    test('an open detail page goes from Pending to Confirmed and counts confirmations without a reload', async ({ page, account: _account }) => {
      test.setTimeout(120_000);
      await openLiveDashboard(page);
      const wallet = await walletOn(page.request, 'polygon_amoy');
      const status = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Status$/ }) }).locator('dd');
      const glance = { timeout: PENDING_GLANCE_MS };

      await seenWhilePending(
        async () => (await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.4', speed: 'slow' })).transaction,
        async (transaction) => {
          // Opened from the list, within the app, so the live connection carries on.
          if (!page.url().endsWith('/dashboard')) await page.getByRole('link', { name: 'Dashboard' }).first().click();
          await page.locator(`[data-testid="transaction-row"][href="/transaction/${transaction.hash}"]`).click(glance);
          await expect(page).toHaveURL(`/transaction/${transaction.hash}`, glance);
          await expect(status).toContainText('Pending', glance);
          await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'warning', glance);
          await expect(page.getByTestId('block-number')).toContainText('Pending', glance);
        },
      );

      await expect(status).toContainText('Confirmed', { timeout: 20_000 });
      await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'success');
      await expect(page.getByTestId('block-number')).toContainText(/^[\d,]+$/);
      await expect(status).toContainText('12 confirmations', { timeout: 40_000 });
      // Its timeline follows too, without a reload: every step done, the last one Final.
      const steps = page.getByTestId('timeline-step');
      await expect(steps.last()).toContainText('Final');
      await expect(steps.last()).toHaveAttribute('data-done', 'true');
      await expect(page.locator('[data-testid="timeline-step"][data-done="false"]')).toHaveCount(0);
    });
  });

  test('with default preferences a send shows the fraud warning for 6 s and the confirmation toast', async ({ page, account: _account }) => {
    await openLiveDashboard(page);
    // Times the fraud toast by the browser's own clock, from the moment it is added until sonner removes it.
    await page.evaluate((text) => {
      const times: { shownAt?: number; hiddenAt?: number } = {};
      (window as unknown as { fraudToastTimes: typeof times }).fraudToastTimes = times;
      new MutationObserver(() => {
        const isShown = Array.from(document.querySelectorAll('[data-sonner-toast]')).some(
          (toast) => toast.textContent?.includes(text) && toast.getAttribute('data-removed') !== 'true',
        );
        if (isShown) times.shownAt ??= performance.now();
        else if (times.shownAt !== undefined) times.hiddenAt ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    }, 'Unfamiliar receiving address');

    const wallet = await walletOn(page.request, 'eth_sepolia');
    // The first payment to an address raises 'Unfamiliar receiving address'.
    await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.2', speed: 'fast' });

    const fraudToast = toastWith(page, 'Unfamiliar receiving address');
    await expect(fraudToast).toBeVisible();
    await expect(fraudToast).toHaveAttribute('data-type', 'warning');
    await expect(page.getByRole('region', { name: 'Recent Alerts' }).getByTestId('recent-alert')).toContainText('Low Risk Alert');
    await expect(toastWith(page, 'Transaction confirmed')).toBeVisible({ timeout: 20_000 });

    const toastTimes = () => page.evaluate(() => (window as unknown as { fraudToastTimes: { shownAt?: number; hiddenAt?: number } }).fraudToastTimes);
    await expect.poll(async () => (await toastTimes()).hiddenAt, { timeout: 15_000 }).toBeDefined();
    const { shownAt = 0, hiddenAt = 0 } = await toastTimes();
    // 6 s, longer than the 5 s every other toast gets.
    expect(hiddenAt - shownAt).toBeGreaterThan(5_500);
    expect(hiddenAt - shownAt).toBeLessThan(7_500);
  });

  test('turning Transaction Alerts and Fraud Detection off silences their toasts, while the screens still update', async ({
    page,
    account: _account,
  }) => {
    const connected = liveConnection(page);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    for (const name of ['Transaction Alerts', 'Fraud Detection']) {
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/account/notifications') && response.request().method() === 'PUT');
      await page.getByRole('switch', { name }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false');
    }
    await connected;
    // Within the app, so the same connection carries on.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByTestId('wallet-card')).toHaveCount(3);

    const wallet = await walletOn(page.request, 'eth_sepolia');
    await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.2', speed: 'fast' });

    await expect(page.getByRole('region', { name: 'Recent Alerts' }).getByTestId('recent-alert')).toContainText('Low Risk Alert');
    await expect(recentRows(page).first()).toContainText('Confirmed', { timeout: 20_000 });
    await expect(page.getByRole('article', { name: 'Ethereum Sepolia' }).getByTestId('wallet-balance')).not.toHaveText('100.0000 ETH');
    // Give a toast that should not come every chance to show up.
    await page.waitForTimeout(1_000);
    await expect(toastWith(page, 'Transaction confirmed')).toHaveCount(0);
    await expect(toastWith(page, 'Unfamiliar receiving address')).toHaveCount(0);
  });

  test('the connection opens at sign-in and closes at sign-out; visitors never open one', async ({ page, account }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    await page.context().clearCookies({ name: /session/ });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(sockets).toEqual([]);

    const connected = liveConnection(page);
    await signInViaForm(page, account.email, account.password);
    await expect(page).toHaveURL('/dashboard');
    await connected;
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toContain('/socket.io/');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => messages).toContain('Disconnected from payment system');
  });

  test('a session ended elsewhere (a password change on another device) signs this tab out at once', async ({ page, playwright, baseURL, account }) => {
    await openLiveDashboard(page);
    const disconnected = page.waitForEvent('console', { predicate: (message) => message.text() === 'Disconnected from payment system' });

    const otherDevice = await playwright.request.newContext({ baseURL });
    const signIn = await otherDevice.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const change = await otherDevice.post('/api/account/password', {
      data: { currentPassword: account.password, newPassword: `${account.password}-changed` },
    });
    expect(change.status(), await change.text()).toBe(200);
    await otherDevice.dispose();

    await disconnected;
    // No click, no reload: the closed connection made the tab ask, and its session is gone.
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});
