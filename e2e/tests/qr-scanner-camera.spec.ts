import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test } from '../support/accounts.ts';
import { writeQrY4m } from '../support/qr-media.ts';
import { OUTSIDE_EVM_ADDRESS, TOASTS_SELECTOR, chooseSendWallet, openSendReceive, sendForm, walletOn } from '../support/send-receive.ts';

/**
 * The camera paths need Chromium's fake capture device, which is chosen at launch: each test starts its own
 * browser with the flags it needs, signs a fresh account in and opens the Send form.
 */
async function openSendFormIn(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
  const page = await context.newPage();
  await signUpViaApi(page.request);
  await openSendReceive(page);
  await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
  return { context, page };
}

test.describe('QR scanner, camera', () => {
  test('reads a code held up to the camera, fills the recipient and closes', async ({ playwright, baseURL }, testInfo) => {
    const videoFile = testInfo.outputPath('receive-code.y4m');
    await writeQrY4m(videoFile, `ethereum:${OUTSIDE_EVM_ADDRESS}`);
    const browser = await playwright.chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_FLAGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${videoFile}`,
      ],
    });
    try {
      const { page } = await openSendFormIn(browser, baseURL);
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      // The code is in the camera's first frame: the dialog may read it and close before a check of its view could
      // run, so the view's layout is checked with a camera that shows no code (the next test).
      await expect(sendForm(page).recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
      await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden();
      // Closing the dialog lets the camera go.
      expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
    } finally {
      await browser.close();
    }
  });

  test('the live camera view is square, says how to aim, and has no serious accessibility violations', async ({ playwright, baseURL }) => {
    // The default fake device shows a moving test pattern, never a QR code: the view stays open.
    const browser = await playwright.chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    });
    try {
      const { page } = await openSendFormIn(browser, baseURL);
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
      await expect(dialog.getByRole('status')).toHaveCount(0);
      const cameraView = dialog.getByLabel('Camera view');
      await expect(cameraView).toBeVisible();
      await expect(dialog.getByText('Position the QR code within the frame to scan')).toBeVisible();
      const box = await cameraView.boundingBox();
      expect(box?.width).toBe(box?.height);
      await expect(dialog.getByRole('button', { name: 'Upload QR Code' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    } finally {
      await browser.close();
    }
  });

  test('a refused camera leaves only the upload, with the toast', async ({ playwright, baseURL }) => {
    // A camera exists, but the permission prompt is answered "no".
    const browser = await playwright.chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
    });
    try {
      const { page } = await openSendFormIn(browser, baseURL);
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
      await expect(page.getByText('Failed to access camera. Please use the upload option.')).toBeVisible();
      await expect(dialog.getByLabel('Camera view')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Upload QR Code' })).toBeVisible();
    } finally {
      await browser.close();
    }
  });
});
