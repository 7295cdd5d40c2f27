import { randomUUID } from 'node:crypto';
import { type NetworkId, findAsset, parseQrPayload, receiveUri } from '@fincrypt/domain';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { fiatNumber, tokenRow, walletCard } from '../support/faucet.ts';
import { newSignedInUser, openLiveDashboard } from '../support/live.ts';
import { decodeQrPng } from '../support/qr-media.ts';
import { listWallets, openSendReceive, walletOn } from '../support/send-receive.ts';

const NETWORKS: readonly { network: NetworkId; label: string; symbol: string }[] = [
  { network: 'eth_sepolia', label: 'Ethereum Sepolia', symbol: 'ETH' },
  { network: 'polygon_amoy', label: 'Polygon Amoy', symbol: 'MATIC' },
  { network: 'solana_devnet', label: 'Solana Devnet', symbol: 'SOL' },
];

test.describe('USDC beside the coins', () => {
  test('every wallet card shows its coin and its USDC, each with its value, and the total counts every asset', async ({ page, account: _account }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('wallet-card')).toHaveCount(3);
    for (const { label, symbol } of NETWORKS) {
      const card = walletCard(page, label);
      await expect(card.getByTestId('wallet-balance')).toHaveText(`100.0000 ${symbol}`);
      await expect(card.getByTestId('wallet-fiat')).toHaveText(/^≈ ₹[\d,]+\.\d{2}$/);
      const usdc = tokenRow(card, 'USDC');
      await expect(usdc.balance).toHaveText('1000.00 USDC');
      await expect(usdc.fiat).toHaveText(/^≈ ₹[\d,]+\.\d{2}$/);
    }
    await expect(page.getByTestId('wallets-total')).toHaveText(/^≈ ₹[\d,]+\.\d{2}$/);

    // In dollars, 1,000 test USDC is worth about $1,000 (the feed's price, or the 1 USD fallback).
    await page.getByLabel('Display currency').first().selectOption('usd');
    const ethereumUsdc = tokenRow(walletCard(page, 'Ethereum Sepolia'), 'USDC');
    await expect(ethereumUsdc.fiat).toHaveText(/^≈ \$[\d,]+\.\d{2}$/);
    expect(fiatNumber((await ethereumUsdc.fiat.textContent()) ?? '')).toBeGreaterThan(950);
    expect(fiatNumber((await ethereumUsdc.fiat.textContent()) ?? '')).toBeLessThan(1050);

    // The total is the sum of the six figures on the cards (read together, between two price refreshes).
    await expect(page.getByTestId('wallets-total')).toHaveText(/^≈ \$[\d,]+\.\d{2}$/);
    const { parts, total } = await page.evaluate(() => {
      const texts = (selector: string) => Array.from(document.querySelectorAll(selector), (element) => element.textContent ?? '');
      return { parts: [...texts('[data-testid="wallet-fiat"]'), ...texts('[data-testid="wallet-token-fiat"]')], total: texts('[data-testid="wallets-total"]')[0] ?? '' };
    });
    expect(parts).toHaveLength(6);
    const sum = parts.reduce((acc, text) => acc + fiatNumber(text), 0);
    expect(Math.abs(sum - fiatNumber(total))).toBeLessThanOrEqual(0.03);
  });

  test("a USDC payment arriving moves the recipient's USDC live, and the coin stays", async ({ page, browser, baseURL, account: _account }) => {
    await openLiveDashboard(page);
    const card = walletCard(page, 'Solana Devnet');
    await expect(tokenRow(card, 'USDC').balance).toHaveText('1000.00 USDC');

    const sender = await newSignedInUser(browser, baseURL, 'usdc-payer');
    const recipient = await walletOn(page.request, 'solana_devnet');
    const from = await walletOn(sender.page.request, 'solana_devnet');
    const response = await sender.page.request.post('/api/transactions', {
      headers: { 'idempotency-key': randomUUID() },
      data: { walletId: from.id, to: recipient.address, amount: '25', asset: 'USDC', speed: 'fast' },
    });
    expect(response.status(), await response.text()).toBe(201);

    await expect(tokenRow(card, 'USDC').balance).toHaveText('1025.00 USDC');
    await expect(card.getByTestId('wallet-balance')).toHaveText('100.0000 SOL');
    await sender.context.close();
  });

  test("the Receive tab's USDC code decodes to the token form of each chain, and reads back to recipient, network and token", async ({
    page,
    account: _account,
  }) => {
    await openSendReceive(page);
    await page.getByRole('tab', { name: 'Receive' }).click();
    const wallets = await listWallets(page.request);

    for (const { network, label } of NETWORKS) {
      const wallet = wallets.find((candidate) => candidate.network === network)!;
      const token = findAsset(network, 'USDC')!;
      await page.getByLabel('Wallet').selectOption(wallet.id);
      const asset = page.getByLabel('Asset');
      await expect(asset.locator('option')).toHaveText([/\(\w+\)$/, 'USD Coin (USDC)']);
      await asset.selectOption('USDC');

      const qr = page.getByRole('img', { name: `QR code of your ${label} address for USDC` });
      await expect(qr).toBeVisible();
      await expect(page.getByText(`Scan to send USDC on ${label} to this wallet`)).toBeVisible();
      const box = await qr.boundingBox();
      expect(box?.width).toBe(250);
      const decoded = decodeQrPng(await qr.locator('xpath=..').screenshot());
      expect(decoded).toBe(receiveUri(network, wallet.address, 'USDC'));
      expect(decoded).toBe(
        network === 'solana_devnet'
          ? `solana:${wallet.address}?spl-token=${token.address}`
          : `ethereum:${token.address}@${network === 'eth_sepolia' ? 11155111 : 80002}/transfer?address=${wallet.address}`,
      );
      expect(parseQrPayload(decoded!)).toMatchObject({ ok: true, address: wallet.address, network, asset: 'USDC', tokenAddress: token.address });

      // Back to the coin: its code is unchanged.
      await asset.selectOption({ index: 0 });
      const coinQr = page.getByRole('img', { name: `QR code of your ${label} address` });
      expect(decodeQrPng(await coinQr.locator('xpath=..').screenshot())).toBe(receiveUri(network, wallet.address));
      await asset.selectOption('USDC');
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('the home page lists USDC among the live prices', async ({ page }) => {
    await page.goto('/');
    const item = page.getByRole('region', { name: 'Live prices' }).getByRole('listitem').filter({ hasText: 'USD Coin' });
    await expect(item).toContainText('USDC');
    await expect(item).toHaveText(/₹[\d,]+\.\d{2}/);
    await expect(item).toHaveText(/\d+\.\d{2}%\s*24h/);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} mode`, () => {
      test.use({ colorScheme });

      test('the dashboard with USDC and a waiting faucet has no serious accessibility violations', async ({ page, account: _account }) => {
        const wallet = await walletOn(page.request, 'eth_sepolia');
        expect((await page.request.post(`/api/wallets/${wallet.id}/faucet`)).status()).toBe(201);
        await page.goto('/dashboard');
        await expect(page.getByTestId('wallet-token-fiat')).toHaveCount(3);
        await expect(page.getByTestId('wallets-total')).toBeVisible();
        await expect(walletCard(page, 'Ethereum Sepolia').getByTestId('faucet-next')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    });
  }
});
