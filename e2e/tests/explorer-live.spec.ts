import type { ExplorerTransaction, SpeedUpResponse, TransactionView } from '@fincrypt/domain';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { OUTSIDE_EVM_ADDRESS, sendViaApi, TOASTS_SELECTOR, walletOn } from '../support/send-receive.ts';

/** The explorer home's heading. */
const HOME_HEADING = 'Explore the test networks';

/** A browser with no session, the cookie banner answered: the explorer is public. */
async function visitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
  return context.newPage();
}

/** Opens the explorer home and waits until it follows the network live. */
async function openLiveExplorer(page: Page): Promise<void> {
  await page.goto('/explorer');
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  await expect(page).toHaveTitle('Explorer · FinCrypt');
  await expect(page.getByTestId('explorer-live')).toHaveText('Live');
}

const latestRow = (page: Page, hash: string) =>
  page.getByRole('list', { name: 'Latest transactions' }).locator(`[data-testid="explorer-transaction"][data-hash="${hash}"]`);

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test.describe('Explorer, live', () => {
  test('a signed-out visitor watches a payment arrive live, then follows it to its block and to an address page', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    // Four pages, each scanned by axe, after a payment is included: over a minute on a slow two-core machine.
    test.slow();
    const watcher = await visitor(browser, baseURL);
    await openLiveExplorer(watcher);
    await expect(watcher.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    // From now on the latest transactions must come over the public channel, not from asking the API again.
    const listReads: string[] = [];
    watcher.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/explorer/transactions') listReads.push(request.url());
    });

    // Someone else, signed in elsewhere, pays.
    const sender = await walletOn(page.request, 'eth_sepolia');
    const { transaction: sent } = await sendViaApi(page.request, { walletId: sender.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.42', speed: 'fast' });

    const row = latestRow(watcher, sent.hash);
    await expect(row).toBeVisible();
    await expect(row).toContainText('0.42 ETH');
    // It enters a block, still live: its row gains the block's link.
    const blockLink = row.getByRole('link', { name: /^Block [\d,]+$/ });
    await expect(blockLink).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('Confirmed');
    expect(listReads).toEqual([]);
    await expectNoSeriousA11yViolations(watcher);

    // Its block: the number, the time, the payment among what it included.
    const onChain = (await (await watcher.request.get(`/api/explorer/tx/${sent.hash}`)).json()) as ExplorerTransaction;
    const blockNumber = onChain.blockNumber!;
    await blockLink.click();
    await expect(watcher).toHaveURL(`/explorer/block/eth_sepolia/${blockNumber}`);
    await expect(watcher.getByRole('heading', { level: 1, name: `Block ${blockNumber.toLocaleString('en-US')}` })).toBeVisible();
    await expect(watcher).toHaveTitle(`Block ${blockNumber.toLocaleString('en-US')} · FinCrypt`);
    const inBlock = watcher.getByRole('list', { name: 'Transactions in this block' }).locator(`[data-hash="${sent.hash}"]`);
    await expect(inBlock).toBeVisible();
    await expect(watcher.getByRole('link', { name: 'Previous block' })).toHaveAttribute('href', `/explorer/block/eth_sepolia/${blockNumber - 1}`);
    await expectNoSeriousA11yViolations(watcher);

    // The sender's address page: what it holds, its QR code, the payment in its history.
    await inBlock.getByRole('link', { name: `${sender.address.slice(0, 6)}...${sender.address.slice(-4)}` }).click();
    await expect(watcher).toHaveURL(`/explorer/address/${sender.address}`);
    await expect(watcher.getByTestId('explorer-address')).toHaveText(sender.address);
    await expect(watcher.getByRole('img', { name: `QR code of the address ${sender.address}` })).toBeVisible();
    const sepolia = watcher.locator('[data-testid="address-network"][data-network="eth_sepolia"]');
    await expect(sepolia).toContainText('ETH');
    await expect(sepolia).toContainText('USDC');
    await expect(watcher.getByRole('list', { name: 'Transactions of this address' }).locator(`[data-hash="${sent.hash}"]`)).toBeVisible();
    await expectNoSeriousA11yViolations(watcher);

    // The transaction page: every address and the block link to their pages; the signed transaction is there to check.
    await watcher.getByRole('list', { name: 'Transactions of this address' }).locator(`[data-hash="${sent.hash}"]`).getByRole('link', { name: /^Transaction / }).click();
    await expect(watcher).toHaveURL(`/explorer/${sent.hash}`);
    await expect(watcher.getByRole('link', { name: sender.address, exact: true })).toHaveAttribute('href', `/explorer/address/${sender.address}`);
    await expect(watcher.getByRole('link', { name: OUTSIDE_EVM_ADDRESS, exact: true })).toHaveAttribute('href', `/explorer/address/${OUTSIDE_EVM_ADDRESS}`);
    await expect(watcher.getByRole('link', { name: blockNumber.toLocaleString('en-US'), exact: true })).toHaveAttribute(
      'href',
      `/explorer/block/eth_sepolia/${blockNumber}`,
    );
    const signed = watcher.getByTestId('signed-transaction');
    await expect(signed).toContainText('Chain id11155111');
    expect(onChain.raw?.kind).toBe('evm');
    await expect(watcher.getByTestId('raw-serialized')).toHaveText(onChain.raw?.kind === 'evm' ? onChain.raw.serialized : '');
    await expectNoSeriousA11yViolations(watcher);
    await watcher.context().close();
  });

  test('the search box opens a transaction or an address on any network, and says why when it cannot', async ({ page, browser, baseURL, account: _account }) => {
    const solana = await walletOn(page.request, 'solana_devnet');
    const { transaction: sent } = await sendViaApi(page.request, { walletId: solana.id, to: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', amount: '0.1', speed: 'fast' });
    const watcher = await visitor(browser, baseURL);
    await openLiveExplorer(watcher);
    const box = watcher.getByRole('searchbox', { name: 'Transaction hash or address' });
    const search = watcher.getByRole('search', { name: 'Explorer' }).getByRole('button', { name: 'Search' });

    // A Solana signature: its transaction page, with the signed message, signature and signer.
    await box.fill(sent.hash);
    await search.click();
    await expect(watcher).toHaveURL(`/explorer/${sent.hash}`);
    await expect(watcher.getByTestId('raw-signature')).toHaveText(sent.hash);
    await expect(watcher.getByTestId('raw-signer')).toHaveText(solana.address);

    // An EVM address in lower case: its page, in the checksummed form.
    const ethereum = await walletOn(page.request, 'eth_sepolia');
    await watcher.goto('/explorer');
    await box.fill(ethereum.address.toLowerCase());
    await search.click();
    await expect(watcher).toHaveURL(`/explorer/address/${ethereum.address}`);
    await expect(watcher.locator('[data-testid="address-network"]')).toHaveCount(2);

    // Neither a hash nor an address; a hash nobody sent.
    await watcher.goto('/explorer');
    await box.fill('hello');
    await search.click();
    await expect(watcher.getByRole('search').getByRole('alert')).toContainText('Enter a transaction hash or an address');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await box.fill(`0x${'0'.repeat(63)}7`);
    await search.click();
    await expect(watcher.getByRole('search').getByRole('alert')).toHaveText('Transaction Not Found');
    await expect(watcher).toHaveURL('/explorer');
    await watcher.context().close();
  });

  test("the wallet card's “View in block explorer” opens the wallet's address page in a new tab", async ({ page, context, account: _account }) => {
    const polygon = await walletOn(page.request, 'polygon_amoy');
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: 'Polygon Amoy' });
    const link = card.getByRole('link', { name: /View Polygon Amoy wallet in block explorer/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(`/explorer/address/${polygon.address}`);
    await expect(tab.getByTestId('explorer-address')).toHaveText(polygon.address);
    const amoy = tab.locator('[data-testid="address-network"][data-network="polygon_amoy"]');
    await expect(amoy).toContainText('100 MATIC');
  });

  test('a hash a speed-up replaced has its own page, marked Replaced, linking its replacement, which links it back', async ({ page, browser, baseURL, account: _account }) => {
    const sender = await walletOn(page.request, 'eth_sepolia');
    // A slow send stays pending only a few seconds at the journeys' time scale: on a busy machine, send again if it was missed.
    let pair: { slow: TransactionView; fast: TransactionView } | undefined;
    await expect(async () => {
      const { transaction: sent } = await sendViaApi(page.request, { walletId: sender.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.03', speed: 'slow' });
      const response = await page.request.post(`/api/transactions/${sent.hash}/speed-up`, { data: { speed: 'fast' } });
      expect(response.status(), await response.text()).toBe(200);
      pair = { slow: sent, fast: ((await response.json()) as SpeedUpResponse).transaction };
    }).toPass({ timeout: 60_000, intervals: [0] });
    if (!pair) throw new Error('no speed-up was made');
    const { slow, fast } = pair;
    expect(fast.hash).not.toBe(slow.hash);

    const watcher = await visitor(browser, baseURL);
    await watcher.goto(`/explorer/${slow.hash}`);
    await expect(watcher.getByTestId('replaced-status')).toHaveText('Replaced');
    await expect(watcher.getByTestId('replaced-by')).toContainText('A speed-up replaced this transaction');
    await expect(watcher.locator('dl > div').filter({ hasText: 'Transaction Hash' })).toContainText(slow.hash);
    await expect(watcher.getByTestId('replacement-link').getByRole('link', { name: fast.hash })).toHaveAttribute('href', `/explorer/${fast.hash}`);
    await expectNoSeriousA11yViolations(watcher);

    await watcher.getByTestId('replaced-by').getByRole('link', { name: 'View its replacement' }).click();
    await expect(watcher).toHaveURL(`/explorer/${fast.hash}`);
    await expect(watcher.getByTestId('replaces').getByRole('link', { name: slow.hash })).toHaveAttribute('href', `/explorer/${slow.hash}`);
    await expect(watcher.getByTestId('replaced-by')).toHaveCount(0);
    await watcher.context().close();
  });

  test('the public nav leads to the explorer, and the home has its figures and blocks', async ({ browser, baseURL }) => {
    const watcher = await visitor(browser, baseURL);
    await watcher.goto('/');
    await watcher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explorer' }).click();
    await expect(watcher.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    await expect(watcher.getByTestId('network-stats')).toHaveCount(3);
    await watcher.getByLabel('Network', { exact: true }).selectOption('solana_devnet');
    await expect(watcher).toHaveURL('/explorer?network=solana_devnet');
    await expect(watcher.getByTestId('network-stats')).toHaveCount(1);
    await expect(watcher.getByRole('heading', { level: 2, name: 'Latest blocks' })).toBeVisible();
    await watcher.context().close();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    // The signed-in sender's confirmation toasts may be fading in during a scan: they belong to the app shell, checked elsewhere.
    test('the explorer home, a block page and an address page have no serious accessibility violations', async ({ page, account: _account }) => {
      // Three pages scanned by axe after an inclusion: close to a minute on a slow two-core machine.
      test.slow();
      const sender = await walletOn(page.request, 'eth_sepolia');
      const { transaction: sent } = await sendViaApi(page.request, { walletId: sender.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01', speed: 'fast' });
      await openLiveExplorer(page);
      const row = latestRow(page, sent.hash);
      await expect(row.getByRole('link', { name: /^Block / })).toBeVisible({ timeout: 20_000 });
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

      await row.getByRole('link', { name: /^Block / }).click();
      await expect(page.getByRole('list', { name: 'Transactions in this block' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

      await page.goto(`/explorer/address/${sender.address}`);
      await expect(page.getByRole('list', { name: 'Transactions of this address' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    });
  });
}

test.describe('small screens (375 px wide)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the explorer home, a block, an address and a transaction fit without horizontal scroll', async ({ page, account: _account }) => {
    const sender = await walletOn(page.request, 'eth_sepolia');
    const sent: TransactionView = (await sendViaApi(page.request, { walletId: sender.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.05', speed: 'fast' })).transaction;
    await openLiveExplorer(page);
    const row = latestRow(page, sent.hash);
    await expect(row.getByRole('link', { name: /^Block / })).toBeVisible({ timeout: 20_000 });
    await noHorizontalScroll(page);

    await row.getByRole('link', { name: /^Block / }).click();
    await expect(page.getByText('Total fees')).toBeVisible();
    await noHorizontalScroll(page);

    await page.goto(`/explorer/address/${sender.address}`);
    await expect(page.getByTestId('explorer-address')).toHaveText(sender.address);
    await noHorizontalScroll(page);

    await page.goto(`/explorer/${sent.hash}`);
    await expect(page.getByTestId('raw-serialized')).toBeVisible();
    await noHorizontalScroll(page);
  });
});
