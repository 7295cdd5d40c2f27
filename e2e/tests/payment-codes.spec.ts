import type { Page } from '@playwright/test';
import { type PaymentRequestView, findAsset, parseQrPayload, paymentRequestListSchema, referenceToBase58 } from '@fincrypt/domain';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test } from '../support/accounts.ts';
import { decodeQrPng, qrPng } from '../support/qr-media.ts';
import { OUTSIDE_EVM_ADDRESS, TOASTS_SELECTOR, chooseSendWallet, openSendReceive, reviewAndSend, sendForm, walletOn } from '../support/send-receive.ts';

/** A Solana address no test account owns. */
const OUTSIDE_SOLANA_ADDRESS = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const DEVNET_USDC = findAsset('solana_devnet', 'USDC')!.address!;
const AMOY_USDC = findAsset('polygon_amoy', 'USDC')!.address!;

async function uploadCode(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Scan QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload QR Code' }).click();
  await (await chooser).setFiles({ name: 'code.png', mimeType: 'image/png', buffer: await qrPng(text) });
}

/** Pastes text into the recipient field as the clipboard would. */
async function pasteIntoRecipient(page: Page, text: string): Promise<void> {
  await sendForm(page).recipient.focus();
  await sendForm(page).recipient.evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.describe('Payment codes in the Send form', () => {
  test('a scanned Solana Pay code fills recipient, asset and amount, and shows its label and message', async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'solana_devnet'));
    const reference = referenceToBase58('5a'.repeat(32));
    await uploadCode(
      page,
      `solana:${OUTSIDE_SOLANA_ADDRESS}?amount=12.5&spl-token=${DEVNET_USDC}&reference=${reference}&label=Caf%C3%A9%20Lisboa&message=Two%20coffees`,
    );
    const form = sendForm(page);
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden();
    await expect(form.recipient).toHaveValue(OUTSIDE_SOLANA_ADDRESS);
    await expect(form.form.getByLabel('Asset')).toHaveValue('USDC');
    await expect(form.amount).toHaveValue('12.5');
    await expect(form.amountUnit).toHaveValue('asset');
    await expect(form.form.getByText('Café Lisboa: Two coffees')).toBeVisible();
  });

  test('a Polygon code with the Ethereum wallet chosen fills nothing and offers the Polygon wallet, which fills it', async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    const amoy = await walletOn(page.request, 'polygon_amoy');
    await uploadCode(page, `ethereum:${AMOY_USDC}@80002/transfer?address=${OUTSIDE_EVM_ADDRESS}&uint256=2.5e6`);

    const form = sendForm(page);
    await expect(form.form.getByText('This code asks for USDC on Polygon Amoy')).toBeVisible();
    await expect(form.recipient).toHaveValue('');
    await expect(form.amount).toHaveValue('');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    await form.form.getByRole('button', { name: 'Use my Polygon Amoy wallet' }).click();

    await expect(form.wallet).toHaveValue(amoy.id);
    await expect(form.form.getByLabel('Asset')).toHaveValue('USDC');
    await expect(form.recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
    await expect(form.amount).toHaveValue('2.5');
    await expect(form.form.getByText('This code asks for USDC on Polygon Amoy')).toHaveCount(0);
  });

  test("a code made for Polygon Mumbai (retired) pays on Polygon Amoy and says so beside the recipient", async ({ page, account: _account }) => {
    await openSendReceive(page);
    const amoy = await walletOn(page.request, 'polygon_amoy');
    await chooseSendWallet(page, amoy);
    const form = sendForm(page);
    const notice = 'Polygon Mumbai was retired in April 2024: this payment goes on Polygon Amoy';

    // Circle's Mumbai USDC, in a code FinCrypt made before Amoy, on Mumbai's chain id.
    await uploadCode(page, `ethereum:0x9999f7Fea5938fD3b1E26A12c3f2fb024e194f97@80001/transfer?address=${OUTSIDE_EVM_ADDRESS}&uint256=2.5e6`);
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden();
    await expect(form.wallet).toHaveValue(amoy.id);
    await expect(form.form.getByLabel('Asset')).toHaveValue('USDC');
    await expect(form.recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
    await expect(form.amount).toHaveValue('2.5');
    await expect(form.form.getByText(notice)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // The brief's polygon: receive code, pasted.
    await form.recipient.fill('');
    await pasteIntoRecipient(page, `polygon:${OUTSIDE_EVM_ADDRESS}`);
    await expect(form.recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
    await expect(form.form.getByLabel('Asset')).toHaveValue('MATIC');
    await expect(form.form.getByText(notice)).toBeVisible();
  });

  test('a pasted code fills the form; a pasted bad code says why at the field; a plain address pastes as typed', async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    const form = sendForm(page);

    await pasteIntoRecipient(page, `ethereum:${OUTSIDE_EVM_ADDRESS}@137?value=1e18`);
    await expect(form.form.getByText('This code is for chain id 137, a network FinCrypt does not support')).toBeVisible();
    await expect(form.recipient).toHaveValue('');

    await pasteIntoRecipient(page, `ethereum:${OUTSIDE_EVM_ADDRESS}@11155111?value=2.014e18`);
    await expect(form.recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
    await expect(form.amount).toHaveValue('2.014');
    await expect(form.form.getByText('This code is for chain id 137, a network FinCrypt does not support')).toHaveCount(0);

    await pasteIntoRecipient(page, '/pay/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(form.form.getByText('This payment request was not found')).toBeVisible();

    await form.recipient.fill('');
    await form.recipient.focus();
    await page.keyboard.insertText(OUTSIDE_EVM_ADDRESS);
    await expect(form.recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
  });
});

test.describe('Payment request codes', () => {
  test("a request's QR code and its /pay/ link fill the form with the request it pays, and the send pays it", async ({
    page,
    playwright,
    baseURL,
    account: _account,
  }) => {
    const requester = await playwright.request.newContext({ baseURL });
    await signUpViaApi(requester);
    const requesterWallet = await walletOn(requester, 'polygon_amoy');
    const created = await requester.post('/api/payment-requests', {
      data: { walletId: requesterWallet.id, asset: 'USDC', amount: '3', displayName: 'Ana', note: 'Lunch on Friday' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const request = (await created.json()) as PaymentRequestView;

    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'polygon_amoy'));
    const form = sendForm(page);

    // The standard URI (EIP-681 with FinCrypt's reference) names no one: it pays "a payment request".
    await uploadCode(page, request.uri);
    await expect(form.recipient).toHaveValue(request.address);
    await expect(form.form.getByLabel('Asset')).toHaveValue('USDC');
    await expect(form.amount).toHaveValue('3');
    await expect(form.form.getByText('Paying a payment request')).toBeVisible();

    // The link names who asks, and what for.
    await form.recipient.fill('');
    await pasteIntoRecipient(page, `${baseURL}${request.path}`);
    await expect(form.form.getByText("Paying Ana's request")).toBeVisible();
    await expect(form.form.getByText('Lunch on Friday')).toBeVisible();
    await expect(form.recipient).toHaveValue(request.address);
    await expect(form.amount).toHaveValue('3');

    const { sent } = await reviewAndSend(page, { warning: 'firstPayment' });
    const listed = paymentRequestListSchema.parse(await (await requester.get('/api/payment-requests')).json());
    expect(listed.requests.find((candidate) => candidate.id === request.id)).toMatchObject({ status: 'paid', transactionHash: sent.transaction.hash });
    await requester.dispose();
  });
});

test.describe('Receive codes', () => {
  test('encode EIP-681 with the chain id on the EVM networks and solana:<address> on Solana', async ({ page, account: _account }) => {
    await openSendReceive(page);
    await page.getByRole('tab', { name: 'Receive' }).click();
    for (const [network, label, expected] of [
      ['eth_sepolia', 'Ethereum Sepolia', (address: string) => `ethereum:${address}@11155111`],
      ['polygon_amoy', 'Polygon Amoy', (address: string) => `ethereum:${address}@80002`],
      ['solana_devnet', 'Solana Devnet', (address: string) => `solana:${address}`],
    ] as const) {
      const wallet = await walletOn(page.request, network);
      await page.getByLabel('Wallet').selectOption(wallet.id);
      const qr = page.getByRole('img', { name: `QR code of your ${label} address` });
      await expect(qr).toBeVisible();
      const decoded = decodeQrPng(await qr.locator('xpath=..').screenshot());
      expect(decoded).toBe(expected(wallet.address));
      expect(parseQrPayload(decoded!)).toMatchObject({ ok: true, address: wallet.address, network });
    }
  });
});
