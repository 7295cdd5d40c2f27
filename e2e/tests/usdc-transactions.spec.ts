import fs from 'node:fs/promises';
import type { TransactionCounts, TransactionView } from '@fincrypt/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { sendAssetViaApi } from '../support/assets.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { OUTSIDE_EVM_ADDRESS, walletOn } from '../support/send-receive.ts';

const SEPOLIA_USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const AMOY_USDC = '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582';

interface History {
  ethUsdc: TransactionView;
  polygonUsdc: TransactionView;
  eth: TransactionView;
  matic: TransactionView;
}

async function counts(request: APIRequestContext): Promise<TransactionCounts> {
  return (await (await request.get('/api/transactions/counts')).json()) as TransactionCounts;
}

/** A new account's history on real chains: its opening grants, coin and USDC on Sepolia, Amoy and Solana Devnet. */
const GRANT_ROWS = 6;

/**
 * Four sends outside, oldest first: 1 USDC on Sepolia, 0.5 ETH, 3 USDC on Amoy, 2 MATIC; all confirmed, each as the
 * chain included it (the fee its receipt charged, not the cap held at send).
 */
async function seedHistory(request: APIRequestContext): Promise<History> {
  const eth = await walletOn(request, 'eth_sepolia');
  const polygon = await walletOn(request, 'polygon_amoy');
  const send = async (walletId: string, amount: string, asset?: string) =>
    (await sendAssetViaApi(request, { walletId, to: OUTSIDE_EVM_ADDRESS, amount, speed: 'fast', ...(asset ? { asset } : {}) })).transaction;
  const sent = {
    ethUsdc: await send(eth.id, '1', 'USDC'),
    eth: await send(eth.id, '0.5'),
    polygonUsdc: await send(polygon.id, '3', 'USDC'),
    matic: await send(polygon.id, '2'),
  };
  await expect.poll(async () => (await counts(request)).confirmed, { timeout: 20_000 }).toBe(GRANT_ROWS + 4);
  const included = async (transaction: TransactionView) =>
    (await (await request.get(`/api/transactions/${transaction.hash}`)).json()) as TransactionView;
  return {
    ethUsdc: await included(sent.ethUsdc),
    eth: await included(sent.eth),
    polygonUsdc: await included(sent.polygonUsdc),
    matic: await included(sent.matic),
  };
}

