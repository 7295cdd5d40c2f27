import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts.ts';
import { qrPng, stripesPng } from '../support/qr-media.ts';
import { OUTSIDE_EVM_ADDRESS, chooseSendWallet, openSendReceive, sendForm, walletOn } from '../support/send-receive.ts';

/** Clicks 'Upload QR Code' and picks a PNG in the file chooser it opens. */
async function uploadImage(page: Page, png: Buffer, name = 'code.png'): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload QR Code' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: png });
}

async function openScanner(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Scan QR code' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeVisible();
}

// Headless Chromium without Chromium's fake-device flags has no camera: these are the upload paths.
test.describe('QR scanner, image upload', () => {
  test.beforeEach(async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
  });

  test('without a camera it offers only the upload, says why, and closes with its button or Escape', async ({ page }) => {
    const scanButton = page.getByRole('button', { name: 'Scan QR code' });
    await openScanner(page);
    await expect(page.getByText('No camera found. Please use the upload option.')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await expect(dialog.getByRole('button', { name: 'Upload QR Code' })).toBeVisible();
    await expect(dialog.getByLabel('Camera view')).toHaveCount(0);
    await expect(dialog.getByText('Position the QR code within the frame to scan')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(scanButton).toBeFocused();
    await openScanner(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('loads the scanner code only when the dialog opens, and decodes in a worker the CSP allows', async ({ page }) => {
    const scannerScripts: string[] = [];
    const workers: string[] = [];
    const cspViolations: string[] = [];
    page.on('request', (request) => {
      if (/qr-scanner/.test(request.url())) scannerScripts.push(request.url());
    });
    page.on('worker', (worker) => workers.push(worker.url()));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const cspHeader = (await page.request.get('/send-receive')).headers()['content-security-policy'] ?? '';
    expect(cspHeader).toContain("script-src 'self'");
    expect(cspHeader).toContain("worker-src 'self' blob:");
    expect(scannerScripts).toEqual([]);

    await openScanner(page);
    await uploadImage(page, await qrPng(`ethereum:${OUTSIDE_EVM_ADDRESS}`));
    await expect(sendForm(page).recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
    expect(scannerScripts.length).toBeGreaterThan(0);
    expect(workers.length).toBeGreaterThan(0);
    expect(cspViolations).toEqual([]);
  });

  test('an image of a receive code fills the recipient and closes the dialog', async ({ page }) => {
    const recipient = sendForm(page).recipient;
    await openScanner(page);
    await uploadImage(page, await qrPng(`ethereum:${OUTSIDE_EVM_ADDRESS}`));
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden();
    await expect(recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
  });

  test('an EIP-681 payment link gives its address; a bare address is taken as it is', async ({ page }) => {
    const recipient = sendForm(page).recipient;
    const eip681Address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await openScanner(page);
    await uploadImage(page, await qrPng(`ethereum:${eip681Address}@11155111?value=2.5e18`));
    await expect(recipient).toHaveValue(eip681Address);

    await openScanner(page);
    await uploadImage(page, await qrPng(OUTSIDE_EVM_ADDRESS));
    await expect(recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
  });

  test('a code for another network fills nothing and offers the wallet on that network', async ({ page }) => {
    await openScanner(page);
    await uploadImage(page, await qrPng(`polygon:${OUTSIDE_EVM_ADDRESS}`));
    await expect(page.getByText('This code asks for MATIC on Polygon Amoy')).toBeVisible();
    await expect(sendForm(page).recipient).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Use my Polygon Amoy wallet' })).toBeVisible();
  });

  test("a code without an address gives 'Invalid QR code format' and the dialog stays open", async ({ page }) => {
    await openScanner(page);
    await uploadImage(page, await qrPng('https://example.com/not-an-address'));
    await expect(page.getByText('Invalid QR code format')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(sendForm(page).recipient).toHaveValue('');
  });

  test('an image without a QR code gives the read failure message', async ({ page }) => {
    await openScanner(page);
    await uploadImage(page, stripesPng(), 'stripes.png');
    await expect(page.getByText('Failed to read QR code from image. Please try another image.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeVisible();
    // Another image can be tried straight away.
    await uploadImage(page, await qrPng(`ethereum:${OUTSIDE_EVM_ADDRESS}`));
    await expect(sendForm(page).recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
  });
});
