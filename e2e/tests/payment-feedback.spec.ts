import { FRAUD_REASONS, PAYMENT_MESSAGES } from '@fincrypt/domain';
import { expect, test } from '../support/accounts.ts';
import { liveConnection, newSignedInUser, openLiveDashboard, toastWith } from '../support/live.ts';
import { chooseSendWallet, openSendReceive, sendForm, sendViaApi, walletOn } from '../support/send-receive.ts';

/** An outside address nobody has paid yet in this test's account. */
const NEW_OUTSIDE_ADDRESS = '0x00000000000000000000000000000000C0FFEE00';

test.describe('Payment feedback', () => {
  test('after "Send anyway" the confirmed warning is not repeated as an "Unfamiliar receiving address" toast', async ({ page, account: _account }) => {
    const connected = liveConnection(page);
    await openSendReceive(page);
    await connected;
    const wallet = await walletOn(page.request, 'eth_sepolia');
    await chooseSendWallet(page, wallet);
    const form = sendForm(page);
    await form.recipient.fill(NEW_OUTSIDE_ADDRESS);
    await form.amount.fill('0.1');
    await form.speed('Fast').check();
    await form.submit.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('First payment to this address');
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
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
    const recipientWallet = await walletOn(page.request, 'polygon_mumbai');
    const senderWallet = await walletOn(sender.page.request, 'polygon_mumbai');
    await sendViaApi(sender.page.request, { walletId: senderWallet.id, to: recipientWallet.address, amount: '2.25', speed: 'slow' });

    const received = toastWith(page, 'You received 2.25 MATIC');
    await expect(received).toBeVisible();
    await expect(received).toHaveAttribute('data-type', 'success');
    await expect(page.getByRole('article', { name: 'Polygon Mumbai' }).getByTestId('wallet-balance')).toHaveText('102.2500 MATIC');
    await sender.context.close();
  });
});
