import { WALLET_MESSAGES } from '@fincrypt/domain';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { toastWith } from '../support/live.ts';
import { OUTSIDE_EVM_ADDRESS, sendViaApi, walletOn } from '../support/send-receive.ts';

const walletCard = (page: Page, networkLabel: string): Locator => page.getByRole('article', { name: networkLabel });

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · FinCrypt');
}

async function disconnect(page: Page, networkLabel: string): Promise<void> {
  await walletCard(page, networkLabel).getByRole('button', { name: `Disconnect ${networkLabel} wallet` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect wallet?' });
  await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(walletCard(page, networkLabel)).toHaveCount(0);
}

test.describe('Dashboard', () => {
  test('a new account sees its three starter wallets with balance, address, value and 24h change', async ({ page, account: _account }) => {
    await openDashboard(page);
    await expect(page.getByTestId('wallet-card')).toHaveCount(3);
    const ethereum = await walletOn(page.request, 'eth_sepolia');

    for (const [label, symbol] of [['Ethereum Sepolia', 'ETH'], ['Polygon Amoy', 'MATIC'], ['Solana Devnet', 'SOL']] as const) {
      const card = walletCard(page, label);
      await expect(card.getByTestId('wallet-balance')).toHaveText(`100.0000 ${symbol}`);
      // Fiat in the default display currency (rupees), and the coin's 24h change.
      await expect(card.getByTestId('wallet-fiat')).toHaveText(/^≈ ₹[\d,]+\.\d{2}$/);
      await expect(card).toContainText(/[+-]\d+\.\d{2}%\s*24h/);
    }
    const ethCard = walletCard(page, 'Ethereum Sepolia');
    const shortAddress = `${ethereum.address.slice(0, 6)}...${ethereum.address.slice(-4)}`;
    await expect(ethCard).toContainText(shortAddress);
    // One EVM address on Sepolia and Amoy, as MetaMask shows one account on every chain.
    await expect(walletCard(page, 'Polygon Amoy')).toContainText(shortAddress);
    await expect(walletCard(page, 'Solana Devnet')).not.toContainText(shortAddress);

    // The fiat figure follows the display currency.
    await page.getByLabel('Display currency').first().selectOption('usd');
    await expect(ethCard.getByTestId('wallet-fiat')).toHaveText(/^≈ \$[\d,]+\.\d{2}$/);
  });

  test('copies a wallet address, and its explorer link opens the address history in a new tab', async ({ page, context, account: _account }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDashboard(page);
    const polygon = await walletOn(page.request, 'polygon_amoy');
    const card = walletCard(page, 'Polygon Amoy');

    await card.getByRole('button', { name: 'Copy Polygon Amoy address' }).click();
    await expect(toastWith(page, 'Address copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(polygon.address);

    const explorerLink = card.getByRole('link', { name: /View Polygon Amoy wallet in block explorer/ });
    await expect(explorerLink).toHaveAttribute('target', '_blank');
    await expect(explorerLink).toHaveAttribute('rel', /noopener/);
    const [tab] = await Promise.all([context.waitForEvent('page'), explorerLink.click()]);
    // The public explorer's page of the address (issue 17).
    await expect(tab).toHaveURL(`/explorer/address/${polygon.address}`);
    await expect(tab.getByTestId('explorer-address')).toHaveText(polygon.address);
  });

  test('Send and Receive open /send-receive with the action and the wallet', async ({ page, account: _account }) => {
    await openDashboard(page);
    const solana = await walletOn(page.request, 'solana_devnet');

    await walletCard(page, 'Solana Devnet').getByRole('button', { name: 'Receive to Solana Devnet wallet' }).click();
    await expect(page).toHaveURL('/send-receive');
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({ action: 'receive', walletId: solana.id });

    await page.goBack();
    await walletCard(page, 'Solana Devnet').getByRole('button', { name: 'Send from Solana Devnet wallet' }).click();
    await expect(page).toHaveURL('/send-receive');
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({ action: 'send', walletId: solana.id });
  });

  test('disconnects wallets after confirming, shows the empty state, adds one back and refuses a duplicate', async ({ page, account: _account }) => {
    await openDashboard(page);
    await expect(page.getByTestId('wallet-card')).toHaveCount(3);

    // Cancelling the confirmation keeps the wallet, and focus goes back to the button that opened it.
    const disconnectSolana = walletCard(page, 'Solana Devnet').getByRole('button', { name: 'Disconnect Solana Devnet wallet' });
    await disconnectSolana.click();
    await page.getByRole('alertdialog', { name: 'Disconnect wallet?' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(walletCard(page, 'Solana Devnet')).toBeVisible();
    await expect(disconnectSolana).toBeFocused();

    for (const label of ['Solana Devnet', 'Polygon Amoy', 'Ethereum Sepolia']) {
      await disconnect(page, label);
      await expect(toastWith(page, 'Wallet disconnected').first()).toBeVisible();
    }
    await expect(page.getByText('No wallets found. Add a wallet to get started.')).toBeVisible();
    // Still empty after a reload: disconnecting is stored, and nobody re-creates starter wallets.
    await page.reload();
    await expect(page.getByText('No wallets found. Add a wallet to get started.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Wallet' }).click();
    const modal = page.getByRole('dialog', { name: 'Select Network' });
    await expect(modal.getByRole('button', { name: /^(Ethereum|Polygon|Solana) / })).toHaveText([/^Ethereum/, /^Polygon/, /^Solana/]);
    await modal.getByRole('button', { name: /^Ethereum/ }).click();
    // The network's starter funds went to its first wallet: this one starts empty, and the toast says where funds come from.
    await expect(toastWith(page, 'Ethereum Sepolia wallet connected successfully')).toBeVisible();
    await expect(toastWith(page, WALLET_MESSAGES.startsEmpty)).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(walletCard(page, 'Ethereum Sepolia').getByTestId('wallet-balance')).toHaveText('0.0000 ETH');
    await expect(walletCard(page, 'Ethereum Sepolia').getByRole('button', { name: 'Get test funds for Ethereum Sepolia wallet' })).toBeEnabled();

    await page.getByRole('button', { name: 'Add Wallet' }).click();
    await expect(modal.getByRole('button', { name: /^Ethereum/ })).toContainText('Connected');
    await modal.getByRole('button', { name: /^Ethereum/ }).click();
    await expect(toastWith(page, 'A Ethereum Sepolia wallet is already connected')).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('wallet-card')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add Wallet' })).toBeFocused();
  });

  test('Recent Transactions shows the newest five and Recent Alerts the newest two', async ({ page, account: _account }) => {
    await openDashboard(page);
    const transactions = page.getByRole('region', { name: 'Recent Transactions' });
    const alerts = page.getByRole('region', { name: 'Recent Alerts' });
    // (A new account's opening grants are its first rows on a real chain; live.spec.ts sees the empty list.)
    await expect(alerts.getByText('No alerts at this time')).toBeVisible();

    const ethereum = await walletOn(page.request, 'eth_sepolia');
    const amounts = ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6'];
    for (const amount of amounts) await sendViaApi(page.request, { walletId: ethereum.id, to: OUTSIDE_EVM_ADDRESS, amount, speed: 'fast' });

    await page.reload();
    const rows = transactions.getByTestId('transaction-row');
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('-0.6 ETH');
    await expect(rows.last()).toContainText('-0.2 ETH');
    await expect(rows.first()).toContainText('Sent');
    await expect(rows.first()).toContainText('To: 0x0000...dEaD');

    // The first send to a new address raised 'Unfamiliar receiving address'; the fifth in a row, a burst alert.
    const alertItems = alerts.getByTestId('recent-alert');
    await expect(alertItems).toHaveCount(2);
    await expect(alertItems.first()).toContainText(/(Low|Medium|High) Risk Alert/);
    await expect(alertItems.first()).toContainText(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);

    await transactions.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL('/transactions');
  });

  test('shows the AI Market Analysis for Ethereum with its research warning', async ({ page, account: _account }) => {
    await openDashboard(page);
    const analysis = page.getByRole('region', { name: 'AI Market Analysis' });
    await expect(analysis).toContainText('Ethereum Sepolia');
    await expect(analysis).toContainText('do your own research');
    // Two confidences, each saying what it measures.
    await expect(analysis).toContainText(/Sentiment confidence \d+%How clearly the 24h change sits inside its label/);
    await expect(analysis).toContainText(/Forecast confidence\d+%Chance the price lands within ±5% of the forecast/);
    await expect(analysis.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/insights');
  });

  test('on a phone the AI Market Analysis figures load when the reader scrolls to them', async ({ page, account: _account }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    let sentimentRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/insights/sentiment') sentimentRequests += 1;
    });
    await openDashboard(page);
    const analysis = page.getByRole('region', { name: 'AI Market Analysis' });
    await expect(page.getByTestId('wallet-card')).toHaveCount(3);
    // Below the wallets and the latest transactions: its heading is there, its figures wait.
    await expect(analysis.getByRole('status')).toHaveText('Loading the market analysis');
    expect(sentimentRequests).toBe(0);
    await analysis.scrollIntoViewIfNeeded();
    await expect(analysis).toContainText(/Sentiment confidence \d+%/);
    expect(sentimentRequests).toBe(1);
  });

  test('fits a 375 px screen without horizontal scrolling', async ({ page, account: _account }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openDashboard(page);
    await expect(page.getByTestId('wallet-card')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} mode`, () => {
      test.use({ colorScheme });

      test('the dashboard and its dialogs have no serious accessibility violations', async ({ page, account: _account }) => {
        await openDashboard(page);
        await expect(page.getByTestId('wallet-card')).toHaveCount(3);
        await expect(page.getByTestId('wallet-fiat').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        await page.getByRole('button', { name: 'Add Wallet' }).click();
        await expect(page.getByRole('dialog', { name: 'Select Network' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.keyboard.press('Escape');

        await walletCard(page, 'Ethereum Sepolia').getByRole('button', { name: 'Disconnect Ethereum Sepolia wallet' }).click();
        await expect(page.getByRole('alertdialog', { name: 'Disconnect wallet?' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    });
  }
});

test.describe('Account Settings → Wallets', () => {
  test('lists each wallet with logo, type, network, address, balance and explorer link; refreshes and disconnects', async ({
    page,
    context,
    account: _account,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const solana = await walletOn(page.request, 'solana_devnet');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Wallets' }).click();
    const rows = page.getByTestId('settings-wallet');
    await expect(rows).toHaveCount(3);

    // Checked before any toast appears: a toast fading in is not the page's contrast.
    await expectNoSeriousA11yViolations(page);

    const solanaRow = rows.filter({ hasText: 'Solana Devnet' });
    await expect(solanaRow.locator('svg[data-network="solana_devnet"]')).toBeVisible();
    await expect(solanaRow).toContainText('Solana wallet');
    await expect(solanaRow).toContainText('100.0000 SOL');
    await expect(solanaRow).toContainText(`${solana.address.slice(0, 6)}...${solana.address.slice(-4)}`);
    await expect(rows.filter({ hasText: 'Polygon Amoy' })).toContainText('Ethereum wallet');
    await expect(rows.filter({ hasText: 'Polygon Amoy' })).toContainText('100.0000 MATIC');
    await expect(solanaRow.getByRole('link', { name: /View Solana Devnet wallet in block explorer/ })).toHaveAttribute(
      'href',
      `/explorer/address/${solana.address}`,
    );

    await solanaRow.getByRole('button', { name: 'Copy Solana Devnet address' }).click();
    await expect(toastWith(page, 'Address copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(solana.address);

    const lastUpdated = page.getByText(/^Last updated \d{1,2}:\d{2}:\d{2} [AP]M$/);
    await expect(lastUpdated).toBeVisible();
    const before = await lastUpdated.textContent();
    await page.waitForTimeout(1_100);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toastWith(page, 'Wallets refreshed')).toBeVisible();
    await expect(lastUpdated).not.toHaveText(before ?? '');

    await solanaRow.getByRole('button', { name: 'Disconnect Solana Devnet wallet' }).click();
    await page.getByRole('alertdialog', { name: 'Disconnect wallet?' }).getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(toastWith(page, 'Wallet disconnected')).toBeVisible();
    await expect(rows).toHaveCount(2);
  });
});