async function openTransactions(page: Page, search = ''): Promise<void> {
  await page.goto(`/transactions${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('transaction-row');
const fact = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** Whether the page asked the API for this asset (or for none) on its next list request. */
const listRequest = (page: Page, asset: string | null) =>
  page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/transactions' && request.method() === 'GET' && url.searchParams.get('asset') === asset;
  });

test.describe('Transactions of several assets', () => {
  let history: History;

  test.beforeEach(async ({ page, account: _account }) => {
    history = await seedHistory(page.request);
  });

  test('the asset filter narrows the list, stays in the URL, goes to the API and the export, and clears', async ({ page }) => {
    await openTransactions(page);
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 4);
    const asset = page.getByLabel('Asset');
    await expect(asset.getByRole('option')).toHaveText(['All assets', 'ETH', 'MATIC', 'SOL', 'USDC']);
    await expect(asset).toHaveValue('');

    const askedForUsdc = listRequest(page, 'USDC');
    await asset.selectOption('USDC');
    await askedForUsdc;
    await expect(page).toHaveURL(/[?&]asset=USDC/);
    // The two USDC sends, newest first, above the three USDC grants (one on each network).
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).nth(0)).toContainText('-3 USDC');
    await expect(rows(page).nth(0)).toContainText('Sent · Polygon Amoy');
    await expect(rows(page).nth(1)).toContainText('-1 USDC');
    await expect(rows(page).nth(1)).toContainText('Sent · Ethereum Sepolia');
    await expect(rows(page).filter({ hasText: /^Test funds · .*\+1000 USDC/ })).toHaveCount(3);
    await expect(page.getByText('All 5 matching transactions shown')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // With the network filter, and again after a reload: the URL holds both.
    await page.getByLabel('Network').selectOption({ label: 'Polygon Amoy' });
    await expect(page).toHaveURL(/network=polygon_amoy/);
    await expect(page).toHaveURL(/asset=USDC/);
    await expect(rows(page)).toHaveCount(2);
    await page.reload();
    await expect(asset).toHaveValue('USDC');
    await expect(rows(page)).toHaveText([/Sent · Polygon Amoy.*-3 USDC/, /Test funds · Polygon Amoy.*\+1000 USDC/]);

    // The export has the filtered rows, with the asset, the fee in the coin and the token contract.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await fs.readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'Date,Type,Network,Asset,Amount,Currency,From,To,Status,Confirmations,Block,Fee,Network Fee (Paid by Sender),Fee Currency,Fee Rate,Fee Rate Unit,Token Address,Hash,Sender Value Then,Sender Currency,Recipient Value Then,Recipient Currency,USD Value Then,Value Now,Value Now Currency',
    );
    expect(lines[1]).toContain(',Sent,Polygon Amoy,USDC,3,USDC,');
    expect(lines[1]).toContain(`,${history.polygonUsdc.fee},MATIC,`);
    expect(lines[1]).toMatch(new RegExp(`,Gwei,${AMOY_USDC},${history.polygonUsdc.hash},`));
    expect(lines[2]).toContain(',Test funds,Polygon Amoy,USDC,1000,USDC,');

    await page.getByLabel('Network').selectOption('');
    await asset.selectOption('ETH');
    await expect(rows(page)).toHaveText([/Sent · Ethereum Sepolia.*-0\.5 ETH/, /Test funds · Ethereum Sepolia.*\+100 ETH/]);
    // No SOL was sent: only the opening grant, a transaction of the Solana runtime.
    await asset.selectOption('SOL');
    await expect(rows(page)).toHaveText([/Test funds · Solana Devnet.*\+100 SOL/]);
    await expectNoSeriousA11yViolations(page);

    const askedForAll = listRequest(page, null);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await askedForAll;
    await expect(asset).toHaveValue('');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 4);
    await expect(page).not.toHaveURL(/asset=/);

    // An asset no network has, in the page's URL, is ignored (the API refuses it).
    await openTransactions(page, '?asset=BTC');
    await expect(asset).toHaveValue('');
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 4);
    expect((await page.request.get('/api/transactions?asset=BTC')).status()).toBe(400);
  });

  test("a USDC transfer's detail and explorer page show the amount in USDC, the fee in ETH and the token contract", async ({ page }) => {
    await openTransactions(page, '?asset=USDC&network=eth_sepolia');
    // The send and the opening USDC grant.
    await expect(rows(page)).toHaveCount(2);
    await rows(page).filter({ hasText: '-1 USDC' }).click();
    await expect(page).toHaveURL(`/transaction/${history.ethUsdc.hash}`);
    await expect(fact(page, 'Type')).toHaveText('Sent');
    await expect(fact(page, 'Value')).toHaveText('1 USDC');
    await expect(fact(page, 'Gas Fee')).toContainText(`${history.ethUsdc.fee} ETH`);
    // What the receipt says it used, below the 65,000 the send offered.
    expect(Number(history.ethUsdc.gasUsed)).toBeLessThan(65_000);
    await expect(fact(page, 'Gas Fee')).toContainText(`Gas used ${Number(history.ethUsdc.gasUsed).toLocaleString('en-US')}`);
    await expect(fact(page, 'Token contract')).toContainText(SEPOLIA_USDC);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/explorer/${history.ethUsdc.hash}`);
    await expect(fact(page, 'Type')).toHaveText('Token transfer');
    await expect(fact(page, 'Value')).toHaveText('1 USDC');
    await expect(fact(page, 'Transaction Fee')).toContainText(`${history.ethUsdc.fee} ETH`);
    await expect(fact(page, 'Token contract')).toHaveText(SEPOLIA_USDC);
    await expectNoSeriousA11yViolations(page);

    // A coin transfer still reads as before.
    await page.goto(`/explorer/${history.eth.hash}`);
    await expect(fact(page, 'Type')).toHaveText('Transfer');
    await expect(fact(page, 'Value')).toHaveText('0.5 ETH');
    await expect(fact(page, 'Token contract')).toHaveCount(0);
    expect(history.matic.symbol).toBe('MATIC');
  });

  test("a faucet claim's mints read as test funds in the list, the detail and the explorer", async ({ page }) => {
    const wallet = await walletOn(page.request, 'solana_devnet');
    const claim = await page.request.post(`/api/wallets/${wallet.id}/faucet`);
    expect(claim.status(), await claim.text()).toBe(201);

    await openTransactions(page);
    await page.getByLabel('Type').selectOption({ label: 'Test funds' });
    await expect(page).toHaveURL(/type=mint/);
    // The claim's two mints and the opening grants, which are test funds too.
    await expect(rows(page)).toHaveCount(GRANT_ROWS + 2);
    for (const row of await rows(page).all()) {
      await expect(row).toContainText('Test funds · ');
      await expect(row).toContainText('From the test faucet');
    }
    // The claim's two mints above the wallet's two opening grants: on the Solana runtime they are transactions too.
    const solana = rows(page).filter({ hasText: 'Test funds · Solana Devnet' });
    await expect(solana).toHaveCount(4);
    await expect(solana.filter({ hasText: '+500 USDC' })).toHaveCount(1);
    await expect(solana.filter({ hasText: '+10 SOL' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Asset').selectOption('USDC');
    // This claim's USDC and the three opening USDC grants.
    await expect(rows(page)).toHaveCount(4);
    await rows(page).filter({ hasText: '+500 USDC' }).click();
    await expect(fact(page, 'Type')).toHaveText('Test funds');
    await expect(fact(page, 'Value')).toHaveText('500 USDC');
    await expect(fact(page, 'Gas Fee')).toContainText('0 SOL');
    await expect(fact(page, 'Token mint')).toContainText('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU');
    await expectNoSeriousA11yViolations(page);

    const hash = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.goto(`/explorer/${hash}`);
    await expect(fact(page, 'Type')).toHaveText('Test funds (faucet mint)');
    await expect(fact(page, 'Value')).toHaveText('500 USDC');
    await expectNoSeriousA11yViolations(page);
  });
});
