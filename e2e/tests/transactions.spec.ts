import fs from 'node:fs/promises';
import type { TransactionCounts, TransactionView } from '@fincrypt/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, newAccount, signUpViaApi, test } from '../support/accounts.ts';
import { PENDING_GLANCE_MS, liveConnection, seenWhilePending } from '../support/live.ts';
import { OUTSIDE_EVM_ADDRESS, sendViaApi, walletOn } from '../support/send-receive.ts';
import { SIMULATED_BASE_URL } from '../support/simulated-server.ts';

/** "YYYY-MM-DD" of a day relative to today, in this machine's time zone (the browser's too). */
function localDay(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface History {
  ethSend: TransactionView;
  polygonSend: TransactionView;
  /** Sent to this account by another one. */
  receive: TransactionView;
  senderAddress: string;
}

/** A new account's history on real chains: its opening grants, coin and USDC on Sepolia, Amoy and Solana Devnet. */
const GRANT_ROWS = 6;

async function counts(request: APIRequestContext): Promise<TransactionCounts> {
  return (await (await request.get('/api/transactions/counts')).json()) as TransactionCounts;
}

/**
 * Three transactions after the opening grants, oldest first: 0.5 ETH and 2 MATIC sent outside, then 0.25 ETH
 * received from another account. Waits until a block has confirmed each.
 */
async function seedHistory(request: APIRequestContext, otherRequest: APIRequestContext): Promise<History> {
  const eth = await walletOn(request, 'eth_sepolia');
  const polygon = await walletOn(request, 'polygon_amoy');
  const ethSend = (await sendViaApi(request, { walletId: eth.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.5', speed: 'fast' })).transaction;
  const polygonSend = (await sendViaApi(request, { walletId: polygon.id, to: OUTSIDE_EVM_ADDRESS, amount: '2', speed: 'fast' })).transaction;
  await signUpViaApi(otherRequest, newAccount('sender'));
  const otherEth = await walletOn(otherRequest, 'eth_sepolia');
  const sent = (await sendViaApi(otherRequest, { walletId: otherEth.id, to: eth.address, amount: '0.25', speed: 'fast' })).transaction;
  await expect.poll(async () => (await counts(request)).confirmed, { timeout: 20_000 }).toBe(GRANT_ROWS + 3);
  const receive = { ...sent, type: 'receive' as const };
  return { ethSend, polygonSend, receive, senderAddress: otherEth.address };
}

async function openTransactions(page: Page, search = ''): Promise<void> {
  await page.goto(`/transactions${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page).toHaveTitle('Transactions · FinCrypt');
}

const rows = (page: Page) => page.getByTestId('transaction-row');
const clearFilters = (page: Page) => page.getByRole('button', { name: 'Clear Filters' });

test.describe('Transactions', () => {
  let history: History;

  test.beforeEach(async ({ page, playwright, baseURL, account: _account }) => {
    const other = await playwright.request.newContext({ baseURL });
    history = await seedHistory(page.request, other);
    await other.dispose();
  });

  test('lists them newest first under a day heading, with direction, signed amount, counterparty, status and confirmations', async ({
    page,
  }) => {
    await openTransactions(page);
    const today = page.getByTestId('transaction-day');
    await expect(today).toHaveCount(1);
    await expect(today.getByRole('heading', { level: 2 })).toHaveText('Today');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);

    const [received, polygonSent, ethSent] = [rows(page).nth(0), rows(page).nth(1), rows(page).nth(2)];
    await expect(received).toContainText('Received · Ethereum Sepolia');
    await expect(received).toContainText('+0.25 ETH');
    await expect(received).toContainText(`From: ${history.senderAddress.slice(0, 6)}...${history.senderAddress.slice(-4)}`);
    await expect(polygonSent).toContainText('Sent · Polygon Amoy');
    await expect(polygonSent).toContainText('-2 MATIC');
    await expect(polygonSent).toContainText('To: 0x0000...dEaD');
    await expect(ethSent).toContainText('-0.5 ETH');
    // Below them, the opening grants.
    await expect(rows(page).filter({ hasText: /^Test funds · (Ethereum Sepolia|Polygon Amoy|Solana Devnet).*From the test faucet/ })).toHaveCount(GRANT_ROWS);
    for (const row of await rows(page).all()) {
      await expect(row).toContainText('Confirmed');
      await expect(row).toContainText(/\d+ confirmations?/);
      await expect(row).toContainText(/\d{1,2}:\d{2} [AP]M/);
    }

    await expect(page.getByTestId('count-pending')).toContainText('0');
    await expect(page.getByTestId('count-confirmed')).toContainText(String(GRANT_ROWS + 3));
    await expect(page.getByTestId('count-failed')).toContainText('0');
  });

  test('type, status and search filters narrow the list; Clear Filters brings everything back', async ({ page }) => {
    await openTransactions(page);
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
    await expect(clearFilters(page)).toBeHidden();

    await page.getByLabel('Type').selectOption({ label: 'Sent' });
    await expect(rows(page)).toHaveCount(2);
    await expect(page).toHaveURL(/type=send/);
    for (const row of await rows(page).all()) await expect(row).toContainText('Sent');
    await page.getByLabel('Type').selectOption({ label: 'Received' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Received');

    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await expect(page.getByText('No transactions found')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or clear them to see all transactions')).toBeVisible();

    await clearFilters(page).click();
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
    await expect(page.getByLabel('Type')).toHaveValue('');
    await expect(page.getByLabel('Status')).toHaveValue('');
    await expect(clearFilters(page)).toBeHidden();

    // Search matches the hash, the from and the to address, ignoring case.
    await page.getByLabel('Search').fill(history.polygonSend.hash.slice(2, 14).toUpperCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Polygon Amoy');
    await page.getByLabel('Search').fill(history.senderAddress.toLowerCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Received');
    await page.getByLabel('Search').fill(OUTSIDE_EVM_ADDRESS);
    await expect(rows(page)).toHaveCount(2);
    await clearFilters(page).click();
    await expect(page.getByLabel('Search')).toHaveValue('');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
  });

  test('the network filter narrows the list and the export; the counters say they count every transaction', async ({ page }) => {
    await openTransactions(page);
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
    const counters = page.getByRole('region', { name: 'Totals for all your transactions' });
    await expect(counters).toBeVisible();
    const allCounted = page.getByText('These counts cover all your transactions; the list below shows only those matching the filters.');
    await expect(allCounted).toBeHidden();
    // The search box suggests both address shapes until a network is chosen; the dates are not "From"/"To".
    const search = page.getByLabel('Search');
    await expect(search).toHaveAttribute('placeholder', '0x… or Solana hash / address');
    await expect(page.getByLabel('From', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('To', { exact: true })).toHaveCount(0);

    const network = page.getByLabel('Network');
    await expect(network.getByRole('option')).toHaveText(['All Networks', 'Ethereum Sepolia', 'Polygon Amoy', 'Solana Devnet']);
    await network.selectOption({ label: 'Polygon Amoy' });
    await expect(page).toHaveURL(/network=polygon_amoy/);
    // The send, above the network's two opening grants.
    await expect(rows(page)).toHaveText([/^Sent · Polygon Amoy/, /^Test funds · Polygon Amoy/, /^Test funds · Polygon Amoy/]);
    await expect(page.getByText('All 3 matching transactions shown', { exact: true })).toBeVisible();
    await expect(search).toHaveAttribute('placeholder', '0x… hash or address');
    // The counters still count every transaction, and now say so.
    await expect(page.getByTestId('count-confirmed')).toContainText(String(GRANT_ROWS + 3));
    await expect(allCounted).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await fs.readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(history.polygonSend.hash);
    for (const line of lines.slice(2)) expect(line).toContain(',Test funds,Polygon Amoy,');

    await network.selectOption({ label: 'Ethereum Sepolia' });
    await expect(rows(page)).toHaveCount(4);
    await page.getByLabel('Type').selectOption({ label: 'Received' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Received · Ethereum Sepolia');
    await expect(page.getByText('1 matching transaction', { exact: true })).toBeVisible();

    await network.selectOption({ label: 'Solana Devnet' });
    await expect(search).toHaveAttribute('placeholder', 'Solana hash or address');
    await expect(page.getByText('No transactions found')).toBeVisible();

    await clearFilters(page).click();
    await expect(network).toHaveValue('');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
    await expect(page.getByText(`All ${GRANT_ROWS + 3} transactions shown`)).toBeVisible();
    await expect(allCounted).toBeHidden();

    // A bad network in the page's URL is ignored, as the API refuses it.
    await openTransactions(page, '?network=bitcoin');
    await expect(network).toHaveValue('');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
    expect((await page.request.get('/api/transactions?network=bitcoin')).status()).toBe(400);
  });

  test('the Pending filter shows a new transaction while it waits, live, and drops it once confirmed', async ({ page }) => {
    const connected = liveConnection(page);
    await openTransactions(page, '?status=pending');
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    await expect(page.getByText('No transactions found')).toBeVisible();
    await connected;

    const eth = await walletOn(page.request, 'eth_sepolia');
    const glance = { timeout: PENDING_GLANCE_MS };
    let sends = 0;
    await seenWhilePending(
      async () => {
        // A missed attempt's send must have left the list first, so that this one is the only row.
        await expect(page.getByText('No transactions found')).toBeVisible({ timeout: 20_000 });
        sends += 1;
        return sendViaApi(page.request, { walletId: eth.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01', speed: 'slow' });
      },
      async () => {
        await expect(rows(page)).toHaveCount(1, glance);
        await expect(rows(page)).toContainText('Pending', glance);
        await expect(rows(page)).not.toContainText('confirmation', glance);
        await expect(page.getByTestId('count-pending')).toContainText('1', glance);
      },
    );

    await expect(page.getByText('No transactions found')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('count-pending')).toContainText('0');
    await expect(page.getByTestId('count-confirmed')).toContainText(String(GRANT_ROWS + 3 + sends));
  });

  test('date range: the end stops at today, the start is capped at the end, and clearing resets the end to today', async ({ page }) => {
    await openTransactions(page);
    const from = page.getByLabel('Start date');
    const to = page.getByLabel('End date');
    await expect(to).toHaveValue(localDay(0));
    await expect(to).toHaveAttribute('max', localDay(0));
    await expect(from).toHaveValue('');

    await to.fill(localDay(-1));
    await expect(page.getByText('No transactions found')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or clear them to see all transactions')).toBeVisible();
    await expect(from).toHaveAttribute('max', localDay(-1));

    await from.fill(localDay(0));
    await expect(from).toHaveValue(localDay(-1));

    await clearFilters(page).click();
    await expect(to).toHaveValue(localDay(0));
    await expect(from).toHaveValue('');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);

    await to.fill(localDay(3));
    await expect(to).toHaveValue(localDay(0));
    await from.fill(localDay(0));
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 3);
    await expect(page).toHaveURL(`/transactions?from=${localDay(0)}`);
  });

  test('a row opens its detail page by click, Enter or Space', async ({ page }) => {
    await openTransactions(page);
    const detailUrl = `/transaction/${history.receive.hash}`;

    await rows(page).first().click();
    await expect(page).toHaveURL(detailUrl);
    await page.goBack();

    await rows(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(detailUrl);
    await page.goBack();

    await rows(page).first().focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction Details' })).toBeVisible();

    // Reachable with Tab from the filters, like any link (a date input has a tab stop per part of the date).
    await page.goBack();
    await page.getByLabel('End date').focus();
    const isRowFocused = () => rows(page).first().evaluate((row) => row === document.activeElement);
    for (let presses = 0; presses < 4 && !(await isRowFocused()); presses += 1) await page.keyboard.press('Tab');
    await expect(rows(page).first()).toBeFocused();
  });

  test('exports the filtered list as CSV', async ({ page }) => {
    await openTransactions(page, '?type=send');
    await expect(rows(page)).toHaveCount(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`fincrypt-transactions-${localDay(0)}.csv`);
    const lines = (await fs.readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Type,Network,Asset,Amount,Currency,From,To,Status,Confirmations,Block,Fee,Network Fee (Paid by Sender),Fee Currency,Fee Rate,Fee Rate Unit,Token Address,Hash,Sender Value Then,Sender Currency,Recipient Value Then,Recipient Currency,USD Value Then,Value Now,Value Now Currency',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,Sent,Polygon Amoy,MATIC,2,MATIC,`);
    // A send: the fee this account paid, then the network fee, the same.
    expect(lines[1]).toMatch(new RegExp(`,Confirmed,\\d+,\\d+,(0\\.\\d+),\\1,MATIC,\\d+(\\.\\d+)?,Gwei,,${history.polygonSend.hash},`));
    // The fee column is the API's exact fee, digit for digit.
    const listed = (await (await page.request.get('/api/transactions?type=send')).json()) as { items: TransactionView[] };
    for (const line of lines.slice(1)) {
      const fields = line.split(',');
      const transaction = listed.items.find((candidate) => candidate.hash === fields[17]);
      expect(transaction, line).toBeDefined();
      expect(fields.slice(11, 13)).toEqual([transaction!.fee, transaction!.fee]);
      expect(BigInt(transaction!.feeUnits)).toBe(BigInt(transaction!.gasUsed) * BigInt(transaction!.effectiveGasPrice));
    }
    expect(lines[2]).toContain(`,Sent,Ethereum Sepolia,ETH,0.5,ETH,`);
    expect(lines[2]).toContain(history.ethSend.hash);
  });

  test('refresh fetches again and moves the Last updated time', async ({ page }) => {
    await openTransactions(page);
    const lastUpdated = page.getByText(/^Last updated \d{1,2}:\d{2}:\d{2} [AP]M$/);
    await expect(lastUpdated).toBeVisible();
    const before = await lastUpdated.textContent();
    await page.waitForTimeout(1_100);
    const refetched = page.waitForResponse((response) => response.url().includes('/api/transactions?'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refetched;
    await expect(lastUpdated).not.toHaveText(before ?? '');
  });

  test('fits a 375 px screen without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openTransactions(page, '?type=send');
    await expect(rows(page)).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} mode`, () => {
      test.use({ colorScheme });

      test('the list with active filters and the empty state have no serious accessibility violations', async ({ page }) => {
        await openTransactions(page, '?type=send');
        await expect(rows(page)).toHaveCount(2);
        await expectNoSeriousA11yViolations(page);
        await page.getByLabel('Status').selectOption('failed');
        await expect(page.getByText('No transactions found')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    });
  }
});

test('a long history loads page by page as you scroll, and the CSV has every page', async ({ page, account: _account }) => {
  test.setTimeout(90_000);
  const eth = await walletOn(page.request, 'eth_sepolia');
  const total = 27;
  for (let index = 1; index <= total; index += 1) {
    await sendViaApi(page.request, { walletId: eth.id, to: OUTSIDE_EVM_ADDRESS, amount: `0.0${String(index).padStart(2, '0')}`, speed: 'fast' });
  }

  await openTransactions(page);
  await expect(page.getByText('Your transactions will appear here')).toBeHidden();
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText(`-0.0${total}`);

  await rows(page).last().scrollIntoViewIfNeeded();
  // The sends, then the opening grants, oldest.
  await expect(rows(page)).toHaveCount(total + GRANT_ROWS);
  await expect(page.getByText(`All ${total + GRANT_ROWS} transactions shown`)).toBeVisible();
  await expect(rows(page).nth(total - 1)).toContainText('-0.001 ETH');
  await expect(rows(page).filter({ hasText: /^Test funds · / })).toHaveCount(GRANT_ROWS);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = (await fs.readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(total + GRANT_ROWS + 1);
});

test.describe('An empty history', () => {
  // Only the simulated chains open an account with no rows: on a real chain its opening grants are its first.
  test.use({ baseURL: SIMULATED_BASE_URL });

  test('a new account sees the unfiltered empty state', async ({ page, account: _account }) => {
    await openTransactions(page);
    await expect(page.getByText('No transactions found')).toBeVisible();
    await expect(page.getByText('Your transactions will appear here')).toBeVisible();
    await expect(clearFilters(page)).toBeHidden();
  });
});
