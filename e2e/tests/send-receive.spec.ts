import type { NetworkId } from '@fincrypt/domain';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { decodeQrPng } from '../support/qr-media.ts';
import {
  OUTSIDE_EVM_ADDRESS,
  TOASTS_SELECTOR,
  chooseSendWallet,
  listWallets,
  openSendReceive,
  openSendReceiveWithState,
  sendForm,
  walletOn,
} from '../support/send-receive.ts';

const RECEIVE_WARNING =
  'This is a testnet wallet. Only receive testnet tokens on this address. Any real cryptocurrency sent to this address may be lost permanently.';
const SEND_WARNING =
  "This is a testnet transaction. Make sure you're sending to a valid address on the same network. Transactions cannot be reversed.";

/** The receive code of each network's coin (docs/product.md#qr-codes): EIP-681 with the chain id, Solana Pay. */
const RECEIVE_CODES: Record<NetworkId, (address: string) => string> = {
  eth_sepolia: (address) => `ethereum:${address}@11155111`,
  polygon_amoy: (address) => `ethereum:${address}@80002`,
  solana_devnet: (address) => `solana:${address}`,
};

test.describe('Send & Receive page', () => {
  test('with no wallets it says so and sends the user to the dashboard', async ({ page, account: _account }) => {
    for (const wallet of await listWallets(page.request)) {
      const response = await page.request.delete(`/api/wallets/${wallet.id}`);
      expect(response.ok(), await response.text()).toBe(true);
    }
    await page.goto('/send-receive');
    await expect(page.getByRole('heading', { name: 'No Wallets Available' })).toBeVisible();
    await expect(page.getByText('Please add a wallet from the dashboard before sending or receiving funds.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('opens on Send with the first wallet chosen, or on the tab and wallet given in the navigation state', async ({ page, account: _account }) => {
    const [first] = await listWallets(page.request);
    if (!first) throw new Error('a new account has its starter wallets');
    await openSendReceive(page);
    await expect(page).toHaveTitle('Send & Receive · FinCrypt');
    await expect(page.getByRole('tab', { name: 'Send' })).toHaveAttribute('aria-selected', 'true');
    await expect(sendForm(page).wallet).toHaveValue(first.id);
    await expect(page.getByText(SEND_WARNING, { exact: true })).toBeVisible();

    const polygon = await walletOn(page.request, 'polygon_amoy');
    await openSendReceiveWithState(page, { action: 'receive', walletId: polygon.id });
    await expect(page.getByRole('tab', { name: 'Receive' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Wallet')).toHaveValue(polygon.id);
    await expect(page.getByText(polygon.address, { exact: true })).toBeVisible();

    const solana = await walletOn(page.request, 'solana_devnet');
    await openSendReceiveWithState(page, { action: 'send', walletId: solana.id });
    await expect(page.getByRole('tab', { name: 'Send' })).toHaveAttribute('aria-selected', 'true');
    await expect(sendForm(page).wallet).toHaveValue(solana.id);
    await expect(sendForm(page).speed('Normal')).toBeChecked();
  });

  test("wallet options read network and balance with symbol; the chosen wallet's shortened address shows under the select", async ({ page, account: _account }) => {
    await openSendReceive(page);
    const form = sendForm(page);
    await expect(form.wallet.locator('option')).toHaveText(['Select a wallet', 'Ethereum Sepolia · 100.0000 ETH', 'Polygon Amoy · 100.0000 MATIC', 'Solana Devnet · 100.0000 SOL']);
    const solana = await walletOn(page.request, 'solana_devnet');
    await form.wallet.selectOption(solana.id);
    await expect(form.form.getByText(`Address ${solana.address.slice(0, 6)}...${solana.address.slice(-4)}`)).toBeVisible();
    await expect(form.wallet).toHaveAccessibleDescription(`Address ${solana.address.slice(0, 6)}...${solana.address.slice(-4)}`);
  });

  test("the Receive tab shows each address as a 250 px QR code in its network's standard form and error correction H", async ({ page, account: _account }) => {
    await openSendReceive(page);
    await page.getByRole('tab', { name: 'Receive' }).click();
    await page.getByLabel('Wallet').selectOption('');
    await expect(page.getByText('Select a wallet to see its address and QR code.')).toBeVisible();

    for (const wallet of await listWallets(page.request)) {
      await page.getByLabel('Wallet').selectOption(wallet.id);
      await expect(page.getByText(wallet.address, { exact: true })).toBeVisible();
      const qr = page.getByRole('img', { name: `QR code of your ${wallet.networkLabel} address` });
      const box = await qr.boundingBox();
      expect(box?.width).toBe(250);
      expect(box?.height).toBe(250);
      // Screenshot the white frame around the code too: a reader needs the quiet zone.
      const png = await qr.locator('xpath=..').screenshot();
      const decoded = decodeQrPng(png);
      expect(decoded).toBe(RECEIVE_CODES[wallet.network](wallet.address));
      await expect(page.getByText(RECEIVE_WARNING, { exact: true })).toBeVisible();
    }
  });

  test('the QR code uses error correction H', async ({ page, account: _account }) => {
    // With 60 bytes of payload (`ethereum:0x…@11155111`) a QR code is version 4 at level M, 5 at Q and 7 at H: 45 modules a side.
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await openSendReceiveWithState(page, { action: 'receive', walletId: ethereum.id });
    const qr = page.getByRole('img', { name: 'QR code of your Ethereum Sepolia address' });
    await expect(qr).toBeVisible();
    const viewBox = await qr.getAttribute('viewBox');
    expect(viewBox).toBe('0 0 45 45');
  });

  test('Copy puts the address on the clipboard and shows its confirmed state for 2 seconds', async ({ page, context, account: _account }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const solana = await walletOn(page.request, 'solana_devnet');
    await openSendReceiveWithState(page, { action: 'receive', walletId: solana.id });

    const copy = page.getByRole('button', { name: 'Copy' });
    const clickedAt = Date.now();
    await copy.click();
    const copied = page.getByRole('button', { name: 'Copied' });
    await expect(copied).toBeVisible();
    await expect(page.getByText('Address copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(solana.address);
    await expect(copied).toBeHidden({ timeout: 5000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);
    await expect(copy).toBeVisible();
  });

  test('switching tab clears recipient and amount; changing wallet clears only the amount', async ({ page, account: _account }) => {
    const [ethereum, polygon] = [await walletOn(page.request, 'eth_sepolia'), await walletOn(page.request, 'polygon_amoy')];
    await openSendReceive(page);
    const form = sendForm(page);
    await chooseSendWallet(page, ethereum);
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('1.25');

    await page.getByRole('tab', { name: 'Receive' }).click();
    await expect(page.getByLabel('Wallet')).toHaveValue(ethereum.id);
    await page.getByRole('tab', { name: 'Send' }).click();
    await expect(form.recipient).toHaveValue('');
    await expect(form.amount).toHaveValue('');
    await expect(form.wallet).toHaveValue(ethereum.id);

    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('1.25');
    await form.wallet.selectOption(polygon.id);
    await expect(form.amount).toHaveValue('');
    await expect(form.recipient).toHaveValue(OUTSIDE_EVM_ADDRESS);
  });

  test("the fee quotes say how old they are every second and are asked again every 15 s", async ({ page, account: _account }) => {
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    let feeRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/fees') feeRequests += 1;
    });
    // The Send tab opens on the first wallet (Ethereum for a new account) and asks for its quotes at once.
    await openSendReceive(page);
    await expect(sendForm(page).wallet).toHaveValue(ethereum.id);
    await expect(sendForm(page).speed('Normal')).toBeVisible();
    const age = sendForm(page).form.getByText(/^Updated \d+s ago$/);
    await expect(age).toHaveText(/^Updated [01]s ago$/);
    await expect(age).toHaveText('Updated 2s ago', { timeout: 4000 });
    expect(feeRequests).toBe(1);
    await expect.poll(() => feeRequests, { timeout: 20_000 }).toBe(2);
    await expect(age).toHaveText(/^Updated [01]s ago$/);
  });

  test('the speeds form a radio group that the arrow keys move through', async ({ page, account: _account }) => {
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await openSendReceive(page);
    await chooseSendWallet(page, ethereum);
    const form = sendForm(page);
    await expect(page.getByRole('radiogroup', { name: 'Transaction Speed' })).toBeVisible();
    for (const [label, gwei] of [['Slow', 30], ['Normal', 45], ['Fast', 60]] as const) {
      const text = (await form.speedCard(label).textContent()) ?? '';
      // The fee's value is in the display currency (rupees by default).
      const match = /(\d+\.\d{2}) Gwei.*?(\d+\.\d+) ETH.*?≈ ₹([\d,]+\.\d{2}).*?(\d+-\d+ sec)/.exec(text);
      expect(match, text).not.toBeNull();
      // The live factor keeps the price within 0.8–1.2 of the speed's base.
      expect(Number(match?.[1])).toBeGreaterThanOrEqual(gwei * 0.8 - 0.01);
      expect(Number(match?.[1])).toBeLessThanOrEqual(gwei * 1.2 + 0.01);
    }
    await form.speed('Normal').focus();
    // Native radios: the arrow key moves focus and checks the next speed, as a person holding it down sees.
    await page.keyboard.down('ArrowRight');
    await expect(form.speed('Fast')).toBeFocused();
    await page.keyboard.up('ArrowRight');
    await expect(form.speed('Fast')).toBeChecked();
  });

  test('no horizontal scrolling at 375 px on either tab or in the scanner', async ({ page, account: _account }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await openSendReceive(page);
    await chooseSendWallet(page, ethereum);
    await sendForm(page).amount.fill('12.5');
    await sendForm(page).submit.click();
    await expect(page.getByText('Please enter a recipient address')).toBeVisible();
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect(page.getByRole('button', { name: 'Upload QR Code' })).toBeVisible();
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Receive' }).click();
    await expect(page.getByRole('img', { name: /^QR code of your/ })).toBeVisible();
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('both tabs and the scanner dialog have no serious accessibility violations', async ({ page, account: _account }) => {
      const ethereum = await walletOn(page.request, 'eth_sepolia');
      await openSendReceive(page);
      await sendForm(page).wallet.selectOption('');
      await sendForm(page).submit.click();
      await expect(page.getByText('Please select a wallet')).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

      await chooseSendWallet(page, ethereum);
      await sendForm(page).amount.fill('3');
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Upload QR Code' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
      await page.getByRole('button', { name: 'Close', exact: true }).click();

      await page.getByRole('tab', { name: 'Receive' }).click();
      await expect(page.getByRole('img', { name: 'QR code of your Ethereum Sepolia address' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    });
  });
}
