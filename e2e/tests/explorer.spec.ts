import type { ExplorerTransaction, TransactionView } from '@fincrypt/domain';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { PENDING_GLANCE_MS, newSignedInUser, seenWhilePending, toastWith } from '../support/live.ts';
import { collectCspViolations } from '../support/csp-violations.ts';
import { preloadedFetches, recordApiRequests } from '../support/preloads.ts';
import { decodeQrPng } from '../support/qr-media.ts';
import { OUTSIDE_EVM_ADDRESS, sendViaApi, walletOn } from '../support/send-receive.ts';

const UNKNOWN_HASH = `0x${'0'.repeat(63)}1`;
/** A valid Solana address (32 bytes in base58) that belongs to no wallet here. */
const OUTSIDE_SOLANA_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

async function sendEth(request: APIRequestContext, speed: 'slow' | 'fast', amount = '1.25'): Promise<TransactionView> {
  const wallet = await walletOn(request, 'eth_sepolia');
  return (await sendViaApi(request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount, speed })).transaction;
}

async function fullyConfirmed(request: APIRequestContext, hash: string): Promise<TransactionView> {
  await expect
    .poll(async () => ((await (await request.get(`/api/transactions/${hash}`)).json()) as TransactionView).confirmations, { timeout: 20_000 })
    .toBe(12);
  return (await (await request.get(`/api/transactions/${hash}`)).json()) as TransactionView;
}

/**
 * A browser with no session (the explorer is public, and with no realtime connection no toast can cover what
 * is checked). It has opened the explorer once, so the next explorer page shows without loading the app.
 */
async function visitorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`/explorer/${UNKNOWN_HASH}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction Not Found' })).toBeVisible();
  return page;
}

/** Sends slowly and opens the explorer of that send in `viewer` while it is still pending. */
async function openWhilePending(request: APIRequestContext, viewer: Page, amount: string, observe: () => Promise<void> = async () => {}) {
  return seenWhilePending(
    () => sendEth(request, 'slow', amount),
    async (sent) => {
      await viewer.goto(`/explorer/${sent.hash}`);
      await expect(viewer.getByTestId('pending-dots')).toBeVisible({ timeout: PENDING_GLANCE_MS });
      await observe();
    },
  );
}

const fact = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Confirmations' });

test.describe('Transaction detail', () => {
  test('shows every fact of a send, copies hash and addresses, and explains the block number on hover and focus', async ({
    page,
    context,
    account: _account,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const sent = await sendEth(page.request, 'fast');
    const transaction = await fullyConfirmed(page.request, sent.hash);

    await page.goto(`/transaction/${transaction.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction Details' })).toBeVisible();
    await expect(page).toHaveTitle('Transaction Details · FinCrypt');

    await expect(fact(page, 'Status')).toContainText('Confirmed');
    await expect(fact(page, 'Status').locator('[data-tone]')).toHaveAttribute('data-tone', 'success');
    await expect(fact(page, 'Status')).toContainText('12 confirmations');
    await expect(fact(page, 'Transaction Hash')).toContainText(transaction.hash);
    await expect(fact(page, 'Type')).toHaveText('Sent');
    await expect(fact(page, 'Network')).toHaveText('Ethereum Sepolia');
    await expect(fact(page, 'Block Number')).toContainText(transaction.blockNumber!.toLocaleString('en-US'));
    await expect(fact(page, 'From')).toContainText(transaction.fromAddress);
    await expect(fact(page, 'To')).toContainText(OUTSIDE_EVM_ADDRESS);
    await expect(fact(page, 'Value')).toHaveText('1.25 ETH');
    await expect(fact(page, 'Gas Fee')).toContainText(`${transaction.fee} ETH`);
    await expect(fact(page, 'Gas Fee')).toContainText(`Gas used 21,000 · Gas price ${transaction.gasPriceGwei} Gwei`);
    await expect(fact(page, 'Timestamp')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);

    // The confirmations tooltip: it shows on hover (and while the pointer moves onto it) and on focus, describes the
    // block number while it shows, and Escape hides it, leaving focus where it was.
    const blockNumber = page.getByTestId('block-number');
    await expect(page.getByRole('tooltip')).toBeHidden();
    await blockNumber.hover();
    await expect(page.getByRole('tooltip')).toHaveText('12 confirmations');
    await expect(blockNumber).toHaveAccessibleDescription('12 confirmations');
    await page.getByRole('tooltip').hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();
    await blockNumber.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    // A person's pointer moves on in many steps; Radix keeps the tooltip open while the pointer may be heading for it.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.mouse.move(5, 5, { steps: 4 });
    await expect(page.getByRole('tooltip')).toBeHidden();
    await fact(page, 'Network').click();
    // From the previous control, the hash's copy button, Tab goes to the block number.
    await page.getByRole('button', { name: 'Copy transaction hash' }).focus();
    await page.keyboard.press('Tab');
    await expect(blockNumber).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('12 confirmations');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();
    await expect(blockNumber).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('tooltip')).toBeHidden();

    for (const [button, message, value] of [
      ['Copy transaction hash', 'Transaction hash copied to clipboard', transaction.hash],
      ['Copy from address', 'From address copied to clipboard', transaction.fromAddress],
      ['Copy to address', 'To address copied to clipboard', transaction.toAddress],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await expect(toastWith(page, message)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }

    const explorerLink = page.getByRole('link', { name: /View in Explorer/ });
    await expect(explorerLink).toHaveAttribute('target', '_blank');
    await expect(explorerLink).toHaveAttribute('rel', /noopener/);
    const [tab] = await Promise.all([context.waitForEvent('page'), explorerLink.click()]);
    await expect(tab).toHaveURL(`/explorer/${transaction.hash}`);
    await expect(progress(tab)).toHaveAttribute('aria-valuenow', '12');
  });

  test('each network states its fee in its own units: Gwei per gas on Ethereum, lamports on Solana', async ({
    page,
    account: _account,
  }) => {
    const solana = await walletOn(page.request, 'solana_devnet');
    const { transaction: sol } = await sendViaApi(page.request, { walletId: solana.id, to: OUTSIDE_SOLANA_ADDRESS, amount: '0.5', speed: 'normal' });
    const eth = await sendEth(page.request, 'fast', '0.2');
    // The detail page calls it Gas Fee, the explorer Transaction Fee.
    for (const [path, feeLabel] of [['/transaction', 'Gas Fee'], ['/explorer', 'Transaction Fee']] as const) {
      await page.goto(`${path}/${sol.hash}`);
      // The fee in full, exactly as the API gives it, in lamports: the signature's 5,000 and the priority fee. No Gwei.
      await expect(fact(page, feeLabel)).toContainText(`${sol.fee} SOL`);
      await expect(fact(page, feeLabel)).toContainText(`${Number(sol.feeUnits).toLocaleString('en-US')} lamports: 5,000 per signature + `);
      await expect(fact(page, feeLabel)).not.toContainText('Gwei');
      await expectNoSeriousA11yViolations(page);

      await page.goto(`${path}/${eth.hash}`);
      await expect(fact(page, feeLabel)).toContainText(`${eth.fee} ETH`);
      await expect(fact(page, feeLabel)).toContainText(`Gas used 21,000 · Gas price ${eth.gasPriceGwei} Gwei`);
    }
    // The API's fee is exact: every digit of feeUnits, no more and no fewer.
    expect(BigInt(sol.fee.replace('.', '').replace(/^0+/, '')) * 10n ** BigInt(9 - (sol.fee.split('.')[1]?.length ?? 0))).toBe(BigInt(sol.feeUnits));
  });

  test("an unknown hash, or someone else's transaction, is 'Transaction Not Found' with a way back", async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    await page.goto(`/transaction/${UNKNOWN_HASH}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Transaction Not Found · FinCrypt');
    await page.getByRole('link', { name: 'Back to Transactions' }).click();
    await expect(page).toHaveURL('/transactions');

    // Someone else's send: private on /transaction, public on the explorer.
    const other = await newSignedInUser(browser, baseURL, 'stranger');
    const theirs = await sendEth(other.page.request, 'fast', '0.1');
    await page.goto(`/transaction/${theirs.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction Not Found' })).toBeVisible();
    await page.goto(`/explorer/${theirs.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction' })).toBeVisible();
    await other.context.close();
  });
});

test.describe('Explorer', () => {
  test('a visitor follows a pending transaction to 12 confirmations: bouncing dots, progress bar and security level', async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    const visitor = await visitorPage(browser, baseURL);
    const glance = { timeout: PENDING_GLANCE_MS };
    const sent = await openWhilePending(page.request, visitor, '0.75', async () => {
      await expect(visitor).toHaveTitle('Transaction Explorer · FinCrypt', glance);
      await expect(visitor.getByTestId('explorer-status')).toContainText('Pending', glance);
      await expect(progress(visitor)).toHaveAttribute('aria-valuenow', '0', glance);
      await expect(progress(visitor)).toHaveAttribute('aria-valuemax', '12', glance);
      await expect(visitor.getByTestId('security-level')).toHaveText('Low', glance);
      await expect(fact(visitor, 'Block')).toHaveText('Pending', glance);
    });
    await expect(fact(visitor, 'Value')).toHaveText('0.75 ETH');
    await expect(visitor.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    await expect(progress(visitor)).toHaveAttribute('aria-valuenow', '12', { timeout: 30_000 });
    await expect(progress(visitor)).toHaveAttribute('aria-valuetext', '12 of 12 confirmations');
    await expect(visitor.getByTestId('security-level')).toHaveText('Maximum');
    await expect(visitor.getByTestId('explorer-status')).toContainText('Confirmed');
    await expect(visitor.getByTestId('pending-dots')).toHaveCount(0);
    await expect(fact(visitor, 'Block')).toHaveText(/^[\d,]+$/);

    const onChain = (await (await visitor.request.get(`/api/explorer/tx/${sent.hash}`)).json()) as ExplorerTransaction;
    await expect(fact(visitor, 'Transaction Fee')).toContainText(`${onChain.fee} ETH`);
    await visitor.context().close();
  });

  test('the dots keep still for visitors who ask for reduced motion', async ({ page, browser, baseURL, account: _account }) => {
    const visitor = await visitorPage(browser, baseURL);
    const firstDot = visitor.getByTestId('pending-dots').locator('span').first();
    const animation = () => firstDot.evaluate((dot) => getComputedStyle(dot).animationName, undefined, { timeout: PENDING_GLANCE_MS });
    await openWhilePending(page.request, visitor, '0.2', async () => {
      await visitor.emulateMedia({ reducedMotion: 'reduce' });
      expect(await animation()).toBe('none');
      await visitor.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await animation()).toBe('bounce-dot');
    });
    await visitor.context().close();
  });

  test("an unknown hash is 'Transaction Not Found' for visitors too", async ({ browser, baseURL }) => {
    const visitor = await visitorPage(browser, baseURL);
    await visitor.goto(`/explorer/${UNKNOWN_HASH}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Transaction Not Found' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Back to Transactions' })).toHaveAttribute('href', '/transactions');
    await visitor.context().close();
  });

  test("each explorer page's first answers are asked for by its HTML, beside its scripts, and used: one request each", async ({
    page,
    browser,
    baseURL,
    account: _account,
  }) => {
    const sent = await sendEth(page.request, 'fast', '0.3');
    // Settled, so the transaction page does not poll: any request for it after the preload would be a miss.
    await fullyConfirmed(page.request, sent.hash);
    const { blockNumber } = (await (await page.request.get(`/api/explorer/tx/${sent.hash}`)).json()) as ExplorerTransaction;
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL! }]);
    const visitor = await context.newPage();
    const apiRequests = recordApiRequests(visitor);
    const pages = [
      { path: `/explorer/${sent.hash}`, shown: () => expect(fact(visitor, 'Value')).toHaveText('0.3 ETH') },
      { path: `/explorer/address/${sent.fromAddress}`, shown: () => expect(visitor.getByTestId('explorer-address')).toHaveText(sent.fromAddress) },
      { path: `/explorer/block/eth_sepolia/${blockNumber}`, shown: () => expect(visitor.getByRole('heading', { level: 2, name: 'Transactions in this block' })).toBeVisible() },
      { path: '/explorer', shown: () => expect(visitor.getByRole('list', { name: 'Latest transactions' }).getByRole('listitem').first()).toBeVisible() },
    ];
    for (const { path, shown } of pages) {
      apiRequests.length = 0;
      await visitor.goto(path);
      await shown();
      await visitor.waitForLoadState('networkidle');
      const preloaded = await preloadedFetches(visitor);
      expect(preloaded.length, path).toBeGreaterThan(1);
      const requested = apiRequests.filter((request) => !request.byPage).map((request) => request.url);
      expect(requested.sort(), path).toEqual([...preloaded].sort());
      // Its first answers, labels included, came from those preloads: the page asked the explorer API for nothing itself.
      expect(apiRequests.filter((request) => request.byPage && request.url.startsWith('/api/explorer/')), path).toEqual([]);
    }
    await context.close();
  });

  test("an address page draws its QR code after its first paint, in the place kept for it, and the code reads as the address", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 667 } });
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL! }]);
    const visitor = await context.newPage();
    // The code's size is set as a style property: the page's Content-Security-Policy must let it through.
    const violations = await collectCspViolations(visitor);
    // The QR library's chunk is held back until the page has been looked at without it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitor.route('**/assets/qr-code-svg-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await visitor.goto(`/explorer/address/${OUTSIDE_EVM_ADDRESS}`);
    await expect(visitor.getByTestId('explorer-address')).toHaveText(OUTSIDE_EVM_ADDRESS);
    const place = visitor.getByTestId('address-qr');
    const qrCode = visitor.getByRole('img', { name: `QR code of the address ${OUTSIDE_EVM_ADDRESS}` });
    await expect(place).toBeVisible();
    await expect(qrCode).toHaveCount(0);
    const before = await place.boundingBox();

    release();
    await expect(qrCode).toBeVisible();
    expect(await place.boundingBox()).toEqual(before);
    expect(decodeQrPng(await place.screenshot())).toBe(OUTSIDE_EVM_ADDRESS);
    const timeline = await visitor.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      qrRequested: performance.getEntriesByType('resource').find((entry) => /\/assets\/qr-code-svg-[\w-]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(timeline.firstContentfulPaint).toBeDefined();
    expect(timeline.qrRequested!).toBeGreaterThan(timeline.firstContentfulPaint!);
    expect(violations).toEqual([]);
    await context.close();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('detail, explorer and not-found pages have no serious accessibility violations', async ({ page, browser, baseURL, account: _account }) => {
      // The pending explorer, seen by a visitor.
      const visitor = await visitorPage(browser, baseURL);
      await visitor.emulateMedia({ colorScheme });
      await openWhilePending(page.request, visitor, '0.3');
      await expectNoSeriousA11yViolations(visitor);
      await visitor.context().close();

      // The owner's detail page, once nothing more will change (so no toast arrives during the check).
      const sent = await sendEth(page.request, 'fast', '0.3');
      await fullyConfirmed(page.request, sent.hash);
      await page.goto(`/transaction/${sent.hash}`);
      await expect(fact(page, 'Status')).toContainText('12 confirmations');
      await expectNoSeriousA11yViolations(page);

      await page.goto(`/transaction/${UNKNOWN_HASH}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Transaction Not Found' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('the detail page fits a 375 px screen', async ({ page, account: _account }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const sent = await sendEth(page.request, 'fast', '0.3');
      await page.goto(`/transaction/${sent.hash}`);
      await expect(fact(page, 'Network')).toHaveText('Ethereum Sepolia');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.goto(`/explorer/${sent.hash}`);
      await expect(progress(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
}
